/// What a platform layer draws around a sheet's content, decided from the model's frame: the background, the rounded
/// top corners and the grabber. A sheet's rect (``BottomSheet/Frame/sheet``) always reaches the container's bottom or
/// the keyboard's top, so a background drawn over the whole rect covers the bottom safe area below the content.
public struct SheetChrome: Sendable, Hashable {
    /// The radius of UIKit's sheets' top corners: 10 points.
    public static let defaultCornerRadius = 10.0
    /// The grabber's size in points (UIKit's: 36 x 5).
    public static let grabberSize = Size(width: 36, height: 5)
    /// The grabber's distance below the sheet's top edge, in points.
    public static let grabberTopInset = 5.0

    /// The radius asked for, in points. Default ``defaultCornerRadius``.
    public var cornerRadius: Double
    /// Whether the sheet shows its grabber. Default true.
    public var showsGrabber: Bool

    /// Chrome with `cornerRadius` points (non-finite or negative values become ``defaultCornerRadius`` and 0).
    public init(cornerRadius: Double = SheetChrome.defaultCornerRadius, showsGrabber: Bool = true) {
        self.cornerRadius = cornerRadius.isNaN ? Self.defaultCornerRadius : Sanitize.length(cornerRadius)
        self.showsGrabber = showsGrabber
    }

    /// The radius drawn on the top corners of `sheet`: the radius asked for, at most half the sheet's width and at
    /// most its height (a layer's rounded corners distort past those), 0 for an empty sheet.
    public func cornerRadius(for sheet: Rect) -> Double {
        let radius = cornerRadius.isNaN ? Self.defaultCornerRadius : Sanitize.length(cornerRadius)
        return max(0, min(radius, Sanitize.length(sheet.width) / 2, Sanitize.length(sheet.height)))
    }

    /// The grabber's frame in the sheet's own coordinates (origin at the sheet's top leading corner): centred, below
    /// the top edge by ``grabberTopInset``; nil when hidden or when the sheet is too small to hold it.
    public func grabberFrame(in sheet: Rect) -> Rect? {
        let size = Self.grabberSize
        guard showsGrabber, sheet.width >= size.width, sheet.height >= Self.grabberTopInset + size.height else {
            return nil
        }
        return Rect(x: (sheet.width - size.width) / 2, y: Self.grabberTopInset, width: size.width, height: size.height)
    }
}

/// What a bottom sheet's presentation modifiers ask for (`.bottomSheetDetents(_:selection:)`,
/// `.bottomSheetDragIndicator(_:)`, `.bottomSheetInteractiveDismissDisabled(_:)`,
/// `.bottomSheetBackgroundInteraction(_:)`, `.bottomSheetCornerRadius(_:)`), and what the sheet does with it: its
/// ``BottomSheet/Configuration``, whether the grabber shows, its corner radius, whether a tap behind it dismisses
/// and whether touches pass through to the content behind. The SwiftUI layer only reads these answers.
///
/// The defaults follow Apple's `presentation*` modifiers, not ``BottomSheet/Configuration``: a sheet sizes to its
/// content, a downward drag dismisses it, and the behind is dimmed and inert.
public struct SheetPresentationOptions: Sendable, Hashable {
    /// Whether the grabber at the top of the sheet shows (SwiftUI's `Visibility`).
    public enum Visibility: Sendable, Hashable {
        /// Shown when the sheet can be dragged between detents (more than one), as Apple's `.automatic`.
        case automatic
        /// Always shown.
        case visible
        /// Never shown.
        case hidden
    }

    /// Whether the content behind the sheet takes touches (Apple's `PresentationBackgroundInteraction`): undimmed
    /// and interactive while the sheet rests at or below a detent, dimmed and inert above it.
    public struct BackgroundInteraction: Sendable, Hashable {
        /// The largest detent at which the behind is undimmed and takes touches; nil: at none.
        public var upThrough: BottomSheet.Detent?

        /// The system's choice for a sheet: dimmed and inert behind every detent.
        public static let automatic = BackgroundInteraction(upThrough: nil)
        /// Dimmed and inert behind every detent.
        public static let disabled = BackgroundInteraction(upThrough: nil)
        /// Undimmed and interactive behind every detent.
        public static let enabled = BackgroundInteraction(upThrough: .large)

        /// Undimmed and interactive while the sheet rests at `detent` or a lower one.
        public static func enabled(upThrough detent: BottomSheet.Detent) -> BackgroundInteraction {
            BackgroundInteraction(upThrough: detent)
        }
    }

    /// The corner radius when none is set, in points (``SheetChrome/defaultCornerRadius``, UIKit's).
    public static let defaultCornerRadius = SheetChrome.defaultCornerRadius

    /// The resting heights, lowest first or in any order (empty: the content's height).
    public var detents: [BottomSheet.Detent] = []
    /// The grabber's visibility. Default `.automatic`.
    public var dragIndicator = Visibility.automatic
    /// Whether a drag, a tap behind or an accessibility escape is kept from dismissing the sheet. Default false.
    public var interactiveDismissDisabled = false
    /// Whether the content behind takes touches. Default `.automatic`.
    public var backgroundInteraction = BackgroundInteraction.automatic
    /// The top corners' radius in points; nil for ``defaultCornerRadius``.
    public var cornerRadius: Double?

    /// Options at their defaults.
    public init() {}

    /// The detents the sheet uses: ``detents`` in the order given, duplicates dropped, `[.content]` if none.
    public var resolvedDetents: [BottomSheet.Detent] {
        var unique: [BottomSheet.Detent] = []
        for detent in detents where !unique.contains(detent) { unique.append(detent) }
        return unique.isEmpty ? [.content] : unique
    }

    /// `base` with the detents, the interactive dismissal and the undimmed detent these options ask for.
    public func configuration(from base: BottomSheet.Configuration = BottomSheet.Configuration())
        -> BottomSheet.Configuration
    {
        var configuration = base
        configuration.detents = resolvedDetents
        configuration.allowsInteractiveDismissal = !interactiveDismissDisabled
        configuration.largestUndimmedDetent = largestUndimmedDetent
        return configuration
    }

    /// Whether the grabber shows.
    public var showsDragIndicator: Bool {
        switch dragIndicator {
        case .automatic: return resolvedDetents.count > 1
        case .visible: return true
        case .hidden: return false
        }
    }

    /// The corner radius in points: ``cornerRadius`` if finite (negative reads as 0), else ``defaultCornerRadius``.
    public var resolvedCornerRadius: Double {
        guard let cornerRadius, cornerRadius.isFinite else { return Self.defaultCornerRadius }
        return max(0, cornerRadius)
    }

    /// The largest detent behind which nothing is dimmed (``BackgroundInteraction/upThrough``); nil: dimmed at all.
    public var largestUndimmedDetent: BottomSheet.Detent? { backgroundInteraction.upThrough }

    /// Whether a tap behind the sheet dismisses it (when a drag could): not when the behind takes touches.
    public var dismissesOnBackgroundTap: Bool { largestUndimmedDetent == nil }

    /// Whether a touch behind the sheet reaches the content there, for a frame of the sheet: when the background
    /// interaction is on and the model left the behind undimmed (at or below ``largestUndimmedDetent``, the model's
    /// `frame.dimmingAlpha` is 0), as Apple's sheets do.
    public func passesTouchesThrough(_ frame: BottomSheet.Frame) -> Bool {
        // The model's rule (BottomSheet.passesTouchesBehind), before a model exists.
        largestUndimmedDetent != nil && frame.dimmingAlpha <= 0
    }

    /// The height to give the hosted content's `preferredContentSize` for a measured height, or nil to leave
    /// `current` as it is: rounded up to the display's pixels (`scale` points per pixel, 1 if not positive),
    /// nil for a non-finite or negative measure and for a change under half a pixel (layout's rounding would
    /// otherwise feed back into the sheet on every pass).
    public static func contentHeight(measured: Double, current: Double, scale: Double) -> Double? {
        guard measured.isFinite, measured >= 0 else { return nil }
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let height = (measured * scale).rounded(.up) / scale
        return abs(height - current) * scale < 0.5 ? nil : height
    }

    /// The width to measure the content at before the sheet is on screen: the container's, capped at the sheet's
    /// ``BottomSheet/Configuration/maximumWidth`` (0 for a non-finite or negative width).
    public static func measuringWidth(container: Double, configuration: BottomSheet.Configuration) -> Double {
        guard container.isFinite, container > 0 else { return 0 }
        return min(container, max(0, configuration.maximumWidth))
    }
}

// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

/// The inset distances for views.
public struct UIEdgeInsets: Equatable, Sendable {
    /// The top edge inset value.
    public var top: CGFloat

    /// The left edge inset value.
    public var left: CGFloat

    /// The bottom edge inset value.
    public var bottom: CGFloat

    /// The right edge inset value.
    public var right: CGFloat

    /// An edge insets struct whose top, left, bottom, and right fields are all set to `0`.
    public static let zero = UIEdgeInsets()

    /// Initializes the edge insets structure to default values.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// Creates an edge insets structure with the specified edges.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Constants that specify the edges of a rectangle.
public struct UIRectEdge: OptionSet, Sendable {
    /// The raw bit mask.
    public let rawValue: UInt

    /// The top edge of the rectangle.
    public static var top: UIRectEdge { UIRectEdge(rawValue: 1 << 0) }

    /// The left edge of the rectangle.
    public static var left: UIRectEdge { UIRectEdge(rawValue: 1 << 1) }

    /// The bottom edge of the rectangle.
    public static var bottom: UIRectEdge { UIRectEdge(rawValue: 1 << 2) }

    /// The right edge of the rectangle.
    public static var right: UIRectEdge { UIRectEdge(rawValue: 1 << 3) }

    /// All edges of the rectangle.
    public static var all: UIRectEdge { [.top, .left, .bottom, .right] }

    /// Creates a set of edges from a raw bit mask.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }
}

/// Constants that specify the directional flow of the user interface.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// The layout direction is left to right.
    case leftToRight = 0

    /// The layout direction is right to left.
    case rightToLeft = 1
}

/// An object that stores color data and sometimes opacity.
open class UIColor: NSObject {
    private let white: CGFloat
    private let alpha: CGFloat

    /// A color object with a grayscale value of `0.0` and an alpha value of `1.0`.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }

    /// A color object with grayscale and alpha values that are both `0.0`.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    /// Creates a color object using the specified opacity and grayscale values.
    public init(white: CGFloat, alpha: CGFloat) {
        self.white = white
        self.alpha = alpha
        super.init()
    }

    /// Creates a color object using the specified opacity and RGB component values.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.white = (red + green + blue) / 3
        self.alpha = alpha
        super.init()
    }
}

/// An abstract interface for responding to and handling events.
@MainActor
open class UIResponder: NSObject {
    /// A notification that posts immediately prior to a change in the keyboard's frame.
    nonisolated public static let keyboardWillChangeFrameNotification = NSNotification.Name(
        "UIKeyboardWillChangeFrameNotification")

    /// A notification that posts immediately prior to dismissing the keyboard.
    nonisolated public static let keyboardWillHideNotification = NSNotification.Name(
        "UIKeyboardWillHideNotification")

    /// A user info key to retrieve the keyboard's frame at the end of its animation.
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"

    /// A user info key to retrieve the duration of the keyboard animation in seconds.
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"

    /// A user info key to retrieve the animation curve that the system uses to animate the keyboard.
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"

    /// Creates a responder.
    public override init() {
        super.init()
    }
}

/// An object that manages the content for a rectangular area on the screen.
@MainActor
open class UIView: UIResponder {
    private let backingLayer = CALayer()

    /// The frame rectangle, which describes the view's location and size in its superview's coordinate system.
    open var frame: CGRect

    /// The bounds rectangle, which describes the view's location and size in its own coordinate system.
    open var bounds: CGRect

    /// The center point of the view's frame rectangle.
    open var center: CGPoint

    /// The view's alpha value.
    open var alpha: CGFloat = 1

    /// A Boolean value that determines whether the view is hidden.
    open var isHidden = false

    /// The view's background color.
    open var backgroundColor: UIColor?

    /// The view's Core Animation layer used for rendering.
    open var layer: CALayer { backingLayer }

    /// The receiver's superview, or `nil` if it has none.
    open var superview: UIView? { nil }

    /// The receiver's window object, or `nil` if it has none.
    open var window: UIWindow? { nil }

    /// The receiver's immediate subviews.
    open var subviews: [UIView] { [] }

    /// The insets that you use to determine the safe area for this view.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// The user interface layout direction appropriate for arranging the immediate content of the view.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// A Boolean value that indicates whether VoiceOver ignores the accessibility elements of sibling views.
    open var accessibilityViewIsModal = false

    /// Creates a view with the specified frame rectangle.
    public init(frame: CGRect) {
        self.frame = frame
        self.bounds = CGRect(origin: .zero, size: frame.size)
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    /// Creates a view with a zero frame rectangle.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Creates a view from data in an unarchiver.
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not available in the Linux stand-in")
    }

    /// Adds a view to the end of the receiver's list of subviews.
    open func addSubview(_ view: UIView) {}

    /// Inserts a subview at the specified index.
    open func insertSubview(_ view: UIView, at index: Int) {}

    /// Inserts a view above another view in the view hierarchy.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {}

    /// Unlinks the view from its superview and its window, and removes it from the responder chain.
    open func removeFromSuperview() {}

    /// Attaches a gesture recognizer to the view.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}

    /// Detaches a gesture recognizer from the receiving view.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}

    /// Invalidates the current layout of the receiver and triggers a layout update during the next update cycle.
    open func setNeedsLayout() {}

    /// Lays out the subviews immediately, if layout updates are pending.
    open func layoutIfNeeded() {}

    /// Lays out subviews.
    open func layoutSubviews() {}

    /// Converts a rectangle from the receiver's coordinate system to that of another view.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect
    }

    /// The scale factor applied to the view.
    open var contentScaleFactor: CGFloat = 1

    /// Renders a snapshot of the complete view hierarchy as visible onscreen into the current context.
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        false
    }

    /// Returns a snapshot view based on the contents of the current view.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        nil
    }

    /// Converts a rectangle from the coordinate system of another view to that of the receiver.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect
    }

    /// Converts a point from the receiver's coordinate system to that of the specified view.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        point
    }

    /// Dismisses a modal view and returns the success or failure of the action.
    open func accessibilityPerformEscape() -> Bool {
        false
    }
}

/// The backdrop for your app's user interface and the object that dispatches events to your views.
@MainActor
open class UIWindow: UIView {}

/// A view that allows the scrolling and zooming of its contained views.
@MainActor
open class UIScrollView: UIView {
    /// The point at which the origin of the content view is offset from the origin of the scroll view.
    open var contentOffset: CGPoint = .zero

    /// The size of the content view.
    open var contentSize: CGSize = .zero

    /// The insets derived from the content insets and the safe area of the scroll view.
    open var adjustedContentInset: UIEdgeInsets { .zero }

    /// A Boolean value that indicates whether the content is moving in the scroll view after the user lifted their finger.
    open var isDecelerating: Bool { false }

    /// A Boolean value that indicates whether the user has touched the content to initiate scrolling.
    open var isTracking: Bool { false }

    /// The underlying gesture recognizer for pan gestures.
    open var panGestureRecognizer: UIPanGestureRecognizer {
        fatalError("panGestureRecognizer is not available in the Linux stand-in")
    }

    /// Sets the point at which the origin of the content view is offset from the origin of the scroll view.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }
}

/// Makes the specified graphics context the current context.
public func UIGraphicsPushContext(_ context: CGContext) {}

/// Removes the current graphics context from the top of the stack, restoring the previous context.
public func UIGraphicsPopContext() {}

/// Where a pull-to-dismiss attaches in a presented view-controller hierarchy, decided over a platform-neutral
/// description of it (closures that read a controller's parent and view, a view's superview and bounds), so the
/// decision is tested without UIKit:
///
/// - The view that moves is the view of the presented controller's outermost container (its navigation
///   controller's, when it has one): moving the content's own view would leave the navigation bar behind.
/// - The pan is measured in that view's superview, which does not move: measured in the moving view, each frame's
///   movement would be subtracted from the finger's translation and the screen would trail the finger.
/// - The backdrop fills the superview's bounds, and follows them when they change (rotation, window resize).
public struct PullToDismissPlacement<Controller, View> {
    /// The presented controller's outermost container (itself when it has no parent).
    public var container: Controller
    /// The view that moves: `container`'s view.
    public var moving: View
    /// The view the pan is measured in and the backdrop sits in: `moving`'s superview.
    public var measuring: View
    /// The backdrop's frame in ``measuring``'s coordinates: its bounds.
    public var backdropFrame: Rect

    /// The placement for `presented`, or nil while its outermost container has no view in a superview (not yet
    /// presented). A parent chain that loops is followed at most `maximumDepth` steps (default 64).
    public init?(
        presented: Controller, parent: (Controller) -> Controller?, view: (Controller) -> View?,
        superview: (View) -> View?, bounds: (View) -> Rect, maximumDepth: Int = 64
    ) {
        var outer = presented
        for _ in 0..<max(0, maximumDepth) {
            guard let next = parent(outer) else { break }
            outer = next
        }
        guard let moving = view(outer), let measuring = superview(moving) else { return nil }
        self.container = outer
        self.moving = moving
        self.measuring = measuring
        self.backdropFrame = Self.backdropFrame(containerBounds: bounds(measuring))
    }

    /// The backdrop's frame for the superview's current bounds (re-read on every layout).
    public static func backdropFrame(containerBounds: Rect) -> Rect {
        let bounds = Sanitize.rect(containerBounds)
        return Rect(origin: bounds.origin, size: bounds.size)
    }
}

extension PullToDismiss.Frame {
    /// Where the moving view's frame is for this frame, given its frame at rest (in its superview's coordinates):
    /// the resting frame moved by the screen's offset (``screen``'s origin).
    public func movingFrame(resting: Rect) -> Rect {
        Rect(
            x: resting.minX + screen.minX, y: resting.minY + screen.minY, width: resting.width,
            height: resting.height)
    }
}

extension PullToDismiss.Axis {
    /// The arbiter's configuration for a pull on this axis: vertical drags only, or edge swipes from the leading
    /// edge of `direction` only.
    public var gestureConfiguration: GestureArbiter.Configuration {
        var configuration = GestureArbiter.Configuration()
        switch self {
        case .vertical:
            configuration.allowsEdgeSwipe = false
        case .edgeSwipe(let direction):
            configuration.allowsSheetDrag = false
            configuration.layoutDirection = direction
        }
        return configuration
    }
}

extension PullToDismiss {
    /// The part of a blurred backdrop `width` points wide that `frame` uncovers and needs rendering: the band above
    /// a vertically pulled screen; nil, all of it, on an edge swipe (the screen uncovers a strip from the top to the
    /// bottom) or when `whole` (a handed-over screen uncovers more without a further render).
    public func uncoveredBackdrop(in frame: Frame, width: Double, whole: Bool = false) -> Rect? {
        guard configuration.axis == .vertical, !whole else { return nil }
        return Rect(x: 0, y: 0, width: Sanitize.length(width), height: Sanitize.length(frame.screen.minY))
    }
}

/// Who owns a touch that may move a sheet, pop a screen or scroll the content: a pure state machine fed with the
/// pan's samples, so a platform layer only forwards its recognizers' callbacks and routes by ``owner``.
///
/// The touch stays ``Owner/undecided`` until it has moved ``Configuration/slop`` points from where it began; the
/// dominant direction then decides once for the whole touch. Vertical goes to the sheet (whose model first scrolls
/// the content to its top: see `BottomSheet.setContent` and `PullToDismiss.setContent`); horizontal toward the
/// trailing edge from within ``Configuration/edgeWidth`` of the leading edge is an edge swipe (an interactive pop, or
/// an edge-swipe pull to dismiss); any other horizontal touch belongs to the content.
public struct GestureArbiter: Sendable, Hashable {
    /// Where a touch goes.
    public enum Owner: Sendable, Hashable {
        /// Not moved past the slop yet: forward nothing.
        case undecided
        /// A vertical drag of the sheet (or the pulled screen).
        case sheet
        /// A horizontal swipe from the leading edge.
        case edgeSwipe
        /// The content's own (a horizontal scroll inside it, or a direction the host switched off).
        case content
    }

    /// Tunables.
    public struct Configuration: Sendable, Hashable {
        /// How far a finger moves before the decision, in points. Default 10 (a pan recognizer's hysteresis).
        public var slop: Double = 10
        /// Width of the leading-edge region where edge swipes begin, in points. Default 20.
        public var edgeWidth: Double = 20
        /// Which edge leads.
        public var layoutDirection: ReadingDirection = .leftToRight
        /// Whether vertical touches move the sheet. Default true.
        public var allowsSheetDrag = true
        /// Whether edge swipes are wanted (a stack deeper than its root, an edge-swipe dismissal). Default true.
        public var allowsEdgeSwipe = true

        /// The defaults.
        public init() {}
    }

    /// The tunables in force (a host changes them between touches, e.g. when the stack depth changes).
    public var configuration: Configuration
    /// The owner of the current touch (``Owner/undecided`` between touches).
    public private(set) var owner: Owner = .undecided
    private var fromLeadingEdge = false

    /// An arbiter between touches.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A finger went down at `location` (container coordinates) in a container `width` points wide.
    public mutating func began(at location: Point, containerWidth width: Double) {
        owner = .undecided
        let edge = Sanitize.clamp(configuration.edgeWidth, 0, RepresentableRange.maximumMagnitude)
        let x = Sanitize.finite(location.x, or: -.infinity)
        let w = Sanitize.length(width)
        let distance = configuration.layoutDirection == .leftToRight ? x : w - x
        fromLeadingEdge = distance >= -edge && distance <= edge
    }

    /// The finger has moved `translation` points since ``began(at:containerWidth:)``; returns the touch's owner.
    /// Non-finite components count as no movement.
    @discardableResult
    public mutating func changed(translation: Point) -> Owner {
        guard owner == .undecided else { return owner }
        let dx = Sanitize.finite(translation.x, or: 0)
        let dy = Sanitize.finite(translation.y, or: 0)
        let slop = Sanitize.clamp(configuration.slop, 0, RepresentableRange.maximumMagnitude)
        guard (dx * dx + dy * dy).squareRoot() >= max(slop, 1e-9) else { return owner }
        if abs(dy) >= abs(dx) {
            owner = configuration.allowsSheetDrag ? .sheet : .content
        } else {
            let towardTrailing = dx * configuration.layoutDirection.sign > 0
            owner = fromLeadingEdge && towardTrailing && configuration.allowsEdgeSwipe ? .edgeSwipe : .content
        }
        return owner
    }

    /// Where a touch went down, from what a pan recognizer reports when it begins: its location then, less its
    /// translation (a pan begins only after its hysteresis, ~10 points from where the finger went down, so testing
    /// that location against a 20-point edge would leave a 10-point edge).
    public static func touchDown(location: Point, translation: Point) -> Point {
        Point(
            x: Sanitize.finite(location.x, or: 0) - Sanitize.finite(translation.x, or: 0),
            y: Sanitize.finite(location.y, or: 0) - Sanitize.finite(translation.y, or: 0))
    }

    /// Whether a pan that went down at `location` (container coordinates, `width` wide) and has moved `translation`
    /// at `velocity` would be the sheet's or an edge swipe, so its recognizer should begin
    /// (`gestureRecognizerShouldBegin`); false leaves the touch to the content (a horizontal swipe on a cell, a
    /// carousel), whose own recognizers then keep it. Below the slop the velocity's direction decides.
    public func shouldBegin(at location: Point, containerWidth width: Double, translation: Point, velocity: Point)
        -> Bool
    {
        var probe = self
        probe.began(at: location, containerWidth: width)
        let slop = Sanitize.clamp(configuration.slop, 0, RepresentableRange.maximumMagnitude)
        let dx = Sanitize.finite(translation.x, or: 0)
        let dy = Sanitize.finite(translation.y, or: 0)
        let moved = (dx * dx + dy * dy).squareRoot() >= max(slop, 1e-9)
        // Scaled so the direction, not the speed, decides.
        let direction = moved ? Point(x: dx, y: dy) : Self.scaled(velocity, to: max(slop, 1e-9))
        let owner = probe.changed(translation: direction)
        return owner == .sheet || owner == .edgeSwipe
    }

    private static func scaled(_ v: Point, to length: Double) -> Point {
        let x = Sanitize.finite(v.x, or: 0)
        let y = Sanitize.finite(v.y, or: 0)
        let magnitude = (x * x + y * y).squareRoot()
        guard magnitude > 0 else { return Point(x: 0, y: length) }
        return Point(x: x / magnitude * length, y: y / magnitude * length)
    }

    /// The finger lifted (or the touch was cancelled): returns the owner the touch had and gets ready for the next.
    @discardableResult
    public mutating func ended() -> Owner {
        defer {
            owner = .undecided
            fromLeadingEdge = false
        }
        return owner
    }
}

/// A pan recognizer's samples turned into the drags a model takes: a ``GestureArbiter`` decides the touch's owner
/// once, and translations count from the sample that decided it, so nothing jumps by the slop. A pan that is
/// cancelled or fails (the system took the touch) releases without velocity: the finger threw nothing. A platform
/// layer forwards its recognizer's states here and sends the events to its model.
public struct PanRouter: Sendable, Hashable {
    /// A drag for the model, in the pan's coordinates (points, points per second).
    public enum Event: Sendable, Hashable {
        /// The touch became a vertical drag of the sheet (or the pulled screen).
        case sheetBegan
        /// The sheet's drag moved `translation` points down from where it began, at `velocity`.
        case sheetChanged(translation: Double, velocity: Double)
        /// The sheet's drag ended at `velocity`.
        case sheetEnded(velocity: Double)
        /// The touch became a swipe from the leading edge.
        case edgeBegan
        /// The edge swipe moved `translation` points horizontally from where it began, at `velocity`.
        case edgeChanged(translation: Double, velocity: Double)
        /// The edge swipe ended at `velocity`.
        case edgeEnded(velocity: Double)
    }

    /// The arbiter (a host changes its configuration between touches).
    public var arbiter: GestureArbiter
    /// The translation at the sample that decided the owner; nil while undecided or between touches.
    private var origin: Point?

    /// A router between touches.
    public init(arbiter: GestureArbiter = GestureArbiter()) {
        self.arbiter = arbiter
    }

    /// Whether a decided drag of the sheet is in progress.
    public var isDraggingSheet: Bool { origin != nil && arbiter.owner == .sheet }

    /// The pan began: its finger went down at `touchDown` (``GestureArbiter/touchDown(location:translation:)``) in a
    /// container `width` points wide, and has moved `translation` since. Sends `.sheetBegan` or `.edgeBegan` and a
    /// first change if that already decides the touch.
    public mutating func began(
        touchDown: Point, containerWidth width: Double, translation: Point, velocity: Point,
        _ send: (Event) -> Void
    ) {
        origin = nil
        arbiter.began(at: touchDown, containerWidth: width)
        changed(translation: translation, velocity: velocity, send)
    }

    /// The pan moved to `translation` at `velocity`: sends the decision when this sample makes it, then the drag's
    /// change counted from the deciding sample.
    public mutating func changed(translation: Point, velocity: Point, _ send: (Event) -> Void) {
        if origin == nil {
            switch arbiter.changed(translation: translation) {
            case .sheet: send(.sheetBegan)
            case .edgeSwipe: send(.edgeBegan)
            case .undecided, .content: return
            }
            origin = Self.finite(translation)
        }
        guard let origin else { return }
        let t = Self.finite(translation)
        let v = Self.finite(velocity)
        switch arbiter.owner {
        case .sheet: send(.sheetChanged(translation: t.y - origin.y, velocity: v.y))
        case .edgeSwipe: send(.edgeChanged(translation: t.x - origin.x, velocity: v.x))
        case .undecided, .content: break
        }
    }

    /// The pan ended at `velocity` (`finished`: the finger lifted; false: cancelled or failed, which releases at
    /// rest). Sends the drag's end if the touch was decided.
    public mutating func ended(velocity: Point, finished: Bool, _ send: (Event) -> Void) {
        let decided = origin != nil
        origin = nil
        let v = finished ? Self.finite(velocity) : Point(x: 0, y: 0)
        switch arbiter.ended() {
        case .sheet where decided: send(.sheetEnded(velocity: v.y))
        case .edgeSwipe where decided: send(.edgeEnded(velocity: v.x))
        default: break
        }
    }

    private static func finite(_ p: Point) -> Point {
        Point(x: Sanitize.finite(p.x, or: 0), y: Sanitize.finite(p.y, or: 0))
    }
}

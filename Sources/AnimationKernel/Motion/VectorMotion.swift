/// The arithmetic a ``VectorMotion`` needs of the values it moves: SwiftUI's `VectorArithmetic` in platform-neutral
/// terms (a point, a size, a rectangle, a pair of them, or a plain number), so the motion of a SwiftUI animation is
/// computed and tested here, without SwiftUI.
public protocol MotionVector: Equatable {
    /// The zero vector (the additive identity).
    static var zero: Self { get }
    /// The sum of two vectors.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference of two vectors.
    static func - (lhs: Self, rhs: Self) -> Self
    /// This vector with every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squares of the components (the squared length).
    var magnitudeSquared: Double { get }
}

/// The motion of one vector value toward a target by a ``DampedSpring`` or a ``TimingCurve``, evaluated in closed
/// form at absolute times and interruptible without a jump: ``AnimatedValue``'s rules for any ``MotionVector``.
///
/// Each ``animate(to:using:at:initialVelocity:)`` starts a new segment from the position and velocity the motion has
/// at that time (a SwiftUI animation merging with the running one), so neither jumps. A spring segment is the
/// spring's closed form per component: the displacement from the target and the velocity at the start are carried
/// by the spring's unit responses (the state after a unit displacement, and after a unit velocity), which every
/// component shares. A curve started while the value moves hands over to a critically damped spring that settles in
/// the curve's duration, as ``AnimatedValue/Driver/curve(_:duration:)`` does.
///
/// Times are seconds on the caller's clock and follow ``AnimatedValue``'s time rules (a read or an event before the
/// segment's start counts as its start; NaN likewise; +infinity reads the far future).
///
/// The motion settles when its distance from the target stays within ``settleTolerance`` for good (``SettleRule``):
/// from ``settleTime`` on it reads exactly the target and ``animatedValue(at:)`` returns nil, which is how a SwiftUI
/// animation ends. A vector whose displacement and velocity point in different directions is split into the
/// component along the displacement and the one across it; each gets the tolerance divided by √2, so their sum stays
/// within it.
public struct VectorMotion<Vector: MotionVector> {
    fileprivate enum Segment {
        /// At rest at the target.
        case rest
        /// ``spring`` from displacement `x0` (from the target) and velocity `v0` at ``startTime``.
        case spring(x0: Vector, v0: Vector)
        /// ``curve`` from `from` to the target over `duration`, from ``startTime``.
        case curve(from: Vector, duration: Double)
    }

    private var spring: DampedSpring = .smooth
    private var curve: TimingCurve = .linear
    private var segment: Segment

    /// Where the value is heading (at rest: where it is).
    public private(set) var target: Vector
    /// The start time of the current segment, in seconds (`-infinity` before any animation).
    public private(set) var startTime: Double
    /// The time from which the value reads exactly ``target`` (`-infinity` at rest, `+infinity` for an undamped
    /// spring in motion). Computed once per event.
    public private(set) var settleTime: Double
    /// The distance from the target (in the value's units) within which the motion counts as settled. Default
    /// ``SettleRule/points``; non-positive or non-finite values read as that default. Applies from the next event.
    public var settleTolerance: Double {
        didSet { settleTolerance = Self.tolerance(settleTolerance) }
    }

    /// A value at rest at `value`.
    public init(_ value: Vector, settleTolerance: Double = SettleRule.points) {
        self.target = value
        self.startTime = -.infinity
        self.settleTime = -.infinity
        self.settleTolerance = Self.tolerance(settleTolerance)
        self.segment = .rest
    }

    private static func tolerance(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : SettleRule.points
    }

    /// Whether the value has settled by `time` (see ``settleTime``).
    public func isSettled(at time: Double) -> Bool { Sanitize.readTime(time, after: startTime) >= settleTime }

    /// Position and velocity (units per second) at `time`: exactly the target and zero once settled.
    public func state(at time: Double) -> (value: Vector, velocity: Vector) {
        guard !isSettled(at: time) else { return (target, .zero) }
        let t = Sanitize.elapsed(since: startTime, at: time)
        switch segment {
        case .rest:
            return (target, .zero)
        case .spring(let x0, let v0):
            // The closed form is linear in the start state: x(t) = a x0 + b v0, v(t) = c x0 + d v0.
            let (a, c) = spring.evaluate(displacement: 1, velocity: 0, at: t)
            let (b, d) = spring.evaluate(displacement: 0, velocity: 1, at: t)
            return (target + x0.scaled(by: a) + v0.scaled(by: b), x0.scaled(by: c) + v0.scaled(by: d))
        case .curve(let from, let duration):
            let progress = t / duration
            let distance = target - from
            // A curve's ordinates may be any finite number, its slope infinite at a vertical tangent.
            let fraction = Sanitize.finite(curve.value(at: progress), or: 1)
            let rate = Sanitize.finite(curve.slope(at: progress) / duration, or: 0)
            return (from + distance.scaled(by: fraction), distance.scaled(by: rate))
        }
    }

    /// Position at `time`: exactly the target once settled.
    public func value(at time: Double) -> Vector { state(at: time).value }

    /// Velocity at `time`, in units per second: zero once settled.
    public func velocity(at time: Double) -> Vector { state(at: time).velocity }

    /// Position at `time`, or nil once settled: SwiftUI's `CustomAnimation.animate(value:time:context:)` rule (nil
    /// ends the animation, and the view shows the target).
    public func animatedValue(at time: Double) -> Vector? {
        isSettled(at: time) ? nil : state(at: time).value
    }

    /// Velocity at `time`, or nil once settled: SwiftUI's `CustomAnimation.velocity(value:time:context:)` rule.
    public func animatedVelocity(at time: Double) -> Vector? {
        isSettled(at: time) ? nil : state(at: time).velocity
    }

    /// Animates from the state at `time` to `target`: the merge of a new animation into the running one (position
    /// and velocity carried over).
    ///
    /// - Parameters:
    ///   - target: the new resting value.
    ///   - driver: a spring; a curve (which hands over to a spring if the value is still moving, see
    ///     ``AnimatedValue/Driver``); or `.immediate`, which puts the value at rest at `target`.
    ///   - time: when the new segment starts (seconds); earlier than the current segment's start: clamped to it.
    ///   - initialVelocity: overrides the velocity at `time` (units per second).
    /// A curve's `duration` that is zero, negative or not finite jumps; a positive one is clamped to
    /// ``RepresentableRange/minimumDuration``...``RepresentableRange/maximumDuration``. Values whose squared length
    /// is not finite put the value at rest at `target` (no NaN or infinity is ever evaluated).
    public mutating func animate(
        to target: Vector, using driver: AnimatedValue.Driver, at time: Double, initialVelocity: Vector? = nil
    ) {
        let now = Sanitize.eventTime(time, after: startTime)
        var (x, v) = state(at: now)
        if let initialVelocity { v = initialVelocity }
        let moving = !isSettled(at: now) || v != .zero
        switch driver.start(moving: moving, atTarget: x == target) {
        case .rest:
            jump(to: target, at: now)
        case .spring(let spring):
            startSpring(spring, from: x, velocity: v, to: target, at: now)
        case .curve(let curve, let duration) where (target - x).magnitudeSquared.isFinite:
            self.target = target
            startTime = now
            self.curve = curve
            segment = .curve(from: x, duration: duration)
            settleTime = now + duration
        case .curve:
            jump(to: target, at: now)
        }
    }

    /// Puts the value at rest at `value` from `time` on, without animation.
    public mutating func jump(to value: Vector, at time: Double) {
        target = value
        startTime = Sanitize.eventTime(time, after: startTime)
        segment = .rest
        settleTime = -.infinity
    }

    private mutating func startSpring(
        _ spring: DampedSpring, from x: Vector, velocity v: Vector, to target: Vector, at now: Double
    ) {
        let x0 = x - target
        let settling = Self.settlingTime(of: spring, displacement: x0, velocity: v, tolerance: settleTolerance)
        guard !settling.isNaN else {
            jump(to: target, at: now)
            return
        }
        self.target = target
        startTime = now
        self.spring = spring
        segment = .spring(x0: x0, v0: v)
        settleTime = now + settling
    }

    /// Seconds after which the displacement of `spring` from (`x0`, `v0`) stays within `tolerance` for good, NaN
    /// for a state whose squared length is not finite.
    ///
    /// With u the direction of `x0`, v0 = a u + w (w across u), the displacement is (A |x0| + B a) u + B w, where
    /// A and B are the spring's unit responses: a scalar spring from (|x0|, a) and one from (0, |w|). Each within
    /// tolerance / √2 keeps the length within the tolerance. The dot product comes from squared lengths:
    /// x · v = (|x + v|² - |x - v|²) / 4.
    static func settlingTime(of spring: DampedSpring, displacement x0: Vector, velocity v0: Vector, tolerance: Double)
        -> Double
    {
        let xx = x0.magnitudeSquared
        let vv = v0.magnitudeSquared
        guard xx.isFinite, vv.isFinite else { return .nan }
        let epsilon = tolerance / 2.0.squareRoot()
        guard xx > 0 else { return spring.settlingTime(displacement: 0, velocity: vv.squareRoot(), epsilon: epsilon) }
        let length = xx.squareRoot()
        let dot = ((x0 + v0).magnitudeSquared - (x0 - v0).magnitudeSquared) / 4
        let along = Sanitize.finite(dot / length, or: 0)
        let across = max(vv - along * along, 0).squareRoot()
        return max(
            spring.settlingTime(displacement: length, velocity: along, epsilon: epsilon),
            spring.settlingTime(displacement: 0, velocity: across, epsilon: epsilon))
    }
}

extension VectorMotion: Sendable where Vector: Sendable {}
extension VectorMotion.Segment: Sendable where Vector: Sendable {}

extension AnimatedValue.Driver: Hashable {
    /// Equal drivers move a value alike: the same spring, or the same curve over the same duration.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.spring(let a), .spring(let b)): return a == b
        case (.curve(let a, let d), .curve(let b, let e)): return a == b && d == e
        case (.immediate, .immediate): return true
        default: return false
        }
    }

    /// Hashes the kind of driver and its parameters.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .spring(let spring):
            hasher.combine(0)
            hasher.combine(spring)
        case .curve(let curve, let duration):
            hasher.combine(1)
            hasher.combine(curve)
            hasher.combine(duration)
        case .immediate:
            hasher.combine(2)
        }
    }
}

/// One interruptible animated scalar, evaluated in closed form at absolute timestamps.
///
/// The value is a chain of segments; each event (``animate(to:using:at:initialVelocity:)``, ``retarget(to:at:)``,
/// ``track(_:velocity:at:)``, ``jump(to:at:)``) starts a new segment from the exact position and velocity the old one
/// has at the event's time, so an interruption never makes the position or a spring's velocity jump. Because every
/// read is `f(time)` in closed form, the trajectory is the same whatever the frame rate or jitter of the reader:
/// a renderer at 30 Hz and one at 240 Hz see samples of one curve.
///
/// Times are seconds on the caller's clock (a display link's timestamps); units are the caller's (points,
/// progress). Reads before the current segment's start time return the segment's start state, and so do NaN and
/// -infinity; +infinity reads the far future (where a damped motion has settled). Reads allocate nothing. Every
/// transition model applies the same rule to its frames.
///
/// Values, targets and velocities are clamped to ±``RepresentableRange/maximumMagnitude`` and curve durations to
/// ``RepresentableRange/minimumDuration``...``RepresentableRange/maximumDuration`` where they enter, so every state is
/// finite.
public struct AnimatedValue: Sendable {
    /// What moves the value toward its target.
    public enum Driver: Sendable {
        /// A damped spring; the motion keeps the velocity the value had when the spring took over.
        case spring(DampedSpring)
        /// A timing curve over `duration` seconds from the current value to the target.
        ///
        /// Started while the value is still moving, a curve would have to drop the current velocity; instead the
        /// value hands over to a critically damped spring that settles (to 0.1 % of the distance) in the same
        /// `duration`, keeping position and velocity continuous.
        case curve(TimingCurve, duration: Double)
        /// No animation: the value jumps to the target and rests there.
        case immediate
    }

    /// The current segment. Its payloads are plain numbers; the spring and curve it uses are stored beside it, so
    /// reads borrow them instead of copying an enum payload (a curve may own heap storage, whose copies cost
    /// reference counting on every frame).
    private enum Segment: Sendable, Equatable {
        /// At rest at the target.
        case rest
        /// ``spring`` from displacement `x0` (from the target) and velocity `v0` at `startTime`.
        case spring(x0: Double, v0: Double)
        /// ``curve`` from `from` to the target over `duration`, starting at `startTime`.
        case curve(from: Double, duration: Double)
        /// Set directly by a gesture: holds the target with the reported `velocity`.
        case tracking(velocity: Double)
    }

    private var spring: DampedSpring = .smooth
    private var curve: TimingCurve = .linear

    /// Where the value is heading (while it follows ``track(_:velocity:at:)``, and at rest: where it is).
    public private(set) var target: Double
    /// Start time of the current segment (seconds).
    public private(set) var startTime: Double
    /// The absolute time from which the value counts as settled (`+infinity` for an undamped spring in motion,
    /// `-infinity` at rest, `+infinity` while tracking a gesture). Computed once per event.
    public private(set) var settleTime: Double
    /// Distance from the target (in the value's units) under which a spring counts as settled. Default 0.001.
    public var settleTolerance: Double
    private var segment: Segment

    /// A value at rest.
    ///
    /// - Parameters:
    ///   - value: the initial value; a non-finite value is stored as 0, a finite one clamped to the representable
    ///     range.
    ///   - settleTolerance: distance from the target under which a spring counts as settled, in the value's units
    ///     (default 0.001; use about half a pixel for positions in points). Non-positive or non-finite: 0.001.
    public init(_ value: Double, settleTolerance: Double = 0.001) {
        self.target = Sanitize.finite(value, or: 0)
        self.startTime = -.infinity
        self.settleTime = -.infinity
        self.settleTolerance = settleTolerance.isFinite && settleTolerance > 0 ? settleTolerance : 0.001
        self.segment = .rest
    }

    /// Position and velocity (units per second) at `time`.
    @inline(__always) public func state(at time: Double) -> (value: Double, velocity: Double) {
        let t = Sanitize.elapsed(since: startTime, at: time)
        switch segment {
        case .rest:
            return (target, 0)
        case .tracking(let velocity):
            return (target, velocity)
        case .spring(let x0, let v0):
            // From its settle time on a spring reads exactly its target (``SettleRule``).
            guard Sanitize.readTime(time, after: startTime) < settleTime else { return (target, 0) }
            let (x, v) = spring.evaluate(displacement: x0, velocity: v0, at: t)
            return (target + x, v)
        case .curve(let from, let duration):
            guard t < duration else { return (target, 0) }
            let progress = t / duration
            let distance = target - from
            // A curve's ordinates may be any finite number: its output is clamped like every other value.
            return (
                Sanitize.finite(from + distance * curve.value(at: progress), or: target),
                Sanitize.finite(distance * curve.slope(at: progress) / duration, or: 0)
            )
        }
    }

    /// Position at `time` (for a curve this skips the slope, which costs a second solve).
    @inline(__always) public func value(at time: Double) -> Double {
        if case .curve(let from, let duration) = segment {
            let t = Sanitize.elapsed(since: startTime, at: time)
            return t < duration
                ? Sanitize.finite(from + (target - from) * curve.value(at: t / duration), or: target) : target
        }
        return state(at: time).value
    }

    /// Velocity at `time`, in units per second.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// Whether the value has settled by `time` (see ``settleTime``; times are read as in ``state(at:)``).
    public func isSettled(at time: Double) -> Bool { Sanitize.readTime(time, after: startTime) >= settleTime }

    /// Whether `other` follows exactly the same trajectory (same segment, start, target and spring or curve), so a
    /// model whose channels often move together (a sheet's height and extent) can evaluate one and reuse it. Cheap:
    /// a few comparisons, against a closed-form evaluation.
    public func hasSameMotion(as other: AnimatedValue) -> Bool {
        guard segment == other.segment, target == other.target, startTime == other.startTime,
            settleTime == other.settleTime
        else { return false }
        switch segment {
        case .spring: return spring == other.spring
        case .curve: return curve == other.curve
        case .rest, .tracking: return true
        }
    }

    /// The current segment as plain numbers (what a ``LayerAnimation`` can hand to Core Animation).
    var motionSegment: MotionSegment {
        let kind: MotionSegment.Kind
        switch segment {
        case .rest: kind = .rest
        case .tracking: kind = .tracking
        case .spring(let x0, let v0): kind = .spring(spring, x0: x0, v0: v0)
        case .curve(let from, let duration): kind = .curve(curve, from: from, duration: duration)
        }
        return MotionSegment(kind: kind, target: target, startTime: startTime, settleTime: settleTime)
    }

    /// Whether a gesture is driving the value (between ``track(_:velocity:at:)`` and the next animation).
    public var isTracking: Bool {
        if case .tracking = segment { return true }
        return false
    }

    /// Animates from the state at `time` to `target`.
    ///
    /// - Parameters:
    ///   - target: the new resting value (a non-finite target is ignored: the value keeps its current motion; a finite
    ///     one is clamped to the representable range).
    ///   - driver: a spring, or a curve (which hands over to a spring if the value is moving; see ``Driver``).
    ///   - time: when the animation starts (seconds). Earlier than the current segment's start: clamped to it.
    ///   - initialVelocity: overrides the velocity at `time` (units per second), e.g. a gesture's release velocity
    ///     (non-finite: ignored; clamped to the representable range).
    /// A curve's `duration` that is zero, negative or not finite jumps; a positive one is clamped to
    /// ``RepresentableRange/minimumDuration``...``RepresentableRange/maximumDuration``.
    public mutating func animate(
        to target: Double, using driver: Driver, at time: Double, initialVelocity: Double? = nil
    ) {
        guard target.isFinite else { return }
        let target = Sanitize.finite(target, or: 0)
        let initialVelocity = initialVelocity.flatMap { $0.isFinite ? Sanitize.finite($0, or: 0) : nil }
        let now = eventTime(time)
        var (x, v) = state(at: now)
        if let initialVelocity { v = initialVelocity }
        // Settled means within the tolerance: a spring's closed form still has a vanishing velocity then, which a
        // following curve may drop (the position stays continuous).
        let moving = !isSettled(at: now) || (initialVelocity ?? 0) != 0
        switch driver.start(moving: moving, atTarget: x == target) {
        case .rest:
            jump(to: target, at: now)
        case .spring(let spring):
            startSpring(spring, from: x, velocity: v, to: target, at: now)
        case .curve(let curve, let duration):
            self.target = target
            startTime = now
            self.curve = curve
            segment = .curve(from: x, duration: duration)
            settleTime = now + duration
        }
    }

    /// Moves the target to `target` at `time`, keeping the current kind of motion: a spring keeps its spring, a curve
    /// in flight hands over to its spring (``Driver``), a value at rest or tracking jumps.
    public mutating func retarget(to target: Double, at time: Double) {
        guard target.isFinite else { return }
        let target = Sanitize.finite(target, or: 0)
        let now = eventTime(time)
        switch segment {
        case .spring:
            let (x, v) = state(at: now)
            startSpring(spring, from: x, velocity: v, to: target, at: now)
        case .curve(_, let duration):
            if isSettled(at: now) {
                jump(to: target, at: now)
            } else {
                let (x, v) = state(at: now)
                startSpring(Self.handoffSpring(duration: duration), from: x, velocity: v, to: target, at: now)
            }
        case .rest, .tracking:
            jump(to: target, at: now)
        }
    }

    /// Sets the value directly from a gesture at `time`, with the gesture's velocity (units per second).
    /// Non-finite values are ignored (a non-finite velocity reads as 0); finite ones are clamped to the representable
    /// range.
    public mutating func track(_ value: Double, velocity: Double, at time: Double) {
        guard value.isFinite else { return }
        target = Sanitize.finite(value, or: 0)
        startTime = eventTime(time)
        segment = .tracking(velocity: Sanitize.finite(velocity, or: 0))
        settleTime = .infinity
    }

    /// Puts the value at rest at `value` from `time` on, without animation.
    public mutating func jump(to value: Double, at time: Double) {
        guard value.isFinite else { return }
        target = Sanitize.finite(value, or: 0)
        startTime = eventTime(time)
        segment = .rest
        settleTime = -.infinity
    }

    /// Events are applied in time order: one earlier than the current segment's start is moved to that start
    /// (a renderer delivering a late event must not rewrite the past). Non-finite times count as that start too.
    private func eventTime(_ time: Double) -> Double { Sanitize.eventTime(time, after: startTime) }

    private mutating func startSpring(
        _ spring: DampedSpring, from x: Double, velocity v: Double, to target: Double, at now: Double
    ) {
        self.target = target
        startTime = now
        let x0 = x - target
        self.spring = spring
        segment = .spring(x0: x0, v0: v)
        settleTime = now + spring.settlingTime(displacement: x0, velocity: v, epsilon: settleTolerance)
    }

    /// The spring a curve of `duration` hands over to: critically damped, settling to 0.1 % of the distance in
    /// `duration` from rest, so the remaining motion takes about as long as the curve would have.
    /// For critical damping from rest, |x(t)| / |x0| = (1 + w t) e^(-w t), which falls to 0.001 at w t = 9.2335.
    static func handoffSpring(duration: Double) -> DampedSpring {
        let duration = Sanitize.duration(duration, or: RepresentableRange.minimumDuration)
        return DampedSpring(validatedAngularFrequency: 9.233_5 / duration, dampingRatio: 1)
    }
}

extension AnimatedValue.Driver {
    /// The segment an animation with this driver starts: the rule ``AnimatedValue`` and ``VectorMotion`` share.
    enum Start {
        /// At rest at the target (no animation, nothing to move, or a curve of no positive duration).
        case rest
        /// A spring from the current position and velocity.
        case spring(DampedSpring)
        /// The curve from the current position over `duration` seconds (within ``RepresentableRange``).
        case curve(TimingCurve, duration: Double)
    }

    /// What starts for a value that is `moving` (not settled, or given a velocity) and is or is not `atTarget`: a
    /// value at rest at its target stays at rest (no segment to evaluate on every frame); a curve started while
    /// moving hands over to ``AnimatedValue/handoffSpring(duration:)``.
    func start(moving: Bool, atTarget: Bool) -> Start {
        if !moving && atTarget { return .rest }
        switch self {
        case .immediate:
            return .rest
        case .spring(let spring):
            return .spring(spring)
        case .curve(let curve, let duration):
            guard duration.isFinite, duration > 0 else { return .rest }
            let duration = Sanitize.duration(duration, or: RepresentableRange.minimumDuration)
            return moving ? .spring(AnimatedValue.handoffSpring(duration: duration)) : .curve(curve, duration: duration)
        }
    }
}

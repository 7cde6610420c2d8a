/// What a merging custom animation (SwiftUI's `CustomAnimation`) does on each of its three calls, platform-neutral:
/// the SwiftUI layer only moves the ``VectorMotion`` this returns in and out of the animation's context state.
///
/// SwiftUI animates a value from zero toward `value` (the change), calls ``animate(_:at:state:)`` each frame with the
/// seconds since the animation started, and, when a new animation of the same type starts while this one runs, calls
/// ``merge(_:at:state:)`` on the new one with the running one's state and elapsed time, then keeps calling
/// ``animate(_:at:state:)`` on it with times that continue from there and values measured from the same origin.
public struct MergingAnimation: Sendable, Hashable {
    /// What moves the value: a spring, a curve over a duration (handing over to a spring when merged while the value
    /// moves), or `.immediate`.
    public var driver: AnimatedValue.Driver
    /// The distance from the target within which the motion counts as settled (see
    /// ``VectorMotion/settleTolerance``).
    public var settleTolerance: Double

    /// An animation with `driver`; `settleTolerance` defaults to ``SettleRule/points``.
    public init(_ driver: AnimatedValue.Driver, settleTolerance: Double = SettleRule.points) {
        self.driver = driver
        self.settleTolerance = settleTolerance
    }

    /// The value at `time` (seconds since the animation, or the one it merged with, started), or nil once settled,
    /// where the host shows `value` itself.
    ///
    /// The first call starts the motion from zero at time 0; a `value` other than the motion's target (which a host
    /// that merges passes only through ``merge(_:at:state:)``) is merged at `time`.
    public func animate<Vector: MotionVector>(_ value: Vector, at time: Double, state: inout VectorMotion<Vector>?)
        -> Vector?
    {
        var motion: VectorMotion<Vector>
        if let running = state {
            motion = running
            if motion.target != value { motion.animate(to: value, using: driver, at: time) }
        } else {
            motion = VectorMotion(.zero, settleTolerance: settleTolerance)
            motion.animate(to: value, using: driver, at: 0)
        }
        state = motion
        return motion.animatedValue(at: time)
    }

    /// The velocity at `time` in the value's units per second (zero before the first frame), or nil once settled.
    public func velocity<Vector: MotionVector>(_ value: Vector, at time: Double, state: VectorMotion<Vector>?)
        -> Vector?
    {
        guard let motion = state else { return .zero }
        return motion.animatedVelocity(at: time)
    }

    /// Takes over from the running animation whose motion is `state`, at `time`: the motion heads for `value` from the
    /// position and velocity it has then, with this animation's driver and tolerance. Always merges (true); with no
    /// running motion it starts from zero at rest.
    public func merge<Vector: MotionVector>(_ value: Vector, at time: Double, state: inout VectorMotion<Vector>?)
        -> Bool
    {
        var motion = state ?? VectorMotion(.zero, settleTolerance: settleTolerance)
        motion.settleTolerance = settleTolerance
        motion.animate(to: value, using: driver, at: time)
        state = motion
        return true
    }
}

import CKernel

/// Many independent animated scalars driven by one ``DampedSpring``, advanced frame by frame.
///
/// Storage is structure-of-arrays in `Float`: each lane keeps its displacement from its target, its
/// velocity (units per second) and its target. ``advance(by:)`` moves every lane with the exact
/// fixed-step propagator (`ck_propagator_make` in double, `ck_propagate_n` vectorised), so the result
/// does not depend on how a time span is cut into frames beyond float rounding. The propagator is cached
/// for the last step size, so a steady frame rate costs one matrix-vector product per lane and a frame
/// allocates nothing.
///
/// Lanes are retargeted independently with ``retarget(lane:to:)``: the value and velocity stay where they
/// are and only the target moves, which is what makes an interrupted animation continuous.
///
/// Values, targets and velocities are clamped to ±``RepresentableRange/maximumMagnitude`` where they enter, so a
/// displacement (value - target) never overflows a `Float`.
public struct SpringArray: Sendable {
    /// The spring every lane follows. Changing it takes effect at the next ``advance(by:)``.
    public var spring: DampedSpring {
        didSet { cachedStep = -1 }
    }
    /// A lane is settled when |displacement| is at most this (units). Default 0.001.
    public var displacementThreshold: Float
    /// A lane is settled when |velocity| is at most this (units per second). Default 0.01.
    public var velocityThreshold: Float
    /// Displacement of each lane from its target (value - target).
    public private(set) var displacements: [Float]
    /// Velocity of each lane in units per second.
    public private(set) var velocities: [Float]
    /// The target of each lane.
    public private(set) var targets: [Float]

    /// The step size the cached propagator was built for (-1: none).
    private var cachedStep: Double = -1
    private var cachedPropagator = ck_propagator(a: 1, b: 0, c: 0, d: 1)

    /// Lanes at rest at `values` (each lane's target is its value).
    ///
    /// - Parameters:
    ///   - spring: The spring every lane follows.
    ///   - values: The initial value (and target) of each lane; must be finite.
    ///   - displacementThreshold: See ``displacementThreshold``; finite, >= 0.
    ///   - velocityThreshold: See ``velocityThreshold``; finite, >= 0.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for a non-finite value or a bad threshold.
    public init(
        spring: DampedSpring, values: [Float], displacementThreshold: Float = 0.001, velocityThreshold: Float = 0.01
    ) throws(KernelError) {
        guard values.allSatisfy({ $0.isFinite }) else { throw .invalidArgument("values must be finite") }
        let values = values.map(Self.representable)
        guard displacementThreshold.isFinite, displacementThreshold >= 0, velocityThreshold.isFinite,
            velocityThreshold >= 0
        else { throw .invalidArgument("thresholds must be finite and >= 0") }
        self.spring = spring
        self.displacementThreshold = displacementThreshold
        self.velocityThreshold = velocityThreshold
        self.targets = values
        self.displacements = [Float](repeating: 0, count: values.count)
        self.velocities = [Float](repeating: 0, count: values.count)
    }

    /// The number of lanes.
    public var count: Int { targets.count }

    /// The current value of every lane (target + displacement). Allocates a new array.
    public var values: [Float] { zip(targets, displacements).map { $0 + $1 } }

    /// The current value of `lane`, or nil if there is no such lane.
    public func value(ofLane lane: Int) -> Float? {
        targets.indices.contains(lane) ? targets[lane] + displacements[lane] : nil
    }

    /// The velocity of `lane` in units per second, or nil if there is no such lane.
    public func velocity(ofLane lane: Int) -> Float? {
        velocities.indices.contains(lane) ? velocities[lane] : nil
    }

    /// Whether `lane` is within both thresholds of rest (false if there is no such lane).
    public func isSettled(lane: Int) -> Bool {
        guard displacements.indices.contains(lane) else { return false }
        return abs(displacements[lane]) <= displacementThreshold && abs(velocities[lane]) <= velocityThreshold
    }

    /// How many lanes are settled (one pass over the lanes; no allocation).
    public var settledCount: Int {
        var settled = 0
        for lane in displacements.indices
        where abs(displacements[lane]) <= displacementThreshold && abs(velocities[lane]) <= velocityThreshold {
            settled += 1
        }
        return settled
    }

    /// Whether every lane is settled.
    public var isSettled: Bool { settledCount == count }

    /// Advances every lane by `dt` seconds with the exact propagator (`ck_propagate_n`, one shared matrix).
    ///
    /// The propagator is rebuilt only when `dt` differs from the previous call's. A NaN or negative `dt`
    /// does nothing; +∞ counts as the largest finite step (damped lanes come to rest). No allocation.
    public mutating func advance(by dt: Double) {
        let step = dt.isNaN ? 0 : min(max(dt, 0), Double.greatestFiniteMagnitude)
        guard step > 0, !targets.isEmpty else { return }
        if step != cachedStep {
            var propagator = ck_propagator()
            let kernelSpring = ck_spring(omega0: spring.angularFrequency, zeta: spring.dampingRatio)
            guard ck_propagator_make(kernelSpring, step, &propagator) == CK_OK else { return }
            cachedPropagator = propagator
            cachedStep = step
        }
        var propagator = cachedPropagator
        displacements.withUnsafeMutableBufferPointer { x in
            velocities.withUnsafeMutableBufferPointer { v in
                // Cannot fail: one propagator, equal non-zero counts, separate arrays.
                _ = ck_propagate_n(&propagator, 1, x.baseAddress, v.baseAddress, x.count)
            }
        }
    }

    /// Moves the target of `lane` to `target`, keeping its value and velocity: the displacement changes by
    /// old target - new target.
    ///
    /// - Throws: ``KernelError/invalidArgument(_:)`` if there is no such lane or `target` is not finite.
    public mutating func retarget(lane: Int, to target: Float) throws(KernelError) {
        guard targets.indices.contains(lane) else { throw .invalidArgument("lane \(lane) is not in 0..<\(count)") }
        guard target.isFinite else { throw .invalidArgument("target must be finite") }
        let target = Self.representable(target)
        displacements[lane] += targets[lane] - target
        targets[lane] = target
    }

    /// Puts `lane` at rest at `value` (which becomes its target), ending its animation.
    ///
    /// - Throws: ``KernelError/invalidArgument(_:)`` if there is no such lane or `value` is not finite.
    public mutating func reset(lane: Int, to value: Float) throws(KernelError) {
        guard targets.indices.contains(lane) else { throw .invalidArgument("lane \(lane) is not in 0..<\(count)") }
        guard value.isFinite else { throw .invalidArgument("value must be finite") }
        targets[lane] = Self.representable(value)
        displacements[lane] = 0
        velocities[lane] = 0
    }

    /// Sets the velocity of `lane` (units per second), e.g. from a gesture at release.
    ///
    /// - Throws: ``KernelError/invalidArgument(_:)`` if there is no such lane or `velocity` is not finite.
    public mutating func setVelocity(lane: Int, to velocity: Float) throws(KernelError) {
        guard velocities.indices.contains(lane) else {
            throw .invalidArgument("lane \(lane) is not in 0..<\(count)")
        }
        guard velocity.isFinite else { throw .invalidArgument("velocity must be finite") }
        velocities[lane] = Self.representable(velocity)
    }

    /// A finite value clamped to ±``RepresentableRange/maximumMagnitude``.
    private static func representable(_ value: Float) -> Float {
        Float(Sanitize.finite(Double(value), or: 0))
    }
}

import CKernel

/// A damped spring: the motion `x'' + 2 ζ ω₀ x' + ω₀² x = 0` of a value towards its target.
///
/// Described by its undamped angular frequency ω₀ (``angularFrequency``, rad/s) and damping ratio ζ
/// (``dampingRatio``): ζ < 1 overshoots, ζ = 1 is critically damped, ζ > 1 creeps in. Every evaluation is
/// the exact closed form from the C kernel (`ck_spring_eval`), uniformly accurate across ζ = 1, so the
/// result does not depend on frame rate or step size.
///
/// Create one the way SwiftUI (``init(duration:bounce:)``), the response/damping-ratio style
/// (``init(response:dampingRatio:)``), physics (``init(mass:stiffness:damping:)``) or UIKit
/// (``init(uiKitDuration:dampingRatio:initialVelocity:)``) describe springs.
public struct DampedSpring: Sendable, Hashable {
    /// The undamped angular frequency ω₀ in radians per second (finite, > 0).
    public let angularFrequency: Double
    /// The damping ratio ζ (finite, >= 0): 0 never stops, 1 is critical damping.
    public let dampingRatio: Double

    /// A spring in SwiftUI's terms (`duration` and `bounce`), via `ck_spring_from_duration`.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds (> 0): ω₀ = 2π / duration. Default 0.5 s, as SwiftUI.
    ///   - bounce: -1 < bounce <= 1; ζ = 1 - bounce for bounce >= 0 and 1 / (1 + bounce) below 0. Default 0
    ///     (critically damped).
    /// - Throws: ``KernelError/invalidArgument(_:)`` for values out of range or not finite, or a spring whose ω₀
    ///   falls outside ``RepresentableRange/angularFrequency``.
    public init(duration: Double = 0.5, bounce: Double = 0) throws(KernelError) {
        var spring = ck_spring()
        try KernelError.check(ck_spring_from_duration(duration, bounce, &spring))
        try self.init(checked: spring)
    }

    /// A spring from its response (the period of the undamped oscillation) and damping ratio, via
    /// `ck_spring_from_response`.
    ///
    /// - Parameters:
    ///   - response: Seconds (> 0); ω₀ = 2π / response.
    ///   - dampingRatio: ζ >= 0.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for values out of range or not finite, or a spring whose ω₀
    ///   falls outside ``RepresentableRange/angularFrequency``.
    public init(response: Double, dampingRatio: Double) throws(KernelError) {
        var spring = ck_spring()
        try KernelError.check(ck_spring_from_response(response, dampingRatio, &spring))
        try self.init(checked: spring)
    }

    /// A spring from physical constants, via `ck_spring_make`: ω₀ = √(k/m), ζ = c / (2√(k m)).
    ///
    /// - Parameters:
    ///   - mass: m > 0 (default 1).
    ///   - stiffness: k > 0 (N/m, or units/s² per unit for mass 1).
    ///   - damping: c >= 0.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for values out of range or not finite, or a spring whose ω₀
    ///   falls outside ``RepresentableRange/angularFrequency``.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(KernelError) {
        var spring = ck_spring()
        try KernelError.check(ck_spring_make(mass, stiffness, damping, &spring))
        try self.init(checked: spring)
    }

    /// A spring matching UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
    ///
    /// UIKit does not publish how it maps these to a spring; this definition is: ω₀ is chosen so that the
    /// motion over a normalised distance of 1 (from displacement -1 to the target, starting with
    /// `initialVelocity` distances per second towards the target) settles, in the sense of
    /// ``settlingTime(displacement:velocity:epsilon:)`` with epsilon 0.001, at exactly `duration`.
    /// Settling time scales as 1/ω₀ for zero velocity, which gives ω₀ directly; otherwise ω₀ is found by
    /// bisection (in log ω₀) on `ck_spring_settling_time`. Settling time jumps where a late overshoot peak
    /// passes through 0.001; if `duration` falls inside such a jump the spring found settles at the jump.
    ///
    /// - Parameters:
    ///   - duration: Seconds (> 0, finite).
    ///   - dampingRatio: ζ > 0 (UIKit's `usingSpringWithDamping`; 0 would never settle).
    ///   - initialVelocity: UIKit's normalised velocity (distance per second divided by the distance), > 0
    ///     towards the target. Default 0. Convert with ``normalizedVelocity(pointsPerSecond:distance:)``.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for values out of range or not finite, or a spring whose ω₀
    ///   falls outside ``RepresentableRange/angularFrequency``.
    public init(uiKitDuration duration: Double, dampingRatio: Double, initialVelocity: Double = 0) throws(KernelError) {
        guard duration.isFinite, duration > 0 else {
            throw .invalidArgument("uiKitDuration must be finite and > 0")
        }
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw .invalidArgument("dampingRatio must be finite and > 0")
        }
        guard initialVelocity.isFinite else { throw .invalidArgument("initialVelocity must be finite") }
        func settling(_ omega: Double) -> Double {
            var time = 0.0
            let status = ck_spring_settling_time(
                ck_spring(omega0: omega, zeta: dampingRatio), -1, initialVelocity, 0.001, &time)
            return status == CK_OK ? time : .nan
        }
        // At ω₀ = 1 the settling time is τ; with no velocity it scales exactly as τ / ω₀.
        let unit = settling(1)
        guard unit.isFinite, unit > 0 else { throw .invalidArgument("no spring settles in that duration") }
        var omega = unit / duration
        if initialVelocity != 0 {
            // Settling time -> 0 as ω₀ -> ∞ and -> ∞ as ω₀ -> 0: bracket, then bisect geometrically.
            var low = omega
            var high = omega
            var steps = 0
            while settling(high) > duration, steps < 2000 {
                high *= 2
                steps += 1
            }
            steps = 0
            while settling(low) < duration, steps < 2000 {
                low /= 2
                steps += 1
            }
            for _ in 0..<200 {
                let mid = (low * high).squareRoot()
                guard mid > low, mid < high else { break }
                if settling(mid) > duration { low = mid } else { high = mid }
            }
            omega = high
        }
        guard omega.isFinite, omega > 0 else { throw .invalidArgument("no spring settles in that duration") }
        try self.init(checked: ck_spring(omega0: omega, zeta: dampingRatio))
    }

    /// A spring the kernel accepted, if its angular frequency is in ``RepresentableRange/angularFrequency``.
    private init(checked spring: ck_spring) throws(KernelError) {
        let range = RepresentableRange.angularFrequency
        guard range.contains(spring.omega0) else {
            throw .invalidArgument(
                "angular frequency \(spring.omega0) rad/s is outside \(range.lowerBound)...\(range.upperBound)")
        }
        self.init(validatedAngularFrequency: spring.omega0, dampingRatio: spring.zeta)
    }

    /// A spring from values already known to be valid (presets inside the module); no checks.
    internal init(validatedAngularFrequency: Double, dampingRatio: Double) {
        self.angularFrequency = validatedAngularFrequency
        self.dampingRatio = dampingRatio
    }

    /// SwiftUI's `.smooth`: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = DampedSpring(validatedAngularFrequency: 4 * Double.pi, dampingRatio: 1)
    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15 (ζ = 0.85).
    public static let snappy = DampedSpring(validatedAngularFrequency: 4 * Double.pi, dampingRatio: 0.85)
    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3 (ζ = 0.7).
    public static let bouncy = DampedSpring(validatedAngularFrequency: 4 * Double.pi, dampingRatio: 0.7)

    /// SwiftUI's perceptual duration in seconds: 2π / ω₀.
    public var duration: Double { 2 * Double.pi / angularFrequency }

    /// SwiftUI's bounce: 1 - ζ for ζ <= 1, 1/ζ - 1 above (the inverse of ``init(duration:bounce:)``).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// The response in seconds: 2π / ω₀ (the period of the undamped oscillation).
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// The stiffness k = ω₀² for mass 1.
    public var stiffness: Double { angularFrequency * angularFrequency }

    /// The damping coefficient c = 2 ζ ω₀ for mass 1.
    public var damping: Double { 2 * dampingRatio * angularFrequency }

    private var kernelSpring: ck_spring { ck_spring(omega0: angularFrequency, zeta: dampingRatio) }

    /// The state `time` seconds after displacement `displacement` (from the target) and velocity
    /// `velocity` (units per second), from the closed form `ck_spring_eval`.
    ///
    /// A NaN or negative `time` counts as 0 and +∞ as the largest finite time (a damped spring is then at
    /// rest), so this never traps. A non-finite displacement or velocity gives NaN.
    public func evaluate(displacement: Double, velocity: Double, at time: Double) -> (
        displacement: Double, velocity: Double
    ) {
        let t = time.isNaN ? 0 : min(max(time, 0), Double.greatestFiniteMagnitude)
        var x = 0.0
        var v = 0.0
        guard ck_spring_eval(kernelSpring, displacement, velocity, t, &x, &v) == CK_OK else { return (.nan, .nan) }
        return (x, v)
    }

    /// The value at `time` seconds of an animation from `from` to `to` that starts with `initialVelocity`
    /// (units per second). Time is clamped as in ``evaluate(displacement:velocity:at:)``.
    public func value(from: Double, to: Double, initialVelocity: Double = 0, at time: Double) -> Double {
        to + evaluate(displacement: from - to, velocity: initialVelocity, at: time).displacement
    }

    /// The velocity (units per second) at `time` seconds of an animation from `from` to `to` that starts
    /// with `initialVelocity`. Time is clamped as in ``evaluate(displacement:velocity:at:)``.
    public func velocity(from: Double, to: Double, initialVelocity: Double = 0, at time: Double) -> Double {
        evaluate(displacement: from - to, velocity: initialVelocity, at: time).velocity
    }

    /// The last time (seconds) at which |x(t)| equals `epsilon`, from `ck_spring_settling_time`: after it
    /// the displacement stays within `epsilon` of the target for good.
    ///
    /// 0 if it never exceeds `epsilon`; +∞ for an undamped spring (ζ = 0) whose amplitude exceeds
    /// `epsilon`. `epsilon` <= 0 or NaN gives +∞ for a moving state (it never settles exactly) and 0 at rest;
    /// +∞ gives 0. A non-finite displacement or velocity gives NaN.
    public func settlingTime(displacement: Double, velocity: Double, epsilon: Double) -> Double {
        guard displacement.isFinite, velocity.isFinite else { return .nan }
        if displacement == 0 && velocity == 0 { return 0 }
        guard epsilon > 0 else { return .infinity }
        guard epsilon.isFinite else { return 0 }
        var time = 0.0
        guard ck_spring_settling_time(kernelSpring, displacement, velocity, epsilon, &time) == CK_OK else {
            return .nan
        }
        return time
    }

    /// How long an animation from `from` to `to` with `initialVelocity` (units per second) takes to stay
    /// within `epsilon` (same units, default 0.001) of `to`: ``settlingTime(displacement:velocity:epsilon:)``.
    public func settlingDuration(from: Double, to: Double, initialVelocity: Double = 0, epsilon: Double = 0.001)
        -> Double
    {
        settlingTime(displacement: from - to, velocity: initialVelocity, epsilon: epsilon)
    }

    /// UIKit's normalised velocity: `pointsPerSecond / distance` (0 when the distance is 0).
    public static func normalizedVelocity(pointsPerSecond: Double, distance: Double) -> Double {
        distance == 0 ? 0 : pointsPerSecond / distance
    }

    /// Points per second from UIKit's normalised velocity: `normalizedVelocity * distance`.
    public static func pointsPerSecond(normalizedVelocity: Double, distance: Double) -> Double {
        normalizedVelocity * distance
    }
}

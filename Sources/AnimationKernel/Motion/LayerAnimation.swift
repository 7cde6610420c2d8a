/// The motion of one layer property from a handover time until the model settles, in the terms Core Animation runs
/// on the render server: one spring (`CASpringAnimation`), one timing curve (`CABasicAnimation` with a
/// `CAMediaTimingFunction`), keyframes (`CAKeyframeAnimation`, linear) where the property is composite, or no
/// animation at all.
///
/// Models build these with `layerAnimations(from:)` once no finger holds them: the host then sets each property's
/// model value to ``finalValue``, adds the animation, and does no work per frame until the next event, when it reads
/// the exact state from the model again. Times are seconds on the model's clock (a display link's timestamps, which
/// are `CACurrentMediaTime()` values); values are in the property's units (points, or a fraction for alphas).
public enum LayerAnimation: Sendable, Hashable {
    /// The property does not move from the handover on: set it to this value.
    case rest(Double)
    /// One damped spring (`CASpringAnimation`), never overdamped (Core Animation runs those as critically damped
    /// by default; an overdamped spring goes over as keyframes).
    case spring(Spring)
    /// One timing curve (`CABasicAnimation` with a cubic-bézier `CAMediaTimingFunction`).
    case curve(Curve)
    /// Linear keyframes (`CAKeyframeAnimation`): the property combines several motions (or clamps one). The keys
    /// span the handover to the model's settle time; `finalValue` is the layer's model value, which shows once
    /// they end (it differs from the last key where the model steps at its settle time, e.g. a dismissed screen's
    /// alpha).
    case keyframes(SampledKeyframes, finalValue: Double)

    /// Largest difference from the model's frames for properties in points (a quarter point).
    public static let pointTolerance: Double = 0.25
    /// Largest difference from the model's frames for fractions such as alphas (half an 8-bit level).
    public static let fractionTolerance: Double = 1.0 / 512

    /// A spring in Core Animation's terms: the property moves from ``from`` to ``to`` as a damped harmonic oscillator
    /// `m x'' + c x' + k x = 0` of the displacement from ``to``, starting at ``beginTime`` with ``initialVelocity``.
    public struct Spring: Sendable, Hashable {
        /// Mass m (always 1: ``stiffness`` and ``damping`` carry the spring).
        public var mass: Double
        /// Stiffness k = ω₀² (1/s² for mass 1).
        public var stiffness: Double
        /// Damping coefficient c = 2 ζ ω₀ (1/s for mass 1).
        public var damping: Double
        /// The velocity at ``beginTime`` normalised to the distance, as `CASpringAnimation.initialVelocity` takes it:
        /// distances (`to - from`) per second, positive toward ``to``.
        public var initialVelocity: Double
        /// The value at ``beginTime`` (points, or a fraction).
        public var from: Double
        /// The resting value (the layer's model value).
        public var to: Double
        /// When the spring starts (seconds on the model's clock).
        public var beginTime: Double
        /// Seconds from ``beginTime`` until the spring stays within the model's settle tolerance; Core Animation's
        /// `duration` (after it the layer shows its model value, ``to``, as the model does from its settle time).
        public var duration: Double
    }

    /// A timing curve in Core Animation's terms: the property moves from ``from`` to ``to`` over ``duration`` seconds
    /// from ``beginTime`` (which may lie before the handover: the curve is then in flight).
    public struct Curve: Sendable, Hashable {
        /// The cubic bézier's control points `(x1, y1, x2, y2)`, as `CAMediaTimingFunction(controlPoints:)` takes
        /// them (the linear curve is `(0, 0, 1, 1)`).
        public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)
        /// The value at ``beginTime``.
        public var from: Double
        /// The value at ``beginTime`` + ``duration`` (the layer's model value).
        public var to: Double
        /// When the curve starts (seconds on the model's clock).
        public var beginTime: Double
        /// The curve's duration in seconds.
        public var duration: Double

        /// Equal when every number is equal (tuples are not `Equatable`, so this is spelled out).
        public static func == (lhs: Curve, rhs: Curve) -> Bool {
            lhs.controlPoints == rhs.controlPoints && lhs.from == rhs.from && lhs.to == rhs.to
                && lhs.beginTime == rhs.beginTime && lhs.duration == rhs.duration
        }

        /// Hashes every number equality compares.
        public func hash(into hasher: inout Hasher) {
            for value in [controlPoints.x1, controlPoints.y1, controlPoints.x2, controlPoints.y2, from, to] {
                hasher.combine(value)
            }
            hasher.combine(beginTime)
            hasher.combine(duration)
        }
    }

    /// The value the property rests at: the layer's model value to set under the animation.
    public var finalValue: Double {
        switch self {
        case .rest(let value): return value
        case .spring(let spring): return spring.to
        case .curve(let curve): return curve.to
        case .keyframes(_, let finalValue): return finalValue
        }
    }

    /// How many animations a host adds for this property: 0 at rest, else 1.
    public var animationCount: Int {
        if case .rest = self { return 0 }
        return 1
    }

    /// How many keyframes it hands over (0 for a spring, a curve or rest).
    public var keyCount: Int {
        if case .keyframes(let keys, _) = self { return keys.times.count }
        return 0
    }
}

/// One channel's current segment, as plain numbers: what ``LayerAnimation`` can hand over as one spring or curve.
/// Evaluates exactly as the channel does (``AnimatedValue``, a ``SpringLanes`` lane), settle rule included.
struct MotionSegment: Sendable {
    enum Kind: Sendable {
        case rest
        case tracking
        case spring(DampedSpring, x0: Double, v0: Double)
        case curve(TimingCurve, from: Double, duration: Double)
    }

    var kind: Kind
    var target: Double
    var startTime: Double
    var settleTime: Double

    /// Value and velocity at `time` (not before ``startTime``); a curve's velocity reads 0 (a curve goes over with its
    /// own timing function, so the handover never needs it).
    func state(at time: Double) -> (value: Double, velocity: Double) {
        let t = max(0, time - startTime)
        switch kind {
        case .rest, .tracking:
            return (target, 0)
        case .spring(let spring, let x0, let v0):
            guard time < settleTime else { return (target, 0) }
            let (x, v) = spring.evaluate(displacement: x0, velocity: v0, at: t)
            return (target + x, v)
        case .curve(let curve, let from, let duration):
            guard t < duration else { return (target, 0) }
            return (Sanitize.finite(from + (target - from) * curve.value(at: t / duration), or: target), 0)
        }
    }
}

extension TimingCurve {
    /// The cubic bézier's control points, or nil for a curve Core Animation's timing functions cannot express
    /// (steps, piecewise linear). The identity is `(0, 0, 1, 1)`.
    var cubicBezierControlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch kind {
        case .identity: return (0, 0, 1, 1)
        case .bezier(let storage):
            let c = storage.curve.pointee
            return (c.x1, c.y1, c.x2, c.y2)
        case .steps, .piecewiseLinear: return nil
        }
    }
}

/// One layer property a model hands over: how to read it from a frame, and the largest difference allowed from it
/// (in its units).
struct LayerProperty<Frame> {
    var read: (Frame) -> Double
    var maximumError: Double
}

extension LayerAnimation {
    /// The most grid times a handover reads (the span is read at 240 Hz, more coarsely beyond 17 s).
    static let maximumChecks = 4096
    /// Most keyframes per property.
    static let maximumKeys = 256

    /// The handover of `properties` from `time` until `end` (the model's settle time). `frame(t)` is the model's
    /// frame, `segments` its channels' current segments.
    ///
    /// Each property is checked on a grid of at least 240 Hz (frames are read once per grid time for all of them):
    /// constant within half of its maximum error is ``rest(_:)``; an affine image `a + b s(t)` of one channel's
    /// spring or curve (within half of the maximum error, so clamps and other moving channels disqualify it) is that
    /// spring or curve in the property's units; anything else is ``SampledKeyframes`` within the maximum error. Up to
    /// `end` the frames are read just before it (a model may step at its settle time); from `end` on a property is
    /// its final value. Allocates (once per handover, not per frame).
    static func handover<Frame>(
        from time: Double, until end: Double, segments: [MotionSegment], properties: [LayerProperty<Frame>],
        frame: (Double) -> Frame
    ) -> [LayerAnimation] {
        guard end > time, end < .infinity else {
            let now = frame(time)
            return properties.map { .rest(Sanitize.finite($0.read(now), or: 0)) }
        }
        func before(_ t: Double) -> Frame { frame(min(t, end.nextDown)) }
        let step = max(1.0 / 240, (end - time) / Double(maximumChecks))
        // Indexed, not accumulated: at a huge time base a step may not change the sum, and the count stays bounded.
        var times: [Double] = []
        for k in 0..<maximumChecks {
            let t = time + Double(k) * step
            guard t < end else { break }
            times.append(t)
        }
        times.append(end)
        let frames = times.map(before)
        let finalFrame = frame(end)
        // Each candidate's values on the grid, computed when a property first needs them.
        let candidates = segments.filter { $0.settleTime > time && $0.startTime <= time }
        var candidateValues: [[Double]?] = Array(repeating: nil, count: candidates.count)
        return properties.map { property in
            let read = property.read
            let values = frames.map { Sanitize.finite(read($0), or: 0) }
            let final = Sanitize.finite(read(finalFrame), or: 0)
            let tolerance = Sanitize.clamp(property.maximumError, 1e-9, RepresentableRange.maximumMagnitude) / 2
            if values.allSatisfy({ abs($0 - final) <= tolerance }) { return .rest(final) }
            let (start, left) = (values[0], values[values.count - 1])
            for (index, segment) in candidates.enumerated() {
                let s0 = segment.state(at: time)
                guard s0.value != segment.target else { continue }
                let b = (start - left) / (s0.value - segment.target)
                let a = left - b * segment.target
                guard a.isFinite, b.isFinite, abs(a + b * segment.target - final) <= tolerance else { continue }
                let s = candidateValues[index] ?? times.map { segment.state(at: $0).value }
                candidateValues[index] = s
                guard zip(values, s).allSatisfy({ abs($0 - (a + b * $1)) <= tolerance }),
                    let animation = Self.single(segment, a: a, b: b, from: start, to: final, at: time)
                else { continue }
                return animation
            }
            let keys = SampledKeyframes(
                from: time, to: end, maximumError: property.maximumError, maximumKeys: maximumKeys
            ) { Sanitize.finite(read(before($0)), or: 0) }
            return .keyframes(keys, finalValue: final)
        }
    }

    /// `a + b segment` from `time` as one Core Animation spring or curve (nil where Core Animation has no such curve
    /// or the spring's normalised velocity is undefined). `from` and `to` are the property's values at `time` and at
    /// rest.
    private static func single(
        _ segment: MotionSegment, a: Double, b: Double, from: Double, to: Double, at time: Double
    )
        -> LayerAnimation?
    {
        switch segment.kind {
        case .spring(let spring, _, _):
            // Core Animation treats an overdamped spring as critically damped unless `allowsOverdamping` (iOS 17) is
            // set: such a spring goes over as keyframes.
            guard spring.dampingRatio <= 1 else { return nil }
            // CA's velocity is in distances per second toward `to`: b v / (b (target - s)) = -v / x.
            let s0 = segment.state(at: time)
            let normalized = -s0.velocity / (s0.value - segment.target)
            guard normalized.isFinite else { return nil }
            let w = spring.angularFrequency
            return .spring(
                Spring(
                    mass: 1, stiffness: w * w, damping: 2 * spring.dampingRatio * w, initialVelocity: normalized,
                    from: from, to: to, beginTime: time, duration: segment.settleTime - time))
        case .curve(let curve, let start, let duration):
            guard let points = curve.cubicBezierControlPoints else { return nil }
            return .curve(
                Curve(
                    controlPoints: points, from: a + b * start, to: to, beginTime: segment.startTime,
                    duration: duration))
        case .rest, .tracking:
            return nil
        }
    }
}

/// A rectangle with rounded corners, as a layer's shadow path draws it (`CGPath(roundedRect:cornerWidth:
/// cornerHeight:transform:)`), in the layer's own coordinates.
public struct RoundedRect: Sendable, Hashable {
    /// The rectangle, in points.
    public var rect: Rect
    /// The corner radius drawn, in points: at most half the shorter side (a path's corners cannot overlap).
    public var cornerRadius: Double

    /// `rect` with corners of `cornerRadius` points, clamped to [0, half the shorter side]; non-finite components
    /// read as 0 and negative sizes as 0.
    public init(rect: Rect, cornerRadius: Double) {
        let rect = Sanitize.rect(rect)
        self.rect = rect
        self.cornerRadius = Sanitize.clamp(
            Sanitize.finite(cornerRadius, or: 0), 0, min(rect.width, rect.height) / 2)
    }

    /// The largest distance between a control point of `self`'s path and the same point of `other`'s, bounded
    /// from above: every point of a rounded rectangle's path is `(x + a w + b r, y + c h + d r)` with a, c in
    /// {0, 1} and |b|, |d| <= 1, so it moves at most `|dx| + |dw| + |dr|` across and `|dy| + |dh| + |dr|` down.
    public func controlPointDistanceBound(to other: RoundedRect) -> Double {
        let dr = abs(cornerRadius - other.cornerRadius)
        let across = abs(rect.minX - other.rect.minX) + abs(rect.width - other.rect.width)
        let down = abs(rect.minY - other.rect.minY) + abs(rect.height - other.rect.height)
        return max(across, down) + dr
    }

    /// The shape whose rectangle and radius lie `u` of the way from `self` to `other` (what Core Animation shows
    /// between two path keyframes of the same structure: it interpolates each control point linearly).
    public func interpolated(to other: RoundedRect, _ u: Double) -> RoundedRect {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
        var shape = self
        shape.rect = Rect(
            x: mix(rect.minX, other.rect.minX), y: mix(rect.minY, other.rect.minY),
            width: mix(rect.width, other.rect.width), height: mix(rect.height, other.rect.height))
        shape.cornerRadius = mix(cornerRadius, other.cornerRadius)
        return shape
    }
}

/// The motion of a layer's rounded-rect path (a shadow path) from a handover until the model settles, as Core
/// Animation runs it. Every control point of the path is linear in the rectangle and the radius, and Core Animation
/// interpolates paths point by point, so where the rectangle's and the radius's moving parts are one spring (or one
/// timing curve) alike, the path is that spring from one path to the other; otherwise it is linear keyframes of paths,
/// placed as ``SampledKeyframes`` places them with ``RoundedRect/controlPointDistanceBound(to:)`` as the error.
/// Either way every control point stays within the maximum error of the model's path.
public enum RoundedRectAnimation: Sendable, Hashable {
    /// The path does not change from the handover on.
    case rest(RoundedRect)
    /// One spring or one timing curve: every control point is `from + (to - from) p(t)`, where `progress` (a
    /// ``LayerAnimation/spring(_:)`` or ``LayerAnimation/curve(_:)``) runs `p` from 0 to 1. Core Animation runs it
    /// as a `CASpringAnimation` or a `CABasicAnimation` from the path of `from` to the path of `to`.
    case progress(LayerAnimation, from: RoundedRect, to: RoundedRect)
    /// Linear keyframes: `times` (seconds on the model's clock, increasing) and the shape at each.
    case keyframes(times: [Double], shapes: [RoundedRect])

    /// The shape the path rests at: the layer's model value to set under the animation.
    public var finalValue: RoundedRect {
        switch self {
        case .rest(let shape): return shape
        case .progress(_, _, let to): return to
        case .keyframes(_, let shapes): return shapes[shapes.count - 1]
        }
    }

    /// How many animations a host adds: 0 at rest, else 1.
    public var animationCount: Int {
        if case .rest = self { return 0 }
        return 1
    }

    /// How many keyframes it hands over (0 at rest).
    public var keyCount: Int {
        if case .keyframes(let times, _) = self { return times.count }
        return 0
    }

    /// Key times as fractions of the duration, in [0, 1] (`CAKeyframeAnimation.keyTimes`); empty at rest.
    public var keyTimes: [Double] {
        guard case .keyframes(let times, _) = self else { return [] }
        let duration = times[times.count - 1] - times[0]
        return duration > 0 ? times.map { ($0 - times[0]) / duration } : times.map { _ in 0 }
    }

    /// Each of a shape's five numbers (x, y, width, height, radius) gets this share of the path's maximum error, so
    /// their sum, which bounds a control point's error, stays within it.
    static let partShare = 1.0 / 3

    /// The shape from `time` until `end` (a model's settle time): `shape(t)` is the model's shape at `t`, read just
    /// before `end` up to it (a model may step there), and `parts` its x, y, width, height and radius handed over
    /// with ``partShare`` of `maximumError` each. Rest when it stays within half of `maximumError` (points) of its
    /// final value; one spring or curve where the moving parts share one; else keyframes whose interpolation stays
    /// within it at the checkpoints, at most `maximumKeys` of them. Allocates (once per handover).
    static func handover(
        from time: Double, until end: Double, parts: [LayerAnimation],
        maximumError: Double = LayerAnimation.pointTolerance, maximumKeys: Int = LayerAnimation.maximumKeys,
        shape: (Double) -> RoundedRect
    ) -> RoundedRectAnimation {
        let final = shape(end)
        guard time.isFinite, end.isFinite, end > time else { return .rest(shape(Sanitize.finite(time, or: 0))) }
        let target = Sanitize.clamp(maximumError, 1e-9, RepresentableRange.maximumMagnitude) / 2
        func before(_ t: Double) -> RoundedRect { shape(min(t, end.nextDown)) }
        // The same check as a property's rest: every grid time within half the error of the final shape.
        let step = max(1.0 / 240, (end - time) / Double(LayerAnimation.maximumChecks))
        var moves = false
        for k in 0..<LayerAnimation.maximumChecks {
            let t = time + Double(k) * step
            guard t < end else { break }
            if before(t).controlPointDistanceBound(to: final) > target {
                moves = true
                break
            }
        }
        guard moves else { return .rest(final) }
        if let single = single(parts) { return single }
        let keys = KeySampler.sample(
            from: time, to: end, within: target, maximumKeys: max(2, maximumKeys), value: before,
            error: { a, b, u, v in a.interpolated(to: b, u).controlPointDistanceBound(to: v) })
        return .keyframes(times: keys.times, shapes: keys.values)
    }
}

extension RoundedRectAnimation {
    /// The parts' shared spring or curve as one progress from 0 to 1, or nil when the moving parts do not share one
    /// (every part at rest is the caller's case).
    private static func single(_ parts: [LayerAnimation]) -> RoundedRectAnimation? {
        guard parts.count == 5 else { return nil }
        func shape(_ value: (LayerAnimation) -> Double) -> RoundedRect {
            let v = parts.map(value)
            return RoundedRect(rect: Rect(x: v[0], y: v[1], width: v[2], height: v[3]), cornerRadius: v[4])
        }
        var progress: LayerAnimation?
        for part in parts {
            var timing: LayerAnimation
            switch part {
            case .rest: continue
            case .spring(var spring):
                (spring.from, spring.to) = (0, 1)
                timing = .spring(spring)
            case .curve(var curve):
                (curve.from, curve.to) = (0, 1)
                timing = .curve(curve)
            case .keyframes: return nil
            }
            guard progress == nil || progress == timing else { return nil }
            progress = timing
        }
        guard let progress else { return nil }
        let from = shape { part in
            switch part {
            case .spring(let spring): return spring.from
            case .curve(let curve): return curve.from
            default: return part.finalValue
            }
        }
        return .progress(progress, from: from, to: shape { $0.finalValue })
    }
}

/// Adaptive keys for any value Core Animation interpolates linearly: the segment with the largest error is split
/// at its middle until every segment's interpolation is within `target` at ``SampledKeyframes/checkpoints`` evenly
/// spaced checkpoints inside it (as ``SampledKeyframes`` does for numbers).
enum KeySampler {
    /// One segment between two keys and its interpolation error at the checkpoints.
    struct Segment<Value> {
        var start: Double
        var end: Double
        var startValue: Value
        var endValue: Value
        var error: Double
    }

    static func sample<Value>(
        from start: Double, to end: Double, within target: Double, maximumKeys: Int, value: (Double) -> Value,
        error: (_ from: Value, _ to: Value, _ u: Double, _ actual: Value) -> Double
    ) -> (times: [Double], values: [Value]) {
        func segment(_ t0: Double, _ t1: Double, _ v0: Value, _ v1: Value) -> Segment<Value> {
            var worst = 0.0
            let n = SampledKeyframes.checkpoints + 1
            for k in 1..<n {
                let u = Double(k) / Double(n)
                worst = max(worst, error(v0, v1, u, value(t0 + (t1 - t0) * u)))
            }
            return Segment(start: t0, end: t1, startValue: v0, endValue: v1, error: worst)
        }
        var segments = [segment(start, end, value(start), value(end))]
        while segments.count + 1 < maximumKeys {
            var worst = 0
            for i in segments.indices where segments[i].error > segments[worst].error { worst = i }
            let s = segments[worst]
            let middle = (s.start + s.end) / 2
            guard s.error > target, s.start < middle, middle < s.end else { break }
            let vm = value(middle)
            segments[worst] = segment(s.start, middle, s.startValue, vm)
            segments.insert(segment(middle, s.end, vm, s.endValue), at: worst + 1)
        }
        return (segments.map(\.start) + [end], segments.map(\.startValue) + [segments[segments.count - 1].endValue])
    }
}

extension LayerAnimation {
    /// The same motion with every value moved by `offset` (a layer whose position is not its frame's origin: add
    /// the anchor point's offset, `anchorPoint * size`, and the resting origin). A spring keeps its normalised
    /// velocity (the distance does not change); a non-finite offset reads as 0.
    public func offset(by offset: Double) -> LayerAnimation {
        let d = Sanitize.finite(offset, or: 0)
        switch self {
        case .rest(let value):
            return .rest(value + d)
        case .spring(var spring):
            spring.from += d
            spring.to += d
            return .spring(spring)
        case .curve(var curve):
            curve.from += d
            curve.to += d
            return .curve(curve)
        case .keyframes(let keys, let final):
            return .keyframes(keys.offset(by: d), finalValue: final + d)
        }
    }
}

extension SampledKeyframes {
    /// The same keys with every value moved by `offset` (finite).
    func offset(by offset: Double) -> SampledKeyframes {
        var keys = self
        keys.values = values.map { $0 + offset }
        return keys
    }
}

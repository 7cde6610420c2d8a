/// A motion as keyframes for Core Animation (`CAKeyframeAnimation` with linear interpolation): key times and values
/// whose linear interpolation stays within a stated error of the motion, so the render server can run a settling
/// segment while nothing interactive happens, with no main-thread frame work.
///
/// Keys are placed adaptively: the segment with the largest error is split at its middle until every segment's
/// interpolation is within half of `maximumError` at 15 evenly spaced checkpoints inside it, so flat stretches get
/// few keys and fast ones many. For motions as smooth as springs and timing curves the interpolation is then within
/// `maximumError` everywhere (the tests check it on a dense grid). ``error`` reports what was reached.
public struct SampledKeyframes: Sendable, Hashable {
    /// Key times in seconds, increasing; the first is the start, the last the end.
    public private(set) var times: [Double]
    /// The motion's value at each key time.
    public internal(set) var values: [Double]
    /// The largest difference between the interpolation and the motion at the checkpoints, in the motion's units:
    /// at most half of the requested maximum error, unless `maximumKeys` keys were not enough.
    public private(set) var error: Double

    /// Checkpoints inside every segment.
    static let checkpoints = 15

    /// Samples `value` from `start` to `end` (seconds). `maximumError` (in the value's units, default a quarter
    /// point) is clamped to at least 1e-9; `maximumKeys` (default 256) to at least 2. A non-finite or empty span
    /// gives a single key at `start` (or 0); non-finite values read as 0.
    public init(
        from start: Double, to end: Double, maximumError: Double = 0.25, maximumKeys: Int = 256,
        sampling value: (Double) -> Double
    ) {
        func f(_ t: Double) -> Double { Sanitize.finite(value(t), or: 0) }
        let target = Sanitize.clamp(maximumError, 1e-9, RepresentableRange.maximumMagnitude) / 2
        guard start.isFinite, end.isFinite, end > start else {
            let start = Sanitize.finite(start, or: 0)
            self.times = [start]
            self.values = [f(start)]
            self.error = 0
            return
        }
        var segments = [Segment(start, end, f(start), f(end), f)]
        let keyLimit = max(2, maximumKeys)
        while segments.count + 1 < keyLimit {
            var worst = 0
            for i in segments.indices where segments[i].error > segments[worst].error { worst = i }
            let s = segments[worst]
            // Stop once every segment is good enough, or when halving would no longer change the time.
            guard s.error > target, s.start < (s.start + s.end) / 2, (s.start + s.end) / 2 < s.end else { break }
            let middle = (s.start + s.end) / 2
            let fm = f(middle)
            segments[worst] = Segment(s.start, middle, s.startValue, fm, f)
            segments.insert(Segment(middle, s.end, fm, s.endValue, f), at: worst + 1)
        }
        // Evenly spaced keys can do better where the motion bends everywhere alike (a timing curve): the fewest that
        // meet the same criterion win, so the export never has more keys than even spacing needs.
        for count in stride(from: 2, to: segments.count + 1, by: 1) {
            if let even = Self.evenlySpaced(count, from: start, to: end, within: target, f) {
                segments = even
                break
            }
        }
        self.times = segments.map(\.start) + [end]
        self.values = segments.map(\.startValue) + [segments[segments.count - 1].endValue]
        self.error = segments.reduce(0) { max($0, $1.error) }
    }

    /// `count` evenly spaced keys as segments, or nil as soon as one segment misses `target` at a checkpoint.
    private static func evenlySpaced(
        _ count: Int, from start: Double, to end: Double, within target: Double, _ f: (Double) -> Double
    ) -> [Segment]? {
        var segments: [Segment] = []
        segments.reserveCapacity(count - 1)
        var t0 = start
        var f0 = f(start)
        for k in 1..<count {
            let t1 = k == count - 1 ? end : start + (end - start) * Double(k) / Double(count - 1)
            let f1 = f(t1)
            let segment = Segment(t0, t1, f0, f1, f)
            guard segment.error <= target else { return nil }
            segments.append(segment)
            (t0, f0) = (t1, f1)
        }
        return segments
    }

    /// The duration from the first key to the last, in seconds.
    public var duration: Double { times[times.count - 1] - times[0] }

    /// Key times as fractions of the duration, in [0, 1] (`CAKeyframeAnimation.keyTimes`).
    public var keyTimes: [Double] {
        let d = duration
        return d > 0 ? times.map { ($0 - times[0]) / d } : times.map { _ in 0 }
    }

    /// The linear interpolation of the keys at `time` (the first or last value outside them).
    public func interpolated(at time: Double) -> Double {
        guard time > times[0] else { return values[0] }
        guard time < times[times.count - 1] else { return values[values.count - 1] }
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if times[mid] <= time { low = mid } else { high = mid }
        }
        let u = (time - times[low]) / (times[high] - times[low])
        return values[low] + (values[high] - values[low]) * u
    }

    /// One segment between two keys and its interpolation error at the checkpoints.
    private struct Segment {
        var start: Double
        var end: Double
        var startValue: Double
        var endValue: Double
        var error: Double

        init(_ start: Double, _ end: Double, _ startValue: Double, _ endValue: Double, _ f: (Double) -> Double) {
            self.start = start
            self.end = end
            self.startValue = startValue
            self.endValue = endValue
            var error = 0.0
            let n = SampledKeyframes.checkpoints + 1
            for k in 1..<n {
                let u = Double(k) / Double(n)
                let t = start + (end - start) * u
                error = max(error, abs(f(t) - (startValue + (endValue - startValue) * u)))
            }
            self.error = error
        }
    }
}

extension AnimatedValue {
    /// This value's motion from `time` until it settles as ``SampledKeyframes`` (see there for `maximumError` and
    /// `maximumKeys`): a single key at rest, nil while it tracks a finger (it never settles by itself).
    public func keyframes(from time: Double, maximumError: Double = 0.25, maximumKeys: Int = 256) -> SampledKeyframes? {
        guard settleTime < .infinity else { return nil }
        return SampledKeyframes(from: time, to: settleTime, maximumError: maximumError, maximumKeys: maximumKeys) {
            value(at: $0)
        }
    }
}

extension TransitionModel {
    /// One channel of this model's frames (`channel` reads it, e.g. `{ $0.sheet.minY }`) from `time` until the model
    /// settles, as ``SampledKeyframes``: a single key at rest, nil while a finger holds the model.
    public func keyframes(
        from time: Double, maximumError: Double = 0.25, maximumKeys: Int = 256, channel: (Frame) -> Double
    ) -> SampledKeyframes? {
        guard settleTime < .infinity else { return nil }
        return SampledKeyframes(from: time, to: settleTime, maximumError: maximumError, maximumKeys: maximumKeys) {
            channel(frame(at: $0))
        }
    }
}

/// The velocity of a finger along one axis, from timestamped gesture samples, the way a pan gesture recogniser
/// estimates it: a least-squares line through the samples of the last ``window`` seconds.
///
/// Samples live in a fixed-capacity ring buffer in inline storage (the last ``capacity`` samples), so adding one and
/// reading the velocity allocate nothing. The fit is the ordinary least-squares slope
/// `Σ(t - t̄)(x - x̄) / Σ(t - t̄)²` (Android's `VelocityTracker` uses the same window of about 100 ms), computed with
/// times taken relative to the newest sample so timestamps of any magnitude lose no precision.
public struct VelocityTracker: Sendable, Hashable {
    /// How many samples the ring buffer keeps: 32 (100 ms of a 240 Hz touch stream is 24).
    public static var capacity: Int { 32 }

    /// Only samples this many seconds before the reading time count. Default 0.1 s; non-positive or non-finite
    /// values read as 0.1.
    public var window: Double

    private var times = SIMD32<Double>()
    private var positions = SIMD32<Double>()
    /// Index of the newest sample.
    private var newest = -1
    /// Number of samples held (at most ``capacity``).
    public private(set) var count = 0

    /// An empty tracker.
    ///
    /// - Parameter window: how far back (seconds) samples count; default 0.1.
    public init(window: Double = 0.1) {
        self.window = window
    }

    /// Adds the finger's `position` (points, along the tracked axis) at `time` (seconds).
    ///
    /// Non-finite values are ignored and positions clamped to ±``RepresentableRange/maximumMagnitude``. A sample at
    /// the same time as the newest replaces it. One earlier than the newest is a stray timestamp and is dropped (the
    /// past cannot be rewritten, and one stray sample must not cancel a flick), unless it is more than a ``window``
    /// earlier: then the clock went back and a new gesture begins (the buffer is cleared first).
    public mutating func addSample(_ position: Double, at time: Double) {
        guard position.isFinite, time.isFinite else { return }
        let position = Sanitize.finite(position, or: 0)
        if count > 0 {
            let last = times[newest]
            if time == last {
                positions[newest] = position
                return
            }
            if time < last {
                guard last - time > span else { return }
                reset()
            }
        }
        newest = (newest + 1) % Self.capacity
        times[newest] = time
        positions[newest] = position
        count = min(count + 1, Self.capacity)
    }

    /// ``window`` as used: non-positive or non-finite values read as 0.1 s.
    private var span: Double { window.isFinite && window > 0 ? window : 0.1 }

    /// Forgets every sample (call when a new gesture begins).
    public mutating func reset() {
        count = 0
        newest = -1
    }

    /// The time of the newest sample, if any.
    public var latestTime: Double? { count > 0 ? times[newest] : nil }

    /// The velocity (points per second) at the newest sample: the least-squares slope over the samples of the last
    /// ``window`` seconds before it; 0 with fewer than two samples there.
    public var velocity: Double {
        guard let latest = latestTime else { return 0 }
        return velocity(at: latest)
    }

    /// The velocity (points per second) at `time`: the least-squares slope over the samples in
    /// `[time - window, time]`; 0 with fewer than two such samples (a finger that stopped longer than the window ago
    /// has no velocity). Allocates nothing.
    public func velocity(at time: Double) -> Double {
        guard count >= 2, time.isFinite else { return 0 }
        let span = self.span
        let reference = times[newest]
        // First pass: means (relative times keep digits when timestamps are large, e.g. a system uptime).
        var n = 0.0
        var sumT = 0.0
        var sumX = 0.0
        var i = newest
        for _ in 0..<count {
            let t = times[i]
            if t <= time {
                guard t >= time - span else { break }
                n += 1
                sumT += t - reference
                sumX += positions[i]
            }
            i = (i + Self.capacity - 1) % Self.capacity
        }
        guard n >= 2 else { return 0 }
        let meanT = sumT / n
        let meanX = sumX / n
        // Second pass: centred sums (numerically stable form of the least-squares slope).
        var stt = 0.0
        var stx = 0.0
        i = newest
        for _ in 0..<count {
            let t = times[i]
            if t <= time {
                guard t >= time - span else { break }
                let dt = t - reference - meanT
                stt += dt * dt
                stx += dt * (positions[i] - meanX)
            }
            i = (i + Self.capacity - 1) % Self.capacity
        }
        guard stt > 0 else { return 0 }
        return Sanitize.finite(stx / stt, or: 0)
    }
}

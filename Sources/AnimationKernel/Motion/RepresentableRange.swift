/// The values the models and ``AnimatedValue`` represent: caller values outside these ranges are clamped into them
/// at the entry point, so no arithmetic inside can overflow to infinity or produce NaN.
///
/// The bounds are far outside anything a screen shows (a billion points is 2,600 km at 3x) and inside what a `Double`
/// carries through a spring's closed form with room to spare: a position and a velocity of ``maximumMagnitude`` on
/// the stiffest representable spring still give finite states. `docs/reliability.md` lists every entry point's rule.
public enum RepresentableRange {
    /// Largest magnitude of a position, length, translation or velocity (points, points per second, or the value's
    /// own units): 1e9. Finite values beyond it are clamped to ±1e9; non-finite values follow each entry point's
    /// documented rule (usually: ignored, or read as 0).
    public static let maximumMagnitude: Double = 1e9
    /// Shortest animation duration: 1e-6 s (a microsecond). Positive durations below it are raised to it.
    public static let minimumDuration: Double = 1e-6
    /// Longest animation duration: 1e6 s (about eleven days). Longer finite durations are lowered to it.
    public static let maximumDuration: Double = 1e6
    /// Angular frequencies a ``DampedSpring`` may have, in rad/s: 1e-6 to 1e8 (responses from about 63 ns to 73 days).
    /// DampedSpring initialisers throw ``KernelError/invalidArgument(_:)`` outside it: beyond 1e8 a state of
    /// ``maximumMagnitude`` has accelerations that overflow.
    public static let angularFrequency: ClosedRange<Double> = 1e-6...1e8
}

/// Sanitising helpers shared by the models: caller values are clamped as documented, never trapped on.
enum Sanitize {
    /// `value` clamped to ±``RepresentableRange/maximumMagnitude`` if finite, else `fallback`.
    @inline(__always) static func finite(_ value: Double, or fallback: Double) -> Double {
        value.isFinite
            ? clamp(value, -RepresentableRange.maximumMagnitude, RepresentableRange.maximumMagnitude) : fallback
    }

    /// `value` clamped to `[lower, upper]`; NaN becomes `lower`.
    @inline(__always) static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        value.isNaN ? lower : min(max(value, lower), upper)
    }

    /// A non-negative length up to ``RepresentableRange/maximumMagnitude`` (NaN, infinities and negatives become 0).
    @inline(__always) static func length(_ value: Double) -> Double {
        value.isFinite ? clamp(value, 0, RepresentableRange.maximumMagnitude) : 0
    }

    /// A positive duration in seconds within ``RepresentableRange``; zero, negative and non-finite durations become
    /// `fallback`.
    @inline(__always) static func duration(_ value: Double, or fallback: Double) -> Double {
        value.isFinite && value > 0
            ? clamp(value, RepresentableRange.minimumDuration, RepresentableRange.maximumDuration) : fallback
    }

    /// The time an event at `time` applies at, after a latest event at `latest` (`-infinity`: none): finite times
    /// no earlier than `latest`; non-finite ones at `latest` (0 before any event).
    @inline(__always) static func eventTime(_ time: Double, after latest: Double) -> Double {
        guard time.isFinite else { return latest.isFinite ? latest : 0 }
        return latest.isFinite ? max(time, latest) : time
    }

    /// The time a read at `time` shows, after a latest event at `latest`: as ``eventTime(_:after:)``, except that
    /// +infinity is the far future (the largest finite time).
    @inline(__always) static func readTime(_ time: Double, after latest: Double) -> Double {
        time == .infinity ? .greatestFiniteMagnitude : eventTime(time, after: latest)
    }

    /// Seconds from `start` to a read at `time` (see ``readTime(_:after:)``): at least 0, finite; 0 when `start` is
    /// not finite.
    @inline(__always) static func elapsed(since start: Double, at time: Double) -> Double {
        guard start.isFinite else { return 0 }
        return min(readTime(time, after: start) - start, .greatestFiniteMagnitude)
    }

    /// A rectangle with finite, representable components and a non-negative size (non-finite components read as 0).
    @inline(__always) static func rect(_ rect: Rect) -> Rect {
        Rect(
            x: finite(rect.minX, or: 0), y: finite(rect.minY, or: 0), width: length(rect.width),
            height: length(rect.height))
    }

    /// Insets with every edge a representable length.
    @inline(__always) static func insets(_ insets: Insets) -> Insets {
        Insets(
            top: length(insets.top), leading: length(insets.leading), bottom: length(insets.bottom),
            trailing: length(insets.trailing))
    }

    /// A size with both sides representable lengths.
    @inline(__always) static func size(_ size: Size) -> Size {
        Size(width: length(size.width), height: length(size.height))
    }
}

/// Where a flick with `velocity` (units per second) would come to rest under UIScrollView-style deceleration
/// with `rate` per millisecond (0.998 is `.normal`): the distance is `v / 1000 * r / (1 - r)`. The rate is clamped to
/// [0, 0.999999] (1 would never stop) and the distance to the representable range.
@inline(__always) func projectedDistance(velocity: Double, decelerationRate rate: Double) -> Double {
    let r = Sanitize.clamp(rate, 0, 0.999_999)
    return Sanitize.finite(velocity / 1000 * r / (1 - r), or: 0)
}

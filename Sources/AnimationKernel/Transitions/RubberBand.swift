/// Rubber-band resistance past an end (UIScrollView-style): an overshoot `x` points past the limit shows as
/// `(1 - 1 / (x * c / d + 1)) * d`, approaching `d` (the dimension) however far the finger goes.
@inline(__always) func rubberBand(_ overshoot: Double, dimension d: Double, coefficient c: Double) -> Double {
    guard overshoot > 0, d > 0, c > 0 else { return 0 }
    return (1 - 1 / (overshoot * c / d + 1)) * d
}

/// The overshoot that ``rubberBand(_:dimension:coefficient:)`` shows as `y` (clamped below `d`, where the band
/// saturates), so a grab inside a rubber-band zone can continue from where the sheet is.
@inline(__always) func inverseRubberBand(_ y: Double, dimension d: Double, coefficient c: Double) -> Double {
    guard y > 0, d > 0, c > 0 else { return 0 }
    let fraction = min(y / d, 0.999)
    return (d / c) * (1 / (1 - fraction) - 1)
}

/// The UIKit `animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)` spring, without throwing: invalid
/// caller values fall back to a critically damped spring over the same (sanitised) duration.
func uiKitSpring(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> DampedSpring {
    let duration = Sanitize.duration(duration, or: 0.35)
    let damping = Sanitize.clamp(dampingRatio, 0.01, 1_000)
    if let spring = try? DampedSpring(uiKitDuration: duration, dampingRatio: damping, initialVelocity: initialVelocity)
    {
        return spring
    }
    return AnimatedValue.handoffSpring(duration: duration)
}

/// Lifecycle milestones a transition model reports from `update(to:)`, as a set so reading them allocates nothing.
///
/// Models are pure functions of time for rendering (`frame(at:)`); milestones are reported once each by
/// `update(to:)`, which a renderer calls once per frame (or a test calls at any time) after applying events.
public struct TransitionEvents: OptionSet, Sendable, Hashable {
    /// The bit set.
    public let rawValue: UInt32
    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A presentation finished: the sheet or screen is at rest on screen.
    public static let didPresent = TransitionEvents(rawValue: 1 << 0)
    /// A dismissal finished: the sheet or screen is off screen; the host can remove it.
    public static let didDismiss = TransitionEvents(rawValue: 1 << 1)
    /// An interactive gesture was released and the transition returned to where it started.
    public static let didCancel = TransitionEvents(rawValue: 1 << 2)
    /// A push or pop (animated or interactive) finished; the new top screen is at rest.
    public static let didFinishNavigation = TransitionEvents(rawValue: 1 << 3)
    /// A sheet came to rest on a detent after a drag or a layout change.
    public static let didSettle = TransitionEvents(rawValue: 1 << 4)
    /// A sheet's selected detent changed (a released drag, ``BottomSheet/moveToDetent(_:animated:at:)``, new detents).
    public static let didChangeDetent = TransitionEvents(rawValue: 1 << 5)
    /// A drag released far enough down to dismiss a sheet that does not allow interactive dismissal (UIKit's
    /// `presentationControllerDidAttemptToDismiss`): the host may ask to discard changes.
    public static let didAttemptDismiss = TransitionEvents(rawValue: 1 << 6)
}

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

/// Where a flick with `velocity` (units per second) would come to rest under UIScrollView-style deceleration
/// with `rate` per millisecond (0.998 is `.normal`): the distance is `v / 1000 * r / (1 - r)`. The rate is clamped to
/// [0, 0.999999] (1 would never stop) and the distance to the representable range.
@inline(__always) func projectedDistance(velocity: Double, decelerationRate rate: Double) -> Double {
    let r = Sanitize.clamp(rate, 0, 0.999_999)
    return Sanitize.finite(velocity / 1000 * r / (1 - r), or: 0)
}

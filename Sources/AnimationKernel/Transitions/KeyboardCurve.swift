/// How the keyboard moves, as its will-change notification reports it (UIKit's `keyboardAnimationCurveUserInfoKey`
/// and `keyboardAnimationDurationUserInfoKey`).
public enum KeyboardCurve: Sendable {
    /// The system keyboard's own motion, UIKit's curve 7: ``DampedSpring/keyboard`` from where the keyboard is, at the
    /// velocity it has. The reported duration only says whether the change animates (0: it jumps).
    case keyboard
    /// A timing curve over the reported duration (UIKit's curves 0 to 3, or a keyboard of the app's own).
    case timing(TimingCurve)

    /// The curve for a `UIView.AnimationCurve` raw value: 0 ease-in-out, 1 ease-in, 2 ease-out, 3 linear; 7 (the
    /// keyboard's, which has no public case) and every other value, `.keyboard`.
    public init(uiKitRawValue: Int) {
        switch uiKitRawValue {
        case 0: self = .timing(.easeInEaseOut)
        case 1: self = .timing(.easeIn)
        case 2: self = .timing(.easeOut)
        case 3: self = .timing(.linear)
        default: self = .keyboard
        }
    }

    /// The driver that moves a channel with the keyboard over `duration` seconds; nil when the change does not
    /// animate (a duration that is not positive and finite).
    func driver(duration: Double) -> AnimatedValue.Driver? {
        guard duration.isFinite, duration > 0 else { return nil }
        switch self {
        case .keyboard: return .spring(.keyboard)
        case .timing(let curve): return .curve(curve, duration: Sanitize.duration(duration, or: 0.25))
        }
    }
}

extension DampedSpring {
    /// The system keyboard's spring: Core Animation's mass 3, stiffness 1000, damping 500, which it evaluates with
    /// the damping ratio capped at 1, i.e. critically damped at sqrt(1000 / 3) = 18.26 rad/s (response 0.344 s).
    /// From rest it is within 0.2 % of its target after 0.5 s.
    public static let keyboard = DampedSpring(validatedAngularFrequency: (1000.0 / 3).squareRoot(), dampingRatio: 1)
}

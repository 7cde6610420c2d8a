/// Whether the user may dismiss a presentation now (a drag released far enough down, a tap on the dimming,
/// VoiceOver's escape), as UIKit decides it for its own sheets: only if the configuration allows interactive
/// dismissal, the presented controller is not `isModalInPresentation`, and the presentation delegate's
/// `presentationControllerShouldDismiss(_:)` agrees. UIKit refuses when either of the last two does; the delegate is
/// asked only when nothing else refuses, so an app's `shouldDismiss` runs only for an attempt that could succeed.
public enum UserDismissalRule {
    /// The decision: `configured` (the configuration's interactive dismissal), `isModalInPresentation`, and
    /// `delegateAllows` (`presentationControllerShouldDismiss(_:)`, `true` without a delegate), asked last.
    public static func allows(
        configured: Bool, isModalInPresentation: Bool, delegateAllows: () -> Bool
    ) -> Bool {
        configured && !isModalInPresentation && delegateAllows()
    }
}

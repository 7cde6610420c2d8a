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

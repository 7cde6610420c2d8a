/// The lifecycle of a modal presentation as UIKit runs it, decided here so a platform layer only forwards UIKit's
/// callbacks and performs the ``Action``s it is given.
///
/// The rules:
/// - Views, recognizers and observers are set up once when a presentation begins and torn down once when a
///   dismissal ends, whether UIKit animates the transition or not (UIKit calls a custom animator only for animated
///   transitions of most presentation styles).
/// - A transition UIKit asks for without animation ends at once: the model jumps to its end state and the transition
///   completes before ``runTransition(presenting:animated:presentation:)`` returns.
/// - A presentation completes when the model stops presenting: at `.didPresent`, or when a finger takes the sheet
///   during the presentation (it is on screen and interactive from then on). A dismissal completes at
///   `.didDismiss`.
/// - A dismissal the user makes (a drag released far enough down, VoiceOver's escape) tells the delegate it will
///   dismiss, asks the presenting controller to dismiss the presentation (never the presented controller, which
///   would dismiss what it presents instead), once, and tells the delegate it did when the dismissal ends.
/// - The display link stops when the presentation is torn down, and whenever the driver is gone.
@MainActor
public final class PresentationCoordinator<Model: PresentableModel> {
    /// What the platform layer must do.
    public enum Action: Sendable, Hashable {
        /// Install the views, recognizers and observers of a presentation.
        case setUp
        /// Remove them.
        case tearDown
        /// Complete UIKit's running transition now (`completeTransition(_:)`).
        case completeTransition(Bool)
        /// Ask the presenting controller to dismiss the presentation (a user dismissal).
        case dismissPresentation
        /// Tell the presentation delegate that a user dismissal begins (`presentationControllerWillDismiss`).
        case notifyWillDismiss
        /// Tell it that the user dismissal ended (`presentationControllerDidDismiss`).
        case notifyDidDismiss
        /// Tell it that a user dismissal was refused (`presentationControllerDidAttemptToDismiss`).
        case notifyDidAttemptToDismiss
    }

    /// The driver that runs the model against the display.
    public let driver: TransitionDriver<Model>
    /// Whether a user dismissal is allowed now (the configuration, `isModalInPresentation` and the delegate's
    /// `presentationControllerShouldDismiss`). Default: always.
    public var dismissalAllowed: @MainActor () -> Bool = { true }
    /// Receives the model's milestones after the coordinator has acted on them.
    public var milestones: @MainActor (TransitionEvents) -> Void = { _ in }

    /// Whether the presentation is set up (between ``Action/setUp`` and ``Action/tearDown``).
    public private(set) var isSetUp = false
    /// The UIKit transition waiting for the model: true presenting, false dismissing, nil none.
    public private(set) var runningTransition: Bool?
    /// Whether the dismissal in flight was the user's.
    public private(set) var isUserDismissal = false
    /// Whether UIKit has asked for the dismissal (so the model leaving is not the user's doing).
    private var dismissalRequested = false

    private let perform: @MainActor (Action) -> Void

    /// A coordinator for `model` drawn on `frameSource` with `apply`; `perform` carries out its actions.
    public init(
        _ model: Model, frameSource: any FrameSource, now: @escaping @MainActor () -> Double,
        apply: @escaping @MainActor (Model.Frame) -> Void, perform: @escaping @MainActor (Action) -> Void
    ) {
        self.perform = perform
        self.driver = TransitionDriver(model, frameSource: frameSource, now: now, apply: apply)
        driver.events = { [weak self] in self?.handle($0) }
    }

    /// The model as of the latest event or frame.
    public var model: Model { driver.model }

    // MARK: - UIKit's lifecycle

    /// A presentation begins (`presentationTransitionWillBegin`, or a full-screen controller about to appear).
    public func presentationWillBegin() {
        guard !isSetUp else { return }
        isSetUp = true
        perform(.setUp)
    }

    /// UIKit runs the transition (its animator's `animateTransition`, with the context's `isAnimated`; or a
    /// presentation style that calls no animator when not animated). Completes it through ``Action/completeTransition(_:)``.
    /// `presentation` replaces the model's plain `present(animated:at:)` for an animated presentation that starts
    /// with more (a card leaving the list with the list's velocity).
    public func runTransition(
        presenting: Bool, animated: Bool, presentation: ((inout Model, Double) -> Void)? = nil
    ) {
        presentationWillBegin()
        runningTransition = presenting
        dismissalRequested = !presenting
        let state = model.presentationState
        if presenting, animated, let presentation {
            driver.send(presentation)
        } else if presenting {
            driver.send { model, t in model.present(animated: animated, at: t) }
        } else if state != .dismissing && state != .dismissed {
            driver.send { model, t in model.dismiss(animated: animated, at: t) }
        } else if !animated {
            // A user dismissal in flight: UIKit wants it over at once.
            driver.send { model, t in model.dismiss(animated: false, at: t) }
        }
        if !animated { driver.applyFrame() }
        settle()
    }

    /// The presentation transition ended (`presentationTransitionDidEnd`): torn down if it did not complete.
    public func presentationDidEnd(completed: Bool) {
        if !completed { tearDown() }
    }

    /// The dismissal transition ended (`dismissalTransitionDidEnd`): torn down, and the delegate told if it was the
    /// user's.
    public func dismissalDidEnd(completed: Bool) {
        guard completed else { return }
        let user = isUserDismissal
        isUserDismissal = false
        tearDown()
        if user { perform(.notifyDidDismiss) }
    }

    /// How long the transition UIKit asks about will take (`transitionDuration(using:)`): the model's settle time
    /// for that transition from now, so animations run alongside end with it.
    public func transitionDuration(presenting: Bool) -> Double {
        model.duration(
            after: { model, t in
                presenting ? model.present(animated: true, at: t) : model.dismiss(animated: true, at: t)
            },
            at: driver.currentTime)
    }

    /// The frame the presentation rests at (`frameOfPresentedViewInContainerView` wants where it ends, not where it
    /// is).
    public var restingFrame: Model.Frame { model.frame(at: .infinity) }

    // MARK: - Events

    /// Applies `event` to the model (see ``TransitionDriver/send(at:_:)``) and acts on what it changed.
    public func send(at time: Double? = nil, _ event: (inout Model, Double) -> Void) {
        driver.send(at: time, event)
        settle()
    }

    /// A tap on the dimming behind the sheet: with `dismisses` (UIKit's sheets dismiss on it) the same as
    /// ``escape()``, else nothing. Returns whether it dismisses.
    @discardableResult
    public func dimmingTapped(dismisses: Bool) -> Bool {
        dismisses ? escape() : false
    }

    /// VoiceOver's escape: dismisses if a user dismissal is allowed, else tells the delegate it was attempted.
    /// Returns whether it dismisses.
    @discardableResult
    public func escape() -> Bool {
        guard isSetUp, runningTransition == nil, !isUserDismissal else { return false }
        guard dismissalAllowed() else {
            perform(.notifyDidAttemptToDismiss)
            return false
        }
        send { model, t in model.dismiss(animated: true, at: t) }
        return true
    }

    /// Tears the presentation down at once (the host goes away).
    public func tearDown() {
        guard isSetUp else { return }
        isSetUp = false
        runningTransition = nil
        dismissalRequested = false
        driver.stop()
        perform(.tearDown)
    }

    // MARK: - Deciding

    private func handle(_ events: TransitionEvents) {
        if events.contains(.didAttemptDismiss) { perform(.notifyDidAttemptToDismiss) }
        settle()
        milestones(events)
    }

    /// Completes a transition the model has finished, or starts the UIKit dismissal of one the user made.
    private func settle() {
        let state = model.presentationState
        switch runningTransition {
        case true?:
            // Presented, or taken by a finger (or already leaving): the presentation transition is over.
            guard state != .presenting else { return }
            runningTransition = nil
            perform(.completeTransition(true))
            if state == .dismissing || state == .dismissed { startUserDismissal() }
        case false?:
            guard state == .dismissed else { return }
            runningTransition = nil
            perform(.completeTransition(true))
        case nil:
            if isSetUp, !dismissalRequested, state == .dismissing || state == .dismissed { startUserDismissal() }
        }
    }

    private func startUserDismissal() {
        guard !isUserDismissal else { return }
        isUserDismissal = true
        perform(.notifyWillDismiss)
        perform(.dismissPresentation)
    }
}

/// What a controller presented over the full screen does with its own appearance callbacks, decided here so the
/// UIKit layer only carries out the ``Step``s for a ``PresentationCoordinator``. UIKit calls no animator for a
/// non-animated transition of that style, so these callbacks are where such a transition happens.
///
/// The rules: appearing is a presentation only while UIKit presents the controller (`isBeingPresented`), and
/// disappearing a dismissal only while it or its presenter is dismissed (`isBeingDismissed`, the presenter's
/// `isBeingDismissed`: a presenter's dismissal takes it along); otherwise a controller it presented over the full
/// screen covers or uncovers it and nothing changes. A presentation prepares the coordinator; a non-animated
/// presentation or dismissal runs at once (an animated one waits for the animator); a dismissal ends once the
/// controller has disappeared.
public enum FullScreenPresentationLifecycle {
    /// The controller's own appearance callback.
    public enum Callback: Sendable, Hashable {
        /// `viewWillAppear(_:)`.
        case willAppear(animated: Bool)
        /// `viewWillDisappear(_:)`.
        case willDisappear(animated: Bool)
        /// `viewDidDisappear(_:)`.
        case didDisappear
    }

    /// What the layer does.
    public enum Step: Sendable, Hashable {
        /// Create the coordinator for this presentation if there is none, and let it set up
        /// (``PresentationCoordinator/presentationWillBegin()``).
        case prepare
        /// Run the transition at once (``PresentationCoordinator/runTransition(presenting:animated:presentation:)``
        /// with `animated: false`).
        case runAtOnce(presenting: Bool)
        /// The dismissal ended (``PresentationCoordinator/dismissalDidEnd(completed:)``).
        case dismissalDidEnd
    }

    /// The steps for `callback`, given whether UIKit is presenting the controller, dismissing it, or dismissing its
    /// presenter.
    public static func steps(
        for callback: Callback, isBeingPresented: Bool, isBeingDismissed: Bool, presenterIsBeingDismissed: Bool
    ) -> [Step] {
        let leaving = isBeingDismissed || presenterIsBeingDismissed
        switch callback {
        case .willAppear(let animated):
            guard isBeingPresented else { return [] }
            return animated ? [.prepare] : [.prepare, .runAtOnce(presenting: true)]
        case .willDisappear(let animated):
            return leaving && !animated ? [.runAtOnce(presenting: false)] : []
        case .didDisappear:
            return leaving ? [.dismissalDidEnd] : []
        }
    }
}

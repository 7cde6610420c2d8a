#if canImport(UIKit)
    import AnimationKernel
    import UIKit

    /// Presents any view controller as a bottom sheet whose height follows its `preferredContentSize`: a
    /// ``BottomSheet`` model run by a ``TransitionDriver`` on a ``DisplayLinkFrameSource``. This class only forwards
    /// UIKit's callbacks (layout, content size, keyboard, Reduce Motion, the pan, VoiceOver's escape) to the model and
    /// applies its frames; every decision is the model's.
    ///
    /// Present with a ``BottomSheetTransitioningDelegate`` (which creates this controller). Drags move the sheet
    /// between its detents; a scroll view inside (``trackedScrollView``) first scrolls to its top, and with several
    /// detents dragging up expands before it scrolls. Interactive dismissal follows
    /// ``BottomSheet/Configuration/allowsInteractiveDismissal``, the presented controller's `isModalInPresentation`
    /// and the delegate's `presentationControllerShouldDismiss(_:)`; a refused one calls the delegate's
    /// `presentationControllerDidAttemptToDismiss(_:)`.
    @MainActor
    public final class BottomSheetPresentationController: UIPresentationController, UIGestureRecognizerDelegate {
        /// The sheet's tunables, read when the presentation begins. Reduce Motion is read from the system.
        public var configuration: BottomSheet.Configuration
        /// A scroll view inside the presented content whose scrolling hands over to the sheet.
        public weak var trackedScrollView: UIScrollView?
        /// Called when the sheet's selected detent changes (a drag, ``moveToDetent(_:animated:)``).
        public var detentDidChange: (@MainActor (BottomSheet.Detent) -> Void)?
        /// The model as of the latest event or frame; nil before the presentation begins.
        public var sheet: BottomSheet? { driver?.model }

        private var driver: TransitionDriver<BottomSheet>?
        private let frameSource = DisplayLinkFrameSource()
        private let dimmingView = UIView()
        private let container = SheetContainerView()
        private var arbiter = GestureArbiter()
        /// The pan's vertical translation when the arbiter gave the touch to the sheet (the sheet moves from there).
        private var dragOrigin: CGFloat?
        private var panTarget: ActionTarget?
        private var observers: [any NSObjectProtocol] = []
        private var transition: (context: any UIViewControllerContextTransitioning, presenting: Bool)?
        private var laidOut: (size: CGSize, insets: UIEdgeInsets)?

        /// A controller for presenting `presentedViewController` from `presentingViewController` as a bottom sheet.
        public init(
            presentedViewController: UIViewController, presenting presentingViewController: UIViewController?,
            configuration: BottomSheet.Configuration = BottomSheet.Configuration()
        ) {
            self.configuration = configuration
            super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        }

        public override var presentedView: UIView? { container }

        public override var frameOfPresentedViewInContainerView: CGRect {
            guard let driver else { return containerView?.bounds ?? .zero }
            return driver.model.frame(at: DisplayLinkFrameSource.now()).sheet.cgRect
        }

        /// Moves the sheet to `detent` (one of the configuration's), animated and interruptible.
        public func moveToDetent(_ detent: BottomSheet.Detent, animated: Bool = true) {
            driver?.send { sheet, t in sheet.moveToDetent(detent, animated: animated, at: t) }
        }

        // MARK: - Presentation

        public override func presentationTransitionWillBegin() {
            guard let containerView else { return }
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            dimmingView.frame = containerView.bounds
            containerView.addSubview(dimmingView)
            container.addSubview(presentedViewController.view)
            container.escape = { [weak self] in self?.escape() ?? false }
            containerView.addSubview(container)

            var configuration = configuration
            configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
            configuration.allowsInteractiveDismissal = dismissalAllowed
            let direction = containerView.effectiveUserInterfaceLayoutDirection
            let layout = BottomSheet.Layout(
                containerSize: Size(containerView.bounds.size),
                safeArea: Insets(containerView.safeAreaInsets, direction: direction),
                contentHeight: Double(presentedViewController.preferredContentSize.height))
            laidOut = (containerView.bounds.size, containerView.safeAreaInsets)
            driver = TransitionDriver(
                BottomSheet(layout: layout, configuration: configuration), frameSource: frameSource,
                now: DisplayLinkFrameSource.now, apply: { [weak self] in self?.apply($0) },
                events: { [weak self] in self?.handle($0) })

            let target = ActionTarget { [weak self] sender in
                if let pan = sender as? UIPanGestureRecognizer { self?.pan(pan) }
            }
            let pan = makePanRecognizer(target)
            pan.delegate = self
            container.addGestureRecognizer(pan)
            panTarget = target
            observe()
        }

        public override func dismissalTransitionDidEnd(_ completed: Bool) {
            guard completed else { return }
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            observers = []
            dimmingView.removeFromSuperview()
        }

        /// Runs the transition that UIKit's animator was asked for: the model presents or dismisses, and the
        /// transition completes when it reports `.didPresent` or `.didDismiss` (at once if it is already there).
        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool) {
            guard let driver else {
                context.completeTransition(!context.transitionWasCancelled)
                return
            }
            if !presenting, driver.model.phase == .dismissed {
                context.completeTransition(true)
                return
            }
            transition = (context, presenting)
            driver.send { sheet, t in presenting ? sheet.present(at: t) : sheet.dismiss(at: t) }
        }

        // MARK: - Forwarding

        public override func containerViewDidLayoutSubviews() {
            super.containerViewDidLayoutSubviews()
            guard let containerView, let driver else { return }
            dimmingView.frame = containerView.bounds
            let now = (containerView.bounds.size, containerView.safeAreaInsets)
            if let laidOut, laidOut.size != now.0 || laidOut.insets != now.1 {
                let direction = containerView.effectiveUserInterfaceLayoutDirection
                driver.send { sheet, t in
                    sheet.setContainer(Size(now.0), safeArea: Insets(now.1, direction: direction), at: t)
                }
            }
            laidOut = now
            driver.applyFrame()
        }

        public override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            let height = Double(container.preferredContentSize.height)
            driver?.send { sheet, t in sheet.setContentHeight(height, at: t) }
        }

        private func observe() {
            let center = NotificationCenter.default
            for name in [UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification] {
                observers.append(
                    center.addObserver(forName: name, object: nil, queue: .main) { [weak self] notification in
                        let change = KeyboardChange(notification)
                        MainActor.assumeIsolated { self?.keyboard(change) }
                    })
            }
            observers.append(
                center.addObserver(
                    forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main
                ) { [weak self] _ in
                    MainActor.assumeIsolated {
                        let on = UIAccessibility.isReduceMotionEnabled
                        self?.driver?.send { sheet, t in sheet.setReduceMotion(on, at: t) }
                    }
                })
        }

        private func keyboard(_ change: KeyboardChange) {
            guard let containerView else { return }
            let frame = change.frame.map { Rect(containerView.convert($0, from: nil)) }
            driver?.send { sheet, t in
                sheet.keyboardWillChange(to: frame, duration: change.duration, curve: change.curve, at: t)
            }
        }

        /// Whether a drag (or VoiceOver's escape) may dismiss now.
        private var dismissalAllowed: Bool {
            configuration.allowsInteractiveDismissal && !presentedViewController.isModalInPresentation
                && delegateAllowsDismissal(self)
        }

        private func pan(_ pan: UIPanGestureRecognizer) {
            guard let driver, let containerView else { return }
            let translation = pan.translation(in: containerView)
            switch pan.state {
            case .began:
                arbiter.began(
                    at: Point(pan.location(in: containerView)), containerWidth: Double(containerView.bounds.width))
                dragOrigin = nil
                let allowed = dismissalAllowed
                let scroll = trackedScrollView.map {
                    (
                        offset: Double($0.contentOffset.y), top: -Double($0.adjustedContentInset.top),
                        bottom: Double($0.contentSize.height + $0.adjustedContentInset.bottom - $0.bounds.height)
                    )
                }
                driver.send { sheet, t in
                    sheet.setInteractiveDismissal(allowed: allowed, at: t)
                    if let scroll {
                        sheet.setContent(
                            offset: scroll.offset, minimum: scroll.top, maximum: max(scroll.top, scroll.bottom))
                    }
                    sheet.dragBegan(at: t)
                }
                fallthrough
            case .changed:
                guard arbiter.changed(translation: Point(translation)) == .sheet else { return }
                let origin = dragOrigin ?? translation.y
                dragOrigin = origin
                let velocity = Double(pan.velocity(in: containerView).y)
                driver.send { sheet, t in
                    sheet.dragChanged(translation: Double(translation.y - origin), velocity: velocity, at: t)
                }
            case .ended, .cancelled, .failed:
                let owned = arbiter.ended() == .sheet && pan.state == .ended
                let velocity = owned ? Double(pan.velocity(in: containerView).y) : 0
                dragOrigin = nil
                driver.send { sheet, t in sheet.dragEnded(velocity: velocity, at: t) }
            default:
                break
            }
        }

        /// The sheet's pan runs alongside the tracked scroll view's own pan (the model splits each movement).
        public func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool {
            otherGestureRecognizer === trackedScrollView?.panGestureRecognizer
        }

        /// VoiceOver's two-finger scrub: dismiss when a drag could.
        private func escape() -> Bool {
            guard dismissalAllowed else {
                notifyDidAttemptToDismiss(self)
                return false
            }
            presentedViewController.dismiss(animated: true)
            return true
        }

        // MARK: - Applying

        private func apply(_ frame: BottomSheet.Frame) {
            container.frame = frame.sheet.cgRect
            container.alpha = CGFloat(frame.sheetAlpha)
            dimmingView.alpha = CGFloat(frame.dimmingAlpha)
            let content = frame.contentArea
            presentedViewController.view.frame = CGRect(
                x: content.minX - frame.sheet.minX, y: content.minY - frame.sheet.minY, width: content.width,
                height: content.height)
            // While the sheet owns a drag, the model scrolls the content (its scroll handoff).
            if dragOrigin != nil, let scrollView = trackedScrollView {
                scrollView.contentOffset.y = CGFloat(frame.contentOffset)
            }
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didChangeDetent), let sheet { detentDidChange?(sheet.selectedDetent) }
            if events.contains(.didAttemptDismiss) { notifyDidAttemptToDismiss(self) }
            if events.contains(.didPresent), let transition, transition.presenting {
                self.transition = nil
                transition.context.completeTransition(true)
            }
            if events.contains(.didDismiss) {
                if let transition, !transition.presenting {
                    self.transition = nil
                    transition.context.completeTransition(true)
                } else {
                    // Dismissed by a drag: UIKit's dismissal completes at once (the model is already there).
                    presentedViewController.dismiss(animated: true)
                }
            }
        }
    }

    /// The sheet's view: holds the presented controller's view, keeps VoiceOver inside, and forwards the escape
    /// gesture.
    final class SheetContainerView: UIView {
        var escape: (@MainActor () -> Bool)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            accessibilityViewIsModal = true
            layer.masksToBounds = true
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            accessibilityViewIsModal = true
        }

        override func accessibilityPerformEscape() -> Bool { escape?() ?? false }
    }

    /// Creates ``BottomSheetPresentationController``s and their animators. Keep a strong reference while the sheet is
    /// presented (a view controller's `transitioningDelegate` is weak).
    @MainActor
    public final class BottomSheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
        /// The configuration each new presentation starts from.
        public var configuration: BottomSheet.Configuration
        /// Called with each new presentation controller (to set its tracked scroll view or detent callback).
        public var prepare: (@MainActor (BottomSheetPresentationController) -> Void)?

        /// A delegate for sheets configured with `configuration`.
        public init(configuration: BottomSheet.Configuration = BottomSheet.Configuration()) {
            self.configuration = configuration
        }

        /// A new ``BottomSheetPresentationController`` with ``configuration``, passed to ``prepare``.
        public func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            let controller = BottomSheetPresentationController(
                presentedViewController: presented, presenting: presenting, configuration: configuration)
            prepare?(controller)
            return controller
        }

        /// The animator that hands the presentation to the controller's model.
        public func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            ModelTransitionAnimator(presenting: true)
        }

        /// The animator that hands the dismissal to the controller's model.
        public func animationController(forDismissed dismissed: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            ModelTransitionAnimator(presenting: false)
        }
    }

    /// Hands UIKit's transition to the presentation controller, whose model animates it.
    final class ModelTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool

        init(presenting: Bool) { self.presenting = presenting }

        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
            0.35
        }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            let key: UITransitionContextViewControllerKey = presenting ? .to : .from
            let controller = transitionContext.viewController(forKey: key)?.presentationController
            guard let sheet = controller as? BottomSheetPresentationController else {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                return
            }
            sheet.run(transitionContext, presenting: presenting)
        }
    }
#endif

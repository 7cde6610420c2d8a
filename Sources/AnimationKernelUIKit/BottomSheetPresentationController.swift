#if os(iOS) || os(visionOS)
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
    public final class BottomSheetPresentationController: UIPresentationController, ModelTransitionRunner {
        /// The sheet's tunables, read when the presentation begins. Reduce Motion is read from the system.
        public var configuration: BottomSheet.Configuration
        /// A scroll view inside the presented content whose scrolling hands over to the sheet.
        public weak var trackedScrollView: UIScrollView? {
            didSet { pan?.scrollView = trackedScrollView }
        }
        /// Whether the sheet shows a grabber at its top centre (UIKit's `prefersGrabberVisible`): 36 x 5 points,
        /// 5 points from the top. Default true; may change at any time.
        public var prefersGrabberVisible = true {
            didSet { chrome.showsGrabber = prefersGrabberVisible; reapply() }
        }
        /// The radius of the sheet's top corners, in points (UIKit's `preferredCornerRadius`), at most half the
        /// sheet's width and its height. Default 10 (``SheetChrome/defaultCornerRadius``).
        public var cornerRadius = CGFloat(SheetChrome.defaultCornerRadius) {
            didSet { chrome.cornerRadius = Double(cornerRadius); reapply() }
        }
        /// The sheet's background, behind the content and the bottom safe area. Default the system background.
        public var backgroundColor: UIColor? = .systemBackground {
            didSet { container.backgroundColor = backgroundColor }
        }
        /// Whether a tap on the dimming dismisses the sheet (when a drag could). Default true, as UIKit's sheets.
        public var dismissesOnDimmingTap = true
        /// Whether a sheet that settles with no finger on it is handed to Core Animation (springs and curves the
        /// render server runs, `BottomSheet.layerAnimations(from:)`), so the main thread draws nothing until it rests.
        /// Default true; off while ``sheetDidMove`` is set, which needs every frame.
        public var settlesOnRenderServer = true
        /// Called when the sheet's selected detent changes (a drag, ``moveToDetent(_:animated:)``).
        public var detentDidChange: (@MainActor (BottomSheet.Detent) -> Void)?
        /// Called with every frame applied (the sheet's rect, dimming, phase), to animate alongside.
        public var sheetDidMove: (@MainActor (BottomSheet.Frame) -> Void)?
        /// Called when a drag of the sheet begins.
        public var willBeginDragging: (@MainActor () -> Void)?
        /// Called when a drag of the sheet ends, with the sheet's phase after the release.
        public var didEndDragging: (@MainActor (BottomSheet.Phase) -> Void)?
        /// Called when a user dismissal (a drag, the dimming, VoiceOver's escape) begins, beside the delegate's
        /// `presentationControllerWillDismiss`.
        public var willDismiss: (@MainActor () -> Void)?
        /// Called when a user dismissal ended, beside the delegate's `presentationControllerDidDismiss`.
        public var didDismiss: (@MainActor () -> Void)?
        /// The model as of the latest event or frame; nil before the presentation begins.
        public var sheet: BottomSheet? { coordinator?.model }

        private var chrome = SheetChrome()
        private var coordinator: PresentationCoordinator<BottomSheet>?
        private let frameSource = DisplayLinkFrameSource()
        private let dimmingView = UIView()
        private let touchView = TouchForwardingView()
        private let container = SheetContainerView()
        private let grabber = GrabberView()
        private var pan: PanForwarder?
        private var dimmingTap: TapForwarder?
        /// The transitioning delegate of a one-line presentation, kept for as long as this controller.
        var keepAlive: AnyObject?
        private var observers: SystemObservers?
        private var context: (any UIViewControllerContextTransitioning)?
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

        /// Where the sheet comes to rest (UIKit asks for the end of the transition, not the frame in flight).
        public override var frameOfPresentedViewInContainerView: CGRect {
            coordinator?.restingFrame.sheet.cgRect ?? containerView?.bounds ?? .zero
        }

        /// Moves the sheet to `detent` (one of the configuration's), animated and interruptible.
        public func moveToDetent(_ detent: BottomSheet.Detent, animated: Bool = true) {
            coordinator?.send { sheet, t in sheet.moveToDetent(detent, animated: animated, at: t) }
        }

        /// Replaces the detents at any time; the sheet moves to the nearest (see ``BottomSheet/setDetents(_:at:)``).
        public func setDetents(_ detents: [BottomSheet.Detent]) {
            configuration.detents = detents
            coordinator?.send { sheet, t in sheet.setDetents(detents, at: t) }
        }

        /// The largest detent at which the content behind stays undimmed and takes touches (UIKit's
        /// `largestUndimmedDetentIdentifier`), at any time; nil: dimmed at every detent.
        public func setLargestUndimmedDetent(_ detent: BottomSheet.Detent?) {
            configuration.largestUndimmedDetent = detent
            coordinator?.send { sheet, t in sheet.setLargestUndimmedDetent(detent, at: t) }
        }

        /// Hands the scrolling of `scrollView` (inside the content) over to the sheet, at any time (nil: none).
        public func track(_ scrollView: UIScrollView?) {
            trackedScrollView = scrollView
        }

        // MARK: - Presentation

        public override func presentationTransitionWillBegin() {
            guard let containerView else { return }
            var configuration = configuration
            configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
            configuration.allowsInteractiveDismissal = dismissalAllowed
            let direction = containerView.effectiveUserInterfaceLayoutDirection
            let layout = BottomSheet.Layout(
                containerSize: Size(containerView.bounds.size),
                safeArea: Insets(containerView.safeAreaInsets, direction: direction),
                contentHeight: Double(presentedViewController.preferredContentSize.height))
            laidOut = (containerView.bounds.size, containerView.safeAreaInsets)
            let coordinator = PresentationCoordinator(
                BottomSheet(layout: layout, configuration: configuration), frameSource: frameSource,
                now: DisplayLinkFrameSource.now, apply: { [weak self] in self?.apply($0) },
                perform: { [weak self] in self?.perform($0) })
            coordinator.dismissalAllowed = { [weak self] in self?.dismissalAllowed ?? false }
            coordinator.milestones = { [weak self] in self?.handle($0) }
            coordinator.driver.handOver = { [weak self] sheet, t in self?.handOver(sheet, at: t) ?? false }
            coordinator.driver.takeBack = { [weak self] in self?.takeBack() }
            self.coordinator = coordinator
            coordinator.presentationWillBegin()
        }

        public override func presentationTransitionDidEnd(_ completed: Bool) {
            coordinator?.presentationDidEnd(completed: completed)
        }

        public override func dismissalTransitionDidEnd(_ completed: Bool) {
            coordinator?.dismissalDidEnd(completed: completed)
        }

        /// Runs the transition UIKit's animator was asked for (animated or not: UIKit calls the animator of a custom
        /// presentation either way); the coordinator completes it.
        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool) {
            guard let coordinator else {
                context.completeTransition(!context.transitionWasCancelled)
                return
            }
            self.context = context
            coordinator.runTransition(presenting: presenting, animated: context.isAnimated)
        }

        /// How long the model takes for the transition, so animations alongside it end with it.
        func transitionDuration(presenting: Bool) -> Double {
            coordinator?.transitionDuration(presenting: presenting) ?? 0
        }

        /// Carries out the coordinator's decisions.
        private func perform(_ action: PresentationCoordinator<BottomSheet>.Action) {
            switch action {
            case .setUp: setUp()
            case .tearDown: tearDown()
            case .completeTransition(let completed):
                let context = self.context
                self.context = nil
                context?.completeTransition(completed)
            case .dismissPresentation: presentingViewController.dismiss(animated: true)
            case .notifyWillDismiss:
                notifyWillDismiss(self)
                willDismiss?()
            case .notifyDidDismiss:
                notifyDidDismiss(self)
                didDismiss?()
            case .notifyDidAttemptToDismiss: notifyDidAttemptToDismiss(self)
            }
        }

        private func setUp() {
            guard let containerView else { return }
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            dimmingView.frame = containerView.bounds
            containerView.addSubview(dimmingView)
            touchView.frame = containerView.bounds
            touchView.behind = presentingViewController.view
            containerView.addSubview(touchView)
            container.addSubview(presentedViewController.view)
            container.escape = { [weak self] in self?.coordinator?.escape() ?? false }
            containerView.addSubview(container)
            grabber.backgroundColor = UIColor(white: 0.5, alpha: 0.4)
            grabber.layer.cornerRadius = CGFloat(SheetChrome.grabberSize.height / 2)
            grabber.layer.zPosition = 1
            grabber.adjust = { [weak self] upward in
                guard let self, let detent = coordinator?.model.adjacentDetent(upward: upward) else { return }
                moveToDetent(detent)
            }
            container.addSubview(grabber)
            container.backgroundColor = backgroundColor
            // Core Animation's position is then the frame's origin, as the handed-over animations expect.
            container.layer.anchorPoint = .zero
            container.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            dimmingTap = TapForwarder(on: touchView) { [weak self] in
                guard let self else { return }
                coordinator?.dimmingTapped(dismisses: dismissesOnDimmingTap)
            }
            let pan = PanForwarder(on: container, space: containerView) { [weak self] in self?.drag($0) }
            pan.contentTouched = { [weak self] in self?.contentTouched() }
            pan.arbiter.configuration.allowsEdgeSwipe = false
            pan.scrollView = trackedScrollView
            self.pan = pan
            observers = SystemObservers(
                keyboard: { [weak self] in self?.keyboard($0) },
                reduceMotion: { [weak self] on in
                    self?.coordinator?.send { sheet, t in sheet.setReduceMotion(on, at: t) }
                })
        }

        private func tearDown() {
            observers?.stop()
            observers = nil
            pan?.remove()
            pan = nil
            dimmingTap?.remove()
            dimmingTap = nil
            dimmingView.removeFromSuperview()
            touchView.removeFromSuperview()
        }

        // MARK: - Forwarding

        public override func containerViewDidLayoutSubviews() {
            super.containerViewDidLayoutSubviews()
            guard let containerView, let coordinator else { return }
            dimmingView.frame = containerView.bounds
            touchView.frame = containerView.bounds
            let now = (containerView.bounds.size, containerView.safeAreaInsets)
            if let laidOut, laidOut.size != now.0 || laidOut.insets != now.1 {
                let direction = containerView.effectiveUserInterfaceLayoutDirection
                coordinator.send { sheet, t in
                    sheet.setContainer(Size(now.0), safeArea: Insets(now.1, direction: direction), at: t)
                }
            }
            laidOut = now
            coordinator.driver.applyFrame()
        }

        public override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            let height = Double(container.preferredContentSize.height)
            coordinator?.send { sheet, t in sheet.setContentHeight(height, at: t) }
        }

        private func keyboard(_ change: KeyboardChange) {
            guard let containerView else { return }
            let frame = keyboardFrame(change, in: containerView)
            coordinator?.send { sheet, t in
                sheet.keyboardWillChange(to: frame, duration: change.duration, curve: change.curve, at: t)
            }
        }

        /// Whether a drag (or VoiceOver's escape) may dismiss now.
        private var dismissalAllowed: Bool {
            UserDismissalRule.allows(
                configured: configuration.allowsInteractiveDismissal,
                isModalInPresentation: presentedViewController.isModalInPresentation,
                delegateAllows: { delegateAllowsDismissal(self) })
        }

        private func drag(_ event: PanRouter.Event) {
            guard let coordinator else { return }
            switch event {
            case .sheetBegan:
                willBeginDragging?()
                let allowed = dismissalAllowed
                let scroll = trackedScrollView.map(ScrollState.init)
                coordinator.send { sheet, t in
                    sheet.setInteractiveDismissal(allowed: allowed, at: t)
                    if let scroll {
                        sheet.setContent(offset: scroll.offset, minimum: scroll.top, maximum: scroll.bottom)
                    }
                    sheet.dragBegan(at: t)
                }
            case .sheetChanged(let translation, let velocity):
                coordinator.send { sheet, t in sheet.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity):
                coordinator.send { sheet, t in sheet.dragEnded(velocity: velocity, at: t) }
                if let scrollView = trackedScrollView, ScrollHandoff.stopsDecelerationAtRelease(coordinator.model) {
                    // The sheet took the release velocity: the content must not fling with it too.
                    scrollView.setContentOffset(scrollView.contentOffset, animated: false)
                }
                didEndDragging?(coordinator.model.phase)
            case .edgeBegan, .edgeChanged, .edgeEnded:
                break
            }
        }

        /// The tracked scroll view moved its offset: the model's goes over it while the sheet owns the drag.
        private func contentTouched() {
            guard let coordinator, let scrollView = trackedScrollView else { return }
            let frame = coordinator.model.frame(at: coordinator.driver.currentTime)
            if let offset = ScrollHandoff.offsetAfterTouch(
                modelOwnsDrag: pan?.isDraggingSheet == true, modelOffset: frame.contentOffset)
            {
                scrollView.contentOffset.y = CGFloat(offset)
            }
        }

        // MARK: - Applying

        private func apply(_ frame: BottomSheet.Frame) {
            container.apply(frame.sheet)
            container.alpha = CGFloat(frame.sheetAlpha)
            dimmingView.alpha = CGFloat(frame.dimmingAlpha)
            touchView.passesTouches = coordinator?.model.passesTouchesBehind(frame) ?? false
            presentedViewController.view.apply(frame.contentArea.offsetBy(dx: -frame.sheet.minX, dy: -frame.sheet.minY))
            applyChrome(frame.sheet)
            sheetDidMove?(frame)
        }

        /// The corners and the grabber ``SheetChrome`` decides for a sheet of this size.
        private func applyChrome(_ sheet: Rect) {
            container.layer.cornerRadius = CGFloat(chrome.cornerRadius(for: sheet))
            let frame = chrome.grabberFrame(in: sheet)
            grabber.isHidden = frame == nil
            if let frame { grabber.apply(frame) }
        }

        /// Applies the chrome again after a change of its settings (the frame is the model's at the latest time).
        private func reapply() {
            guard let coordinator else { return }
            applyChrome(coordinator.model.frame(at: coordinator.driver.currentTime).sheet)
        }

        /// Hands the settling sheet to the render server: the content is laid out at rest at once and the sheet's
        /// frame, alpha and the dimming animate on Core Animation.
        private func handOver(_ sheet: BottomSheet, at time: Double) -> Bool {
            guard settlesOnRenderServer, sheetDidMove == nil, let animations = sheet.layerAnimations(from: time) else {
                return false
            }
            let rest = sheet.frame(at: .infinity)
            presentedViewController.view.apply(rest.contentArea.offsetBy(dx: -rest.sheet.minX, dy: -rest.sheet.minY))
            applyChrome(rest.sheet)
            touchView.passesTouches = sheet.passesTouchesBehind(rest)
            animations.apply(sheet: container.layer, dimming: dimmingView.layer)
            return true
        }

        /// Takes the motion back before an event changes it: the layers show the model's exact state again.
        private func takeBack() {
            container.layer.removeAllAnimations()
            dimmingView.layer.removeAllAnimations()
            if let coordinator { apply(coordinator.model.frame(at: coordinator.driver.currentTime)) }
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didChangeDetent), let sheet { detentDidChange?(sheet.selectedDetent) }
        }
    }

    /// A scroll view's offset and the range it scrolls in, as the models' `setContent` takes them.
    typealias ScrollState = ScrollRange

    extension ScrollRange {
        @MainActor init(_ scrollView: UIScrollView) {
            let insets = scrollView.adjustedContentInset
            self.init(
                offset: Double(scrollView.contentOffset.y), contentHeight: Double(scrollView.contentSize.height),
                viewportHeight: Double(scrollView.bounds.height), insetTop: Double(insets.top),
                insetBottom: Double(insets.bottom))
        }
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

    extension UIViewController {
        /// Presents `viewController` as a bottom sheet in one line: the transitioning delegate is kept alive for
        /// the presentation (a view controller's `transitioningDelegate` is weak), and `prepare` sees the
        /// presentation controller first (detents, scroll view, callbacks).
        public func presentBottomSheet(
            _ viewController: UIViewController, configuration: BottomSheet.Configuration = BottomSheet.Configuration(),
            animated: Bool = true, prepare: (@MainActor (BottomSheetPresentationController) -> Void)? = nil
        ) {
            let delegate = BottomSheetTransitioningDelegate(configuration: configuration)
            delegate.prepare = { controller in
                controller.keepAlive = delegate
                prepare?(controller)
            }
            viewController.modalPresentationStyle = .custom
            viewController.transitioningDelegate = delegate
            present(viewController, animated: animated)
        }
    }
#endif

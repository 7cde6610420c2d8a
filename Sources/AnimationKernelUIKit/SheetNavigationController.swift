#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// A navigation stack inside a bottom sheet (the Koshelek shape): a ``SheetNavigation`` model run by a
    /// ``TransitionDriver``. Push and pop slide the screens and animate the sheet to each screen's
    /// `preferredContentSize` height; an edge swipe pops interactively, a vertical drag moves the sheet. The
    /// controller contains its screens (view-controller containment) and applies the model's frames: the sheet, each
    /// screen's rect, alpha and z-order, the bar, and each screen's title view faded with its title alpha.
    ///
    /// Present it with `present(_:animated:)`: it presents over the full screen and the model animates the sheet in.
    @MainActor
    public final class SheetNavigationController: UIViewController, UIViewControllerTransitioningDelegate,
        ModelTransitionRunner
    {
        /// The stack, root first.
        public private(set) var viewControllers: [UIViewController]
        /// The tunables, read when the presentation begins. Reduce Motion and the layout direction are read from the
        /// system.
        public var configuration: SheetNavigation.Configuration
        /// The title view shown in the bar for a screen (nil: none), faded by the model with the screen's title alpha.
        public var titleView: (@MainActor (UIViewController) -> UIView?)?
        /// The bar above the screens; its height and alpha come from the model.
        public let navigationBar = UIView()
        /// Called when a drag that would have dismissed was refused.
        public var dismissalAttempted: (@MainActor () -> Void)?
        /// Called when a pop the user made is decided, with the popped screens, bottom first: an edge swipe released
        /// to pop (before ``interactivePopDidEnd``), VoiceOver's escape. Pops the app makes are not reported.
        public var didPop: (@MainActor ([UIViewController]) -> Void)?
        /// Called when an edge swipe begins popping the top screen.
        public var interactivePopDidBegin: (@MainActor () -> Void)?
        /// Called when the finger lifts from the edge swipe: `true` if the pop completes, `false` if the screen stays.
        public var interactivePopDidEnd: (@MainActor (_ popped: Bool) -> Void)?
        /// Called when a user dismissal (a drag, VoiceOver's escape at the root) begins, beside the delegate's
        /// `presentationControllerWillDismiss`.
        public var willDismiss: (@MainActor () -> Void)?
        /// Called when a user dismissal ended, beside the delegate's `presentationControllerDidDismiss`.
        public var didDismiss: (@MainActor () -> Void)?
        /// The model as of the latest event or frame; nil before the presentation begins.
        public var navigation: SheetNavigation? { coordinator?.model }

        private var coordinator: PresentationCoordinator<SheetNavigation>?
        private let frameSource = DisplayLinkFrameSource()
        private let dimmingView = UIView()
        private let sheetView = SheetContainerView()
        private var titleViews: [ObjectIdentifier: UIView] = [:]
        /// Screens popped but still on screen, kept as children until the model drops them.
        private var leaving: [UIViewController] = []
        /// The screen an edge swipe is popping, until the finger lifts.
        private var interactivelyPopping: UIViewController?
        /// The screens' appearance callbacks, decided by the core from the navigation's events.
        private var appearance = AppearanceTransitions<ObjectIdentifier>(top: nil)
        private var pan: PanForwarder?
        private var observers: SystemObservers?
        private var context: (any UIViewControllerContextTransitioning)?
        private var laidOut: (size: CGSize, insets: UIEdgeInsets)?

        /// A sheet whose stack starts with `rootViewController`.
        public init(
            rootViewController: UIViewController,
            configuration: SheetNavigation.Configuration = SheetNavigation.Configuration()
        ) {
            self.viewControllers = [rootViewController]
            self.configuration = configuration
            super.init(nibName: nil, bundle: nil)
            modalPresentationStyle = .overFullScreen
            transitioningDelegate = self
        }

        /// Not supported: create it in code.
        public required init?(coder: NSCoder) { nil }

        // MARK: - Stack

        /// Pushes `viewController` (see ``SheetNavigation/push(_:animated:at:)``).
        public func push(_ viewController: UIViewController, animated: Bool = true) {
            adopt(viewController)
            viewControllers.append(viewController)
            let screen = Self.screen(viewController)
            coordinator?.send { nav, t in nav.push(screen, animated: animated, at: t) }
            topChanged(animated: animated)
        }

        /// Pops the top screen (see ``SheetNavigation/pop(animated:at:)``); the root stays.
        public func pop(animated: Bool = true) {
            guard viewControllers.count > 1 else { return }
            leaving.append(viewControllers.removeLast())
            coordinator?.send { nav, t in nav.pop(animated: animated, at: t) }
            topChanged(animated: animated)
        }

        /// Replaces the stack (UIKit's `setViewControllers(_:animated:)` rule, see
        /// ``SheetNavigation/setStack(_:animated:at:)``).
        public func setViewControllers(_ stack: [UIViewController], animated: Bool = true) {
            guard !stack.isEmpty else { return }
            for viewController in viewControllers where !stack.contains(where: { $0 === viewController }) {
                leaving.append(viewController)
            }
            for viewController in stack { adopt(viewController) }
            viewControllers = stack
            let screens = stack.map(Self.screen)
            coordinator?.send { nav, t in nav.setStack(screens, animated: animated, at: t) }
            topChanged(animated: animated)
        }

        // MARK: - Appearance

        /// The screens get their appearance callbacks from ``AppearanceTransitions``, not from the container's own.
        public override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

        public override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            viewControllers.last?.endAppearanceTransition()
        }

        /// The top screen changed (a push, a pop, a stack change, an interactive pop beginning).
        private func topChanged(animated: Bool) {
            guard coordinator?.isSetUp == true, let top = viewControllers.last else { return }
            deliver(appearance.begin(to: ObjectIdentifier(top), animated: animated))
        }

        private func deliver(_ callbacks: [AppearanceTransitions<ObjectIdentifier>.Callback]) {
            func controller(_ id: ObjectIdentifier) -> UIViewController? {
                (viewControllers + leaving).first { ObjectIdentifier($0) == id }
            }
            for callback in callbacks {
                switch callback {
                case .willAppear(let id): controller(id)?.beginAppearanceTransition(true, animated: true)
                case .willDisappear(let id): controller(id)?.beginAppearanceTransition(false, animated: true)
                case .didAppear(let id), .didDisappear(let id): controller(id)?.endAppearanceTransition()
                }
            }
        }

        private static func screen(_ viewController: UIViewController) -> SheetNavigation.Screen {
            SheetNavigation.Screen(
                id: identifier(viewController), contentHeight: Double(viewController.preferredContentSize.height))
        }

        private static func identifier(_ viewController: UIViewController) -> SheetNavigation.ScreenID {
            String(describing: ObjectIdentifier(viewController))
        }

        private func adopt(_ viewController: UIViewController) {
            leaving.removeAll { $0 === viewController }
            guard !children.contains(where: { $0 === viewController }) else { return }
            addChild(viewController)
            sheetView.addSubview(viewController.view)
            viewController.didMove(toParent: self)
            if let title = titleView?(viewController) {
                titleViews[ObjectIdentifier(viewController)] = title
                navigationBar.addSubview(title)
            }
        }

        private func release(_ viewController: UIViewController) {
            viewController.willMove(toParent: nil)
            viewController.view.removeFromSuperview()
            viewController.removeFromParent()
            titleViews.removeValue(forKey: ObjectIdentifier(viewController))?.removeFromSuperview()
        }

        // MARK: - Presentation

        /// Presentation: over the full screen, animated by the model (see ``run(_:presenting:)``).
        public func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            ModelTransitionAnimator(presenting: true, runner: self)
        }

        /// Dismissal, animated by the model.
        public func animationController(forDismissed dismissed: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            ModelTransitionAnimator(presenting: false, runner: self)
        }

        /// Animated presentations and dismissals come through the animator; the coordinator completes them.
        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool) {
            if presenting {
                view.frame = context.containerView.bounds
                context.containerView.addSubview(view)
            }
            prepare(in: presenting ? context.containerView : view)
            self.context = context
            coordinator?.runTransition(presenting: presenting, animated: context.isAnimated)
        }

        func transitionDuration(presenting: Bool) -> Double {
            coordinator?.transitionDuration(presenting: presenting) ?? 0
        }

        /// A full-screen presentation calls no animator when it is not animated: the controller runs the transition
        /// itself, at once.
        public override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            viewControllers.last?.beginAppearanceTransition(true, animated: animated)
            prepare(in: view.superview ?? view)
            if !animated { coordinator?.runTransition(presenting: true, animated: false) }
        }

        public override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            viewControllers.last?.beginAppearanceTransition(false, animated: animated)
            if !animated { coordinator?.runTransition(presenting: false, animated: false) }
        }

        public override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            viewControllers.last?.endAppearanceTransition()
            coordinator?.dismissalDidEnd(completed: true)
        }

        /// Creates the coordinator for a presentation in `container` (once per presentation) and lets it set up.
        private func prepare(in container: UIView) {
            if coordinator == nil {
                var configuration = configuration
                configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
                configuration.layoutDirection = ReadingDirection(container.effectiveUserInterfaceLayoutDirection)
                configuration.sheet.allowsInteractiveDismissal = dismissalAllowed
                let direction = container.effectiveUserInterfaceLayoutDirection
                var navigation = SheetNavigation(
                    root: Self.screen(viewControllers[0]), containerSize: Size(container.bounds.size),
                    safeArea: Insets(container.safeAreaInsets, direction: direction), configuration: configuration)
                if viewControllers.count > 1 {
                    navigation.setStack(viewControllers.map(Self.screen), animated: false, at: 0)
                }
                laidOut = (container.bounds.size, container.safeAreaInsets)
                let coordinator = PresentationCoordinator(
                    navigation, frameSource: frameSource, now: DisplayLinkFrameSource.now,
                    apply: { [weak self] in self?.apply($0) }, perform: { [weak self] in self?.perform($0) })
                coordinator.dismissalAllowed = { [weak self] in self?.dismissalAllowed ?? false }
                coordinator.milestones = { [weak self] in self?.handle($0) }
                self.coordinator = coordinator
            }
            coordinator?.presentationWillBegin()
        }

        /// Carries out the coordinator's decisions.
        private func perform(_ action: PresentationCoordinator<SheetNavigation>.Action) {
            switch action {
            case .setUp: setUp()
            case .tearDown: tearDown()
            case .completeTransition(let completed):
                let context = self.context
                self.context = nil
                context?.completeTransition(completed)
            case .dismissPresentation: presentingViewController?.dismiss(animated: true)
            case .notifyWillDismiss:
                willDismiss?()
                presentationController.map(notifyWillDismiss)
            case .notifyDidDismiss:
                didDismiss?()
                presentationController.map(notifyDidDismiss)
            case .notifyDidAttemptToDismiss:
                dismissalAttempted?()
                presentationController.map(notifyDidAttemptToDismiss)
            }
        }

        private func setUp() {
            appearance = AppearanceTransitions(top: viewControllers.last.map(ObjectIdentifier.init))
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            view.addSubview(dimmingView)
            view.addSubview(sheetView)
            sheetView.addSubview(navigationBar)
            sheetView.escape = { [weak self] in self?.escape() ?? false }
            for viewController in viewControllers { adopt(viewController) }
            let pan = PanForwarder(on: sheetView, space: view) { [weak self] in self?.drag($0) }
            pan.arbiter.configuration.layoutDirection = configuration.layoutDirection
            self.pan = pan
            observers = SystemObservers(
                keyboard: { [weak self] in self?.keyboard($0) },
                reduceMotion: { [weak self] on in
                    self?.coordinator?.send { nav, t in nav.setReduceMotion(on, at: t) }
                })
        }

        private func tearDown() {
            observers?.stop()
            observers = nil
            pan?.remove()
            pan = nil
        }

        // MARK: - Forwarding

        public override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            guard let coordinator else { return }
            dimmingView.frame = view.bounds
            let now = (view.bounds.size, view.safeAreaInsets)
            let direction = view.effectiveUserInterfaceLayoutDirection
            if let laidOut, laidOut.size != now.0 || laidOut.insets != now.1 {
                coordinator.send { nav, t in
                    nav.setContainer(Size(now.0), safeArea: Insets(now.1, direction: direction), at: t)
                }
            }
            if ReadingDirection(direction) != coordinator.model.configuration.layoutDirection {
                pan?.arbiter.configuration.layoutDirection = ReadingDirection(direction)
                coordinator.send { nav, t in nav.setLayoutDirection(ReadingDirection(direction), at: t) }
            }
            laidOut = now
            coordinator.driver.applyFrame()
        }

        public override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            guard let top = viewControllers.last, container === top else { return }
            let height = Double(top.preferredContentSize.height)
            coordinator?.send { nav, t in nav.setContentHeight(height, at: t) }
        }

        private func keyboard(_ change: KeyboardChange) {
            let frame = keyboardFrame(change, in: view)
            coordinator?.send { nav, t in
                nav.keyboardWillChange(to: frame, duration: change.duration, curve: change.curve, at: t)
            }
        }

        private var dismissalAllowed: Bool { configuration.sheet.allowsInteractiveDismissal && !isModalInPresentation }

        private func drag(_ event: PanForwarder.Event) {
            guard let coordinator else { return }
            switch event {
            case .sheetBegan:
                let allowed = dismissalAllowed
                coordinator.send { nav, t in
                    nav.setInteractiveDismissal(allowed: allowed, at: t)
                    nav.dragBegan(at: t)
                }
            case .sheetChanged(let translation, let velocity):
                coordinator.send { nav, t in nav.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity):
                coordinator.send { nav, t in nav.dragEnded(velocity: velocity, at: t) }
            case .edgeBegan:
                var began = false
                coordinator.send { nav, t in began = nav.interactivePopBegan(at: t) }
                if began, viewControllers.count > 1 {
                    let top = viewControllers.removeLast()
                    leaving.append(top)
                    interactivelyPopping = top
                    topChanged(animated: true)
                    interactivePopDidBegin?()
                }
            case .edgeChanged(let translation, let velocity):
                coordinator.send { nav, t in
                    nav.interactivePopChanged(translationX: translation, velocityX: velocity, at: t)
                }
            case .edgeEnded(let velocity):
                coordinator.send { nav, t in nav.interactivePopEnded(velocityX: velocity, at: t) }
                guard let popped = interactivelyPopping else { break }
                interactivelyPopping = nil
                // A cancelled pop keeps the screen: the model's stack says which.
                let cancelled = coordinator.model.stack.last?.id == Self.identifier(popped)
                if cancelled {
                    leaving.removeAll { $0 === popped }
                    viewControllers.append(popped)
                    deliver(appearance.cancel())
                } else {
                    didPop?([popped])
                }
                interactivePopDidEnd?(!cancelled)
            case .contentTouched:
                break
            }
        }

        /// VoiceOver's two-finger scrub: pops, or at the root dismisses when a drag could.
        private func escape() -> Bool {
            if let top = viewControllers.last, viewControllers.count > 1 {
                pop()
                didPop?([top])
                return true
            }
            return coordinator?.escape() ?? false
        }

        // MARK: - Applying

        private func apply(_ frame: SheetNavigation.Frame) {
            let sheet = frame.sheet.sheet
            sheetView.apply(sheet)
            sheetView.alpha = CGFloat(frame.sheet.sheetAlpha)
            dimmingView.alpha = CGFloat(frame.sheet.dimmingAlpha)
            navigationBar.frame = CGRect(x: 0, y: 0, width: sheet.width, height: frame.navigationBarHeight)
            navigationBar.alpha = CGFloat(frame.navigationBarAlpha)
            navigationBar.layer.zPosition = CGFloat(Int16.max)
            for viewController in children { viewController.view.isHidden = true }
            for screen in frame.screens {
                guard let viewController = children.first(where: { Self.identifier($0) == screen.id }) else { continue }
                viewController.view.isHidden = false
                viewController.view.apply(screen.rect.offsetBy(dx: -sheet.minX, dy: -sheet.minY))
                viewController.view.alpha = CGFloat(screen.alpha)
                viewController.view.layer.zPosition = CGFloat(screen.zIndex)
                titleViews[ObjectIdentifier(viewController)]?.alpha = CGFloat(screen.titleAlpha)
            }
            pan?.arbiter.configuration.allowsEdgeSwipe = viewControllers.count > 1
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didFinishNavigation) {
                deliver(appearance.finish())
                // VoiceOver reads the new screen.
                UIAccessibility.post(notification: .screenChanged, argument: viewControllers.last?.view)
            }
            if events.contains(.didFinishNavigation) || events.contains(.didDismiss) {
                // Screens the model no longer draws leave the hierarchy.
                let shown = Set(coordinator?.model.stack.map(\.id) ?? [])
                for viewController in leaving where !shown.contains(Self.identifier(viewController)) {
                    release(viewController)
                }
                leaving.removeAll { !shown.contains(Self.identifier($0)) }
            }
        }
    }
#endif

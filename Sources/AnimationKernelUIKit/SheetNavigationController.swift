#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// A navigation stack inside a bottom sheet (the Koshelek shape): a ``SheetNavigation`` model run by a
    /// ``TransitionDriver``. Push and pop slide the screens and animate the sheet to each screen's
    /// `preferredContentSize` height; an edge swipe pops interactively, a vertical drag moves the sheet. The model's
    /// frames are applied to the sheet, each screen's rect, alpha and z-order, the bar, and each screen's title view
    /// faded with its title alpha.
    ///
    /// It is a `UINavigationController`, so a screen's `navigationController` is this controller and a screen's
    /// `navigationController?.pushViewController(_:animated:)`, `show(_:sender:)` and the pop methods run the
    /// model; they answer as UIKit documents (a pop returns the popped screens), and a request UIKit would answer with
    /// an exception (popping to a screen not on the stack, a stack naming a screen twice, an empty stack) does nothing
    /// (``SheetNavigationStack`` decides each). UIKit's own navigation manages one child, an internal container that
    /// holds the screens (with the navigation bar hidden and UIKit's edge-swipe recognizer off), so
    /// `viewControllers`, `topViewController` and `visibleViewController` keep reporting that child: UIKit's
    /// implementation reads them to lay out and forward appearance to its child, and a screen there would be moved out
    /// of the sheet. Read the stack from ``screens``; setting `viewControllers` replaces it as
    /// `setViewControllers(_:animated:)` does.
    ///
    /// Present it with `present(_:animated:)`: it presents over the full screen and the model animates the sheet in.
    @MainActor
    public final class SheetNavigationController: UINavigationController, UIViewControllerTransitioningDelegate,
        ModelTransitionRunner
    {
        /// The stack, root first.
        public var screens: [UIViewController] { stack.screens.compactMap { controllers[$0] } }
        /// The top screen.
        public var topScreen: UIViewController? { controllers[stack.top] }
        /// The tunables, read when the presentation begins. Reduce Motion and the layout direction are read from the
        /// system.
        public var configuration: SheetNavigation.Configuration
        /// The title view shown in the bar for a screen (nil: none), faded by the model with the screen's title alpha.
        public var titleView: (@MainActor (UIViewController) -> UIView?)?
        /// The bar above the screens; its height and alpha come from the model (UIKit's `navigationBar` stays
        /// hidden).
        public let sheetBar = UIView()
        /// Whether motion that settles with no finger on it (a push, a pop, a stack change, the sheet settling) is
        /// handed to Core Animation (``SheetNavigation/layerAnimations(from:)``), so the main thread draws nothing
        /// until it rests. Default true. Title views (``titleView``) fade on the main thread, so with them the motion
        /// stays there; so does motion whose screens the handover cannot name
        /// (``SheetNavigation/screenIDs(of:from:)``).
        public var settlesOnRenderServer = true
        /// The radius of the sheet's top corners, in points, at most half the sheet's width and its height. Default
        /// 10 (``SheetChrome/defaultCornerRadius``, UIKit's sheets').
        public var cornerRadius = CGFloat(SheetChrome.defaultCornerRadius) {
            didSet { chrome.cornerRadius = Double(cornerRadius) }
        }
        /// The sheet's background, behind the screens and the bottom safe area. Default the system background.
        public var backgroundColor: UIColor? = .systemBackground {
            didSet { sheetView.backgroundColor = backgroundColor }
        }
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

        /// UIKit's one child: the container whose view holds the dimming and the sheet, and the screens' parent.
        private let container = ScreenContainerController()
        /// The stack by screen id, and what each request does to it.
        private var stack: SheetNavigationStack<SheetNavigation.ScreenID>
        /// Every screen on the stack or still leaving it, by id.
        private var controllers: [SheetNavigation.ScreenID: UIViewController]
        private var coordinator: PresentationCoordinator<SheetNavigation>?
        private let frameSource = DisplayLinkFrameSource()
        private let dimmingView = UIView()
        private let sheetView = SheetContainerView()
        private var chrome = SheetChrome(showsGrabber: false)
        /// Inside the sheet, the screens' superview, in the container's coordinates: its bounds origin is the sheet's
        /// origin, so a screen's frame is the model's rect as it is (what the handed-over animations move).
        private let screensView = UIView()
        private var titleViews: [SheetNavigation.ScreenID: UIView] = [:]
        /// The screens' appearance callbacks, decided by the core from the navigation's events.
        private var appearance = AppearanceTransitions<SheetNavigation.ScreenID>(top: nil)
        private var pan: PanForwarder?
        private var observers: SystemObservers?
        private var context: (any UIViewControllerContextTransitioning)?
        private var laidOut: (size: CGSize, insets: UIEdgeInsets)?

        /// A sheet whose stack starts with `rootViewController`.
        public init(
            rootViewController: UIViewController,
            configuration: SheetNavigation.Configuration = SheetNavigation.Configuration()
        ) {
            let root = Self.identifier(rootViewController)
            self.stack = SheetNavigationStack(root: root)
            self.controllers = [root: rootViewController]
            self.configuration = configuration
            // UIKit's designated initialiser that pushes nothing; the container goes in through UIKit's own
            // `setViewControllers`, which the override below passes on for it.
            super.init(nibName: nil, bundle: nil)
            container.owner = self
            super.setViewControllers([container], animated: false)
            isNavigationBarHidden = true
            modalPresentationStyle = .overFullScreen
            transitioningDelegate = self
            adopt(rootViewController)
        }

        /// Not supported: create it in code.
        public required init?(coder: NSCoder) { nil }

        public override func viewDidLoad() {
            super.viewDidLoad()
            // The edge swipe is the model's (measured in the sheet); UIKit's would pop its own one child.
            interactivePopGestureRecognizer?.isEnabled = false
        }

        // MARK: - UINavigationController's stack, run by the model

        /// Pushes `viewController` with the model's slide; no effect if it is already on the stack.
        public override func pushViewController(_ viewController: UIViewController, animated: Bool) {
            guard viewController !== container else {
                return super.pushViewController(viewController, animated: animated)
            }
            endSwipeForRequest()
            let id = Self.identifier(viewController)
            controllers[id] = controllers[id] ?? viewController
            carryOut(stack.push(id), animated: animated)
        }

        /// Pops the top screen; returns it, or nil at the root.
        public override func popViewController(animated: Bool) -> UIViewController? {
            endSwipeForRequest()
            return carryOut(stack.pop(), animated: animated).first
        }

        /// Pops until `viewController` is on top; returns the popped screens (empty if it is on top), or nil, doing
        /// nothing, if it is not on the stack.
        public override func popToViewController(_ viewController: UIViewController, animated: Bool)
            -> [UIViewController]?
        {
            endSwipeForRequest()
            guard let update = stack.pop(to: Self.identifier(viewController)) else { return nil }
            return carryOut(update, animated: animated)
        }

        /// Pops to the root; returns the popped screens (empty at the root).
        public override func popToRootViewController(animated: Bool) -> [UIViewController]? {
            endSwipeForRequest()
            return carryOut(stack.popToRoot(), animated: animated)
        }

        /// Replaces the stack (UIKit's rule, see ``SheetNavigation/setStack(_:animated:at:)``); an empty stack or one
        /// that names a screen twice does nothing.
        public override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
            guard !viewControllers.contains(where: { $0 === container }) else {
                return super.setViewControllers(viewControllers, animated: animated)
            }
            endSwipeForRequest()
            let ids = viewControllers.map(Self.identifier)
            let update = stack.setStack(ids)
            if update.change != nil {
                for (id, viewController) in zip(ids, viewControllers) { controllers[id] = viewController }
            }
            carryOut(update, animated: animated)
        }

        /// UIKit's child (see the type's discussion); setting it replaces the stack without animation.
        public override var viewControllers: [UIViewController] {
            get { super.viewControllers }
            set { setViewControllers(newValue, animated: false) }
        }

        /// Carries out a request ``SheetNavigationStack`` decided: contains the added screens, sends the model the
        /// change, begins the appearance transition. Returns the removed screens, bottom first.
        @discardableResult
        private func carryOut(_ update: SheetNavigationStack<SheetNavigation.ScreenID>.Update, animated: Bool)
            -> [UIViewController]
        {
            let removed = update.removed.compactMap { controllers[$0] }
            guard let change = update.change else { return removed }
            for id in update.added { controllers[id].map(adopt) }
            switch change {
            case .push(let id):
                guard let screen = controllers[id].map(Self.screen) else { break }
                coordinator?.send { nav, t in nav.push(screen, animated: animated, at: t) }
            case .pop:
                coordinator?.send { nav, t in nav.pop(animated: animated, at: t) }
            case .setStack(let ids):
                let screens = ids.compactMap { controllers[$0] }.map(Self.screen)
                coordinator?.send { nav, t in nav.setStack(screens, animated: animated, at: t) }
            }
            topChanged(animated: animated)
            // Off screen nothing draws the screens that left: they go at once.
            if coordinator?.isSetUp != true { release(drawn: Set(stack.screens)) }
            return removed
        }

        // MARK: - Appearance

        /// The top screen changed (a push, a pop, a stack change, an interactive pop beginning).
        private func topChanged(animated: Bool) {
            guard coordinator?.isSetUp == true else { return }
            deliver(appearance.begin(to: stack.top, animated: animated))
        }

        private func deliver(_ callbacks: [AppearanceTransitions<SheetNavigation.ScreenID>.Callback]) {
            for callback in callbacks {
                switch callback {
                case .willAppear(let id): controllers[id]?.beginAppearanceTransition(true, animated: true)
                case .willDisappear(let id): controllers[id]?.beginAppearanceTransition(false, animated: true)
                case .didAppear(let id), .didDisappear(let id): controllers[id]?.endAppearanceTransition()
                }
            }
        }

        /// The container appears or disappears with the presentation: so does the top screen. A navigation still in
        /// flight when the sheet begins to disappear finishes its pair first, so every screen's calls stay balanced.
        fileprivate func containerAppearance(began appearing: Bool?, animated: Bool) {
            if appearing == false { deliver(appearance.finish()) }
            guard let top = topScreen else { return }
            if let appearing {
                top.beginAppearanceTransition(appearing, animated: animated)
            } else {
                top.endAppearanceTransition()
            }
        }

        private static func screen(_ viewController: UIViewController) -> SheetNavigation.Screen {
            SheetNavigation.Screen(
                id: identifier(viewController), contentHeight: Double(viewController.preferredContentSize.height))
        }

        private static func identifier(_ viewController: UIViewController) -> SheetNavigation.ScreenID {
            String(describing: ObjectIdentifier(viewController))
        }

        /// Makes `viewController` a child of the container (so its `navigationController` is this controller); its
        /// view joins the sheet once the presentation is set up.
        private func adopt(_ viewController: UIViewController) {
            if viewController.parent !== container {
                container.addChild(viewController)
                viewController.didMove(toParent: container)
            }
            if coordinator?.isSetUp == true { install(viewController) }
        }

        /// Puts the screen's view in the sheet and its title view in the bar.
        private func install(_ viewController: UIViewController) {
            if viewController.view.superview !== screensView {
                screensView.addSubview(viewController.view)
                // Core Animation's position is then the frame's origin, as the handed-over animations expect.
                viewController.view.layer.anchorPoint = .zero
            }
            let id = Self.identifier(viewController)
            if titleViews[id] == nil, let title = titleView?(viewController) {
                titleViews[id] = title
                sheetBar.addSubview(title)
            }
        }

        /// Releases the leaving screens the model no longer draws.
        private func release(drawn: Set<SheetNavigation.ScreenID>) {
            for id in stack.release(drawn: drawn) {
                guard let viewController = controllers.removeValue(forKey: id) else { continue }
                viewController.willMove(toParent: nil)
                for key in Self.screenKeys { viewController.view.layer.removeAnimation(forKey: key) }
                viewController.view.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                viewController.view.removeFromSuperview()
                viewController.removeFromParent()
                titleViews.removeValue(forKey: id)?.removeFromSuperview()
            }
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

        /// A full-screen presentation calls no animator when it is not animated: its own appearance callbacks run
        /// the presentation's lifecycle (``FullScreenPresentationLifecycle``).
        public override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            lifecycle(.willAppear(animated: animated))
        }

        public override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            lifecycle(.willDisappear(animated: animated))
        }

        public override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            lifecycle(.didDisappear)
        }

        private func lifecycle(_ callback: FullScreenPresentationLifecycle.Callback) {
            let steps = FullScreenPresentationLifecycle.steps(
                for: callback, isBeingPresented: isBeingPresented, isBeingDismissed: isBeingDismissed,
                presenterIsBeingDismissed: presentingViewController?.isBeingDismissed == true)
            for step in steps {
                switch step {
                case .prepare: prepare(in: view.superview ?? view)
                case .runAtOnce(let presenting): coordinator?.runTransition(presenting: presenting, animated: false)
                case .dismissalDidEnd: coordinator?.dismissalDidEnd(completed: true)
                }
            }
        }

        /// Creates the coordinator for a presentation in `container` (once per presentation) and lets it set up.
        private func prepare(in container: UIView) {
            if coordinator == nil {
                var configuration = configuration
                configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
                configuration.layoutDirection = ReadingDirection(container.effectiveUserInterfaceLayoutDirection)
                configuration.sheet.allowsInteractiveDismissal = dismissalAllowed
                let direction = container.effectiveUserInterfaceLayoutDirection
                let screens = self.screens.map(Self.screen)
                var navigation = SheetNavigation(
                    root: screens[0], containerSize: Size(container.bounds.size),
                    safeArea: Insets(container.safeAreaInsets, direction: direction), configuration: configuration)
                if screens.count > 1 { navigation.setStack(screens, animated: false, at: 0) }
                laidOut = (container.bounds.size, container.safeAreaInsets)
                let coordinator = PresentationCoordinator(
                    navigation, frameSource: frameSource, now: DisplayLinkFrameSource.now,
                    apply: { [weak self] in self?.apply($0) }, perform: { [weak self] in self?.perform($0) })
                coordinator.dismissalAllowed = { [weak self] in self?.dismissalAllowed ?? false }
                coordinator.milestones = { [weak self] in self?.handle($0) }
                coordinator.driver.handOver = { [weak self] nav, t in self?.handOver(nav, at: t) ?? false }
                coordinator.driver.takeBack = { [weak self] in self?.takeBack() }
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
            appearance = AppearanceTransitions(top: stack.top)
            let root = container.view!
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            root.addSubview(dimmingView)
            root.addSubview(sheetView)
            sheetView.backgroundColor = backgroundColor
            sheetView.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            sheetView.addSubview(screensView)
            sheetView.addSubview(sheetBar)
            for view in [sheetView, screensView, sheetBar] { view.layer.anchorPoint = .zero }
            sheetView.escape = { [weak self] in self?.escape() ?? false }
            for id in stack.held { controllers[id].map(install) }
            let pan = PanForwarder(on: sheetView, space: root) { [weak self] in self?.drag($0) }
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

        /// The container laid out its view (the sheet's space).
        fileprivate func containerDidLayout() {
            guard let coordinator else { return }
            let root = container.view!
            dimmingView.frame = root.bounds
            sizeScreensSpace()
            let now = (root.bounds.size, root.safeAreaInsets)
            let direction = root.effectiveUserInterfaceLayoutDirection
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

        /// A screen's `preferredContentSize` changed: the top screen's moves the sheet.
        fileprivate func screenContentSizeChanged(_ screen: any UIContentContainer) {
            guard let top = topScreen, screen === top else { return }
            let height = Double(top.preferredContentSize.height)
            coordinator?.send { nav, t in nav.setContentHeight(height, at: t) }
        }

        private func keyboard(_ change: KeyboardChange) {
            let frame = keyboardFrame(change, in: container.view)
            coordinator?.send { nav, t in
                nav.keyboardWillChange(to: frame, duration: change.duration, curve: change.curve, at: t)
            }
        }

        /// ``UserDismissalRule``, with this controller or its top screen modal in presentation.
        private var dismissalAllowed: Bool {
            UserDismissalRule.allows(
                configured: configuration.sheet.allowsInteractiveDismissal,
                isModalInPresentation: isModalInPresentation || topScreen?.isModalInPresentation == true,
                delegateAllows: { presentationController.map(delegateAllowsDismissal) ?? true })
        }

        private func drag(_ event: PanRouter.Event) {
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
                if began, stack.interactivePopBegan() != nil {
                    topChanged(animated: true)
                    interactivePopDidBegin?()
                }
            case .edgeChanged(let translation, let velocity):
                coordinator.send { nav, t in
                    nav.interactivePopChanged(translationX: translation, velocityX: velocity, at: t)
                }
            case .edgeEnded(let velocity):
                coordinator.send { nav, t in nav.interactivePopEnded(velocityX: velocity, at: t) }
                swipeEnded()
            }
        }

        /// The model ended the edge swipe: the stack follows, and the app hears how it ended.
        private func swipeEnded() {
            switch stack.interactivePopEnded(modelTop: coordinator?.model.stack.last?.id) {
            case .cancelled?:
                deliver(appearance.cancel())
                interactivePopDidEnd?(false)
            case .popped(let id)?:
                if let popped = controllers[id] { didPop?([popped]) }
                interactivePopDidEnd?(true)
            case nil:
                break
            }
        }

        /// A request made during an edge swipe comes after the swipe ends where the finger is
        /// (``SheetNavigationStack``).
        private func endSwipeForRequest() {
            guard stack.interactivelyPopping != nil, let coordinator else { return }
            coordinator.send { nav, t in nav.interactivePopEnded(velocityX: 0, at: t) }
            swipeEnded()
        }

        /// VoiceOver's two-finger scrub (``SheetNavigationStack/escape``): pops, or at the root is the
        /// presentation's escape.
        private func escape() -> Bool {
            switch stack.escape {
            case .pop:
                guard let popped = popViewController(animated: true) else { return false }
                didPop?([popped])
                return true
            case .presentation:
                return coordinator?.escape() ?? false
            }
        }

        // MARK: - Applying

        private func apply(_ frame: SheetNavigation.Frame) {
            let sheet = frame.sheet.sheet
            sheetView.apply(sheet)
            sheetView.layer.cornerRadius = CGFloat(chrome.cornerRadius(for: sheet))
            sizeScreensSpace()
            screensView.bounds.origin = CGPoint(x: sheet.minX, y: sheet.minY)
            sheetView.alpha = CGFloat(frame.sheet.sheetAlpha)
            dimmingView.alpha = CGFloat(frame.sheet.dimmingAlpha)
            sheetBar.frame = CGRect(x: 0, y: 0, width: sheet.width, height: frame.navigationBarHeight)
            sheetBar.alpha = CGFloat(frame.navigationBarAlpha)
            sheetBar.layer.zPosition = CGFloat(Int16.max)
            for viewController in container.children { viewController.view.isHidden = true }
            for screen in frame.screens {
                guard let viewController = controllers[screen.id] else { continue }
                viewController.view.isHidden = false
                viewController.view.apply(screen.rect)
                viewController.view.alpha = CGFloat(screen.alpha)
                viewController.view.layer.zPosition = CGFloat(screen.zIndex)
                titleViews[screen.id]?.alpha = CGFloat(screen.titleAlpha)
            }
            pan?.arbiter.configuration.allowsEdgeSwipe = stack.screens.count > 1
        }

        /// The screens' space is as large as the container (it does not clip; the sheet does), whatever its bounds
        /// origin (the sheet's origin, set by a frame or animated by a handover).
        private func sizeScreensSpace() {
            let space = container.view.bounds.size
            screensView.frame = CGRect(x: 0, y: 0, width: space.width, height: space.height)
        }

        /// The layer keys a handover animates on a screen.
        private static let screenKeys = [
            "position.x", "position.y", "bounds.size.width", "bounds.size.height", "opacity",
        ]

        /// Hands the settling motion to the render server: the sheet and the dimming, the screens' space (its bounds
        /// origin follows the sheet's origin), each screen the model moves (shown, in the model's order), and the
        /// bar's width and alpha.
        private func handOver(_ navigation: SheetNavigation, at time: Double) -> Bool {
            guard settlesOnRenderServer, titleViews.isEmpty, let animations = navigation.layerAnimations(from: time),
                let ids = navigation.screenIDs(of: animations, from: time)
            else { return false }
            let moved = ids.compactMap { controllers[$0] }
            guard moved.count == ids.count, moved.allSatisfy({ $0.view.superview === screensView }) else {
                return false
            }
            animations.sheet.apply(sheet: sheetView.layer, dimming: dimmingView.layer)
            let rest = navigation.frame(at: .infinity)
            sheetView.layer.cornerRadius = CGFloat(chrome.cornerRadius(for: rest.sheet.sheet))
            sizeScreensSpace()
            animations.sheet.x.apply(to: screensView.layer, keyPath: "bounds.origin.x")
            animations.sheet.y.apply(to: screensView.layer, keyPath: "bounds.origin.y")
            for viewController in container.children {
                viewController.view.isHidden = !moved.contains { $0 === viewController }
            }
            for (index, (viewController, screen)) in zip(moved, animations.screens).enumerated() {
                screen.apply(screen: viewController.view.layer)
                animations.sheet.width.apply(to: viewController.view.layer, keyPath: "bounds.size.width")
                viewController.view.layer.zPosition = CGFloat(index)
            }
            // The bar's height steps (shown or not); it keeps the height it has at either end.
            let bar = max(navigation.frame(at: time).navigationBarHeight, rest.navigationBarHeight)
            sheetBar.frame = CGRect(x: 0, y: 0, width: rest.sheet.sheet.width, height: bar)
            animations.sheet.width.apply(to: sheetBar.layer, keyPath: "bounds.size.width")
            animations.navigationBarAlpha.apply(to: sheetBar.layer, keyPath: "opacity")
            pan?.arbiter.configuration.allowsEdgeSwipe = stack.screens.count > 1
            return true
        }

        /// Takes the motion back before an event changes it: the layers show the model's exact state again.
        private func takeBack() {
            for view in [sheetView, dimmingView, screensView, sheetBar] { view.layer.removeAllAnimations() }
            for viewController in container.children {
                for key in Self.screenKeys { viewController.view.layer.removeAnimation(forKey: key) }
            }
            if let coordinator { apply(coordinator.model.frame(at: coordinator.driver.currentTime)) }
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didFinishNavigation) {
                deliver(appearance.finish())
                // VoiceOver reads the new screen.
                UIAccessibility.post(notification: .screenChanged, argument: topScreen?.view)
            }
            if events.contains(.didFinishNavigation) || events.contains(.didDismiss) {
                // Screens the model no longer draws leave the hierarchy.
                release(drawn: Set(coordinator?.model.stack.map(\.id) ?? []))
            }
        }
    }

    /// The one child UIKit's navigation manages: its view holds the dimming and the sheet, and it is the screens'
    /// parent. Their appearance callbacks come from the model's navigation events, not from UIKit's containment.
    final class ScreenContainerController: UIViewController {
        weak var owner: SheetNavigationController?

        override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            owner?.containerAppearance(began: true, animated: animated)
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            owner?.containerAppearance(began: nil, animated: animated)
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            owner?.containerAppearance(began: false, animated: animated)
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            owner?.containerAppearance(began: nil, animated: animated)
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            owner?.containerDidLayout()
        }

        override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            owner?.screenContentSizeChanged(container)
        }
    }
#endif

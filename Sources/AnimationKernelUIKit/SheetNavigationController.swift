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
        /// The model as of the latest event or frame; nil before the presentation begins.
        public var navigation: SheetNavigation? { driver?.model }

        private var driver: TransitionDriver<SheetNavigation>?
        private let frameSource = DisplayLinkFrameSource()
        private let dimmingView = UIView()
        private let sheetView = SheetContainerView()
        private var titleViews: [ObjectIdentifier: UIView] = [:]
        /// Screens popped but still on screen, kept as children until the model drops them.
        private var leaving: [UIViewController] = []
        private var pan: PanForwarder?
        private var observers: SystemObservers?
        private var dismissal: (any UIViewControllerContextTransitioning)?
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
            driver?.send { nav, t in nav.push(screen, animated: animated, at: t) }
        }

        /// Pops the top screen (see ``SheetNavigation/pop(animated:at:)``); the root stays.
        public func pop(animated: Bool = true) {
            guard viewControllers.count > 1 else { return }
            leaving.append(viewControllers.removeLast())
            driver?.send { nav, t in nav.pop(animated: animated, at: t) }
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
            driver?.send { nav, t in nav.setStack(screens, animated: animated, at: t) }
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

        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool) {
            if presenting {
                let container = context.containerView
                view.frame = container.bounds
                container.addSubview(view)
                start(in: container)
                driver?.send { nav, t in nav.present(at: t) }
                // The sheet animates in the presented view; UIKit's part is done.
                context.completeTransition(true)
            } else if let driver, driver.model.sheet.phase != .dismissed {
                dismissal = context
                driver.send { nav, t in nav.dismiss(at: t) }
            } else {
                context.completeTransition(true)
            }
        }

        private func start(in container: UIView) {
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            view.addSubview(dimmingView)
            view.addSubview(sheetView)
            sheetView.addSubview(navigationBar)
            sheetView.escape = { [weak self] in self?.escape() ?? false }
            for viewController in viewControllers { adopt(viewController) }

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
            driver = TransitionDriver(
                navigation, frameSource: frameSource, now: DisplayLinkFrameSource.now,
                apply: { [weak self] in self?.apply($0) }, events: { [weak self] in self?.handle($0) })
            let pan = PanForwarder(on: sheetView, space: view) { [weak self] in self?.drag($0) }
            pan.arbiter.configuration.layoutDirection = configuration.layoutDirection
            self.pan = pan
            observers = SystemObservers(
                keyboard: { [weak self] in self?.keyboard($0) },
                reduceMotion: { [weak self] on in self?.driver?.send { nav, t in nav.setReduceMotion(on, at: t) } })
        }

        // MARK: - Forwarding

        public override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            guard let driver else { return }
            dimmingView.frame = view.bounds
            let now = (view.bounds.size, view.safeAreaInsets)
            let direction = view.effectiveUserInterfaceLayoutDirection
            if let laidOut, laidOut.size != now.0 || laidOut.insets != now.1 {
                driver.send { nav, t in
                    nav.setContainer(Size(now.0), safeArea: Insets(now.1, direction: direction), at: t)
                }
            }
            if ReadingDirection(direction) != driver.model.configuration.layoutDirection {
                pan?.arbiter.configuration.layoutDirection = ReadingDirection(direction)
                driver.send { nav, t in nav.setLayoutDirection(ReadingDirection(direction), at: t) }
            }
            laidOut = now
            driver.applyFrame()
        }

        public override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            guard let top = viewControllers.last, container === top else { return }
            let height = Double(top.preferredContentSize.height)
            driver?.send { nav, t in nav.setContentHeight(height, at: t) }
        }

        private func keyboard(_ change: KeyboardChange) {
            let frame = change.frame.map { Rect(view.convert($0, from: nil)) }
            driver?.send { nav, t in
                nav.keyboardWillChange(to: frame, duration: change.duration, curve: change.curve, at: t)
            }
        }

        private var dismissalAllowed: Bool { configuration.sheet.allowsInteractiveDismissal && !isModalInPresentation }

        private func drag(_ event: PanForwarder.Event) {
            guard let driver else { return }
            switch event {
            case .sheetBegan:
                let allowed = dismissalAllowed
                driver.send { nav, t in
                    nav.setInteractiveDismissal(allowed: allowed, at: t)
                    nav.dragBegan(at: t)
                }
            case .sheetChanged(let translation, let velocity):
                driver.send { nav, t in nav.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity):
                driver.send { nav, t in nav.dragEnded(velocity: velocity, at: t) }
            case .edgeBegan:
                var began = false
                driver.send { nav, t in began = nav.interactivePopBegan(at: t) }
                if began, viewControllers.count > 1 { leaving.append(viewControllers.removeLast()) }
            case .edgeChanged(let translation, let velocity):
                driver.send { nav, t in nav.interactivePopChanged(translationX: translation, velocityX: velocity, at: t)
                }
            case .edgeEnded(let velocity):
                driver.send { nav, t in nav.interactivePopEnded(velocityX: velocity, at: t) }
                // A cancelled pop keeps the screen: the model's stack says which.
                if let popped = leaving.last, let model = driver.model.stack.last,
                    model.id == Self.identifier(popped)
                {
                    viewControllers.append(leaving.removeLast())
                }
            }
        }

        /// VoiceOver's two-finger scrub: pops, or at the root dismisses when a drag could.
        private func escape() -> Bool {
            if viewControllers.count > 1 {
                pop()
                return true
            }
            guard dismissalAllowed else {
                dismissalAttempted?()
                return false
            }
            dismiss(animated: true)
            return true
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
            if events.contains(.didFinishNavigation) || events.contains(.didDismiss) {
                // Screens the model no longer draws leave the hierarchy.
                let shown = Set(driver?.model.stack.map(\.id) ?? [])
                for viewController in leaving where !shown.contains(Self.identifier(viewController)) {
                    release(viewController)
                }
                leaving.removeAll { !shown.contains(Self.identifier($0)) }
            }
            if events.contains(.didAttemptDismiss) { dismissalAttempted?() }
            if events.contains(.didDismiss) {
                observers?.stop()
                observers = nil
                if let dismissal {
                    self.dismissal = nil
                    dismissal.completeTransition(true)
                } else {
                    // Dismissed by a drag: UIKit's dismissal completes at once (the model is already there).
                    dismiss(animated: true)
                }
            }
        }
    }
#endif

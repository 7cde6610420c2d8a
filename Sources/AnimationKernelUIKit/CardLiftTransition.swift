#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// The card lift as a view-controller transition from a list cell into a detail: a ``CardLift`` model run by a
    /// ``TransitionDriver``. A snapshot of ``sourceView`` is the card: it lifts out of the list (the cell hides while
    /// the card is out of it), flies above everything to ``targetRect`` while the detail rises as a sheet, and is
    /// handed to the detail once it is presented; closing reverses it to wherever the cell is then (the list may have
    /// scrolled: the card follows it). A vertical drag on the detail moves it like a bottom sheet and, when it
    /// dismisses, closes the card with it.
    ///
    /// Set it as the detail's `transitioningDelegate` with `modalPresentationStyle = .custom`, and keep a strong
    /// reference while the detail is shown.
    ///
    /// A source without a view of its own (a SwiftUI card) gives its frame and its picture instead:
    /// ``init(sourceFrame:snapshot:configuration:)``, with ``setSourceHidden`` to hide it while the card is out.
    @MainActor
    public final class CardLiftTransition: NSObject, UIViewControllerTransitioningDelegate, ModelTransitionRunner {
        /// The tunables, read when the transition begins. Reduce Motion is read from the system.
        public var configuration: CardLift.Configuration
        /// The card in the list (a cell or a view inside it).
        public weak var sourceView: UIView?
        /// The list's velocity when the card was tapped, in points per second (the card leaves with it).
        public var sourceVelocity = CGPoint.zero
        /// Where the card lands, in the container's coordinates; default: the container's top below the safe area,
        /// full width, the source's height.
        public var targetRect: (@MainActor (UIView) -> CGRect)?
        /// Finds the card's view in the list when the card flies home (e.g. the cell at the card's index path): the
        /// cell it lifted from may have been reused for another row since. Nil, or returning nil: ``sourceView``.
        public var currentSourceView: (@MainActor () -> UIView?)?
        /// Where the card is in the list, in the window's coordinates, read when it lifts and when it flies home (the
        /// list may have scrolled): when set, it is read instead of ``sourceView`` and ``currentSourceView``. Nil (the
        /// source's host found nowhere on screen to land): the card cross-fades as under Reduce Motion; nil while it
        /// flies home, it lands where it was going.
        public var sourceFrame: (@MainActor () -> CGRect?)?
        /// The card's picture, made when it lifts (e.g. the window's pixels over the source's frame); nil, or
        /// returning nil: a snapshot of ``sourceView``.
        public var makeSnapshot: (@MainActor () -> UIView?)?
        /// Told when the source should hide (the card is out of the list) or show again, for a source the layer
        /// cannot hide itself (a SwiftUI view); ``sourceView`` is hidden and shown by the layer.
        public var setSourceHidden: (@MainActor (Bool) -> Void)?
        /// Whether a card that moves with no finger on the detail is handed to Core Animation (springs, curves and
        /// keyframes the render server runs, `CardLift.layerAnimations(from:)`), so the main thread draws nothing
        /// until it rests; a drag or any event takes it back at the model's exact state. Default true. A list that
        /// scrolls while the card flies home is followed only at events then (set false to follow it every frame).
        public var settlesOnRenderServer = true
        /// The model as of the latest event or frame; nil before the first transition.
        public var cardLift: CardLift? { coordinator?.model }

        private var coordinator: PresentationCoordinator<CardLift>?
        private let frameSource = DisplayLinkFrameSource()
        private var card: UIView?
        private var snapshot: UIView?
        private let modalView = SheetContainerView()
        /// Whether the transition UIKit runs is the dismissal.
        private var dismissing = false
        private weak var container: UIView?
        private weak var detail: UIViewController?
        private var pan: PanForwarder?
        private var context: (any UIViewControllerContextTransitioning)?
        /// Where the source is, followed across the lift.
        private var follower = CardLiftSourceFollower(canVanish: false)
        private var laidOut: CGSize?
        /// Whether the source was last told to hide (``setSourceHidden``).
        private var sourceIsHidden = false

        /// A transition with `configuration`, from `sourceView`.
        public init(sourceView: UIView?, configuration: CardLift.Configuration = CardLift.Configuration()) {
            self.sourceView = sourceView
            self.configuration = configuration
        }

        /// A transition with `configuration` from a source known by its frame in the window (read at opening and
        /// while the card flies home) and a picture of it, made when the card lifts.
        public init(
            sourceFrame: @escaping @MainActor () -> CGRect?, snapshot: @escaping @MainActor () -> UIView?,
            configuration: CardLift.Configuration = CardLift.Configuration()
        ) {
            self.sourceFrame = sourceFrame
            self.makeSnapshot = snapshot
            self.configuration = configuration
        }

        /// Presentation: the card lifts and the detail rises.
        public func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            ModelTransitionAnimator(presenting: true, runner: self)
        }

        /// Dismissal: the card flies home and the detail leaves.
        public func animationController(forDismissed dismissed: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            ModelTransitionAnimator(presenting: false, runner: self)
        }

        /// How long the card takes to land or fly home from now (a first lift: from the list).
        func transitionDuration(presenting: Bool) -> Double {
            coordinator?.transitionDuration(presenting: presenting) ?? 0
        }

        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool) {
            if presenting {
                begin(context)
            } else if let coordinator {
                self.context = context
                dismissing = true
                followSource()
                coordinator.runTransition(presenting: false, animated: context.isAnimated)
            } else {
                context.completeTransition(true)
            }
        }

        private func begin(_ context: any UIViewControllerContextTransitioning) {
            let container = context.containerView
            guard let detail = context.viewController(forKey: .to), sourceFrame != nil || sourceView != nil else {
                context.completeTransition(!context.transitionWasCancelled)
                return
            }
            self.container = container
            self.detail = detail
            self.context = context
            // The detail rides in a sheet view of ours, which hands VoiceOver's escape to the coordinator.
            modalView.escape = { [weak self] in self?.coordinator?.escape() ?? false }
            detail.view.frame = modalView.bounds
            detail.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            modalView.addSubview(detail.view)
            // Core Animation's positions are then the frames' origins, as the handed-over animations expect.
            modalView.layer.anchorPoint = .zero
            container.addSubview(modalView)
            // The card casts its shadow from a path (no offscreen pass) and clips its snapshot to its corners: two
            // layers, since a layer that clips also clips its own shadow.
            let card = UIView()
            let snapshot =
                makeSnapshot?() ?? sourceView?.snapshotView(afterScreenUpdates: false) ?? UIView()
            snapshot.layer.masksToBounds = true
            card.layer.anchorPoint = .zero
            snapshot.layer.anchorPoint = .zero
            card.addSubview(snapshot)
            container.addSubview(card)
            self.card = card
            self.snapshot = snapshot

            var configuration = configuration
            configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
            follower = CardLiftSourceFollower(canVanish: sourceFrame != nil)
            let source = follower.lift(
                from: currentSourceRect(in: container), landing: target(in: container, source: Rect(container.bounds)))
            if follower.crossFades { configuration.reduceMotion = true }
            let layout = BottomSheet.Layout(
                containerSize: Size(container.bounds.size),
                safeArea: Insets(container.safeAreaInsets, direction: container.effectiveUserInterfaceLayoutDirection),
                contentHeight: Double(detail.preferredContentSize.height))
            laidOut = container.bounds.size
            let lift = CardLift(
                source: source, target: target(in: container, source: source), modalLayout: layout,
                configuration: configuration)
            let coordinator = PresentationCoordinator(
                lift, frameSource: frameSource, now: DisplayLinkFrameSource.now,
                apply: { [weak self] in self?.apply($0) }, perform: { [weak self] in self?.perform($0) })
            coordinator.driver.handOver = { [weak self] lift, t in self?.handOver(lift, at: t) ?? false }
            coordinator.driver.takeBack = { [weak self] in self?.takeBack() }
            self.coordinator = coordinator
            let velocity = Point(sourceVelocity)
            coordinator.runTransition(presenting: true, animated: context.isAnimated) { lift, t in
                lift.open(at: t, initialVelocity: velocity)
            }
            // Draw now: the first tick comes a frame later, with the card still at the origin until then.
            coordinator.driver.applyFrame()
        }

        private func target(in container: UIView, source: Rect) -> Rect {
            Rect(
                targetRect?(container)
                    ?? CGRect(
                        x: 0, y: container.safeAreaInsets.top, width: container.bounds.width,
                        height: CGFloat(source.height)))
        }

        /// Carries out the coordinator's decisions.
        private func perform(_ action: PresentationCoordinator<CardLift>.Action) {
            switch action {
            case .setUp:
                guard let container else { return }
                pan = PanForwarder(on: modalView, space: container) { [weak self] in self?.drag($0) }
                pan?.arbiter.configuration.allowsEdgeSwipe = false
            case .tearDown:
                pan?.remove()
                pan = nil
                finish()
            case .completeTransition(let completed):
                let context = self.context
                self.context = nil
                context?.completeTransition(completed)
                // An animator has no dismissalTransitionDidEnd: the dismissal ends with its completion.
                if dismissing {
                    dismissing = false
                    coordinator?.dismissalDidEnd(completed: completed)
                }
            case .dismissPresentation:
                // A drag closed the card: UIKit's dismissal then waits for the landing (asked for once).
                detail?.presentingViewController?.dismiss(animated: true)
            case .notifyWillDismiss, .notifyDidDismiss, .notifyDidAttemptToDismiss:
                break
            }
        }

        /// Where the source is now in `container`: from ``sourceFrame`` if set, else from its view.
        private func currentSourceRect(in container: UIView) -> Rect? {
            if let sourceFrame {
                return sourceFrame().map { Rect(container.convert($0, from: nil)) }
            }
            guard let view = currentSourceView?() ?? sourceView else { return nil }
            return Rect(view.convert(view.bounds, to: container))
        }

        /// The cell may have moved (the list scrolled) or been reused since the card lifted: the flight home
        /// retargets to where the card's view is now. A frame source with nowhere to land, before the card sets off:
        /// it cross-fades.
        private func followSource() {
            guard let container, let coordinator else { return }
            switch follower.follow(currentSourceRect(in: container), phase: coordinator.model.phase) {
            case .none: break
            case .retarget(let source): coordinator.send { lift, t in lift.setSourceRect(source, at: t) }
            case .crossFade: coordinator.send { lift, t in lift.setReduceMotion(true, at: t) }
            }
        }

        /// A rotation or a window resize: the modal and the card's landing place follow.
        private func followLayout() {
            guard let container, let sourceRect = follower.sourceRect, container.bounds.size != laidOut else { return }
            laidOut = container.bounds.size
            let size = Size(container.bounds.size)
            let insets = Insets(container.safeAreaInsets, direction: container.effectiveUserInterfaceLayoutDirection)
            let target = target(in: container, source: sourceRect)
            coordinator?.send { lift, t in
                lift.setContainer(size, safeArea: insets, at: t)
                lift.setTargetRect(target, at: t)
            }
        }

        private func drag(_ event: PanRouter.Event) {
            guard let coordinator else { return }
            switch event {
            case .sheetBegan: coordinator.send { lift, t in lift.dragBegan(at: t) }
            case .sheetChanged(let translation, let velocity):
                coordinator.send { lift, t in lift.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity):
                followSource()
                coordinator.send { lift, t in lift.dragEnded(velocity: velocity, at: t) }
            case .edgeBegan, .edgeChanged, .edgeEnded:
                break
            }
        }

        private func apply(_ frame: CardLift.Frame) {
            draw(frame)
            if frame.phase == .closing { followSource() }
            followLayout()
        }

        /// Sets every layer the frame describes (``CardLift/LayerKey``) and the card's place in the hierarchy.
        private func draw(_ frame: CardLift.Frame) {
            modalView.apply(frame.modal.sheet)
            guard let card else { return }
            card.apply(frame.card)
            card.alpha = CGFloat(frame.cardAlpha)
            let (x, y) = (CardLift.LayerKey.clipX.value(in: frame), CardLift.LayerKey.clipY.value(in: frame))
            snapshot?.frame = Rect(x: x, y: y, width: frame.card.width, height: frame.card.height).cgRect
            snapshot?.layer.cornerRadius = CGFloat(frame.cornerRadius)
            card.layer.shadowPath = frame.shadowPath.cgPath
            card.layer.shadowRadius = CGFloat(frame.elevation.shadowRadius)
            card.layer.shadowOpacity = Float(frame.elevation.shadowOpacity)
            let hidden = frame.hidesSource
            sourceView?.isHidden = hidden
            if hidden != sourceIsHidden {
                sourceIsHidden = hidden
                setSourceHidden?(hidden)
            }
            card.isHidden = frame.hostLayer == .list
            card.layer.zPosition = frame.cardIsAboveModal ? 1 : 0
        }

        /// Hands the card and the modal to the render server from `time`: the frame at `time` is drawn, then every
        /// layer animates on Core Animation and nothing is applied from the main thread until the model rests or an
        /// event takes it back. The card's place in the hierarchy is then brought up to date when it rests (it is
        /// above the modal either way: added after it).
        private func handOver(_ lift: CardLift, at time: Double) -> Bool {
            guard settlesOnRenderServer, let card, let snapshot, let animations = lift.layerAnimations(from: time)
            else { return false }
            draw(lift.frame(at: time))
            animations.apply(card: card.layer, clip: snapshot.layer, modal: modalView.layer, dimming: nil)
            return true
        }

        /// Takes the motion back before an event changes it: the layers show the model's exact state again.
        private func takeBack() {
            for layer in [card?.layer, snapshot?.layer, modalView.layer] { layer?.removeAllAnimations() }
            if let coordinator { draw(coordinator.model.frame(at: coordinator.driver.currentTime)) }
        }

        private func finish() {
            card?.removeFromSuperview()
            card = nil
            snapshot = nil
            modalView.removeFromSuperview()
            sourceView?.isHidden = false
            if sourceIsHidden {
                sourceIsHidden = false
                setSourceHidden?(false)
            }
        }
    }
#endif

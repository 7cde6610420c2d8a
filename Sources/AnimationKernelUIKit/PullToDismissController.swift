#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// Pull-to-dismiss for a presented view controller (minne's pull-down close, sgr-ksmt/PullToDismiss): a
    /// ``PullToDismiss`` model run by a ``TransitionDriver``. A pan on the controller's view first scrolls the tracked
    /// scroll view to its top, then moves the view; on release the model cancels or dismisses, and once the view is
    /// off screen the controller is dismissed without a further animation. Behind the view the backdrop follows the
    /// pull: a shadow (``BackdropEffect/shadow(color:alpha:)``) or a blur of the presenting view, snapshotted once per
    /// gesture and rendered each frame by a ``BackdropRenderer`` (``BackdropEffect/blur(radius:tint:tintAlpha:saturation:)``).
    ///
    /// Create it after presenting (for example in `viewDidAppear`) and keep a strong reference. Present with
    /// `.overFullScreen` (or a custom presentation that keeps the presenting view): the backdrop shows the presenting
    /// view behind the pulled screen. Where it attaches is ``PullToDismissPlacement``'s decision: the pulled view is that
    /// of the outermost container of the controller (its navigation controller's, when it has one), so the bar moves
    /// with the content, and the pan is measured in a view that does not move. That view is a container the
    /// controller inserts around the pulled view, which also takes VoiceOver's escape (dismissing as a pull would,
    /// or refusing while dismissal is not allowed). A pull that settles with no finger down runs on the render
    /// server (see ``settlesOnRenderServer``).
    @MainActor
    public final class PullToDismissController: NSObject {
        /// The scroll view inside the controller's view whose scrolling hands over to the pull.
        public weak var scrollView: UIScrollView? {
            didSet { pan?.scrollView = scrollView }
        }
        /// Called when a pull (or VoiceOver's escape) that would have dismissed was refused (see
        /// ``PullToDismiss/setInteractiveDismissal(allowed:at:)``).
        public var dismissalAttempted: (@MainActor () -> Void)?
        /// Whether a screen that settles with no finger down (a cancel springing back, a dismissal sliding off) is
        /// handed to Core Animation (`PullToDismiss.layerAnimations(from:)`), so the main thread draws nothing until
        /// it rests; a grab takes it back at the model's exact state. A blur backdrop that still changes is pixels
        /// the render server cannot draw: the display link draws every frame until the blur is steady
        /// (``PullToDismissHandover``), then hands the rest over. Default true.
        public var settlesOnRenderServer = true
        /// The model as of the latest event or frame.
        public var pull: PullToDismiss { driver.model }

        private weak var viewController: UIViewController?
        /// The pulled view (the outermost container's).
        private weak var moving: UIView?
        private let driver: TransitionDriver<PullToDismiss>
        private let frameSource = DisplayLinkFrameSource()
        /// Holds the pulled view and the backdrop; does not move: the pan's coordinates, VoiceOver's escape.
        private let container = PullContainerView()
        private let backdropView = UIView()
        private let blur = BlurredBackdrop()
        private var restingFrame: CGRect
        private var pan: PanForwarder?
        private var observers: SystemObservers?
        /// When the motion goes to the render server (a changing blur keeps it here until it rests).
        private var handover = PullToDismissHandover()

        /// Attaches to `viewController`'s view (already presented) with `configuration`.
        public init(
            viewController: UIViewController, scrollView: UIScrollView? = nil,
            configuration: PullToDismiss.Configuration = PullToDismiss.Configuration()
        ) {
            let placement = PullToDismissPlacement(
                presented: viewController, parent: { $0.parent }, view: { $0.viewIfLoaded },
                superview: { $0.superview }, bounds: { Rect($0.bounds) })
            var configuration = configuration
            configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
            restingFrame = placement?.moving.frame ?? .zero
            self.viewController = viewController
            self.moving = placement?.moving
            self.scrollView = scrollView
            var dispatch: (@MainActor (PullToDismiss.Frame) -> Void)?
            var deliver: (@MainActor (TransitionEvents) -> Void)?
            driver = TransitionDriver(
                PullToDismiss(containerSize: Size(restingFrame.size), configuration: configuration),
                frameSource: frameSource, now: DisplayLinkFrameSource.now, apply: { dispatch?($0) },
                events: { deliver?($0) })
            super.init()
            dispatch = { [weak self] in self?.apply($0) }
            deliver = { [weak self] in self?.handle($0) }
            driver.handOver = { [weak self] pull, t in self?.handOver(pull, at: t) ?? false }
            driver.takeBack = { [weak self] in self?.takeBack() }
            guard let placement else { return }
            attach(placement, axis: configuration.axis)
        }

        /// Puts the container where the pulled view was, the pulled view and the backdrop in it, and the pan on the
        /// pulled view, measured in the container.
        private func attach(_ placement: PullToDismissPlacement<UIViewController, UIView>, axis: PullToDismiss.Axis) {
            let (view, superview) = (placement.moving, placement.measuring)
            container.frame = placement.backdropFrame.cgRect
            container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.escape = { [weak self] in self?.escape() ?? false }
            superview.insertSubview(container, aboveSubview: view)
            restingFrame = container.convert(view.frame, from: superview)
            container.addSubview(view)
            view.frame = restingFrame
            backdropView.frame = container.bounds
            backdropView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            backdropView.alpha = 0
            container.insertSubview(backdropView, at: 0)
            blur.view.frame = container.bounds
            blur.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            blur.view.isHidden = true
            container.insertSubview(blur.view, aboveSubview: backdropView)
            let pan = PanForwarder(on: view, space: container) { [weak self] in self?.drag($0) }
            pan.contentTouched = { [weak self] in self?.contentTouched() }
            pan.arbiter.configuration = axis.gestureConfiguration
            pan.scrollView = scrollView
            self.pan = pan
            observers = SystemObservers(
                keyboard: { _ in },
                reduceMotion: { [weak self] on in self?.send { pull, t in pull.setReduceMotion(on, at: t) } })
        }

        /// Whether a pull may dismiss from now on (UIKit's `isModalInPresentation`).
        public func setInteractiveDismissal(allowed: Bool) {
            send { pull, t in pull.setInteractiveDismissal(allowed: allowed, at: t) }
        }

        /// Dismisses with the model's motion (a close button).
        public func dismiss() {
            captureBackdrop()
            send { pull, t in pull.dismiss(at: t) }
        }

        /// VoiceOver's escape: the model dismisses or refuses (``PullToDismiss/accessibilityEscape(at:)``).
        private func escape() -> Bool {
            captureBackdrop()
            var leaving = false
            send { pull, t in leaving = pull.accessibilityEscape(at: t) }
            return leaving
        }

        /// Every event goes through here: the driver offers a handover after it, which sets its own retry.
        private func send(_ event: (inout PullToDismiss, Double) -> Void) {
            handover.eventWillChangeModel()
            driver.send(event)
        }

        private func drag(_ event: PanRouter.Event) {
            switch event {
            case .sheetBegan, .edgeBegan:
                if let moving, pull.phase == .idle { restingFrame = moving.frame }
                captureBackdrop()
                let scroll = scrollView.map(ScrollState.init)
                let size = Size(restingFrame.size)
                send { pull, t in
                    pull.setContainer(size, at: t)
                    if let scroll {
                        pull.setContent(offset: scroll.offset, minimum: scroll.top, maximum: scroll.bottom)
                    }
                    pull.dragBegan(at: t)
                }
            case .sheetChanged(let translation, let velocity), .edgeChanged(let translation, let velocity):
                send { pull, t in pull.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity), .edgeEnded(let velocity):
                send { pull, t in pull.dragEnded(velocity: velocity, at: t) }
            }
        }

        /// The scroll view moved its offset: the model's goes over it while the pull owns the drag.
        private func contentTouched() {
            let offset = ScrollHandoff.offsetAfterTouch(
                modelOwnsDrag: pan?.isDraggingSheet == true,
                modelOffset: driver.model.frame(at: driver.currentTime).contentOffset)
            if let offset, let scrollView { scrollView.contentOffset.y = CGFloat(offset) }
        }

        /// A blurred backdrop snapshots the presenting view once per gesture.
        private func captureBackdrop() {
            guard case .blur = pull.configuration.backdrop, let behind = viewController?.presentingViewController?.view
            else { return }
            blur.view.frame = container.bounds
            blur.capture(behind)
        }

        private func apply(_ frame: PullToDismiss.Frame) {
            draw(frame, wholeBlur: false)
            // The blur has come to rest: an empty event makes the driver offer the handover again.
            let now = driver.lastFrameTime
            if handover.retries(afterFrameAt: now) { driver.send(at: now) { _, _ in } }
        }

        /// Sets the pulled view and the backdrop for `frame`; `wholeBlur` renders all of a blur (a handed-over
        /// screen uncovers more of it without a further render), else only the band the screen uncovers.
        private func draw(_ frame: PullToDismiss.Frame, wholeBlur: Bool) {
            guard let view = moving else { return }
            view.frame = frame.movingFrame(resting: Rect(restingFrame)).cgRect
            view.alpha = CGFloat(frame.alpha)
            switch frame.backdrop {
            case .shadow(let color, let alpha):
                backdropView.backgroundColor = UIColor(color)
                backdropView.alpha = CGFloat(alpha)
                blur.view.isHidden = true
            case .blur:
                backdropView.alpha = 0
                blur.view.isHidden = false
                let band = pull.uncoveredBackdrop(in: frame, width: Double(blur.view.bounds.width), whole: wholeBlur)
                blur.render(frame.backdrop, visible: band)
            case .none:
                backdropView.alpha = 0
                blur.view.isHidden = true
            }
        }

        /// Hands the settling screen to the render server from `time`: the frame at `time` is drawn (a blur whole,
        /// and steady from then on), then the screen's origin and alpha and a shadow's opacity animate on Core
        /// Animation; nothing is applied from the main thread until the model rests or an event takes it back.
        private func handOver(_ pull: PullToDismiss, at time: Double) -> Bool {
            guard settlesOnRenderServer, let view = moving, let animations = handover.animations(for: pull, at: time)
            else { return false }
            draw(pull.frame(at: time), wholeBlur: true)
            animations.apply(screen: view.layer, resting: restingFrame, backdrop: backdropView.layer)
            return true
        }

        /// Takes the motion back before an event changes it: the layers show the model's exact state again.
        private func takeBack() {
            moving?.layer.removeAllAnimations()
            backdropView.layer.removeAllAnimations()
            draw(driver.model.frame(at: driver.currentTime), wholeBlur: false)
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didAttemptDismiss) { dismissalAttempted?() }
            if events.contains(.didDismiss) {
                observers?.stop()
                observers = nil
                backdropView.removeFromSuperview()
                blur.view.removeFromSuperview()
                // The presenter dismisses it (the controller's own dismiss would dismiss what it presents).
                viewController.flatMap { $0.presentingViewController }?.dismiss(animated: false)
            }
        }
    }

    /// The view around a pulled screen: it does not move (the pan is measured in it) and forwards VoiceOver's
    /// escape.
    final class PullContainerView: UIView {
        var escape: (@MainActor () -> Bool)?

        override func accessibilityPerformEscape() -> Bool { escape?() ?? false }
    }
#endif

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
    /// view behind the pulled screen. The pulled view is that of the outermost container of the controller (its
    /// navigation controller's, when it has one), so the bar moves with the content.
    @MainActor
    public final class PullToDismissController: NSObject {
        /// The scroll view inside the controller's view whose scrolling hands over to the pull.
        public weak var scrollView: UIScrollView? {
            didSet { pan?.scrollView = scrollView }
        }
        /// Called when a pull that would have dismissed was refused (see
        /// ``PullToDismiss/setInteractiveDismissal(allowed:at:)``).
        public var dismissalAttempted: (@MainActor () -> Void)?
        /// The model as of the latest event or frame.
        public var pull: PullToDismiss { driver.model }

        private weak var viewController: UIViewController?
        private let driver: TransitionDriver<PullToDismiss>
        private let frameSource = DisplayLinkFrameSource()
        private let backdropView = UIView()
        private let blur = BlurredBackdrop()
        private var restingFrame: CGRect
        private var pan: PanForwarder?
        private var observers: SystemObservers?

        /// Attaches to `viewController`'s view (already presented) with `configuration`.
        public init(
            viewController: UIViewController, scrollView: UIScrollView? = nil,
            configuration: PullToDismiss.Configuration = PullToDismiss.Configuration()
        ) {
            let view: UIView = Self.outermost(viewController).view
            var configuration = configuration
            configuration.reduceMotion = UIAccessibility.isReduceMotionEnabled
            restingFrame = view.frame
            self.viewController = viewController
            self.scrollView = scrollView
            var dispatch: (@MainActor (PullToDismiss.Frame) -> Void)?
            var deliver: (@MainActor (TransitionEvents) -> Void)?
            driver = TransitionDriver(
                PullToDismiss(containerSize: Size(view.bounds.size), configuration: configuration),
                frameSource: frameSource, now: DisplayLinkFrameSource.now, apply: { dispatch?($0) },
                events: { deliver?($0) })
            super.init()
            dispatch = { [weak self] in self?.apply($0) }
            deliver = { [weak self] in self?.handle($0) }

            view.superview?.insertSubview(backdropView, at: 0)
            backdropView.frame = view.superview?.bounds ?? view.bounds
            backdropView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            backdropView.alpha = 0
            view.superview?.insertSubview(blur.view, aboveSubview: backdropView)
            blur.view.frame = backdropView.frame
            blur.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            blur.view.isHidden = true
            let pan = PanForwarder(on: view, space: view.superview ?? view) { [weak self] in self?.drag($0) }
            switch configuration.axis {
            case .vertical:
                pan.arbiter.configuration.allowsEdgeSwipe = false
            case .edgeSwipe(let direction):
                pan.arbiter.configuration.allowsSheetDrag = false
                pan.arbiter.configuration.layoutDirection = direction
            }
            pan.scrollView = scrollView
            self.pan = pan
            observers = SystemObservers(
                keyboard: { _ in },
                reduceMotion: { [weak self] on in self?.driver.send { pull, t in pull.setReduceMotion(on, at: t) } })
        }

        /// Whether a pull may dismiss from now on (UIKit's `isModalInPresentation`).
        public func setInteractiveDismissal(allowed: Bool) {
            driver.send { pull, t in pull.setInteractiveDismissal(allowed: allowed, at: t) }
        }

        /// Dismisses with the model's motion (a close button).
        public func dismiss() {
            captureBackdrop()
            driver.send { pull, t in pull.dismiss(at: t) }
        }

        private func drag(_ event: PanForwarder.Event) {
            switch event {
            case .sheetBegan, .edgeBegan:
                if let view = viewController.map({ Self.outermost($0).view as UIView }), pull.phase == .idle {
                    restingFrame = view.frame
                }
                captureBackdrop()
                let scroll = scrollView.map(ScrollState.init)
                let size = Size(restingFrame.size)
                driver.send { pull, t in
                    pull.setContainer(size, at: t)
                    if let scroll {
                        pull.setContent(offset: scroll.offset, minimum: scroll.top, maximum: scroll.bottom)
                    }
                    pull.dragBegan(at: t)
                }
            case .sheetChanged(let translation, let velocity), .edgeChanged(let translation, let velocity):
                driver.send { pull, t in pull.dragChanged(translation: translation, velocity: velocity, at: t) }
            case .sheetEnded(let velocity), .edgeEnded(let velocity):
                driver.send { pull, t in pull.dragEnded(velocity: velocity, at: t) }
            case .contentTouched:
                let offset = ScrollHandoff.offsetAfterTouch(
                    modelOwnsDrag: pan?.isDraggingSheet == true,
                    modelOffset: driver.model.frame(at: driver.currentTime).contentOffset)
                if let offset, let scrollView { scrollView.contentOffset.y = CGFloat(offset) }
            }
        }

        /// A blurred backdrop snapshots the presenting view once per gesture.
        private func captureBackdrop() {
            guard case .blur = pull.configuration.backdrop, let behind = viewController?.presentingViewController?.view
            else { return }
            blur.view.frame = backdropView.frame
            blur.capture(behind)
        }

        /// The controller's outermost container (a navigation controller around it), whose view moves.
        private static func outermost(_ viewController: UIViewController) -> UIViewController {
            var outer = viewController
            while let parent = outer.parent { outer = parent }
            return outer
        }

        private func apply(_ frame: PullToDismiss.Frame) {
            guard let view = viewController.map({ Self.outermost($0).view as UIView }) else { return }
            view.frame = restingFrame.offsetBy(dx: CGFloat(frame.screen.minX), dy: CGFloat(frame.screen.minY))
            view.alpha = CGFloat(frame.alpha)
            switch frame.backdrop {
            case .shadow(let color, let alpha):
                backdropView.backgroundColor = UIColor(color)
                backdropView.alpha = CGFloat(alpha)
                blur.view.isHidden = true
            case .blur:
                backdropView.alpha = 0
                blur.view.isHidden = false
                // Only the band above (or beside) the moving screen shows.
                let band =
                    pull.configuration.axis == .vertical
                    ? Rect(x: 0, y: 0, width: Double(blur.view.bounds.width), height: frame.screen.minY) : nil
                blur.render(frame.backdrop, visible: band)
            case .none:
                backdropView.alpha = 0
                blur.view.isHidden = true
            }
        }

        private func handle(_ events: TransitionEvents) {
            if events.contains(.didAttemptDismiss) { dismissalAttempted?() }
            if events.contains(.didDismiss) {
                observers?.stop()
                observers = nil
                backdropView.removeFromSuperview()
                blur.view.removeFromSuperview()
                // The presenter dismisses it (the controller's own dismiss would dismiss what it presents).
                viewController.map(Self.outermost)?.presentingViewController?.dismiss(animated: false)
            }
        }
    }
#endif

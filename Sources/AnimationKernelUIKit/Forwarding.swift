#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// Keyboard and Reduce Motion notifications, forwarded on the main actor until ``stop()``.
    @MainActor
    final class SystemObservers {
        private var tokens: [any NSObjectProtocol] = []

        init(
            keyboard: @escaping @MainActor @Sendable (KeyboardChange) -> Void,
            reduceMotion: @escaping @MainActor @Sendable (Bool) -> Void
        ) {
            let center = NotificationCenter.default
            for name in [UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification] {
                tokens.append(
                    center.addObserver(forName: name, object: nil, queue: .main) { notification in
                        MainActor.assumeIsolated { keyboard(KeyboardChange(notification)) }
                    })
            }
            let reduceMotionChanged = UIAccessibility.reduceMotionStatusDidChangeNotification
            tokens.append(
                center.addObserver(forName: reduceMotionChanged, object: nil, queue: .main) { _ in
                    MainActor.assumeIsolated { reduceMotion(UIAccessibility.isReduceMotionEnabled) }
                })
        }

        func stop() {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
            tokens = []
        }
    }

    /// A keyboard notification's frame (screen coordinates) in `view`'s coordinates, as ``KeyboardGeometry`` decides
    /// it: converted through the window (whose `convert(_:from: nil)` reads the screen), nil where the keyboard
    /// leaves the view alone (hidden, floating, elsewhere).
    @MainActor func keyboardFrame(_ change: KeyboardChange, in view: UIView) -> Rect? {
        guard let window = view.window else { return nil }
        return KeyboardGeometry.frame(
            ofKeyboard: change.frame.map { Rect(window.convert($0, from: nil as UIWindow?)) },
            inWindow: Rect(window.bounds), container: Rect(view.convert(view.bounds, to: window)))
    }

    /// One pan recognizer routed by a ``PanRouter``, which decides the touch's owner and counts translations from
    /// where it decided.
    @MainActor
    final class PanForwarder: NSObject, UIGestureRecognizerDelegate {
        private var router = PanRouter()
        /// The arbiter deciding each touch (a host changes its configuration between touches).
        var arbiter: GestureArbiter {
            get { router.arbiter }
            set { router.arbiter = newValue }
        }
        /// A scroll view whose own pan runs alongside (the sheet's model splits each movement with it). Its pan
        /// also reports here, after the scroll view's own handling, so the layer writes the model's offset over the
        /// scroll view's in the same touch (``ScrollHandoff``).
        weak var scrollView: UIScrollView? {
            didSet {
                guard scrollView !== oldValue else { return }
                if let contentTarget { oldValue?.panGestureRecognizer.removeTarget(contentTarget, action: nil) }
                contentTarget = nil
                guard let scrollView else { return }
                let target = ActionTarget { [weak self] _ in self?.contentTouched?() }
                addAction(target, to: scrollView.panGestureRecognizer)
                contentTarget = target
            }
        }
        private var contentTarget: ActionTarget?
        private(set) var recognizer: UIPanGestureRecognizer?
        private var target: ActionTarget?
        private weak var space: UIView?
        private let handler: @MainActor (PanRouter.Event) -> Void
        /// Called after the tracked scroll view has handled a touch (moved its own offset).
        var contentTouched: (@MainActor () -> Void)?

        /// Whether a decided sheet drag is in progress.
        var isDraggingSheet: Bool { router.isDraggingSheet }

        /// A pan on `view`, in the coordinates of `space`.
        init(on view: UIView, space: UIView, handler: @escaping @MainActor (PanRouter.Event) -> Void) {
            self.handler = handler
            self.space = space
            super.init()
            let target = ActionTarget { [weak self] sender in
                if let pan = sender as? UIPanGestureRecognizer { self?.forward(pan) }
            }
            let recognizer = makePanRecognizer(target)
            recognizer.delegate = self
            view.addGestureRecognizer(recognizer)
            self.target = target
            self.recognizer = recognizer
        }

        private func forward(_ pan: UIPanGestureRecognizer) {
            guard let space else { return }
            let translation = Point(pan.translation(in: space))
            let velocity = Point(pan.velocity(in: space))
            let send = handler
            switch pan.state {
            case .began:
                let (start, width) = touchDown(pan)
                router.began(
                    touchDown: start, containerWidth: width, translation: translation, velocity: velocity, send)
            case .changed:
                router.changed(translation: translation, velocity: velocity, send)
            case .ended, .cancelled, .failed:
                router.ended(velocity: velocity, finished: pan.state == .ended, send)
            default:
                break
            }
        }

        /// Where the touch went down, in the view the pan is on (the sheet: its edge is the one that counts, on an iPad
        /// or in landscape too), and that view's width.
        private func touchDown(_ pan: UIPanGestureRecognizer) -> (Point, Double) {
            guard let view = pan.view else { return (Point(x: 0, y: 0), 0) }
            let start = GestureArbiter.touchDown(
                location: Point(pan.location(in: view)), translation: Point(pan.translation(in: view)))
            return (start, Double(view.bounds.width))
        }

        /// Begins only for a touch the arbiter would give to the sheet or an edge swipe: a horizontal swipe on the
        /// content stays the content's (swipe actions, carousels).
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let pan = gestureRecognizer as? UIPanGestureRecognizer, let view = pan.view else { return true }
            let (start, width) = touchDown(pan)
            return arbiter.shouldBegin(
                at: start, containerWidth: width, translation: Point(pan.translation(in: view)),
                velocity: Point(pan.velocity(in: view)))
        }

        /// Removes the recognizer from its view and stops listening to the scroll view (the presentation is torn
        /// down).
        func remove() {
            scrollView = nil
            if let recognizer { recognizer.view?.removeGestureRecognizer(recognizer) }
            recognizer = nil
            target = nil
        }

        /// The pan runs alongside the tracked scroll view's own pan.
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool {
            otherGestureRecognizer === scrollView?.panGestureRecognizer
        }
    }

    /// A tap recognizer on a view that calls `handler` (the dimming behind a sheet).
    @MainActor
    final class TapForwarder {
        private var recognizer: UITapGestureRecognizer?
        private var target: ActionTarget?

        init(on view: UIView, handler: @escaping @MainActor () -> Void) {
            let target = ActionTarget { _ in handler() }
            let recognizer = makeTapRecognizer(target)
            view.addGestureRecognizer(recognizer)
            self.target = target
            self.recognizer = recognizer
        }

        /// Removes the recognizer from its view.
        func remove() {
            if let recognizer { recognizer.view?.removeGestureRecognizer(recognizer) }
            recognizer = nil
            target = nil
        }
    }

    /// A view controller or presentation controller whose model animates UIKit's transitions.
    @MainActor
    protocol ModelTransitionRunner: AnyObject {
        /// Starts the model's presentation or dismissal; completes `context` when the model reports it done.
        func run(_ context: any UIViewControllerContextTransitioning, presenting: Bool)
        /// How long the model takes for that transition from now, in seconds.
        func transitionDuration(presenting: Bool) -> Double
    }

    /// Hands UIKit's transition to a ``ModelTransitionRunner``: the given one, or the presented controller's
    /// presentation controller or the controller itself.
    final class ModelTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        weak var runner: (any ModelTransitionRunner)?

        init(presenting: Bool, runner: (any ModelTransitionRunner)? = nil) {
            self.presenting = presenting
            self.runner = runner
        }

        /// The model's own duration for the transition (alongside animations end with it).
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
            guard let transitionContext, let runner = runner(for: transitionContext) else { return 0 }
            return runner.transitionDuration(presenting: presenting)
        }

        private func runner(for context: any UIViewControllerContextTransitioning) -> (any ModelTransitionRunner)? {
            let controller = context.viewController(forKey: presenting ? .to : .from)
            return runner ?? (controller?.presentationController as? any ModelTransitionRunner)
                ?? (controller as? any ModelTransitionRunner)
        }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            guard let runner = runner(for: transitionContext) else {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                return
            }
            runner.run(transitionContext, presenting: presenting)
        }
    }

    /// A sheet's view: holds the content, keeps VoiceOver inside, and forwards the escape gesture.
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

    /// The touch surface behind a sheet: while `passesTouches` (the model's ``BottomSheet/passesTouchesBehind(_:)``)
    /// a touch on it goes to `behind` (the presenting view), else it stays here (the dimming's tap). Clear and
    /// opaque to hit-testing, unlike the dimming view, which hit-testing skips at alpha 0.
    final class TouchForwardingView: UIView {
        weak var behind: UIView?
        var passesTouches = false

        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let hit = super.hitTest(point, with: event)
            guard passesTouches, hit === self, let behind else { return hit }
            return behind.hitTest(convert(point, to: behind), with: event)
        }
    }

    /// A sheet's grabber: for VoiceOver an adjustable element whose swipes up and down move the sheet to the next
    /// taller or shorter detent (``BottomSheet/adjacentDetent(upward:)``).
    final class GrabberView: UIView {
        var adjust: (@MainActor (_ upward: Bool) -> Void)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            isAccessibilityElement = true
            accessibilityLabel = "Sheet grabber"
            accessibilityTraits = .adjustable
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }

        override func accessibilityIncrement() { adjust?(true) }
        override func accessibilityDecrement() { adjust?(false) }
    }

    extension UIView {
        /// Sets `frame` from a model's rect (in the superview's coordinates).
        func apply(_ rect: Rect) { frame = rect.cgRect }
    }

    extension UIColor {
        /// A UIKit colour with the same components.
        convenience init(_ color: RGBAColor) {
            self.init(
                red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                alpha: CGFloat(color.alpha))
        }
    }
#endif

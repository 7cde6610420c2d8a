// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

/// The base class for concrete gesture recognizers.
@MainActor
open class UIGestureRecognizer: NSObject {
    /// Constants that represent the current state a gesture recognizer is in.
    public enum State: Int, Sendable {
        /// The gesture recognizer hasn't yet recognized its gesture, but may be evaluating touch events.
        case possible = 0

        /// The gesture recognizer has received touch objects recognized as a continuous gesture.
        case began = 1

        /// The gesture recognizer has received touches recognized as a change to a continuous gesture.
        case changed = 2

        /// The gesture recognizer has received touches recognized as the end of a continuous gesture.
        case ended = 3

        /// The gesture recognizer has received touches resulting in the cancellation of a continuous gesture.
        case cancelled = 4

        /// The gesture recognizer has received a touch sequence that can't be recognized as the gesture.
        case failed = 5

        /// The gesture recognizer has received a multi-touch sequence that it recognizes as its gesture.
        public static var recognized: UIGestureRecognizer.State { .ended }
    }

    /// The current state of the gesture recognizer.
    open var state = UIGestureRecognizer.State.possible

    /// A Boolean property that indicates whether the gesture recognizer is enabled.
    open var isEnabled = true

    /// The delegate of the gesture recognizer.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// The view the gesture recognizer is attached to.
    open var view: UIView? { nil }

    /// Creates a gesture recognizer; stands in for `init(target:action:)`, which needs selectors.
    public override init() {
        super.init()
    }

    /// Returns the point computed as the location in a given view of the gesture represented by the receiver.
    open func location(in view: UIView?) -> CGPoint {
        .zero
    }

    /// Creates a dependency relationship between the gesture recognizer and another gesture recognizer.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {}
}

/// A set of methods implemented by the delegate of a gesture recognizer to fine-tune an app's gesture-recognition
/// behavior.
@MainActor
public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    /// Asks the delegate if a gesture recognizer should begin interpreting touches.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool

    /// Asks the delegate if two gesture recognizers should be allowed to recognize gestures simultaneously.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool

    /// Asks the delegate if a gesture recognizer should require another gesture recognizer to fail.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// Default implementation standing in for an optional requirement; returns `true`.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// Default implementation standing in for an optional requirement; returns `false`.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        false
    }

    /// Default implementation standing in for an optional requirement; returns `false`.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        false
    }
}

/// A continuous gesture recognizer that interprets panning gestures.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Interprets the pan gesture in the coordinate system of the specified view.
    open func translation(in view: UIView?) -> CGPoint {
        .zero
    }

    /// Sets the translation value in the coordinate system of the specified view.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {}

    /// The velocity of the pan gesture, which is expressed in points per second.
    open func velocity(in view: UIView?) -> CGPoint {
        .zero
    }
}

/// A continuous gesture recognizer that interprets panning gestures that start near an edge of the screen.
@MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The acceptable starting edges for the gesture.
    open var edges: UIRectEdge = []
}

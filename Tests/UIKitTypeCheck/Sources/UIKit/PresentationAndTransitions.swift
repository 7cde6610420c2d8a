// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

/// An object that manages the transition animations and the presentation of view controllers onscreen.
@MainActor
open class UIPresentationController: NSObject {
    private let presented: UIViewController
    private let presenting: UIViewController?

    /// The delegate object for managing adaptive presentations.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The view controller being presented.
    open var presentedViewController: UIViewController { presented }

    /// The view controller whose content represents the starting point of the transition.
    open var presentingViewController: UIViewController { presenting ?? presented }

    /// The view in which the presentation occurs.
    open var containerView: UIView? { nil }

    /// The view to be animated by the animator objects during a transition.
    open var presentedView: UIView? { presented.view }

    /// The frame rectangle to assign to the presented view at the end of the animations.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// A Boolean value indicating whether the presentation covers the entire screen.
    open var shouldPresentInFullscreen: Bool { true }

    /// A Boolean value indicating whether the presenting view controller's view should be removed when the
    /// presentation animations finish.
    open var shouldRemovePresentersView: Bool { false }

    /// Initializes and returns a presentation controller for transitioning between the specified view controllers.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presented = presentedViewController
        self.presenting = presentingViewController
        super.init()
    }

    /// Notifies the presentation controller that the presentation animations are about to start.
    open func presentationTransitionWillBegin() {}

    /// Notifies the presentation controller that the presentation animations finished.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// Notifies the presentation controller that the dismissal animations are about to start.
    open func dismissalTransitionWillBegin() {}

    /// Notifies the presentation controller that the dismissal animations finished.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// Notifies the presentation controller that layout is about to begin on the views of the container view.
    open func containerViewWillLayoutSubviews() {}

    /// Notifies the presentation controller that layout ended on the views of the container view.
    open func containerViewDidLayoutSubviews() {}

    /// Notifies the container that the preferred content size of one of its children changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
}

/// A set of methods that, in conjunction with a presentation controller, determine how to respond to trait changes.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Notifies the delegate that a user-initiated attempt to dismiss a view was prevented.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)

    /// Asks the delegate for permission to dismiss the presentation.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
}

extension UIAdaptivePresentationControllerDelegate {
    /// Default implementation standing in for an optional requirement; does nothing.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}

    /// Default implementation standing in for an optional requirement; allows the dismissal.
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        true
    }
}

/// A set of methods that vend objects used to manage a fixed-length or interactive transition between view
/// controllers.
@MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    /// Asks your delegate for the custom presentation controller to use for managing the view hierarchy when
    /// presenting a view controller.
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController?

    /// Asks your delegate for the transition animator object to use when presenting a view controller.
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?

    /// Asks your delegate for the transition animator object to use when dismissing a view controller.
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?

    /// Asks your delegate for the interactive animator object to use when presenting a view controller.
    func interactionControllerForPresentation(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?

    /// Asks your delegate for the interactive animator object to use when dismissing a view controller.
    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    /// Default implementation standing in for an optional requirement; returns `nil`.
    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        nil
    }

    /// Default implementation standing in for an optional requirement; returns `nil`.
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        nil
    }

    /// Default implementation standing in for an optional requirement; returns `nil`.
    public func animationController(
        forDismissed dismissed: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        nil
    }

    /// Default implementation standing in for an optional requirement; returns `nil`.
    public func interactionControllerForPresentation(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        nil
    }

    /// Default implementation standing in for an optional requirement; returns `nil`.
    public func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        nil
    }
}

/// A set of methods for implementing the animations for a custom view controller transition.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    /// Asks your animator object for the duration (in seconds) of the transition animation.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval

    /// Tells your animator object to perform the transition animations.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)

    /// Tells your animator object that the transition animations have finished.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// Default implementation standing in for an optional requirement; does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// A set of methods that enable an object (such as a navigation controller) to drive a view controller transition.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    /// Called when the system needs to set up the interactive portions of a view controller transition and start
    /// the animations.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)

    /// A Boolean value indicating whether the transition is interactive when it starts.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// Default implementation standing in for an optional requirement; returns `true`.
    public var wantsInteractiveStart: Bool { true }
}

/// The keys you use to identify the view controllers involved in a transition.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    /// A key that identifies the view controller that's visible at the beginning of the transition.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")

    /// A key that identifies the view controller that's visible at the end of a completed transition.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")

    /// The string value of the key.
    public var rawValue: String

    /// Creates a key to identify the view controllers in a transition.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// The keys you use to identify the views involved in a transition.
public struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
    /// A key that identifies the view shown at the beginning of the transition.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")

    /// A key that identifies the view shown at the end of a completed transition.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")

    /// The string value of the key.
    public var rawValue: String

    /// Creates a key to identify the views in a transition.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// A set of methods that provide contextual information for transition animations between view controllers.
@MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// The view that acts as the superview for the views involved in the transition.
    var containerView: UIView { get }

    /// A Boolean value indicating whether the transition should be animated.
    var isAnimated: Bool { get }

    /// A Boolean value indicating whether the transition is currently interactive.
    var isInteractive: Bool { get }

    /// A Boolean value indicating whether the transition was canceled.
    var transitionWasCancelled: Bool { get }

    /// Returns a view controller involved in the transition.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?

    /// Returns the specified view involved in the transition.
    func view(forKey key: UITransitionContextViewKey) -> UIView?

    /// Returns the starting frame rectangle for the specified view controller's view.
    func initialFrame(for vc: UIViewController) -> CGRect

    /// Returns the ending frame rectangle for the specified view controller's view.
    func finalFrame(for vc: UIViewController) -> CGRect

    /// Notifies the system that the transition animation is done.
    func completeTransition(_ didComplete: Bool)

    /// Updates the completion percentage of the transition.
    func updateInteractiveTransition(_ percentComplete: CGFloat)

    /// Notifies the system that user interactions signaled the completion of the transition.
    func finishInteractiveTransition()

    /// Notifies the system that user interactions canceled the transition.
    func cancelInteractiveTransition()
}

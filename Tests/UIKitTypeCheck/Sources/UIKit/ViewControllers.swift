// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

/// A set of methods for adapting the contents of your view controllers to size and trait changes.
@MainActor
public protocol UIContentContainer: NSObjectProtocol {
    /// The preferred size for the container's content.
    var preferredContentSize: CGSize { get }

    /// Notifies the container that a child container's preferred content size changed.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
}

/// Modal presentation styles available when presenting view controllers.
public enum UIModalPresentationStyle: Int, Sendable {
    /// The default presentation style chosen by the system.
    case automatic = -2

    /// A presentation style that indicates no adaptations should be made.
    case none = -1

    /// A presentation style in which the presented view covers the screen.
    case fullScreen = 0

    /// A presentation style that partially covers the underlying content.
    case pageSheet = 1

    /// A presentation style that displays the content centered in the screen.
    case formSheet = 2

    /// A presentation style where the content is displayed over another view controller's content.
    case currentContext = 3

    /// A custom view presentation style that is managed by a custom presentation controller.
    case custom = 4

    /// A view presentation style in which the presented view covers the screen.
    case overFullScreen = 5

    /// A presentation style where the content is displayed over another view controller's content.
    case overCurrentContext = 6

    /// A presentation style where the content is displayed in a popover view.
    case popover = 7
}

/// An object that manages a view hierarchy for your UIKit app.
@MainActor
open class UIViewController: UIResponder, UIContentContainer {
    /// The view that the controller manages.
    open var view: UIView!

    /// The presentation style for modal view controllers.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic

    /// The delegate object that provides transition animator, interactive controller, and custom presentation
    /// controller objects.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

    /// The preferred size for the view controller's view.
    open var preferredContentSize: CGSize = .zero

    /// A Boolean value indicating whether the view controller enforces a modal behavior.
    open var isModalInPresentation = false

    /// Custom insets that you specify to modify the view controller's safe area.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero

    /// A Boolean value indicating whether the view is currently loaded into memory.
    open var isViewLoaded: Bool { view != nil }

    /// The view controller that presented this view controller.
    open var presentingViewController: UIViewController? { nil }

    /// The view controller that is presented by this view controller, or one of its ancestors.
    open var presentedViewController: UIViewController? { nil }

    /// The presentation controller that's managing the current view controller.
    open var presentationController: UIPresentationController? { nil }

    /// An array of the view controllers that are children of the current view controller.
    open var children: [UIViewController] { [] }

    /// Creates a view controller with the nib file in the specified bundle.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Creates a view controller without a nib file.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Creates a view controller with data in an unarchiver.
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not available in the Linux stand-in")
    }

    /// Presents a view controller modally.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {}

    /// Dismisses the view controller that was presented modally by the view controller.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

    /// Adds the specified view controller as a child of the current view controller.
    open func addChild(_ childController: UIViewController) {}

    /// Removes the view controller from its parent.
    open func removeFromParent() {}

    /// Called after the view controller is added or removed from a container view controller.
    open func didMove(toParent parent: UIViewController?) {}

    /// Called just before the view controller is added or removed from a container view controller.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller's view is loaded into memory.
    open func viewDidLoad() {}

    /// Called to notify the view controller that its view has just laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Notifies the container that the preferred content size of a child container changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
}

// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

/// A namespace for UIKit accessibility settings and notifications.
public enum UIAccessibility {
    /// A notification that UIKit posts when the system's Reduce Motion setting changes.
    nonisolated public static let reduceMotionStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityReduceMotionStatusDidChangeNotification")

    /// A Boolean value that indicates whether the Reduce Motion setting is in an enabled state.
    @MainActor public static var isReduceMotionEnabled: Bool { false }

    /// A Boolean value that indicates whether VoiceOver is in an enabled state.
    @MainActor public static var isVoiceOverRunning: Bool { false }
}

/// The centralized point of control and coordination for apps running in iOS.
@MainActor
open class UIApplication: UIResponder {
    /// The singleton app instance.
    open class var shared: UIApplication {
        fatalError("UIApplication.shared is not available in the Linux stand-in")
    }

    /// The layout direction of the user interface.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}

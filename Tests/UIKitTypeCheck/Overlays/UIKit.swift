// The UIKit module's Swift side: what Apple's overlay adds to the C declarations the layer uses.
@_exported import UIKit

@available(iOS 2.0, *)
extension UIEdgeInsets: Equatable {
    /// Whether all four insets are equal.
    public static func == (lhs: UIEdgeInsets, rhs: UIEdgeInsets) -> Bool {
        lhs.top == rhs.top && lhs.left == rhs.left && lhs.bottom == rhs.bottom && lhs.right == rhs.right
    }
}

/// UIKit's accessibility state, as Swift names it. Apple's SDK maps the C declarations onto this namespace with API
/// notes; here the overlay forwards to them, so their availability and isolation apply.
public enum UIAccessibility {
    /// Whether Reduce Motion is on (`UIAccessibilityIsReduceMotionEnabled`).
    @available(iOS 8.0, *)
    @MainActor public static var isReduceMotionEnabled: Bool { UIAccessibilityIsReduceMotionEnabled() }
    /// An accessibility notification (`UIAccessibilityNotifications`).
    public struct Notification: Hashable, Sendable {
        /// The C value.
        public let rawValue: UInt32
        /// The notification with C value `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A new screen appeared (`UIAccessibilityScreenChangedNotification`).
        @available(iOS 3.0, *)
        public static var screenChanged: Notification {
            Notification(rawValue: UIAccessibilityScreenChangedNotification)
        }
    }

    /// Posts `notification` to assistive technologies (`UIAccessibilityPostNotification`).
    @available(iOS 3.0, *)
    @MainActor public static func post(notification: Notification, argument: Any?) {
        UIAccessibilityPostNotification(notification.rawValue, argument)
    }

    /// Posted when Reduce Motion changes (`UIAccessibilityReduceMotionStatusDidChangeNotification`).
    @available(iOS 8.0, *)
    public static var reduceMotionStatusDidChangeNotification: Foundation.Notification.Name {
        .UIAccessibilityReduceMotionStatusDidChange
    }
}

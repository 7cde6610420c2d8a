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
    /// Posted when Reduce Motion changes (`UIAccessibilityReduceMotionStatusDidChangeNotification`).
    @available(iOS 8.0, *)
    public static var reduceMotionStatusDidChangeNotification: Notification.Name {
        .UIAccessibilityReduceMotionStatusDidChange
    }
}

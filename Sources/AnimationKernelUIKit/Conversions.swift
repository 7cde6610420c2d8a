#if os(iOS) || os(visionOS)
    @_exported import AnimationKernel
    import UIKit

    extension Insets {
        /// Converts UIKit insets, reading left and right as leading and trailing in `direction`.
        public init(_ insets: UIEdgeInsets, direction: UIUserInterfaceLayoutDirection = .leftToRight) {
            let rightToLeft = direction == .rightToLeft
            self.init(
                top: Double(insets.top), leading: Double(rightToLeft ? insets.right : insets.left),
                bottom: Double(insets.bottom), trailing: Double(rightToLeft ? insets.left : insets.right))
        }
    }

    extension UIEdgeInsets {
        /// Converts insets, placing leading and trailing on the left and right for `direction`.
        public init(_ insets: Insets, direction: UIUserInterfaceLayoutDirection = .leftToRight) {
            let rightToLeft = direction == .rightToLeft
            self.init(
                top: CGFloat(insets.top), left: CGFloat(rightToLeft ? insets.trailing : insets.leading),
                bottom: CGFloat(insets.bottom), right: CGFloat(rightToLeft ? insets.leading : insets.trailing))
        }
    }

    extension ReadingDirection {
        /// The reading direction of a UIKit layout direction.
        public init(_ direction: UIUserInterfaceLayoutDirection) {
            self = direction == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    /// A keyboard notification's values (`keyboardWillChangeFrameNotification`, `keyboardWillHideNotification`). Read
    /// on the main actor: Swift imports the user-info keys as members of `UIResponder`, which is main-actor isolated
    /// unless the SDK marks them nonisolated (the iOS 17 SDK does not).
    struct KeyboardChange: Sendable {
        /// The keyboard's end frame in screen coordinates; nil when hiding.
        var frame: CGRect?
        var duration: Double
        var curve: KeyboardCurve

        @MainActor init(_ notification: Notification) {
            let info = notification.userInfo ?? [:]
            let hiding = notification.name == UIResponder.keyboardWillHideNotification
            frame = hiding ? nil : info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
            duration = (info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double) ?? 0
            curve = KeyboardCurve(uiKitRawValue: (info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int) ?? 7)
        }
    }
#endif

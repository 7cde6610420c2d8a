#if os(iOS) || os(visionOS)
    import QuartzCore
    import UIKit

    // Target/action and optional protocol requirements go through the Objective-C runtime; the rest of the layer
    // reaches it only through these functions.

    /// Receives a recognizer's or a display link's action and calls `action` on the main actor.
    final class ActionTarget: NSObject {
        let action: @MainActor (AnyObject) -> Void
        init(_ action: @escaping @MainActor (AnyObject) -> Void) { self.action = action }
        @objc func fire(_ sender: AnyObject) { MainActor.assumeIsolated { action(sender) } }
    }

    @MainActor func makePanRecognizer(_ target: ActionTarget) -> UIPanGestureRecognizer {
        UIPanGestureRecognizer(target: target, action: #selector(ActionTarget.fire(_:)))
    }

    /// Adds `target` to `recognizer`'s actions (after those it has: a scroll view's own handling runs first).
    @MainActor func addAction(_ target: ActionTarget, to recognizer: UIGestureRecognizer) {
        recognizer.addTarget(target, action: #selector(ActionTarget.fire(_:)))
    }

    @MainActor func makeTapRecognizer(_ target: ActionTarget) -> UITapGestureRecognizer {
        UITapGestureRecognizer(target: target, action: #selector(ActionTarget.fire(_:)))
    }

    @MainActor func makeDisplayLink(_ target: ActionTarget) -> CADisplayLink {
        CADisplayLink(target: target, selector: #selector(ActionTarget.fire(_:)))
    }

    /// The delegate's optional `presentationControllerDidAttemptToDismiss(_:)`.
    @MainActor func notifyDidAttemptToDismiss(_ controller: UIPresentationController) {
        controller.delegate?.presentationControllerDidAttemptToDismiss?(controller)
    }

    /// The delegate's optional `presentationControllerWillDismiss(_:)` (a user dismissal begins).
    @MainActor func notifyWillDismiss(_ controller: UIPresentationController) {
        controller.delegate?.presentationControllerWillDismiss?(controller)
    }

    /// The delegate's optional `presentationControllerDidDismiss(_:)` (a user dismissal ended).
    @MainActor func notifyDidDismiss(_ controller: UIPresentationController) {
        controller.delegate?.presentationControllerDidDismiss?(controller)
    }

    /// The delegate's optional `presentationControllerShouldDismiss(_:)` (true without one).
    @MainActor func delegateAllowsDismissal(_ controller: UIPresentationController) -> Bool {
        controller.delegate?.presentationControllerShouldDismiss?(controller) ?? true
    }
#endif

#if canImport(UIKit)
    import UIKit

    // Target/action and optional protocol requirements need the Objective-C runtime. These few lines are the only
    // part of the layer that the Linux type-check (Tests/UIKitTypeCheck) does not see as written: there the `#else`
    // branch stands in for them.

    #if canImport(ObjectiveC)
        /// Receives a recognizer's or a display link's action and calls `action` on the main actor.
        final class ActionTarget: NSObject {
            let action: @MainActor (AnyObject) -> Void
            init(_ action: @escaping @MainActor (AnyObject) -> Void) { self.action = action }
            @objc func fire(_ sender: AnyObject) { MainActor.assumeIsolated { action(sender) } }
        }

        @MainActor func makePanRecognizer(_ target: ActionTarget) -> UIPanGestureRecognizer {
            UIPanGestureRecognizer(target: target, action: #selector(ActionTarget.fire(_:)))
        }

        @MainActor func makeDisplayLink(_ target: ActionTarget) -> CADisplayLink {
            CADisplayLink(target: target, selector: #selector(ActionTarget.fire(_:)))
        }

        /// The delegate's optional `presentationControllerDidAttemptToDismiss(_:)`.
        @MainActor func notifyDidAttemptToDismiss(_ controller: UIPresentationController) {
            controller.delegate?.presentationControllerDidAttemptToDismiss?(controller)
        }

        /// The delegate's optional `presentationControllerShouldDismiss(_:)` (true without one).
        @MainActor func delegateAllowsDismissal(_ controller: UIPresentationController) -> Bool {
            controller.delegate?.presentationControllerShouldDismiss?(controller) ?? true
        }
    #else
        final class ActionTarget: NSObject {
            let action: @MainActor (AnyObject) -> Void
            init(_ action: @escaping @MainActor (AnyObject) -> Void) { self.action = action }
        }

        @MainActor func makePanRecognizer(_ target: ActionTarget) -> UIPanGestureRecognizer { UIPanGestureRecognizer() }

        @MainActor func makeDisplayLink(_ target: ActionTarget) -> CADisplayLink { CADisplayLink() }

        @MainActor func notifyDidAttemptToDismiss(_ controller: UIPresentationController) {
            controller.delegate?.presentationControllerDidAttemptToDismiss(controller)
        }

        @MainActor func delegateAllowsDismissal(_ controller: UIPresentationController) -> Bool {
            controller.delegate?.presentationControllerShouldDismiss(controller) ?? true
        }
    #endif
#endif

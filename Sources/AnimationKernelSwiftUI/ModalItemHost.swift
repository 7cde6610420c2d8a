#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import SwiftUI
    import UIKit

    /// Hosts a modal's content and reports when UIKit has dismissed it.
    class DismissReportingHostingController<Root: View>: UIHostingController<Root> {
        var didDismiss: (@MainActor () -> Void)?

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            if isBeingDismissed { didDismiss?() }
        }
    }

    /// What `.pullToDismissCover` and `.cardLift` share: one UIKit modal for the item of a binding, presented from
    /// the anchor once it is in a window, with the binding's rules ``SheetBindingCoordinator``'s (a UIKit dismissal
    /// runs to completion). A subclass makes the modal and may close it its own way.
    @MainActor
    class ModalItemHost<Item: Identifiable, Content: View> where Item.ID: Sendable {
        typealias Inputs = BottomSheetHost<Item, Content>.Inputs

        weak var anchor: SheetAnchorController?
        private var inputs: Inputs?
        private var coordinator = SheetBindingCoordinator<Item.ID>(dismissal: .runsToCompletion)
        private var presented: DismissReportingHostingController<Content>?
        private var waiting: Item.ID?

        required init() {}

        /// The modal for `item` showing `content`, to be presented from `anchor`; nil: nothing to present.
        func makeModal(
            for item: Item, content: Content, anchor: SheetAnchorController
        ) -> DismissReportingHostingController<Content>? { nil }

        /// Starts closing `modal` in the subclass's own way; false: UIKit's dismissal by its presenter.
        func closeOwnWay(_ modal: DismissReportingHostingController<Content>) -> Bool { false }

        /// Called once the modal is gone, before the binding hears of it.
        func modalEnded() {}

        /// The binding's latest values.
        func updateItem(_ inputs: Inputs) {
            self.inputs = inputs
            let id = inputs.item?.id
            if id != coordinator.item {
                perform(coordinator.itemChanged(to: id))
            } else if let item = inputs.item, let presented, coordinator.shownItem == item.id {
                presented.rootView = inputs.content(item)
            }
        }

        func anchorAppeared() {
            guard let waiting else { return }
            self.waiting = nil
            present(waiting)
        }

        func anchorRemoved() {
            waiting = nil
            presented?.presentingViewController?.dismiss(animated: true, completion: nil)
        }

        private func perform(_ response: SheetBindingCoordinator<Item.ID>.Response) {
            switch response.action {
            case .present(let id, _)?: present(id)
            case .dismiss?: dismiss()
            case .moveToDetent?, nil: break
            }
            if case .set(let item) = response.item, item == nil { inputs?.write(nil) }
            if response.dismissed != nil { inputs?.onDismiss?() }
        }

        private func present(_ id: Item.ID) {
            guard presented == nil else { return }
            guard let anchor, anchor.view.window != nil else {
                waiting = id
                return
            }
            guard let inputs, let item = inputs.item, item.id == id,
                let modal = makeModal(for: item, content: inputs.content(item), anchor: anchor)
            else { return }
            modal.didDismiss = { [weak self] in self?.dismissalEnded() }
            presented = modal
            anchor.present(modal, animated: true, completion: nil)
        }

        private func dismiss() {
            if waiting != nil {
                waiting = nil
                dismissalEnded()
            } else if let presented, closeOwnWay(presented) {
                // The subclass's motion; UIKit reports the end through `didDismiss`.
            } else if let presenter = presented?.presentingViewController {
                presenter.dismiss(animated: true, completion: nil)
            } else {
                dismissalEnded()
            }
        }

        /// UIKit dismissed the modal (a user's gesture, the app's binding, or the presenter going away).
        private func dismissalEnded() {
            presented = nil
            modalEnded()
            perform(coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content))
        }
    }
#endif

#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import AnimationKernelUIKit
    import SwiftUI
    import UIKit

    /// Hosts a full-screen cover's content over the presenting screen (which stays in the window, for the
    /// backdrop), attaches a ``PullToDismissController`` once on screen, and reports when UIKit has dismissed it.
    final class CoverHostingController<Root: View>: UIHostingController<Root> {
        var configuration = PullToDismiss.Configuration()
        var didDismiss: (@MainActor () -> Void)?
        private(set) var pull: PullToDismissController?

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            if pull == nil { pull = PullToDismissController(viewController: self, configuration: configuration) }
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            if isBeingDismissed { didDismiss?() }
        }
    }

    /// Translates between one `.pullToDismissCover` modifier and the UIKit layer, as ``BottomSheetHost`` does for
    /// the sheet: the bindings' rules are ``SheetBindingCoordinator``'s (a UIKit dismissal, run to completion).
    @MainActor
    final class CoverHost<Item: Identifiable, Content: View>: AnchoredHost where Item.ID: Sendable {
        typealias Inputs = BottomSheetHost<Item, Content>.Inputs
        /// The modifier's values: the binding's and the cover's configuration.
        typealias Values = (inputs: Inputs, configuration: PullToDismiss.Configuration)

        weak var anchor: SheetAnchorController?
        var configuration = PullToDismiss.Configuration()
        private var inputs: Inputs?
        private var coordinator = SheetBindingCoordinator<Item.ID>(dismissal: .runsToCompletion)
        private var cover: CoverHostingController<Content>?
        private var waiting: Item.ID?

        func update(_ values: Values) {
            configuration = values.configuration
            update(values.inputs)
        }

        private func update(_ inputs: Inputs) {
            self.inputs = inputs
            let id = inputs.item?.id
            if id != coordinator.item {
                perform(coordinator.itemChanged(to: id))
            } else if let item = inputs.item, let cover, coordinator.shownItem == item.id {
                cover.rootView = inputs.content(item)
            }
        }

        func anchorAppeared() {
            guard let waiting else { return }
            self.waiting = nil
            present(waiting)
        }

        func anchorRemoved() {
            waiting = nil
            cover?.presentingViewController?.dismiss(animated: true, completion: nil)
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
            guard cover == nil else { return }
            guard let anchor, anchor.view.window != nil else {
                waiting = id
                return
            }
            guard let inputs, let item = inputs.item, item.id == id else { return }
            let cover = CoverHostingController(rootView: inputs.content(item))
            cover.configuration = configuration
            cover.modalPresentationStyle = .overFullScreen
            cover.didDismiss = { [weak self] in self?.dismissalEnded() }
            self.cover = cover
            anchor.present(cover, animated: true, completion: nil)
        }

        private func dismiss() {
            if waiting != nil {
                waiting = nil
                dismissalEnded()
            } else if let pull = cover?.pull {
                // The model's motion, with the backdrop; the controller dismisses once the view is off screen.
                pull.dismiss()
            } else if let presenter = cover?.presentingViewController {
                presenter.dismiss(animated: true, completion: nil)
            } else {
                dismissalEnded()
            }
        }

        /// UIKit dismissed the cover (a pull, the app's binding, or the presenter going away).
        private func dismissalEnded() {
            cover = nil
            perform(coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content))
        }
    }

    extension View {
        /// Presents `content` over the full screen while `isPresented` is true (Apple's `fullScreenCover(isPresented:
        /// onDismiss:content:)`), closed by pulling it down (or by an edge swipe, per `configuration.axis`) with the
        /// shadow or the blurred screen behind following the pull (`configuration.backdrop`). Setting `isPresented`
        /// to false closes it with the same motion; a pull that closes it writes false once it is off screen, then
        /// `onDismiss` runs.
        public func pullToDismissCover<Content: View>(
            isPresented: Binding<Bool>, configuration: PullToDismiss.Configuration = PullToDismiss.Configuration(),
            onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
        ) -> some View {
            let inputs = BottomSheetHost<PresentedFlag, Content>.Inputs(
                item: isPresented.wrappedValue ? PresentedFlag() : nil,
                write: { isPresented.wrappedValue = $0 != nil }, onDismiss: onDismiss, content: { _ in content() })
            return background { HostAnchor<CoverHost<PresentedFlag, Content>>(values: (inputs, configuration)) }
        }

        /// Presents `content` for `item` over the full screen while `item` is not nil (Apple's
        /// `fullScreenCover(item:onDismiss:content:)`), closed by a pull as
        /// ``SwiftUI/View/pullToDismissCover(isPresented:configuration:onDismiss:content:)``.
        public func pullToDismissCover<Item: Identifiable, Content: View>(
            item: Binding<Item?>, configuration: PullToDismiss.Configuration = PullToDismiss.Configuration(),
            onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
        ) -> some View where Item.ID: Sendable {
            let inputs = BottomSheetHost<Item, Content>.Inputs(
                item: item.wrappedValue, write: { item.wrappedValue = $0 }, onDismiss: onDismiss, content: content)
            return background { HostAnchor<CoverHost<Item, Content>>(values: (inputs, configuration)) }
        }
    }
#endif

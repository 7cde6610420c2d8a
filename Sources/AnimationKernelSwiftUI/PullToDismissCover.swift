#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import AnimationKernelUIKit
    import SwiftUI
    import UIKit

    /// Hosts a full-screen cover's content over the presenting screen (which stays in the window, for the
    /// backdrop), attaches a ``PullToDismissController`` once on screen, and reports when UIKit has dismissed it.
    final class CoverHostingController<Root: View>: DismissReportingHostingController<Root> {
        var configuration = PullToDismiss.Configuration()
        private(set) var pull: PullToDismissController?

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            if pull == nil { pull = PullToDismissController(viewController: self, configuration: configuration) }
        }
    }

    /// Translates between one `.pullToDismissCover` modifier and the UIKit layer (``ModalItemHost``).
    @MainActor
    final class CoverHost<Item: Identifiable, Content: View>: ModalItemHost<Item, Content>, AnchoredHost
    where Item.ID: Sendable {
        /// The modifier's values: the binding's and the cover's configuration.
        typealias Values = (inputs: Inputs, configuration: PullToDismiss.Configuration)

        var configuration = PullToDismiss.Configuration()

        func update(_ values: Values) {
            configuration = values.configuration
            updateItem(values.inputs)
        }

        override func makeModal(
            for item: Item, content: Content, anchor: SheetAnchorController
        ) -> DismissReportingHostingController<Content>? {
            let cover = CoverHostingController(rootView: content)
            cover.configuration = configuration
            cover.modalPresentationStyle = .overFullScreen
            return cover
        }

        /// The model's motion, with the backdrop; the controller dismisses once the view is off screen.
        override func closeOwnWay(_ modal: DismissReportingHostingController<Content>) -> Bool {
            guard let pull = (modal as? CoverHostingController<Content>)?.pull else { return false }
            pull.dismiss()
            return true
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

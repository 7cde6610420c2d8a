#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import SwiftUI

    /// `isPresented` as an item: one identity, present or not.
    struct PresentedFlag: Identifiable {
        var id: Bool { true }
    }

    extension View {
        /// Presents `content` in a bottom sheet while `isPresented` is true (Apple's `sheet(isPresented:onDismiss:
        /// content:)`), sized to the content's height by default. The sheet's options are modifiers on `content`:
        /// ``SwiftUI/View/bottomSheetDetents(_:selection:)``, ``SwiftUI/View/bottomSheetDragIndicator(_:)``,
        /// ``SwiftUI/View/bottomSheetInteractiveDismissDisabled(_:)``,
        /// ``SwiftUI/View/bottomSheetBackgroundInteraction(_:)`` and ``SwiftUI/View/bottomSheetCornerRadius(_:)``.
        ///
        /// `isPresented` and the sheet agree at every moment (``SheetBindingCoordinator``): false mid-present
        /// dismisses from where the sheet is; a drag that dismisses writes false when it begins; `onDismiss` runs
        /// once the sheet is off screen, once per presentation.
        public func bottomSheet<Content: View>(
            isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
        ) -> some View {
            let inputs = BottomSheetHost<PresentedFlag, Content>.Inputs(
                item: isPresented.wrappedValue ? PresentedFlag() : nil,
                write: { isPresented.wrappedValue = $0 != nil }, onDismiss: onDismiss, content: { _ in content() })
            return background { HostAnchor<BottomSheetHost<PresentedFlag, Content>>(values: inputs) }
        }

        /// Presents `content` for `item` in a bottom sheet while `item` is not nil (Apple's `sheet(item:onDismiss:
        /// content:)`), sized to the content's height by default; options as for
        /// ``SwiftUI/View/bottomSheet(isPresented:onDismiss:content:)``.
        ///
        /// Another item (another `id`) while one is shown dismisses the shown sheet and then presents the item the
        /// binding names when that dismissal ends; the same `id` with new values updates the sheet in place.
        public func bottomSheet<Item: Identifiable, Content: View>(
            item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
        ) -> some View where Item.ID: Sendable {
            let inputs = BottomSheetHost<Item, Content>.Inputs(
                item: item.wrappedValue, write: { item.wrappedValue = $0 }, onDismiss: onDismiss, content: content)
            return background { HostAnchor<BottomSheetHost<Item, Content>>(values: inputs) }
        }
    }
#endif

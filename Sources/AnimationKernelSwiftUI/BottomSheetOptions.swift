#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import CoreGraphics
    import SwiftUI

    // The sheet's options are set inside its content, as Apple's `presentation*` modifiers are, and travel up to the
    // sheet as preferences: one for the options (each modifier sets its field), one for the detent selection.

    /// The options the content's `.bottomSheet*` modifiers set; the outermost modifier of each kind wins.
    struct SheetOptionsKey: PreferenceKey {
        static var defaultValue: SheetPresentationOptions { SheetPresentationOptions() }

        static func reduce(value: inout SheetPresentationOptions, nextValue: () -> SheetPresentationOptions) {
            // Sibling views: the first one that set anything speaks for the sheet.
            if value == SheetPresentationOptions() { value = nextValue() }
        }
    }

    /// The detent selection binding and the detent it held when the content last published it.
    struct SheetSelection: Equatable {
        var detent: BottomSheet.Detent
        var binding: Binding<BottomSheet.Detent>

        /// Equal when the selected detent is: a write to the binding publishes a change, a new binding to the same
        /// storage does not.
        static func == (lhs: SheetSelection, rhs: SheetSelection) -> Bool { lhs.detent == rhs.detent }
    }

    /// The content's detent selection, if it binds one.
    struct SheetSelectionKey: PreferenceKey {
        static var defaultValue: SheetSelection? { nil }

        static func reduce(value: inout SheetSelection?, nextValue: () -> SheetSelection?) {
            if value == nil { value = nextValue() }
        }
    }

    extension View {
        /// The heights the bottom sheet rests at (Apple's `presentationDetents(_:)`), set on the sheet's content.
        /// Default `[.content]`: the content's own height.
        public func bottomSheetDetents(_ detents: [BottomSheet.Detent]) -> some View {
            transformPreference(SheetOptionsKey.self) { $0.detents = detents }
        }

        /// The heights the bottom sheet rests at, and a binding to the one it rests at (Apple's
        /// `presentationDetents(_:selection:)`): a drag writes it, and writing it moves the sheet (after the finger
        /// lifts, if one holds the sheet). See ``SheetBindingCoordinator``.
        public func bottomSheetDetents(_ detents: [BottomSheet.Detent], selection: Binding<BottomSheet.Detent>)
            -> some View
        {
            bottomSheetDetents(detents)
                .preference(
                    key: SheetSelectionKey.self,
                    value: SheetSelection(detent: selection.wrappedValue, binding: selection))
        }

        /// Whether the grabber shows at the top of the bottom sheet (Apple's `presentationDragIndicator(_:)`).
        /// `.automatic` (default): when there is more than one detent.
        public func bottomSheetDragIndicator(_ visibility: SheetPresentationOptions.Visibility) -> some View {
            transformPreference(SheetOptionsKey.self) { $0.dragIndicator = visibility }
        }

        /// Keeps a drag, a tap behind or an accessibility escape from dismissing the bottom sheet (Apple's
        /// `interactiveDismissDisabled(_:)`); the app's binding still dismisses it.
        public func bottomSheetInteractiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
            transformPreference(SheetOptionsKey.self) { $0.interactiveDismissDisabled = isDisabled }
        }

        /// Whether the views behind the bottom sheet stay undimmed and take touches, up through a detent (Apple's
        /// `presentationBackgroundInteraction(_:)`): `.enabled(upThrough: .medium)`.
        public func bottomSheetBackgroundInteraction(_ interaction: SheetPresentationOptions.BackgroundInteraction)
            -> some View
        {
            transformPreference(SheetOptionsKey.self) { $0.backgroundInteraction = interaction }
        }

        /// The radius of the bottom sheet's top corners in points (Apple's `presentationCornerRadius(_:)`); nil for
        /// the default (``SheetPresentationOptions/defaultCornerRadius``).
        public func bottomSheetCornerRadius(_ cornerRadius: CGFloat?) -> some View {
            let radius = cornerRadius.map { Double($0) }
            return transformPreference(SheetOptionsKey.self) { $0.cornerRadius = radius }
        }
    }
#endif

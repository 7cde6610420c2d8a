#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import AnimationKernelUIKit
    import SwiftUI
    import UIKit

    /// Ties the cards a list marks with ``SwiftUI/View/cardLiftSource(id:in:)`` to the detail
    /// ``SwiftUI/View/cardLift(item:in:configuration:onDismiss:content:)`` presents, as a `Namespace` ties Apple's
    /// `matchedTransitionSource(id:in:)` to its zoom transition. Keep one in `@State` in the view that holds both.
    ///
    /// It finds each card's frame in the window by id when the card lifts and on every frame it flies home (the list
    /// may have scrolled), and where the card goes when its source is gone: ``CardLiftSourceRegistry``'s rules.
    @MainActor
    public final class CardLiftNamespace {
        private var registry = CardLiftSourceRegistry<CardLiftSourceID>()
        private var readers: [CardLiftSourceID: CardLiftSourceReaderView] = [:]

        /// An empty namespace.
        public nonisolated init() {}

        func register(_ reader: CardLiftSourceReaderView) {
            readers[reader.id] = reader
        }

        func unregister(_ reader: CardLiftSourceReaderView) {
            guard readers[reader.id] === reader else { return }
            readers[reader.id] = nil
            registry.sourceRemoved(reader.id)
        }

        /// Where the card lifted from `id` is now in `window` (its coordinates): nil, nowhere to land.
        func frame(of id: CardLiftSourceID, in window: UIWindow) -> CGRect? {
            if let reader = readers[id] {
                if reader.window === window {
                    registry.sourceFound(id, at: Rect(reader.convert(reader.bounds, to: nil)))
                } else {
                    registry.sourceRemoved(id)
                }
            }
            switch registry.home(for: id, visibleIn: Rect(window.bounds)) {
            case .source(let rect), .lastSeen(let rect): return rect.cgRect
            case .fade: return nil
            }
        }

        /// The card's picture: the window's pixels over its frame.
        func snapshot(of id: CardLiftSourceID, in window: UIWindow) -> UIView? {
            guard let frame = frame(of: id, in: window) else { return nil }
            return window.resizableSnapshotView(
                from: frame, afterScreenUpdates: false,
                withCapInsets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        }

        func setHidden(_ hidden: Bool, for id: CardLiftSourceID) {
            readers[id]?.setHidden?(hidden)
        }

        /// No card is out: the last frames of removed sources have served.
        func liftEnded() {
            registry.forgetRemovedSources()
        }
    }

    /// A card's id, of whatever type the app gives: made only from a `Hashable & Sendable` value, so it is
    /// Sendable though `AnyHashable` does not say so.
    struct CardLiftSourceID: Hashable, @unchecked Sendable {
        private let base: AnyHashable

        init<ID: Hashable & Sendable>(_ id: ID) { base = AnyHashable(id) }
    }

    /// A view behind the card, the size of the card: where the card is in the window.
    final class CardLiftSourceReaderView: UIView {
        var id: CardLiftSourceID = CardLiftSourceID(0)
        weak var namespace: CardLiftNamespace?
        var setHidden: (@MainActor (Bool) -> Void)?

        /// It only reads where the card is: touches go to the card.
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
    }

    /// Places a ``CardLiftSourceReaderView`` behind the card and keeps its id and namespace current.
    struct CardLiftSourceReader: UIViewRepresentable {
        var id: CardLiftSourceID
        var namespace: CardLiftNamespace
        var hidden: Binding<Bool>

        func makeUIView(context: Context) -> CardLiftSourceReaderView {
            CardLiftSourceReaderView(frame: .zero)
        }

        func updateUIView(_ view: CardLiftSourceReaderView, context: Context) {
            if view.id != id || view.namespace !== namespace { view.namespace?.unregister(view) }
            view.id = id
            view.namespace = namespace
            let hidden = self.hidden
            view.setHidden = { hidden.wrappedValue = $0 }
            namespace.register(view)
        }

        static func dismantleUIView(_ view: CardLiftSourceReaderView, coordinator: Void) {
            view.namespace?.unregister(view)
        }
    }

    /// Hides the card while its lifted copy is out of the list, and reads where it is.
    struct CardLiftSourceModifier: ViewModifier {
        var id: CardLiftSourceID
        var namespace: CardLiftNamespace
        @State private var hidden = false

        func body(content: Content) -> some View {
            content.opacity(hidden ? 0 : 1).background {
                CardLiftSourceReader(id: id, namespace: namespace, hidden: $hidden)
            }
        }
    }

    /// Translates between one `.cardLift` modifier and the UIKit layer (``ModalItemHost``); where the card goes is
    /// ``CardLiftNamespace``'s.
    @MainActor
    final class CardLiftHost<Item: Identifiable, Content: View>: ModalItemHost<Item, Content>, AnchoredHost
    where Item.ID: Sendable {
        /// The modifier's values: the binding's, the cards' namespace and the lift's configuration.
        typealias Values = (inputs: Inputs, namespace: CardLiftNamespace, configuration: CardLift.Configuration)

        var namespace: CardLiftNamespace?
        var configuration = CardLift.Configuration()
        /// The detail's transitioning delegate, which UIKit holds weakly.
        private var transition: CardLiftTransition?

        func update(_ values: Values) {
            namespace = values.namespace
            configuration = values.configuration
            updateItem(values.inputs)
        }

        override func makeModal(
            for item: Item, content: Content, anchor: SheetAnchorController
        ) -> DismissReportingHostingController<Content>? {
            guard let namespace else { return nil }
            let source = CardLiftSourceID(item.id)
            let transition = CardLiftTransition(
                sourceFrame: { [weak namespace, weak anchor] in
                    guard let namespace, let window = anchor?.view.window else { return nil }
                    return namespace.frame(of: source, in: window)
                },
                snapshot: { [weak namespace, weak anchor] in
                    guard let namespace, let window = anchor?.view.window else { return nil }
                    return namespace.snapshot(of: source, in: window)
                }, configuration: configuration)
            transition.setSourceHidden = { [weak namespace] in namespace?.setHidden($0, for: source) }
            let detail = DismissReportingHostingController(rootView: content)
            detail.modalPresentationStyle = .custom
            detail.transitioningDelegate = transition
            self.transition = transition
            return detail
        }

        override func modalEnded() {
            transition = nil
            namespace?.liftEnded()
        }
    }

    extension View {
        /// Marks this view as the card `id` in `namespace` (Apple's `matchedTransitionSource(id:in:)`): the card
        /// ``SwiftUI/View/cardLift(item:in:configuration:onDismiss:content:)`` lifts out of the list for the item with
        /// this id, and flies home to, wherever it is then. It hides while its lifted copy is out of the list.
        public func cardLiftSource<ID: Hashable & Sendable>(id: ID, in namespace: CardLiftNamespace) -> some View {
            modifier(CardLiftSourceModifier(id: CardLiftSourceID(id), namespace: namespace))
        }

        /// Presents `content` for `item` while `item` is not nil, lifting the card marked
        /// ``SwiftUI/View/cardLiftSource(id:in:)`` with `item.id` in `namespace` into it (Apple's
        /// `fullScreenCover(item:)` with `navigationTransition(.zoom(sourceID:in:))`): the card flies to the top with
        /// the seed's spring while the detail rises as a sheet; setting `item` to nil, or a drag down on the detail,
        /// flies it home to where the card is then (where it was last seen if it is gone, or a fade if it is off
        /// screen). A drag that closes it writes nil once the detail is off screen, then `onDismiss` runs.
        public func cardLift<Item: Identifiable, Content: View>(
            item: Binding<Item?>, in namespace: CardLiftNamespace,
            configuration: CardLift.Configuration = CardLift.Configuration(), onDismiss: (() -> Void)? = nil,
            @ViewBuilder content: @escaping (Item) -> Content
        ) -> some View where Item.ID: Sendable {
            let inputs = BottomSheetHost<Item, Content>.Inputs(
                item: item.wrappedValue, write: { item.wrappedValue = $0 }, onDismiss: onDismiss, content: content)
            return background {
                HostAnchor<CardLiftHost<Item, Content>>(values: (inputs, namespace, configuration))
            }
        }
    }
#endif

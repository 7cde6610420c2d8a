#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import AnimationKernelUIKit
    import SwiftUI
    import UIKit

    /// Receives what the sheet's content publishes (its options and detent selection).
    @MainActor
    protocol SheetContentObserver: AnyObject, Sendable {
        func optionsChanged(_ options: SheetPresentationOptions)
        func selectionChanged(_ selection: SheetSelection?)
    }

    /// The hosted view: the app's content, and the readers of what it publishes.
    struct SheetRoot<Content: View>: View {
        var content: Content
        /// Weak: the host may go (the modifier left the hierarchy) while the sheet is still leaving.
        weak var observer: (any SheetContentObserver)?

        var body: some View {
            let observer = observer
            return
                content
                .onPreferenceChange(SheetOptionsKey.self) { options in
                    MainActor.assumeIsolated { observer?.optionsChanged(options) }
                }
                .onPreferenceChange(SheetSelectionKey.self) { selection in
                    MainActor.assumeIsolated { observer?.selectionChanged(selection) }
                }
        }
    }

    /// Hosts the sheet's content and keeps its `preferredContentSize` at the content's height for the sheet's width,
    /// which the bottom sheet follows. Measured with `sizeThatFits(in:)` on every OS: iOS 16's
    /// `sizingOptions = .preferredContentSize` measures the ideal size (an unbounded width), so wrapping text would
    /// report the height of one long line.
    final class SheetHostingController<Root: View>: UIHostingController<Root> {
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            measure(width: view.bounds.width)
        }

        /// Measures the content at `width` and writes the height the core rounds it to, if it changed.
        func measure(width: CGFloat) {
            guard width > 0 else { return }
            let fitted = sizeThatFits(in: CGSize(width: width, height: CGFloat(Double.greatestFiniteMagnitude)))
            if let height = SheetPresentationOptions.contentHeight(
                measured: Double(fitted.height), current: Double(preferredContentSize.height),
                scale: Double(view.contentScaleFactor))
            {
                preferredContentSize = CGSize(width: width, height: CGFloat(height))
            }
        }
    }

    /// The controller the representable puts behind the app's view: the sheet is presented from it (UIKit finds the
    /// presentation context above it), once it is in a window.
    final class SheetAnchorController: UIViewController {
        var didAppear: (@MainActor () -> Void)?

        init() { super.init(nibName: nil, bundle: nil) }

        required init?(coder: NSCoder) { nil }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            didAppear?()
        }
    }

    /// Translates between one `.bottomSheet` modifier and the UIKit layer: it forwards the app's binding writes and
    /// the sheet's callbacks to a ``SheetBindingCoordinator`` and does what it answers; the sheet's options come from
    /// ``SheetPresentationOptions``. It decides nothing itself.
    @MainActor
    final class BottomSheetHost<Item: Identifiable, Content: View>: SheetContentObserver, AnchoredHost
    where Item.ID: Sendable {
        typealias ID = Item.ID

        /// What the modifier hands over on every SwiftUI update.
        struct Inputs {
            var item: Item?
            var write: (Item?) -> Void
            var onDismiss: (() -> Void)?
            var content: (Item) -> Content
        }

        weak var anchor: SheetAnchorController?
        private var inputs: Inputs?
        /// UIKit's dismissal transition cannot be taken back and ends at its completion.
        private var coordinator = SheetBindingCoordinator<ID>(dismissal: .runsToCompletion)
        private var options = SheetPresentationOptions()
        private var selection: Binding<BottomSheet.Detent>?
        private var hosting: SheetHostingController<SheetRoot<Content>>?
        private weak var presentation: BottomSheetPresentationController?
        /// A presentation the coordinator asked for before the anchor was in a window.
        private var waiting: (id: ID, detent: BottomSheet.Detent?)?

        /// The app's values as of this update: a changed item goes to the coordinator; the shown sheet gets the
        /// content for the current item (an item replaced by one with the same identity updates in place).
        func update(_ inputs: Inputs) {
            self.inputs = inputs
            let id = inputs.item?.id
            if id != coordinator.item {
                perform(coordinator.itemChanged(to: id))
            } else if let item = inputs.item, let hosting, coordinator.shownItem == item.id {
                hosting.rootView = SheetRoot(content: inputs.content(item), observer: self)
            }
        }

        func anchorAppeared() {
            guard let waiting else { return }
            self.waiting = nil
            present(waiting.id, detent: waiting.detent)
        }

        /// The modifier left the hierarchy: its sheet goes too.
        func anchorRemoved() {
            waiting = nil
            hosting?.presentingViewController?.dismiss(animated: true, completion: nil)
        }

        // MARK: - What the content publishes

        func optionsChanged(_ options: SheetPresentationOptions) {
            self.options = options
            if let presentation { apply(options, to: presentation) }
        }

        func selectionChanged(_ selection: SheetSelection?) {
            self.selection = selection?.binding
            guard let detent = selection?.detent, detent != coordinator.selection else { return }
            perform(coordinator.selectionChanged(to: detent))
        }

        // MARK: - Doing what the coordinator answers

        private func perform(_ response: SheetBindingCoordinator<ID>.Response) {
            switch response.action {
            case .present(let id, let detent)?: present(id, detent: detent)
            case .dismiss?: dismiss()
            case .moveToDetent(let detent)?: presentation?.moveToDetent(detent)
            case nil: break
            }
            if case .set(let item) = response.item, item == nil { inputs?.write(nil) }
            if case .set(let detent) = response.selection { selection?.wrappedValue = detent }
            if response.dismissed != nil { inputs?.onDismiss?() }
        }

        private func present(_ id: ID, detent: BottomSheet.Detent?) {
            // The coordinator presents only once the previous sheet's dismissal completed.
            guard hosting == nil else { return }
            guard let anchor, let window = anchor.view.window else {
                waiting = (id, detent)
                return
            }
            guard let inputs, let item = inputs.item, item.id == id else { return }
            let hosting = SheetHostingController(rootView: SheetRoot(content: inputs.content(item), observer: self))
            let width = SheetPresentationOptions.measuringWidth(
                container: Double(window.bounds.width), configuration: options.configuration())
            hosting.measure(width: CGFloat(width))
            self.hosting = hosting
            // After the measure: options the content published while it was measured are in.
            var configuration = options.configuration()
            configuration.initialDetent = detent
            anchor.presentBottomSheet(hosting, configuration: configuration) { [weak self] controller in
                self?.attach(controller)
            }
        }

        private func dismiss() {
            if waiting != nil {
                // Never shown: it ends here.
                waiting = nil
                dismissalEnded()
                return
            }
            guard let presenter = hosting?.presentingViewController else {
                dismissalEnded()
                return
            }
            presenter.dismiss(animated: true) { [weak self] in self?.dismissalEnded() }
        }

        /// The sheet is off screen (the app's dismissal completed, or the user's ended).
        private func dismissalEnded() {
            hosting = nil
            presentation = nil
            let detent = coordinator.selection ?? options.resolvedDetents[0]
            perform(coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: detent))
        }

        private func attach(_ controller: BottomSheetPresentationController) {
            presentation = controller
            apply(options, to: controller)
            controller.sheetDidMove = { [weak self, weak controller] frame in
                guard let self, let sheet = controller?.sheet else { return }
                perform(coordinator.sheetUpdated([], phase: frame.phase, selectedDetent: sheet.selectedDetent))
            }
            controller.detentDidChange = { [weak self, weak controller] detent in
                guard let self, let sheet = controller?.sheet else { return }
                perform(coordinator.sheetUpdated([.didChangeDetent], phase: sheet.phase, selectedDetent: detent))
            }
            controller.willBeginDragging = { [weak self] in self?.coordinator.dragBegan() }
            controller.didEndDragging = { [weak self] phase in
                guard let self else { return }
                perform(coordinator.dragEnded(phase: phase))
            }
            controller.didDismiss = { [weak self] in self?.dismissalEnded() }
        }

        /// The options the content set, on the presented sheet (the detents move it to the nearest).
        private func apply(_ options: SheetPresentationOptions, to controller: BottomSheetPresentationController) {
            controller.prefersGrabberVisible = options.showsDragIndicator
            controller.cornerRadius = CGFloat(options.resolvedCornerRadius)
            controller.dismissesOnDimmingTap = options.dismissesOnBackgroundTap
            controller.configuration.allowsInteractiveDismissal = !options.interactiveDismissDisabled
            if controller.configuration.largestUndimmedDetent != options.largestUndimmedDetent {
                controller.setLargestUndimmedDetent(options.largestUndimmedDetent)
            }
            let detents = options.resolvedDetents
            if controller.configuration.detents != detents { controller.setDetents(detents) }
        }
    }

    /// What a presentation modifier's host does for the anchor behind the app's view (one mechanism for the sheet,
    /// the navigation sheet, the cover and the card lift): it takes the modifier's values, presents once the anchor
    /// is in a window, and dismisses when the anchor goes.
    @MainActor
    protocol AnchoredHost: AnyObject {
        /// The values the modifier hands over on every update.
        associatedtype Values
        init()
        var anchor: SheetAnchorController? { get set }
        func update(_ values: Values)
        func anchorAppeared()
        func anchorRemoved()
    }

    /// Puts a ``SheetAnchorController`` behind the modified view and hands its host the modifier's values.
    struct HostAnchor<Host: AnchoredHost>: UIViewControllerRepresentable {
        var values: Host.Values

        func makeCoordinator() -> Host { Host() }

        func makeUIViewController(context: Context) -> SheetAnchorController {
            let anchor = SheetAnchorController()
            let host = context.coordinator
            anchor.didAppear = { [weak host] in host?.anchorAppeared() }
            host.anchor = anchor
            return anchor
        }

        func updateUIViewController(_ anchor: SheetAnchorController, context: Context) {
            context.coordinator.update(values)
        }

        static func dismantleUIViewController(_ anchor: SheetAnchorController, coordinator: Host) {
            coordinator.anchorRemoved()
        }
    }
#endif

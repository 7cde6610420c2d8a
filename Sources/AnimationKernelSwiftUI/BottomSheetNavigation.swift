#if canImport(SwiftUI) && (os(iOS) || os(visionOS))
    import AnimationKernel
    import AnimationKernelUIKit
    import SwiftUI
    import UIKit

    extension View {
        /// Presents a navigation stack in a bottom sheet while `isPresented` is true: `root` at the bottom, and above
        /// it a screen of `destination` for each element of `path`, bottom first (Apple's `NavigationStack(path:root:)`
        /// with one `navigationDestination(for:destination:)`, inside `sheet(isPresented:onDismiss:content:)`). The
        /// sheet's height follows each screen's content; an edge swipe pops. `configuration` holds the tunables (read
        /// when a presentation begins): a drag down dismisses only with `configuration.sheet.allowsInteractiveDismissal`
        /// (off by default, as for every ``BottomSheet``).
        ///
        /// `path` and the stack agree at every moment (``SheetPathCoordinator``): appending pushes, removing the last
        /// element pops, any other write replaces the stack (keeping the screens of the elements both paths begin
        /// with); a pop the user makes is written back, and a write made while a finger holds an edge swipe is
        /// applied when it lifts. `isPresented` behaves as in ``SwiftUI/View/bottomSheet(isPresented:onDismiss:content:)``;
        /// the path is kept across presentations.
        public func bottomSheetNavigation<Element: Hashable & Sendable, Root: View, Destination: View>(
            isPresented: Binding<Bool>, path: Binding<[Element]>,
            configuration: SheetNavigation.Configuration = SheetNavigation.Configuration(),
            onDismiss: (() -> Void)? = nil,
            @ViewBuilder root: @escaping () -> Root,
            @ViewBuilder destination: @escaping (Element) -> Destination
        ) -> some View {
            let inputs = SheetNavigationHost<Element, Root, Destination>.Inputs(
                isPresented: isPresented.wrappedValue, path: path.wrappedValue,
                writePresented: { isPresented.wrappedValue = $0 }, writePath: { path.wrappedValue = $0 },
                configuration: configuration, onDismiss: onDismiss, root: root, destination: destination)
            return background { HostAnchor<SheetNavigationHost<Element, Root, Destination>>(values: inputs) }
        }
    }

    /// Translates between one `.bottomSheetNavigation` modifier and a ``SheetNavigationController`` of hosted
    /// screens: the presentation through a ``SheetBindingCoordinator``, the path through a ``SheetPathCoordinator``;
    /// it does what they answer and decides nothing itself.
    @MainActor
    final class SheetNavigationHost<Element: Hashable & Sendable, Root: View, Destination: View>: AnchoredHost {
        /// What the modifier hands over on every SwiftUI update.
        struct Inputs {
            var isPresented: Bool
            var path: [Element]
            var writePresented: (Bool) -> Void
            var writePath: ([Element]) -> Void
            var configuration: SheetNavigation.Configuration
            var onDismiss: (() -> Void)?
            var root: () -> Root
            var destination: (Element) -> Destination
        }

        /// A screen above the root: its element and the controller hosting its destination.
        private struct Screen {
            var element: Element
            var hosting: SheetHostingController<Destination>
        }

        weak var anchor: SheetAnchorController?
        private var inputs: Inputs?
        /// UIKit's dismissal transition cannot be taken back and ends at its completion.
        private var presentation = SheetBindingCoordinator<Bool>(dismissal: .runsToCompletion)
        private var paths = SheetPathCoordinator<Element>()
        private var navigation: SheetNavigationController?
        private var root: SheetHostingController<Root>?
        /// The screens above the root, bottom first, as the navigation controller holds them.
        private var screens: [Screen] = []
        /// The sheet's width for this presentation, at which each screen is measured before it is pushed.
        private var width: CGFloat = 0
        private var waiting = false

        func update(_ inputs: Inputs) {
            self.inputs = inputs
            // The path first: a presentation this update begins builds its stack from it.
            perform(paths.pathChanged(to: inputs.path))
            let item: Bool? = inputs.isPresented ? true : nil
            if item != presentation.item { perform(presentation.itemChanged(to: item)) }
            // The shown screens get the app's current views.
            root?.rootView = inputs.root()
            for screen in screens { screen.hosting.rootView = inputs.destination(screen.element) }
        }

        func anchorAppeared() {
            guard waiting else { return }
            waiting = false
            present()
        }

        /// The modifier left the hierarchy: its sheet goes too.
        func anchorRemoved() {
            waiting = false
            navigation?.presentingViewController?.dismiss(animated: true, completion: nil)
        }

        // MARK: - Doing what the coordinators answer

        private func perform(_ response: SheetBindingCoordinator<Bool>.Response) {
            switch response.action {
            case .present?: present()
            case .dismiss?: dismiss()
            case .moveToDetent?, nil: break
            }
            if case .set(let item) = response.item { inputs?.writePresented(item != nil) }
            if response.dismissed != nil { inputs?.onDismiss?() }
        }

        private func perform(_ response: SheetPathCoordinator<Element>.Response) {
            // Off screen the coordinator keeps the path; the next presentation builds the stack from it.
            if let navigation, let destination = inputs?.destination, let action = response.action {
                screens = SheetPathCoordinator.screens(
                    after: action, from: screens, element: \.element, make: { makeScreen($0, destination) })
                switch action {
                case .push: screens.last.map { navigation.pushViewController($0.hosting, animated: true) }
                case .pop: _ = navigation.popViewController(animated: true)
                case .setStack: navigation.setViewControllers(stack, animated: true)
                }
            }
            if let path = response.path { inputs?.writePath(path) }
        }

        /// The root's controller, then the screens'.
        private var stack: [UIViewController] { (root.map { [$0] } ?? []) + screens.map(\.hosting) }

        private func makeScreen(_ element: Element, _ destination: (Element) -> Destination) -> Screen {
            let hosting = SheetHostingController(rootView: destination(element))
            // Measured before it is pushed: the sheet animates to the height the push reads.
            hosting.measure(width: width)
            return Screen(element: element, hosting: hosting)
        }

        private func present() {
            guard navigation == nil else { return }
            guard let anchor, let window = anchor.view.window, let inputs else {
                waiting = true
                return
            }
            let configuration = inputs.configuration
            width = CGFloat(
                SheetPresentationOptions.measuringWidth(
                    container: Double(window.bounds.width), configuration: configuration.sheet))
            let root = SheetHostingController(rootView: inputs.root())
            root.measure(width: width)
            self.root = root
            screens = paths.shown.map { makeScreen($0, inputs.destination) }
            let navigation = SheetNavigationController(rootViewController: root, configuration: configuration)
            navigation.setViewControllers(stack, animated: false)
            attach(navigation)
            self.navigation = navigation
            anchor.present(navigation, animated: true)
        }

        private func dismiss() {
            if waiting {
                // Never shown: it ends here.
                waiting = false
                dismissalEnded()
                return
            }
            guard let presenter = navigation?.presentingViewController else {
                dismissalEnded()
                return
            }
            presenter.dismiss(animated: true) { [weak self] in self?.dismissalEnded() }
        }

        /// The sheet is off screen (the app's dismissal completed, or the user's ended): its controllers go.
        private func dismissalEnded() {
            navigation = nil
            root = nil
            screens = []
            perform(presentation.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content))
        }

        private func attach(_ navigation: SheetNavigationController) {
            navigation.interactivePopDidBegin = { [weak self] in self?.paths.popGestureBegan() }
            navigation.didPop = { [weak self] popped in
                guard let self else { return }
                screens.removeAll { screen in popped.contains { $0 === screen.hosting } }
                perform(paths.userPopped())
            }
            navigation.interactivePopDidEnd = { [weak self] popped in
                guard let self else { return }
                perform(paths.popGestureEnded(popped: popped))
            }
            navigation.willDismiss = { [weak self] in
                guard let self else { return }
                perform(presentation.sheetUpdated([], phase: .dismissing, selectedDetent: .content))
            }
            navigation.didDismiss = { [weak self] in self?.dismissalEnded() }
        }
    }

#endif

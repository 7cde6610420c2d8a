/// The stack of a navigation inside a sheet as `UINavigationController`'s API sees it, and what each of that API's
/// requests does to it, decided here so a platform layer only maps its controllers to ids, sends the
/// ``SheetNavigation`` model the ``Change`` it is given and returns the controllers it is told.
///
/// The rules, after `UINavigationController`'s documentation, with a request UIKit would answer with an exception
/// refused instead:
/// - A push of a screen already on the stack has no effect.
/// - A pop at the root pops nothing. A pop to a screen not on the stack does nothing and answers nil (UIKit raises);
///   a pop to the top pops nothing. A pop to the root is a pop to the first screen.
/// - A new stack that is empty or names a screen twice does nothing (UIKit raises on both; this stack always keeps
///   a root).
/// - A screen that leaves the stack is still drawn until the model drops it: it stays in ``leaving`` until
///   ``release(drawn:)``; pushed again before that, it is simply on the stack again.
/// - An edge swipe takes the top screen off the stack once the model begins it, and puts it back when the finger
///   lifts if the model has it on top again (the pop was cancelled).
/// - A request made while an edge swipe is in progress comes after the swipe has ended where the finger is (the
///   model's `interactivePopEnded` with no velocity, then ``interactivePopEnded(modelTop:)``), as the model ends a
///   swipe itself before any change: the stack and the model then agree on the screen the request acts on.
/// - VoiceOver's escape pops while there is more than the root; at the root it is the presentation's escape (a
///   dismissal if ``UserDismissalRule`` allows it).
public struct SheetNavigationStack<ID: Hashable & Sendable>: Sendable {
    /// What the model must do for a request (the platform layer builds the screens from the ids).
    public enum Change: Sendable, Hashable {
        /// Push the screen (``SheetNavigation/push(_:animated:at:)``).
        case push(ID)
        /// Pop the top screen (``SheetNavigation/pop(animated:at:)``).
        case pop
        /// Replace the stack (``SheetNavigation/setStack(_:animated:at:)``), root first.
        case setStack([ID])
    }

    /// The outcome of a request.
    public struct Update: Sendable, Hashable {
        /// What the model must do; nil: nothing changed.
        public var change: Change?
        /// The screens that left the stack, bottom first (what UIKit's pop methods return).
        public var removed: [ID]
        /// The screens that joined the stack, bottom first (the layer contains them).
        public var added: [ID]

        /// An outcome: `change` for the model, the screens `removed` from and `added` to the stack.
        public init(change: Change?, removed: [ID], added: [ID]) {
            self.change = change
            self.removed = removed
            self.added = added
        }

        /// Nothing changed.
        public static var none: Update { Update(change: nil, removed: [], added: []) }
    }

    /// What VoiceOver's escape does.
    public enum Escape: Sendable, Hashable {
        /// Pop the top screen.
        case pop
        /// The presentation's escape: dismiss if allowed, else tell the delegate the attempt was refused.
        case presentation
    }

    /// How an edge swipe ended.
    public enum InteractivePopEnd: Sendable, Hashable {
        /// The screen was popped.
        case popped(ID)
        /// The swipe was cancelled: the screen is on top again.
        case cancelled(ID)
    }

    /// The stack, root first; never empty.
    public private(set) var screens: [ID]
    /// Screens off the stack that may still be drawn (a pop's leaving screen), oldest first.
    public private(set) var leaving: [ID] = []
    /// The screen an edge swipe is popping, until the finger lifts.
    public private(set) var interactivelyPopping: ID?

    /// A stack holding only `root`.
    public init(root: ID) {
        screens = [root]
    }

    /// The top screen.
    public var top: ID { screens[screens.count - 1] }

    /// Every screen the layer holds: the stack and those leaving it.
    public var held: [ID] { screens + leaving }

    // MARK: - UINavigationController's requests

    /// `pushViewController(_:animated:)`.
    public mutating func push(_ screen: ID) -> Update {
        guard !screens.contains(screen) else { return .none }
        screens.append(screen)
        leaving.removeAll { $0 == screen }
        return Update(change: .push(screen), removed: [], added: [screen])
    }

    /// `popViewController(animated:)`: the popped screen in ``Update/removed``, none at the root.
    public mutating func pop() -> Update {
        guard screens.count > 1 else { return .none }
        let popped = screens.removeLast()
        leaving.append(popped)
        return Update(change: .pop, removed: [popped], added: [])
    }

    /// `popToViewController(_:animated:)`: nil if `screen` is not on the stack.
    public mutating func pop(to screen: ID) -> Update? {
        guard let index = screens.firstIndex(of: screen) else { return nil }
        let popped = Array(screens[(index + 1)...])
        guard !popped.isEmpty else { return Update.none }
        if popped.count == 1 { return pop() }
        screens.removeLast(popped.count)
        leaving += popped
        return Update(change: .setStack(screens), removed: popped, added: [])
    }

    /// `popToRootViewController(animated:)`.
    public mutating func popToRoot() -> Update {
        pop(to: screens[0]) ?? .none
    }

    /// `setViewControllers(_:animated:)`: nothing for an empty stack or one that names a screen twice.
    public mutating func setStack(_ newScreens: [ID]) -> Update {
        guard !newScreens.isEmpty, Set(newScreens).count == newScreens.count else { return .none }
        let removed = screens.filter { !newScreens.contains($0) }
        let added = newScreens.filter { !screens.contains($0) }
        screens = newScreens
        leaving.removeAll { newScreens.contains($0) }
        leaving += removed
        return Update(change: .setStack(newScreens), removed: removed, added: added)
    }

    // MARK: - The user's gestures

    /// The model began an edge swipe (``SheetNavigation/interactivePopBegan(at:)`` returned true): the top screen
    /// leaves the stack while the finger is down. Returns it; nil at the root or during another swipe.
    public mutating func interactivePopBegan() -> ID? {
        guard screens.count > 1, interactivelyPopping == nil else { return nil }
        let popped = screens.removeLast()
        leaving.append(popped)
        interactivelyPopping = popped
        return popped
    }

    /// The finger lifted and the model decided; `modelTop` is the model's top screen now. Nil if no swipe was in
    /// progress or the app has put the screen back on the stack meanwhile.
    public mutating func interactivePopEnded(modelTop: ID?) -> InteractivePopEnd? {
        guard let popped = interactivelyPopping else { return nil }
        interactivelyPopping = nil
        guard !screens.contains(popped) else { return nil }
        guard modelTop == popped else { return .popped(popped) }
        leaving.removeAll { $0 == popped }
        screens.append(popped)
        return .cancelled(popped)
    }

    /// What VoiceOver's escape does now.
    public var escape: Escape { screens.count > 1 ? .pop : .presentation }

    // MARK: - Releasing

    /// The model finished a navigation or the dismissal and draws only `drawn`: the leaving screens it no longer
    /// draws are released (returned, oldest first) and forgotten.
    public mutating func release(drawn: Set<ID>) -> [ID] {
        let released = leaving.filter { !drawn.contains($0) && $0 != interactivelyPopping }
        leaving.removeAll { released.contains($0) }
        return released
    }
}

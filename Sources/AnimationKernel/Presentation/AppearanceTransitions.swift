/// The appearance callbacks of a stack of screens (UIKit's `viewWillAppear` ... `viewDidDisappear`), decided from
/// the navigation's events so a platform layer only forwards them (`beginAppearanceTransition` /
/// `endAppearanceTransition` of a container that does not forward them automatically).
///
/// The rules, after `UINavigationController`: a push or pop tells the screen that leaves the top it will disappear
/// and the new top it will appear when the transition begins, and both that they did when it finishes; without
/// animation both pairs come at once. An interactive pop that is cancelled reverses the pair. A transition that
/// starts while another is in flight first finishes that one, so every screen gets its calls in matched pairs and in
/// order.
public struct AppearanceTransitions<ID: Hashable & Sendable>: Sendable {
    /// One appearance callback for screen `ID`.
    public enum Callback: Hashable, Sendable {
        case willAppear(ID)
        case didAppear(ID)
        case willDisappear(ID)
        case didDisappear(ID)
    }

    /// The screen on top: appeared, or appearing.
    public private(set) var top: ID?
    /// The transition in flight: the screen appearing and the one disappearing.
    private var pending: (appearing: ID, disappearing: ID?)?

    /// A stack whose top screen `top` is on screen (its appearance came with the container's).
    public init(top: ID?) {
        self.top = top
    }

    /// The top changes to `screen` (a push, a pop, a stack change, or an interactive pop beginning).
    public mutating func begin(to screen: ID, animated: Bool) -> [Callback] {
        var callbacks = finish()
        guard screen != top else { return callbacks }
        if let top { callbacks.append(.willDisappear(top)) }
        callbacks.append(.willAppear(screen))
        pending = (screen, top)
        top = screen
        if !animated { callbacks += finish() }
        return callbacks
    }

    /// The navigation finished (`.didFinishNavigation`): the pair in flight did appear and disappear.
    public mutating func finish() -> [Callback] {
        guard let pending else { return [] }
        self.pending = nil
        return (pending.disappearing.map { [.didDisappear($0)] } ?? []) + [.didAppear(pending.appearing)]
    }

    /// An interactive pop was cancelled: the screen that was to appear disappears again and the old top appears
    /// again, each with a matched pair.
    public mutating func cancel() -> [Callback] {
        guard let pending, let old = pending.disappearing else { return finish() }
        self.pending = nil
        top = old
        return [.willAppear(old), .willDisappear(pending.appearing), .didDisappear(pending.appearing), .didAppear(old)]
    }
}

/// Keeps a navigation stack inside a sheet and the path binding that drives it (as `NavigationStack(path:)`'s) true
/// to each other in both directions: the app's writes become pushes, pops or a replaced stack, and a pop the user
/// makes (an edge swipe, VoiceOver's scrub) is written back.
///
/// The path holds the screens above the root, bottom first. The rules:
/// - The app writes the path: one element appended pushes it, the last one removed pops, anything else replaces the
///   stack (``SheetNavigation/setStack(_:animated:at:)`` decides how it animates), keeping the screens of the
///   elements the old and new paths begin with (``keptScreens(from:to:)``). Writing what the binding already says
///   (a SwiftUI update that changed nothing, or our own write-back coming round) does nothing.
/// - While a finger holds an interactive pop, the app's writes wait; when the finger lifts, the pop completes or
///   not, and then the last write is applied from the stack the release left (the app's write wins). Without a
///   write, a completed pop is written back.
/// - A pop the user completes without a gesture held here (VoiceOver) is written back at once; one reported while
///   a finger holds the gesture is counted once, when the finger lifts.
public struct SheetPathCoordinator<Element: Hashable & Sendable>: Sendable {
    /// What the host does to the navigation stack.
    public enum Action: Sendable, Hashable {
        /// Pushes a screen for this element (``SheetNavigation/push(_:animated:at:)``).
        case push(Element)
        /// Pops the top screen (``SheetNavigation/pop(animated:at:)``).
        case pop
        /// Replaces the screens above the root with screens for these elements, bottom first
        /// (``SheetNavigation/setStack(_:animated:at:)``).
        case setStack([Element])
    }

    /// What the host does after an input: the action, then the write.
    public struct Response: Sendable, Hashable {
        /// What to do to the stack, if anything.
        public var action: Action?
        /// The path to write to the binding, nil to leave it.
        public var path: [Element]?

        /// A response that does nothing.
        public init(action: Action? = nil, path: [Element]? = nil) {
            self.action = action
            self.path = path
        }
    }

    /// The screens above the root that the stack holds (or is heading for), bottom first.
    public private(set) var shown: [Element]
    /// What the path binding says: the app's last write, or ours.
    public private(set) var path: [Element]
    /// A path the app wrote while a finger held a pop, applied when it lifts.
    private var held: [Element]?
    private var popping = false

    /// A coordinator whose stack starts as `path` above the root.
    public init(path: [Element] = []) {
        shown = path
        self.path = path
    }

    /// The binding holds `path` as of a SwiftUI update: a write of the app's if it differs from what it said.
    public mutating func pathChanged(to path: [Element]) -> Response {
        guard path != self.path else { return Response() }
        self.path = path
        if popping {
            held = path
            return Response()
        }
        return Response(action: move(to: path))
    }

    /// A finger began an interactive pop.
    public mutating func popGestureBegan() {
        popping = true
    }

    /// The finger lifted; `popped` says whether the top screen went (the model's stack after the release).
    public mutating func popGestureEnded(popped: Bool) -> Response {
        popping = false
        if popped, !shown.isEmpty { shown.removeLast() }
        if let held {
            self.held = nil
            let action = move(to: held)
            return Response(action: action)
        }
        return popped ? writeBack() : Response()
    }

    /// The user popped the top screen without an interactive gesture (VoiceOver's scrub): written back.
    public mutating func userPopped() -> Response {
        guard !shown.isEmpty, !popping else { return Response() }
        shown.removeLast()
        return writeBack()
    }

    /// How many screens of a stack showing `old` stay, in place, when it is replaced by one showing `new`: those of
    /// the elements both begin with (a screen shows its element's destination and is kept with its state).
    public static func keptScreens(from old: [Element], to new: [Element]) -> Int {
        zip(old, new).prefix { $0 == $1 }.count
    }

    /// The screens above the root after `action`, from those before it (`element` names the element each shows): a
    /// push adds one `make`s for its element, a pop drops the top one (none at the root), a replaced stack keeps the
    /// screens ``keptScreens(from:to:)`` counts and makes the rest.
    public static func screens<Screen>(
        after action: Action, from screens: [Screen], element: (Screen) -> Element, make: (Element) -> Screen
    ) -> [Screen] {
        switch action {
        case .push(let pushed):
            return screens + [make(pushed)]
        case .pop:
            return Array(screens.dropLast())
        case .setStack(let elements):
            let kept = keptScreens(from: screens.map(element), to: elements)
            return screens.prefix(kept) + elements.dropFirst(kept).map(make)
        }
    }

    /// Writes what is shown to the binding.
    private mutating func writeBack() -> Response {
        path = shown
        return Response(path: shown)
    }

    /// The action that takes the stack from ``shown`` to `path`.
    private mutating func move(to path: [Element]) -> Action? {
        let from = shown
        shown = path
        if path == from { return nil }
        if path.count == from.count + 1, path.dropLast().elementsEqual(from), let last = path.last {
            return .push(last)
        }
        if path.count + 1 == from.count, from.dropLast().elementsEqual(path) { return .pop }
        return .setStack(path)
    }
}

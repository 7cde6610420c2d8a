/// Keeps a bottom sheet and the bindings that drive it (`isPresented` or `item`, and the detent selection) true to
/// each other in both directions, whatever order the app's writes and the sheet's milestones come in.
///
/// A SwiftUI modifier (`.bottomSheet(isPresented:)`, `.bottomSheet(item:)`) forwards to it what the app writes to
/// its bindings and what the ``BottomSheet`` model reports, then does what the returned ``Response`` says: one action
/// on the sheet, writes back to the bindings, and the on-dismiss call. Every decision is here, tested on Linux.
///
/// The rules, so that at any moment the item binding names the sheet that is on screen and staying, or, while one
/// leaves, the sheet that comes next (nil: none):
/// - The app sets an item while none is shown: the sheet presents it. Sets nil (`isPresented = false`), even in the
///   middle of the presentation: it dismisses from where it is. Sets the item being dismissed again: the dismissal
///   reverses (with a ``Dismissal/runsToCompletion`` host, the item is presented again when it ends). Sets another
///   item while one is shown: the shown one is dismissed, and the item the binding names when that dismissal ends
///   (the last write wins) is presented after it.
/// - The sheet leaves by itself (a drag released to dismiss, an accessibility escape): the binding is written nil
///   when the dismissal starts, and the on-dismiss action runs when it ends, once per presentation.
/// - The app sets the selection while the sheet is shown: it moves there, unless a finger holds the sheet; then it
///   moves there when the finger lifts (the app's write wins over where the release would settle), unless that
///   release dismisses the sheet. A drag or a layout that changes the detent writes the selection back.
///
/// `isPresented` is the item binding with `ID == Bool`: `true` for presented, nil for false.
public struct SheetBindingCoordinator<ID: Hashable & Sendable>: Sendable {
    /// What the host does to the sheet.
    public enum Action: Sendable, Hashable {
        /// Presents the sheet for this item (``BottomSheet/present(at:)``; mid-dismissal of the same item this
        /// reverses it), on `detent` unless nil (the selection was never written): move the model there first,
        /// without animation while it is off screen.
        case present(ID, detent: BottomSheet.Detent?)
        /// Dismisses the sheet from wherever it is (``BottomSheet/dismiss(at:)``).
        case dismiss
        /// Moves the sheet to this detent (``BottomSheet/moveToDetent(_:animated:at:)``).
        case moveToDetent(BottomSheet.Detent)
    }

    /// A write the host makes to a binding, or none.
    public enum BindingWrite<Value: Sendable & Hashable>: Sendable, Hashable {
        /// Leave the binding as it is: it is already true.
        case unchanged
        /// Write this value to the binding.
        case set(Value)
    }

    /// What the host does after an input, in this order: the action, the writes, then the on-dismiss call.
    public struct Response: Sendable, Hashable {
        /// What to do to the sheet, if anything.
        public var action: Action?
        /// A write to the item binding (`isPresented`: nil is false).
        public var item: BindingWrite<ID?> = .unchanged
        /// A write to the detent selection binding.
        public var selection: BindingWrite<BottomSheet.Detent> = .unchanged
        /// The sheet for this item finished leaving the screen: run the on-dismiss action.
        public var dismissed: ID?

        /// A response that does nothing.
        public init() {}
    }

    /// What the host's dismissal can do once it has begun.
    public enum Dismissal: Sendable, Hashable {
        /// The model's own: writing the leaving item again reverses it (``BottomSheet/present(at:)``), and it ends
        /// when the model reports `.didDismiss` or rests off screen. The default.
        case reversible
        /// A UIKit dismissal transition (`dismiss(animated:completion:)`), which cannot be taken back: writing the
        /// leaving item again presents it anew once the dismissal ends (the on-dismiss action runs in between), and
        /// it ends only when the host reports `.didDismiss` (the transition's completion), not at the model's rest.
        case runsToCompletion
    }

    /// Where the sheet is, as far as the bindings are concerned.
    private enum Stage: Sendable, Hashable {
        /// No sheet on screen.
        case idle
        /// The sheet for this item is presenting or presented.
        case shown(ID)
        /// The sheet for this item is leaving.
        case leaving(ID)
    }

    private var stage = Stage.idle
    /// What the item binding says (the app's last write, or ours).
    public private(set) var item: ID?
    /// What the selection binding says (nil: never written; the sheet's first detent).
    public private(set) var selection: BottomSheet.Detent?
    /// A selection the app wrote while a finger held the sheet, applied when it lifts.
    private var heldSelection: BottomSheet.Detent?
    private var dragging = false
    /// What the host's dismissal can do once begun.
    public let dismissal: Dismissal

    /// A coordinator for bindings that start as `item` (nil: no sheet) and `selection`, for a host whose dismissals
    /// are `dismissal`. If `item` is not nil, call ``itemChanged(to:)`` with it to present.
    public init(selection: BottomSheet.Detent? = nil, dismissal: Dismissal = .reversible) {
        self.selection = selection
        self.dismissal = dismissal
    }

    /// The item the shown (or leaving) sheet belongs to, nil with no sheet on screen.
    public var shownItem: ID? {
        switch stage {
        case .idle: return nil
        case .shown(let id), .leaving(let id): return id
        }
    }

    // MARK: - The app writes a binding

    /// The app wrote `newItem` to the item binding (for `isPresented`: `true`, or nil for false).
    public mutating func itemChanged(to newItem: ID?) -> Response {
        item = newItem
        var response = Response()
        switch stage {
        case .idle:
            if let newItem { response.action = present(newItem) }
        case .shown(let current):
            if newItem != current {
                stage = .leaving(current)
                heldSelection = nil
                response.action = .dismiss
            }
        case .leaving(let current):
            // The same item again reverses a reversible dismissal; otherwise the item waits for it to end.
            if newItem == current, dismissal == .reversible { response.action = present(current) }
        }
        return response
    }

    /// The app wrote `detent` to the selection binding.
    public mutating func selectionChanged(to detent: BottomSheet.Detent) -> Response {
        selection = detent
        var response = Response()
        guard case .shown = stage else { return response }
        if dragging {
            heldSelection = detent
        } else {
            response.action = .moveToDetent(detent)
        }
        return response
    }

    // MARK: - The sheet reports

    /// A finger took hold of the sheet (``BottomSheet/dragBegan(at:)``).
    public mutating func dragBegan() {
        dragging = true
    }

    /// The finger lifted (after ``BottomSheet/dragEnded(velocity:at:)``); `phase` is the model's phase after the
    /// release (`.dismissing` when the release dismisses the sheet).
    public mutating func dragEnded(phase: BottomSheet.Phase) -> Response {
        dragging = false
        let held = heldSelection
        heldSelection = nil
        var response = sheetPhase(phase)
        if response.action == nil, case .shown = stage, let held {
            response.action = .moveToDetent(held)
        }
        return response
    }

    /// The model's milestones from ``BottomSheet/update(to:)``, with its phase and selected detent after them.
    public mutating func sheetUpdated(
        _ events: TransitionEvents, phase: BottomSheet.Phase, selectedDetent: BottomSheet.Detent
    ) -> Response {
        var response = sheetPhase(phase)
        if events.contains(.didChangeDetent), case .shown = stage, heldSelection == nil, selection != selectedDetent {
            selection = selectedDetent
            response.selection = .set(selectedDetent)
        }
        let ended = events.contains(.didDismiss) || (phase == .dismissed && dismissal == .reversible)
        if ended, let leaving = shownItem {
            // Finished leaving (or the model is at rest off screen): the on-dismiss call, then what the binding names.
            stage = .idle
            dragging = false
            heldSelection = nil
            response.dismissed = leaving
            if let next = item { response.action = present(next) }
        }
        return response
    }

    /// A dismissal the app did not ask for (the model leaving while the binding still names its item) writes nil.
    private mutating func sheetPhase(_ phase: BottomSheet.Phase) -> Response {
        var response = Response()
        if phase == .dismissing || phase == .dismissed, case .shown(let current) = stage {
            stage = .leaving(current)
            heldSelection = nil
            if item == current {
                item = nil
                response.item = .set(nil)
            }
        }
        return response
    }

    /// Shows `id`'s sheet on the selected detent.
    private mutating func present(_ id: ID) -> Action {
        stage = .shown(id)
        return .present(id, detent: selection)
    }
}

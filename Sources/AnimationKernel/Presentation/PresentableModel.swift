/// Where a presentation stands, as a ``PresentationCoordinator`` reads it from its model.
public enum PresentationState: Sendable, Hashable {
    /// Off screen (before presenting, after dismissing).
    case dismissed
    /// Animating in.
    case presenting
    /// On screen, at rest or moving between its resting places.
    case presented
    /// Held by a finger.
    case interacting
    /// Animating out.
    case dismissing
}

/// A transition model that a platform presents and dismisses modally: ``BottomSheet``, ``SheetNavigation`` and
/// ``CardLift``.
public protocol PresentableModel: TransitionModel {
    /// Where the presentation stands as of the latest event or `update(to:)`.
    var presentationState: PresentationState { get }
    /// Presents at `time`; `animated: false` ends presented at once.
    mutating func present(animated: Bool, at time: Double)
    /// Dismisses at `time`; `animated: false` ends dismissed at once.
    mutating func dismiss(animated: Bool, at time: Double)
}

extension BottomSheet: PresentableModel {
    /// ``phase`` as a ``PresentationState``.
    public var presentationState: PresentationState {
        switch phase {
        case .dismissed: return .dismissed
        case .presenting: return .presenting
        case .presented: return .presented
        case .dragging: return .interacting
        case .dismissing: return .dismissing
        }
    }
}

extension SheetNavigation: PresentableModel {
    /// The sheet's ``BottomSheet/presentationState``.
    public var presentationState: PresentationState { sheet.presentationState }
}

extension CardLift: PresentableModel {
    /// The card's ``phase`` as a ``PresentationState``: lifting presents, closing dismisses, the list is dismissed;
    /// open but held by a finger (the modal dragged) is interacting.
    public var presentationState: PresentationState {
        switch phase {
        case .resting: return .dismissed
        case .lifting: return modal.phase == .dragging ? .interacting : .presenting
        case .open: return modal.phase == .dragging ? .interacting : .presented
        case .closing: return .dismissing
        }
    }

    /// Opens from the list with no initial velocity (see ``open(animated:at:initialVelocity:)``).
    public mutating func present(animated: Bool, at time: Double) { open(animated: animated, at: time) }

    /// Closes (see ``close(animated:at:)``).
    public mutating func dismiss(animated: Bool, at time: Double) { close(animated: animated, at: time) }
}

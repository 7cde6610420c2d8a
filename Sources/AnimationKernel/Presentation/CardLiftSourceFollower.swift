/// Where a lifted card's source is, followed by a platform layer for the whole lift: a list may scroll or reuse the
/// cell while the detail is open, so the flight home retargets to where the source is at each frame of the closing
/// (and at a release); a source that can vanish (one read through a closure: a SwiftUI card, an index path) and is
/// gone before the card sets off home makes the card cross-fade instead of flying to nowhere.
public struct CardLiftSourceFollower: Sendable, Hashable {
    /// What to tell the model after reading the source.
    public enum Action: Sendable, Hashable {
        /// Nothing changed.
        case none
        /// The source moved: ``CardLift/setSourceRect(_:at:)``.
        case retarget(Rect)
        /// The source is gone before the card sets off: switch to a cross-fade
        /// (``CardLift/setReduceMotion(_:at:)``).
        case crossFade
    }

    /// Whether the source may vanish (false: a view that stays where it was last seen).
    public let canVanish: Bool
    /// Where the card lifted from or last retargeted to; nil before the lift.
    public private(set) var sourceRect: Rect?
    /// Whether the lift cross-fades for want of a source.
    public private(set) var crossFades = false

    /// A follower for a source that can or cannot vanish.
    public init(canVanish: Bool) {
        self.canVanish = canVanish
    }

    /// The lift begins with the source `found` (nil: nowhere to lift from): returns the rect to lift from, `found`
    /// or else `landing` (where the card lands, so it appears there by a cross-fade, ``crossFades``).
    public mutating func lift(from found: Rect?, landing: Rect) -> Rect {
        crossFades = found == nil
        let source = found ?? landing
        sourceRect = source
        return source
    }

    /// The source read `current` (nil: not found) while the card is in `phase`.
    public mutating func follow(_ current: Rect?, phase: CardLift.Phase) -> Action {
        guard let current else {
            guard canVanish, !crossFades, phase != .closing else { return .none }
            crossFades = true
            return .crossFade
        }
        guard current != sourceRect else { return .none }
        sourceRect = current
        return .retarget(current)
    }
}

extension CardLift.Frame {
    /// Whether the list's own cell hides at this frame: while the card is out of the list, unless it is fading
    /// (a Reduce Motion cross-fade shows both).
    public var hidesSource: Bool { hostLayer != .list && cardAlpha >= 1 }
    /// Whether the card draws above the modal (flying) rather than as part of it.
    public var cardIsAboveModal: Bool { hostLayer == .overlay }
}

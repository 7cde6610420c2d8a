/// Where the card a ``CardLift`` lifts from is, by id: what a SwiftUI source modifier reports (the card's frame in
/// the window, and when it leaves the view tree) and where the card flies home to when it closes.
///
/// A list may scroll while the detail is open, and its card may be gone by the time the detail closes (the row
/// deleted, or the list rebuilt). The host reports every source it can find with ``sourceFound(_:at:)`` and every
/// source SwiftUI removes with ``sourceRemoved(_:)``, then asks ``home(for:visibleIn:)`` at opening and on every
/// closing frame. The rules:
/// - The source is in the view tree and its frame overlaps the visible bounds: fly to it (``Home/source(_:)``).
/// - The source was removed, and where it was last seen overlaps the visible bounds: fly there
///   (``Home/lastSeen(_:)``), with nothing to hide or show at the end.
/// - The source is off screen (scrolled away), never reported, or reported with a frame that is not finite or has
///   no area: fade the card out where it is (``Home/fade``), as Reduce Motion does.
public struct CardLiftSourceRegistry<ID: Hashable & Sendable>: Sendable {
    /// Where the card goes when it closes.
    public enum Home: Sendable, Hashable {
        /// The source is on screen at this frame: the card lands on it, and the source shows again.
        case source(Rect)
        /// The source is gone, last seen on screen at this frame: the card lands there.
        case lastSeen(Rect)
        /// Nowhere on screen to land: the card fades out.
        case fade
    }

    private struct Entry: Sendable, Hashable {
        var frame: Rect
        var present: Bool
    }

    private var entries: [ID: Entry] = [:]

    /// An empty registry.
    public init() {}

    /// The source `id` is in the view tree at `frame` (the window's coordinates). A frame that is not finite or has
    /// no area says nothing about where it is: the last one stands.
    public mutating func sourceFound(_ id: ID, at frame: Rect) {
        guard Self.usable(frame) else {
            entries[id]?.present = true
            return
        }
        entries[id] = Entry(frame: frame, present: true)
    }

    /// SwiftUI removed the source `id`: its last frame is kept, for a card still out of it to fly home to.
    public mutating func sourceRemoved(_ id: ID) {
        entries[id]?.present = false
    }

    /// Forgets the sources that were removed: call when no card is out of the list (their last frames served).
    public mutating func forgetRemovedSources() {
        entries = entries.filter { $0.value.present }
    }

    /// Where the card lifted from `id` goes, with `bounds` (the window's coordinates) visible.
    public func home(for id: ID, visibleIn bounds: Rect) -> Home {
        guard let entry = entries[id], Self.overlaps(entry.frame, bounds) else { return .fade }
        return entry.present ? .source(entry.frame) : .lastSeen(entry.frame)
    }

    private static func usable(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite && rect.width > 0
            && rect.height > 0
    }

    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) > max(a.minX, b.minX) && min(a.maxY, b.maxY) > max(a.minY, b.minY)
    }
}

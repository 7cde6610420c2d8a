extension SheetNavigation {
    /// The screen each of `animations.screens` draws, in order, for a host that keeps one view per screen id and
    /// hands the motion from `time` to the render server (``layerAnimations(from:)``): read from the frames at `time`
    /// and at rest, where every screen a settling push, pop or stack change moves is drawn at one end or the other.
    /// Nil, so the host draws the motion itself, if a handed-over screen is drawn at neither end (its id is then not
    /// known) or the same screen is handed over twice (pushed again while still leaving: one view cannot be both).
    public func screenIDs(of animations: LayerAnimations, from time: Double) -> [ScreenID]? {
        var known: [Int: ScreenID] = [:]
        for frame in [frame(at: time), frame(at: .infinity)] {
            for screen in frame.screens { known[screen.instance] = screen.id }
        }
        var ids: [ScreenID] = []
        for screen in animations.screens {
            guard let id = known[screen.instance], !ids.contains(id) else { return nil }
            ids.append(id)
        }
        return ids
    }
}

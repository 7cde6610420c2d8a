import AnimationKernel
import Testing

/// Issue #46, motion on the render server: a navigation host that keeps one view per screen id learns which screen
/// each handed-over animation moves, or that it cannot hand over.
@Suite struct SheetNavigationHandoverTests {
    /// At every 120 Hz frame until the motion settles, each screen the frame draws is the one the handover maps its
    /// id to (same instance): a host that moves views by these ids moves the screen the model draws.
    static func checkMapping(_ nav: SheetNavigation, from time: Double, _ label: String) throws {
        guard let animations = nav.layerAnimations(from: time) else {
            Issue.record("\(label): no handover")
            return
        }
        guard let ids = nav.screenIDs(of: animations, from: time) else {
            Issue.record("\(label): no screen ids for \(animations.screens.count) handed-over screens")
            return
        }
        #expect(ids.count == animations.screens.count)
        var t = time
        while t <= nav.settleTime + 1.0 / 120 {
            for screen in nav.frame(at: t).screens {
                let index = try #require(ids.firstIndex(of: screen.id), "\(label): \(screen.id) at \(t) not mapped")
                let mapped = animations.screens[index].instance
                #expect(
                    mapped == screen.instance,
                    "\(label): at \(t) \(screen.id) is instance \(screen.instance), mapped to \(mapped)")
            }
            t += 1.0 / 120
        }
    }

    static func presented() -> SheetNavigation {
        var nav = SheetNavigation(
            root: .init(id: "root", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        _ = nav.update(to: 3)
        return nav
    }

    @Test func pushPopAndStackChangesMapEveryScreen() throws {
        var nav = Self.presented()
        nav.push(.init(id: "detail", contentHeight: 400), at: 3)
        try Self.checkMapping(nav, from: 3, "push")
        #expect(nav.layerAnimations(from: 3).flatMap { nav.screenIDs(of: $0, from: 3) } == ["root", "detail"])
        _ = nav.pop(at: 3.15)
        try Self.checkMapping(nav, from: 3.15, "pop during the push")
        _ = nav.update(to: 6)
        nav.setStack([.init(id: "root", contentHeight: 300), .init(id: "a", contentHeight: 500)], at: 6)
        try Self.checkMapping(nav, from: 6, "stack change")
    }

    @Test func aScreenPushedAgainWhileLeavingIsNotHandedOver() {
        var nav = Self.presented()
        nav.push(.init(id: "detail", contentHeight: 400), at: 3)
        _ = nav.update(to: 5)
        _ = nav.pop(at: 5)
        nav.push(.init(id: "detail", contentHeight: 400), at: 5.05)
        guard let animations = nav.layerAnimations(from: 5.05) else {
            Issue.record("no handover")
            return
        }
        let detail = animations.screens.filter { screen in
            nav.frame(at: 5.05).screens.contains { $0.instance == screen.instance && $0.id == "detail" }
                || nav.frame(at: .infinity).screens.contains { $0.instance == screen.instance && $0.id == "detail" }
        }
        #expect(detail.count == 2, "the test needs two instances of the screen in flight, found \(detail.count)")
        #expect(nav.screenIDs(of: animations, from: 5.05) == nil, "one view was mapped to two instances")
    }
}

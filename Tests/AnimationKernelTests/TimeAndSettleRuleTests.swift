import AnimationKernel
import Testing

/// The sequences of issue #44 that broke the time rule, the settle rule or the screen order, each pinned.
@Suite struct TimeAndSettleRuleTests {
    static func sheet() -> BottomSheet {
        BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
    }

    /// A content change at a late or non-finite time applies at the latest event (here an update), like every other
    /// event: it never moves a frame already drawn.
    @Test(arguments: [Double.nan, 1, -Double.infinity]) func lateContentHeightDoesNotRewriteThePast(time: Double) {
        var sheet = Self.sheet()
        sheet.present(at: 0)
        _ = sheet.update(to: 5)
        let drawn = sheet.frame(at: 5)
        sheet.setContentHeight(460, at: time)
        // Where everything is drawn stays; only the detent position, measured against the new detents, changes.
        var now = sheet.frame(at: 5)
        now.detentPosition = drawn.detentPosition
        #expect(now == drawn, "the frame at 5 moved: \(drawn.sheet) -> \(now.sheet)")
        #expect(sheet.frame(at: 10).sheet.height > drawn.sheet.height + 150, "the change still applies, at 5")
    }

    /// A change sent a little before the latest update applies at the update's time, so it equals the same change
    /// sent at that time (as `moveToDetent` always did).
    @Test func contentHeightJustBeforeAnUpdateAppliesAtTheUpdate() {
        var early = Self.sheet()
        early.present(at: 0)
        _ = early.update(to: 1)
        var onTime = early
        early.setContentHeight(420, at: 0.99)
        onTime.setContentHeight(420, at: 1)
        for t in stride(from: 1.0, through: 2, by: 1.0 / 120) {
            #expect(early.frame(at: t) == onTime.frame(at: t), "at \(t)")
        }
    }

    /// `.didSettle` is reported for a layout change that settles between two updates, however far apart they are.
    @Test func didSettleDoesNotDependOnHowOftenUpdateIsCalled() {
        var sparse = Self.sheet()
        sparse.present(at: 0)
        #expect(sparse.update(to: 1).contains(.didPresent))
        var dense = sparse
        sparse.setContentHeight(420, at: 1)
        dense.setContentHeight(420, at: 1)
        let sparseEvents = sparse.update(to: 2)
        var denseEvents = dense.update(to: 1.1)
        denseEvents.formUnion(dense.update(to: 2))
        #expect(sparseEvents == denseEvents && sparseEvents == .didSettle, "\(sparseEvents) vs \(denseEvents)")
        // A 10 ms content animation between two 60 Hz frames settles too.
        var quick = sparse
        quick.setContentHeight(300, at: 2.0005, using: .curve(.easeOut, duration: 0.01))
        #expect(quick.update(to: 2 + 1.0 / 60) == .didSettle)
    }

    /// At rest the frame is exactly the resting frame, and the last step onto it is below the settle tolerance.
    @Test func restingFrameIsExactAndReachedWithoutAStep() {
        var lift = cardLift()
        lift.open(at: 0.1, initialVelocity: Point(x: 0, y: -300))
        let settle = lift.settleTime
        let before = lift.frame(at: settle - 1e-9)
        let after = lift.frame(at: settle)
        #expect(after.card == cardTarget, "card at rest \(after.card), target \(cardTarget)")
        #expect(
            close(before.card, after.card, SettleRule.points + 1e-9), "step onto rest: \(before.card) -> \(after.card)")

        var sheet = Self.sheet()
        sheet.present(at: 0)
        let rest = sheet.frame(at: 100)
        #expect(sheet.frame(at: sheet.settleTime) == rest)
        #expect(close(sheet.frame(at: sheet.settleTime - 1e-9).sheet, rest.sheet, SettleRule.points + 1e-9))
        #expect(rest.sheet.minY == 844 - 300 - 34, "resting top \(rest.sheet.minY)")
    }

    /// What the cost of the settle rule is: a UIKit present settles within 1.1 s (the spring's nominal 0.35 s plus
    /// the tail in which it moves less than half a pixel).
    @Test func settleRuleCostIsBounded() {
        var sheet = Self.sheet()
        sheet.present(at: 0)
        #expect(sheet.settleTime < 1.1, "settles at \(sheet.settleTime)")
        #expect(abs(sheet.frame(at: 0.5).sheet.minY - sheet.frame(at: 100).sheet.minY) < 0.5)
    }

    /// `update(to:)` changes no frame of a sheet navigation: after an edge-swipe pop the leaving screen is either
    /// drawn by both or by neither.
    @Test func updateLeavesNavigationFramesUnchanged() {
        var nav = SheetNavigation(
            root: .init(id: "A", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        nav.push(.init(id: "C", contentHeight: 400), at: 1)
        nav.interactivePopBegan(at: 2)
        for k in 1...15 {
            nav.interactivePopChanged(translationX: Double(k) * 14, velocityX: 1750, at: 2 + Double(k) * 0.124 / 15)
        }
        nav.interactivePopEnded(velocityX: 1750, at: 2.124)
        var updated = nav
        _ = updated.update(to: 2.6)
        for t in [2.6, 2.7, 3, 10] { #expect(updated.frame(at: t) == nav.frame(at: t), "at \(t)") }
    }

    /// `setStack` back to the root over two pushed screens reveals the root, not the covered screen that leaves.
    @Test func setStackToTheRootRevealsTheRoot() {
        var nav = SheetNavigation(
            root: .init(id: "R", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        _ = nav.update(to: 1)
        nav.push(.init(id: "A", contentHeight: 300), at: 1)
        _ = nav.update(to: 2)
        nav.push(.init(id: "B", contentHeight: 300), at: 2)
        _ = nav.update(to: 3)
        nav.setStack([.init(id: "R", contentHeight: 300)], at: 3)
        let untouched = nav
        for t in [3.1, 3.2, 5, 60] {
            let ids = untouched.frame(at: t).screens.map(\.id)
            #expect(!ids.contains("A"), "A drawn at \(t): \(ids)")
        }
        #expect(untouched.frame(at: 5).screens.map(\.id) == ["R"])
        _ = nav.update(to: 5)
        #expect(nav.frame(at: 5) == untouched.frame(at: 5))
    }

    /// With Reduce Motion, screens that faded out take no frame slot: after five quick pops the root shows.
    @Test func screensThatShowNothingTakeNoSlot() {
        var configuration = SheetNavigation.Configuration()
        configuration.reduceMotion = true
        var nav = SheetNavigation(
            root: .init(id: "R", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea,
            configuration: configuration)
        nav.present(at: 0)
        for (k, id) in ["A", "B", "C", "D", "E"].enumerated() {
            nav.push(.init(id: id, contentHeight: 300), at: Double(k + 1))
            _ = nav.update(to: Double(k + 1) + 0.5)
        }
        let untouched = nav
        for k in 0..<5 {
            nav.pop(at: 6 + Double(k) * 0.05)
        }
        let frame = nav.frame(at: 7)
        #expect(frame.screens.map(\.id) == ["R"], "\(frame.screens.map { ($0.id, $0.alpha) })")
        for screen in frame.screens { #expect(screen.alpha >= 1.0 / 512) }
        _ = untouched
        var updated = nav
        _ = updated.update(to: 7)
        #expect(updated.frame(at: 7) == frame)
    }

    /// A pop right after a `setStack` reveals a screen that was never laid out: it fades in where it would show at
    /// once, so what shows at the pop does not change.
    @Test func popRevealingANeverShownScreenIsContinuous() {
        var nav = SheetNavigation(
            root: .init(id: "R", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        _ = nav.update(to: 0.9)
        nav.setStack(
            [
                .init(id: "R", contentHeight: 300), .init(id: "X", contentHeight: 300),
                .init(id: "Y", contentHeight: 300),
            ], at: 1)
        let before = nav.frame(at: 1.01)
        nav.pop(at: 1.01)
        let after = nav.frame(at: 1.01)
        let x = after.screens.first { $0.id == "X" }
        #expect(
            x == nil || x!.alpha == 0 || before.screens.contains { $0.id == "X" }, "X appears: \(String(describing: x))"
        )
        // What is drawn keeps its place and alpha.
        for screen in before.screens {
            let same = after.screens.first { $0.instance == screen.instance }
            #expect(same.map { close($0.rect, screen.rect, 1e-9) && close($0.alpha, screen.alpha, 1e-9) } ?? false)
        }
        // X ends on screen, opaque.
        let end = nav.frame(at: 5)
        #expect(end.screens.map(\.id) == ["X"] && end.screens[0].alpha == 1)
    }
}

import AnimationKernel
import Testing

/// One rule for odd times, the same in every model and in `AnimatedValue` (`EventClock`): +infinity reads the far
/// future (everything settled); NaN, -infinity and times before the latest event read the frame at the latest event;
/// events at such times apply at the latest event's time.
@Suite struct TimeRule {
    @Test func animatedValueReadsInfinityAsTheFarFuture() {
        var value = AnimatedValue(0)
        value.animate(to: 100, using: .spring(.smooth), at: 1)
        #expect(value.value(at: .infinity) == value.value(at: 1e9), "+inf: \(value.value(at: .infinity))")
        #expect(value.value(at: .nan) == 0 && value.value(at: -.infinity) == 0 && value.value(at: 0.5) == 0)
        #expect(value.isSettled(at: .infinity) && !value.isSettled(at: .nan))
        value.animate(to: 50, using: .curve(.easeInEaseOut, duration: 0.3), at: 5)
        #expect(value.value(at: .infinity) == 50)
    }

    @Test func sheetReadsInfinityAsSettledAndThePastAsTheLatestEvent() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 1)
        let far = sheet.frame(at: 1e9)
        #expect(sheet.frame(at: .infinity) == far, "+inf: \(sheet.frame(at: .infinity).sheet), 1e9: \(far.sheet)")
        #expect(far.phase == .presented)
        let start = sheet.frame(at: 1)
        for odd in [Double.nan, -.infinity, 0.5] {
            #expect(sheet.frame(at: odd) == start, "at \(odd): \(sheet.frame(at: odd).sheet), start \(start.sheet)")
        }
        // An event at a non-finite time applies at the latest event's time (here the update at 2).
        _ = sheet.update(to: 2)
        let presented = sheet.frame(at: 2)
        sheet.dismiss(at: .nan)
        #expect(sheet.frame(at: 2).sheet == presented.sheet && sheet.frame(at: 2.2).sheet.minY > presented.sheet.minY)
    }

    @Test func cardNavigationAndPullFollowTheSameRule() {
        var card = CardLift(source: cardSource, target: cardTarget, modalLayout: detailLayout)
        card.open(at: 2)
        #expect(card.frame(at: .infinity) == card.frame(at: 1e9))
        #expect(card.frame(at: .infinity).hostLayer == .modal && card.frame(at: .infinity).card == cardTarget)
        #expect(card.frame(at: .nan) == card.frame(at: 2) && card.frame(at: 1) == card.frame(at: 2))

        var nav = SheetNavigation(root: .init(id: "a", contentHeight: 300), containerSize: phone)
        nav.present(at: 0)
        nav.push(.init(id: "b", contentHeight: 400), at: 3)
        #expect(nav.frame(at: .infinity) == nav.frame(at: 1e9))
        #expect(nav.frame(at: .infinity).screens.map(\.id) == ["b"])
        #expect(nav.frame(at: -.infinity) == nav.frame(at: 3) && nav.frame(at: 2) == nav.frame(at: 3))

        var pull = PullToDismiss(containerSize: phone)
        pull.dragBegan(at: 4)
        pull.dragChanged(translation: 600, velocity: 3000, at: 4.1)
        pull.dragEnded(at: 4.1)
        #expect(pull.frame(at: .infinity) == pull.frame(at: 1e9) && pull.frame(at: .infinity).phase == .dismissed)
        #expect(pull.frame(at: .nan) == pull.frame(at: 4.1))
    }
}

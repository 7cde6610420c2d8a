import AnimationKernel
import Testing

/// Whether interactive dismissal is allowed and Reduce Motion change at run time, from a given time, without a jump,
/// in every model (the bottom sheet's own tests cover it).
@Suite struct RunTimeConfigurationTests {
    /// While dismissal is refused the screen follows the pull with rubber-band resistance and always returns; a
    /// release that would have dismissed reports `.didAttemptDismiss`.
    @Test func pullToDismissRefusedDismissalResistsAndReports() {
        var pull = PullToDismiss(containerSize: phone)
        pull.setInteractiveDismissal(allowed: false, at: 0)
        #expect(!pull.configuration.allowsInteractiveDismissal)
        pull.dragBegan(at: 1)
        pull.dragChanged(translation: 400, velocity: 2000, at: 1.1)
        let shown = (1 - 1 / (400 * 0.55 / 844 + 1)) * 844
        #expect(
            close(pull.frame(at: 1.1).offset, shown, 1e-9), "offset \(pull.frame(at: 1.1).offset), expected \(shown)")
        let held = pull.frame(at: 1.1)
        pull.dragEnded(velocity: 2000, at: 1.1)
        // The spring back starts where the resisted screen is, not where the finger's raw pull would put it.
        #expect(pull.frame(at: 1.1).screen == held.screen, "release moved the screen to \(pull.frame(at: 1.1).offset)")
        #expect(abs(pull.frame(at: 1.1 + 1e-6).offset - held.offset) < 0.01)
        let events = pull.update(to: 4)
        #expect(events.contains(.didAttemptDismiss) && events.contains(.didCancel) && !events.contains(.didDismiss))
        #expect(pull.frame(at: 4).offset < 0.25 && pull.phase == .idle)
        // A release that would not have dismissed anyway reports no attempt.
        pull.dragBegan(at: 5)
        pull.dragChanged(translation: 10, velocity: -100, at: 5.1)
        pull.dragEnded(velocity: -100, at: 5.1)
        #expect(pull.update(to: 8) == .didCancel)
        // The programmatic dismissal is not refused.
        pull.dismiss(at: 8)
        #expect(pull.update(to: 12).contains(.didDismiss))
    }

    /// Switching mid-drag keeps the screen where it is; the finger's further movement is read from there.
    @Test func pullToDismissSwitchedMidDragDoesNotJump() {
        var pull = PullToDismiss(containerSize: phone)
        pull.dragBegan(at: 1)
        pull.dragChanged(translation: 200, velocity: 500, at: 1.1)
        let free = pull.frame(at: 1.15)
        pull.setInteractiveDismissal(allowed: false, at: 1.15)
        #expect(pull.frame(at: 1.15) == free, "refusing moved the screen")
        pull.dragChanged(translation: 250, velocity: 500, at: 1.2)
        let resisted = pull.frame(at: 1.2).offset - 200
        #expect(resisted > 0 && resisted < 0.5 * 50, "50 pt of pull moved the refused screen \(resisted) pt")
        let held = pull.frame(at: 1.25)
        pull.setInteractiveDismissal(allowed: true, at: 1.25)
        #expect(pull.frame(at: 1.25) == held, "allowing moved the screen")
        pull.dragChanged(translation: 300, velocity: 500, at: 1.3)
        #expect(close(pull.frame(at: 1.3).offset - held.offset, 50, 1e-9))
    }

    /// A dismissal in flight finishes as it began; the next one follows the new setting.
    @Test func pullToDismissReduceMotionTakesEffectFromTheNextDismissal() {
        var sliding = PullToDismiss(containerSize: phone)
        sliding.dismiss(at: 1)
        let before = sliding.frame(at: 1.1)
        sliding.setReduceMotion(true, at: 1.1)
        #expect(sliding.frame(at: 1.1) == before)
        #expect(sliding.frame(at: 1.2).offset > before.offset && sliding.frame(at: 1.2).alpha == 1)
        #expect(sliding.update(to: 5).contains(.didDismiss))
        #expect(sliding.frame(at: 5).offset > 844, "a slid-off screen stays off screen")

        var fading = PullToDismiss(containerSize: phone)
        fading.setReduceMotion(true, at: 0.5)
        fading.dismiss(at: 1)
        let frame = fading.frame(at: 1.1)
        #expect(frame.offset == 0 && frame.alpha < 1 && frame.alpha > 0)
        fading.setReduceMotion(false, at: 1.1)
        #expect(fading.frame(at: 1.1) == frame)
        #expect(fading.update(to: 5).contains(.didDismiss))
        #expect(fading.frame(at: 5).alpha == 0)
    }

    /// Reduce Motion switched on mid-flight: the flight continues, the close that follows fades out where the card is
    /// (no jump), and the next open from the list cross-fades in at the target.
    @Test func cardLiftReduceMotionTakesEffectFromTheNextTransition() {
        var lift = cardLift()
        lift.open(at: 1)
        let flying = lift.frame(at: 1.1)
        lift.setReduceMotion(true, at: 1.1)
        expectSame(flying, lift.frame(at: 1.1), 1e-9, "switching Reduce Motion on")
        #expect(lift.modal.configuration.reduceMotion)
        let beforeClose = lift.frame(at: 1.15)
        lift.close(at: 1.15)
        expectSame(beforeClose, lift.frame(at: 1.15), 1e-9, "closing after the switch")
        #expect(lift.frame(at: 1.2).cardAlpha < 1)
        let rest = lift.settleTime + 0.1
        #expect(lift.update(to: rest).contains(.didDismiss))
        lift.open(at: rest)
        let opening = lift.frame(at: rest + 0.05)
        #expect(close(opening.card, cardTarget, 1e-9) && opening.cardAlpha > 0 && opening.cardAlpha < 1)
        // ... and off again mid-fade: the close flies home from the target without a jump.
        lift.setReduceMotion(false, at: rest + 0.05)
        let open = lift.frame(at: rest + 0.06)
        lift.close(at: rest + 0.06)
        expectSame(open, lift.frame(at: rest + 0.06), 1e-9, "closing after switching off")
        #expect(lift.frame(at: rest + 0.2).card.minY > cardTarget.minY, "the card flies home")
        #expect(lift.update(to: lift.settleTime + 0.1).contains(.didDismiss))
    }

    /// Dismissal refused on the card's modal: a dragged release that would have dismissed keeps the card open and
    /// reports `.didAttemptDismiss`.
    @Test func cardLiftRefusedDismissalKeepsTheCardOpen() {
        var lift = cardLift { $0.modal.allowsInteractiveDismissal = true }
        lift.open(at: 0)
        let open = lift.settleTime + 0.1
        _ = lift.update(to: open)
        lift.setInteractiveDismissal(allowed: false, at: open)
        lift.dragBegan(at: open)
        lift.dragChanged(translation: 500, velocity: 3000, at: open + 0.1)
        lift.dragEnded(velocity: 3000, at: open + 0.1)
        let events = lift.update(to: open + 3)
        #expect(events.contains(.didAttemptDismiss) && !events.contains(.didDismiss))
        #expect(lift.phase == .open && close(lift.frame(at: open + 3).card, cardTarget, 0.25))
    }

    /// The sheet with navigation: Reduce Motion switched mid-push does not jump and the next push cross-fades;
    /// dismissal refused on its sheet reports the attempt.
    @Test func sheetNavigationSwitchesReduceMotionAndDismissal() throws {
        var (nav, t0) = presentedNavigation { $0.sheet.allowsInteractiveDismissal = true }
        nav.push(.init(id: "B", contentHeight: 400), at: t0)
        let pushing = nav.frame(at: t0 + 0.1)
        nav.setReduceMotion(true, at: t0 + 0.1)
        #expect(nav.frame(at: t0 + 0.1) == pushing, "switching Reduce Motion on moved something")
        let t1 = nav.settleTime + 0.1
        _ = nav.update(to: t1)
        nav.push(.init(id: "C", contentHeight: 400), at: t1)
        let c = try #require(screen(nav.frame(at: t1 + 0.05), "C"))
        #expect(c.rect.minX == 0 && c.alpha > 0 && c.alpha < 1, "C at \(c.rect.minX) alpha \(c.alpha)")
        let t2 = nav.settleTime + 0.1
        _ = nav.update(to: t2)
        nav.setInteractiveDismissal(allowed: false, at: t2)
        nav.dragBegan(at: t2)
        nav.dragChanged(translation: 500, velocity: 3000, at: t2 + 0.1)
        nav.dragEnded(velocity: 3000, at: t2 + 0.1)
        let events = nav.update(to: t2 + 3)
        #expect(events.contains(.didAttemptDismiss) && !events.contains(.didDismiss))
    }
}

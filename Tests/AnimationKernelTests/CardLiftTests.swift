import AnimationKernel
import Testing

let cardSource = Rect(x: 16, y: 420, width: 358, height: 120)
let cardTarget = Rect(x: 0, y: 47, width: 390, height: 140)
let detailLayout = BottomSheet.Layout(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 560)

func cardLift(_ configure: (inout CardLift.Configuration) -> Void = { _ in }) -> CardLift {
    var configuration = CardLift.Configuration()
    configure(&configuration)
    return CardLift(source: cardSource, target: cardTarget, modalLayout: detailLayout, configuration: configuration)
}

/// Everything a viewer sees of a card-lift frame must match (host layer and phase aside).
func expectSame(_ a: CardLift.Frame, _ b: CardLift.Frame, _ tolerance: Double, _ label: String) {
    #expect(close(a.card, b.card, tolerance), "card: \(label)")
    #expect(close(a.cornerRadius, b.cornerRadius, tolerance), "corner: \(label)")
    #expect(close(a.elevation.shadowRadius, b.elevation.shadowRadius, tolerance), "shadow: \(label)")
    #expect(close(a.elevation.shadowOpacity, b.elevation.shadowOpacity, tolerance), "shadow opacity: \(label)")
    #expect(close(a.cardAlpha, b.cardAlpha, tolerance), "alpha: \(label)")
    // A modal wholly below the container's bottom shows nothing: it may be parked anywhere down there.
    let hidden = a.modal.sheet.minY >= phone.height && b.modal.sheet.minY >= phone.height
    #expect(hidden || close(a.modal.sheet, b.modal.sheet, tolerance), "modal: \(label)")
    #expect(close(a.modal.dimmingAlpha, b.modal.dimmingAlpha, tolerance), "dimming: \(label)")
}

@Suite struct CardLiftTests {
    @Test func defaultSpringIsResponsePoint4DampingPoint8AndOvershootsSlightly() throws {
        let reference = try DampedSpring(response: 0.4, dampingRatio: 0.8)
        #expect(CardLift.defaultSpring == reference)
        #expect(CardLift.nonBouncingSpring == (try DampedSpring(response: 0.4, dampingRatio: 1)))
        #expect(CardLift.Configuration().spring == reference)
    }

    @Test(arguments: [0.05, 0.1, 0.2, 0.3, 0.5])
    func liftGoldenValuesFollowTheSpringOnEveryComponent(dt: Double) {
        var lift = cardLift()
        lift.open(at: 1)
        let frame = lift.frame(at: 1 + dt)
        let s = CardLift.defaultSpring
        let expected = Rect(
            x: s.value(from: 16, to: 0, at: dt), y: s.value(from: 420, to: 47, at: dt),
            width: s.value(from: 358, to: 390, at: dt), height: s.value(from: 120, to: 140, at: dt))
        #expect(close(frame.card, expected, 1e-9))
        let l = s.value(from: 0, to: 1, at: dt)
        #expect(close(frame.lift, l, 1e-12))
        let clamped = min(max(l, 0), 1)
        #expect(close(frame.cornerRadius, 12 + 4 * clamped, 1e-9))
        #expect(close(frame.elevation.shadowRadius, 2 + 14 * clamped, 1e-9))
        #expect(close(frame.elevation.shadowOpacity, 0.08 + 0.16 * clamped, 1e-12))
        // The modal rises at the same time, exactly as a bottom sheet presented then.
        var sheet = BottomSheet(layout: detailLayout)
        sheet.present(at: 1)
        #expect(frame.modal == sheet.frame(at: 1 + dt))
    }

    @Test func theDefaultSpringOvershootsTheTargetAndTheNonBouncingPresetDoesNot() {
        for (bouncy, spring) in [(true, CardLift.defaultSpring), (false, CardLift.nonBouncingSpring)] {
            var lift = cardLift { $0.spring = spring }
            lift.open(at: 0)
            let highest = stride(from: 0.0, through: 1.5, by: 1 / 240).map { lift.frame(at: $0).card.minY }.min()!
            #expect(bouncy ? highest < 47 - 1 : highest >= 47 - 1e-9)
        }
    }

    @Test func hostLayerMovesFromListToOverlayToModalAndBack() {
        var lift = cardLift()
        #expect(lift.frame(at: 0).hostLayer == .list && lift.frame(at: 0).card == cardSource)
        lift.open(at: 1)
        #expect(lift.frame(at: 1.1).hostLayer == .overlay)
        // The modal presents (its UIKit spring settles) before the card stops moving.
        let presented = lift.modal.settleTime
        #expect(presented > 1.35 && presented < lift.settleTime)
        #expect(lift.frame(at: presented).modal.phase == .presented)
        #expect(lift.frame(at: presented).hostLayer == .modal)
        #expect(lift.update(to: 1.2).isEmpty)
        let open = lift.settleTime
        #expect(lift.update(to: open) == .didPresent && lift.phase == .open)
        lift.close(at: open + 1)
        #expect(lift.frame(at: open + 1.1).hostLayer == .overlay)
        #expect(lift.update(to: open + 1.1).isEmpty)
        let landed = lift.settleTime
        #expect(lift.update(to: landed) == .didDismiss && lift.phase == .resting)
        let end = lift.frame(at: landed)
        #expect(
            end.hostLayer == .list && end.card == cardSource && end.cornerRadius == 12 && end.modal.phase == .dismissed)
    }

    @Test(arguments: [0.03, 0.08, 0.15, 0.25])
    func closingWhileLiftingReversesFromThePositionAndVelocity(at dt: Double) {
        var lift = cardLift()
        lift.open(at: 0)
        let before = lift.frame(at: dt)
        let h = 1e-6
        let velocityBefore = (lift.frame(at: dt).card.minY - lift.frame(at: dt - h).card.minY) / h
        lift.close(at: dt)
        expectSame(before, lift.frame(at: dt), 1e-9, "close at \(dt)")
        let velocityAfter = (lift.frame(at: dt + h).card.minY - lift.frame(at: dt).card.minY) / h
        #expect(abs(velocityAfter - velocityBefore) <= 1e-3 * abs(velocityBefore) + 0.05)
        // The same motion as an AnimatedValue given the same events (the card's lanes share one spring evaluation).
        var reference = AnimatedValue(420)
        reference.animate(to: 47, using: .spring(CardLift.defaultSpring), at: 0)
        reference.animate(to: 420, using: .spring(CardLift.defaultSpring), at: dt)
        // Once the lanes have settled (within a quarter point) the card is drawn exactly at its target.
        for later in [0.05, 0.2, 0.6] {
            let y = lift.frame(at: dt + later).card.minY
            let expected = reference.value(at: dt + later)
            if y != 420 {
                #expect(close(y, expected, 1e-9), "y \(y) at \(dt + later), reference \(expected)")
            } else {
                #expect(close(expected, 420, 0.25), "settled at 420 while the reference is at \(expected)")
            }
        }
        _ = lift.update(to: lift.settleTime)
        #expect(lift.phase == .resting && lift.frame(at: lift.settleTime + 1).card == cardSource)
    }

    @Test func aSourceThatMovesDuringTheCloseRetargetsWithoutJump() {
        var lift = cardLift()
        lift.open(at: 0)
        _ = lift.update(to: lift.settleTime)
        lift.close(at: 2)
        var source = cardSource
        for i in 1...10 {  // the list scrolls by 12 points per frame under the flying card
            let t = 2 + Double(i) / 60
            let before = lift.frame(at: t)
            source = source.offsetBy(dx: 0, dy: -12)
            lift.setSourceRect(source, at: t)
            expectSame(before, lift.frame(at: t), 1e-9, "scroll at \(t)")
        }
        let end = lift.settleTime
        _ = lift.update(to: end)
        #expect(lift.sourceRect == source && lift.frame(at: end).card == source && lift.phase == .resting)
        // While the card is lifted the list may scroll freely: nothing on screen moves.
        lift.open(at: end + 1)
        let lifted = lift.frame(at: end + 1.2)
        lift.setSourceRect(cardSource, at: end + 1.2)
        #expect(lift.frame(at: end + 1.2) == lifted)
    }

    /// Tapped while the list scrolls, the card leaves the list with the list's velocity and still lands on target.
    @Test func openTakesTheListsVelocity() {
        var lift = cardLift()
        lift.open(at: 1, initialVelocity: Point(x: 0, y: -1200))
        let h = 1e-6
        let vy = (lift.frame(at: 1 + h).card.minY - lift.frame(at: 1).card.minY) / h
        let vx = (lift.frame(at: 1 + h).card.minX - lift.frame(at: 1).card.minX) / h
        #expect(close(vy, -1200, 1), "vertical velocity \(vy), expected -1200")
        #expect(close(vx, 0, 1), "horizontal velocity \(vx), expected 0")
        #expect(close(lift.frame(at: lift.settleTime + 0.1).card, cardTarget, 0.25))
    }

    /// The detail modal can be pulled down when its configuration allows: the card flies back to its cell with it.
    @Test func pullingTheModalDownClosesTheCard() {
        var lift = cardLift { $0.modal.allowsInteractiveDismissal = true }
        lift.open(at: 0)
        let t = lift.settleTime + 0.1
        _ = lift.update(to: t)
        lift.dragBegan(at: t)
        lift.dragChanged(translation: 300, velocity: 2500, at: t + 0.1)
        lift.dragEnded(velocity: 2500, at: t + 0.1)
        #expect(lift.phase == .closing && lift.modal.phase == .dismissing)
        let events = lift.update(to: lift.settleTime + 0.1)
        #expect(events.contains(.didDismiss))
        #expect(lift.frame(at: lift.settleTime + 0.2).card == cardSource)
        // Without interactive dismissal the same pull settles back and the card stays open.
        var kept = cardLift()
        kept.open(at: 0)
        _ = kept.update(to: t)
        kept.dragBegan(at: t)
        kept.dragChanged(translation: 300, velocity: 2500, at: t + 0.1)
        kept.dragEnded(velocity: 2500, at: t + 0.1)
        #expect(kept.phase == .open && kept.modal.phase == .presented)
    }

    /// Money Forward's non-spring mode: the card flies on a timing curve; closed mid-flight it hands over to a spring
    /// from where it is, with the velocity it has.
    @Test func theCardCanFlyOnATimingCurve() {
        var lift = cardLift { $0.curve = (.easeInEaseOut, duration: 0.4) }
        lift.open(at: 1)
        let y = TimingCurve.easeInEaseOut.value(at: 0.5)
        #expect(close(lift.frame(at: 1.2).card, cardSource.interpolated(to: cardTarget, y), 1e-9))
        #expect(lift.frame(at: 1.4).card == cardTarget)
        let h = 1e-6
        let before = lift.frame(at: 1.3)
        let velocity = (before.card.minY - lift.frame(at: 1.3 - h).card.minY) / h
        lift.close(at: 1.3)
        let after = (lift.frame(at: 1.3 + h).card.minY - lift.frame(at: 1.3).card.minY) / h
        #expect(close(lift.frame(at: 1.3).card, before.card, 1e-9))
        #expect(close(after, velocity, 0.01 * abs(velocity) + 1), "velocity \(velocity) became \(after)")
        #expect(close(lift.frame(at: lift.settleTime + 0.1).card, cardSource, 0.25))
    }

    @Test func randomOpensClosesAndMovesNeverJump() {
        var rng = TestRandom(seed: 31)
        var lift = cardLift()
        var time = 0.0
        for _ in 0..<1_500 {
            time += Double.random(in: 0.002...0.15, using: &rng)
            _ = lift.update(to: time)
            let before = lift.frame(at: time)
            let event = Int.random(in: 0..<5, using: &rng)
            switch event {
            case 0: lift.open(at: time)
            case 1: lift.close(at: time)
            case 2:
                lift.setSourceRect(cardSource.offsetBy(dx: 0, dy: Double.random(in: -300...300, using: &rng)), at: time)
            case 3:
                let width = Double.random(in: 300...390, using: &rng)
                lift.setTargetRect(Rect(x: (390 - width) / 2, y: 47, width: width, height: 140), at: time)
            default: break
            }
            let after = lift.frame(at: time)
            // In the list, the card is the list's cell: it moves with the list (a scroll is not a jump).
            if before.hostLayer == .list && after.hostLayer == .list { continue }
            expectSame(before, after, 1e-9, "at \(time) after event \(event)")
        }
    }

    @Test(arguments: [30.0, 60.0, 120.0, 240.0])
    func sameTrajectoryAtEveryFrameRate(hz: Double) {
        func run(hz: Double, samples: [Double]) -> [CardLift.Frame] {
            var lift = cardLift()
            let script: [(Double, (inout CardLift, Double) -> Void)] = [
                (0.1, { l, t in l.open(at: t) }), (0.3, { l, t in l.close(at: t) }),
                (0.4, { l, t in l.setSourceRect(cardSource.offsetBy(dx: 0, dy: -80), at: t) }),
                (0.45, { l, t in l.open(at: t) }), (1.5, { l, t in l.close(at: t) }),
            ]
            return driveAtFrameRate(
                &lift, script: script, hz: hz, samples: samples, update: { _ = $0.update(to: $1) },
                frame: { $0.frame(at: $1) })
        }
        let samples = stride(from: 0.05, through: 3, by: 0.05).map { $0 }
        let reference = run(hz: 1000, samples: samples)
        let frames = run(hz: hz, samples: samples)
        #expect(Set(reference.map(\.hostLayer)) == [.list, .overlay, .modal])
        for (a, b) in zip(reference, frames) {
            expectSame(a, b, 1e-9, "\(hz) Hz")
            #expect(a.hostLayer == b.hostLayer && a.phase == b.phase)
        }
    }

    @Test func reduceMotionCrossFadesAtTheTargetInsteadOfFlying() {
        var lift = cardLift { $0.reduceMotion = true }
        lift.open(at: 0)
        let mid = lift.frame(at: 0.1)
        #expect(mid.card == cardTarget && mid.cardAlpha > 0 && mid.cardAlpha < 1)
        #expect(close(mid.modal.sheet.minY, 844 - (560 + 34)) && mid.modal.sheetAlpha < 1)
        _ = lift.update(to: lift.settleTime)
        #expect(lift.phase == .open && lift.frame(at: lift.settleTime).cardAlpha == 1)
        lift.close(at: 1)
        let closing = lift.frame(at: 1.1)
        #expect(closing.card == cardTarget && closing.cardAlpha < 1 && closing.cardAlpha > 0)
        #expect(lift.update(to: lift.settleTime) == .didDismiss)
        #expect(lift.frame(at: lift.settleTime).card == cardSource)
    }

    @Test func badRectsAreSanitised() {
        let lift = CardLift(
            source: Rect(x: .nan, y: 10, width: -4, height: .infinity), target: cardTarget, modalLayout: detailLayout)
        #expect(lift.frame(at: 0).card == Rect(x: 0, y: 10, width: 0, height: 0))
    }
}

import AnimationKernel
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A phone in portrait: 390 x 844 points, notch and home indicator.
let phone = Size(width: 390, height: 844)
let phoneSafeArea = Insets(top: 47, bottom: 34)

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance) && close(a.width, b.width, tolerance)
        && close(a.height, b.height, tolerance)
}

/// A presented sheet and a time `settling` seconds after its settle time (from which it reads exactly its rest).
func presentedSheet(
    content: Double = 300, configuration: BottomSheet.Configuration = .init(), settling: Double = 0.5
) -> (BottomSheet, Double) {
    var sheet = BottomSheet(
        layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: content),
        configuration: configuration)
    sheet.present(at: 0)
    let rest = sheet.settleTime + settling
    _ = sheet.update(to: rest)
    return (sheet, rest)
}

@Suite struct BottomSheetTests {
    @Test func layoutFollowsContentPlusBarPlusBottomSafeArea() {
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300, navigationBarHeight: 56))
        #expect(sheet.frame(at: 0).sheet.minY >= 844)  // dismissed: off screen
        sheet.present(at: 0)
        let frame = sheet.frame(at: 10)
        #expect(close(frame.sheet.height, 300 + 56 + 34))
        #expect(close(frame.sheet.minY, 844 - 390))
        #expect(close(frame.sheet.width, 390) && frame.sheet.minX == 0)
        #expect(close(frame.contentArea.minY, frame.sheet.minY + 56))
        #expect(close(frame.contentArea.height, 300))
        #expect(close(frame.dimmingAlpha, 0.4))
    }

    @Test func tallContentIsCappedBelowTheSafeAreaAndWideContainersCentreIt() {
        var sheet = BottomSheet(layout: .init(containerSize: Size(width: 1024, height: 768), contentHeight: 2000))
        sheet.present(at: 0)
        let frame = sheet.frame(at: 10)
        // Top limit: max(safe top + margin, minimum top inset 40).
        #expect(close(frame.sheet.minY, 40))
        #expect(close(frame.sheet.height, 768 - 40))
        #expect(close(frame.sheet.width, 700) && close(frame.sheet.minX, (1024 - 700) / 2))
    }

    @Test func presentUsesTheUIKitSpringAndReportsDidPresentOnce() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 1)
        let mid = sheet.frame(at: 1.1)
        #expect(mid.phase == .presenting)
        #expect(mid.sheet.minY < 844 && mid.sheet.minY > 844 - 334)
        #expect(close(mid.dimmingAlpha, 0.4 * mid.presentation))
        #expect(sheet.update(to: 1.1).isEmpty)
        // Critically damped over 0.35 s: within 0.1 % of the distance by then, settled soon after.
        #expect(abs(sheet.frame(at: 1.35).sheet.minY - (844 - 334)) <= 0.00101 * 334)
        #expect(sheet.update(to: sheet.settleTime) == .didPresent)
        #expect(sheet.update(to: sheet.settleTime + 1).isEmpty)
    }

    @Test func dismissSlidesDownWithTheSheetOpaqueWhileTheDimmingFades() {
        var (sheet, rest) = presentedSheet()
        sheet.dismiss(at: rest)
        var previousDimming = 0.4
        var previousY = sheet.frame(at: rest).sheet.minY
        for i in 1...17 {
            let frame = sheet.frame(at: rest + Double(i) * 0.05)
            #expect(frame.sheetAlpha == 1)
            #expect(frame.dimmingAlpha <= previousDimming + 1e-12)
            #expect(frame.sheet.minY >= previousY - 1e-9)
            previousDimming = frame.dimmingAlpha
            previousY = frame.sheet.minY
        }
        #expect(abs(sheet.frame(at: rest + 0.85).sheet.minY - 844) <= 0.00101 * 334)
        #expect(sheet.update(to: sheet.settleTime) == .didDismiss)
        #expect(sheet.phase == .dismissed)
    }

    @Test func contentHeightChangeRetargetsWithoutJumpAndNeverExceedsTheMaximum() {
        var (sheet, rest) = presentedSheet()
        sheet.setContentHeight(500, at: rest)
        let t = rest + 0.1
        let before = sheet.frame(at: t)
        sheet.setContentHeight(3000, at: t)
        #expect(close(sheet.frame(at: t).sheet, before.sheet))
        var time = t
        while time < t + 2 {
            #expect(sheet.frame(at: time).sheet.minY >= 47 - 1e-9)
            time += 1 / 240
        }
        #expect(close(sheet.frame(at: t + 5).sheet.minY, 47))
    }

    @Test func keyboardLiftsTheSheetAndTheTopStopsAtTheMinimumInset() {
        let configuration = BottomSheet.Configuration()
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: Insets(top: 20, bottom: 34), contentHeight: 600),
            configuration: configuration)
        sheet.present(at: 0)
        let rest = sheet.settleTime + 0.1
        let keyboard = Rect(x: 0, y: 844 - 336, width: 390, height: 336)
        sheet.keyboardWillChange(to: keyboard, duration: 0.25, curve: .timing(.easeOut), at: rest)
        let frame = sheet.frame(at: rest + 5)
        #expect(close(frame.sheet.maxY, 844 - 336, 1e-3))
        #expect(close(frame.sheet.minY, 40, 1e-3))
        #expect(close(frame.contentArea.height, 844 - 336 - 40, 1e-3))
        // Keyboard hides: back to the content height over the bottom safe area.
        sheet.keyboardWillChange(to: nil, duration: 0.25, curve: .timing(.easeOut), at: rest + 5)
        #expect(close(sheet.frame(at: rest + 10).sheet.height, 634, 1e-3))
    }

    /// UIKit's curve 7 (the keyboard's own motion): the sheet's bottom follows the keyboard's top exactly, on the
    /// critically damped spring of sqrt(1000 / 3) rad/s, and a change mid-flight keeps position and velocity.
    @Test func keyboardCurveSevenFollowsTheKeyboardsSpring() {
        #expect(KeyboardCurve(uiKitRawValue: 7).isKeyboard && KeyboardCurve(uiKitRawValue: 99).isKeyboard)
        for raw in 0...3 { #expect(!KeyboardCurve(uiKitRawValue: raw).isKeyboard, "raw value \(raw)") }
        var (sheet, rest) = presentedSheet(settling: 2)
        let top = sheet.frame(at: rest).sheet.minY
        sheet.keyboardWillChange(
            to: Rect(x: 0, y: 544, width: 390, height: 300), duration: 0.25, curve: KeyboardCurve(uiKitRawValue: 7),
            at: rest)
        let omega = (1000.0 / 3).squareRoot()
        // The content's bottom rides on the keyboard's top (once that has passed the 34 pt safe area), and the top
        // moves on the same spring from 510 to 544 - 300 = 244 (the sheet loses the safe area below its content).
        #expect(close(top, 510, 1e-6))
        // Each channel reads its closed form until what remains is within the settle tolerance, then exactly its target.
        func onSpring(_ distance: Double, _ remaining: Double) -> Double {
            distance * remaining <= SettleRule.points ? distance : distance * (1 - remaining)
        }
        for s in stride(from: 0.0, through: 1.0, by: 1.0 / 120) {
            let remaining: Double = (1 + omega * s) * exp(-omega * s)
            let keyboard = onSpring(300, remaining)
            let frame = sheet.frame(at: rest + s)
            #expect(close(frame.keyboardHeight, keyboard, 1e-6), "keyboard at \(s) s: \(frame.keyboardHeight)")
            let contentBottom = 844 - max(keyboard, 34)
            #expect(
                close(frame.contentArea.maxY, contentBottom, 1e-6),
                "content bottom at \(s) s: \(frame.contentArea.maxY), keyboard top \(contentBottom)")
            let expectedTop = 510 - onSpring(266, remaining)
            // The top is the container less keyboard and extent (300 + 34 x remaining): once the extent has settled,
            // its last step (within the tolerance) shows in the top until the keyboard settles too.
            let topTolerance = 34 * remaining <= SettleRule.points ? SettleRule.points + 1e-6 : 1e-6
            #expect(
                close(frame.sheet.minY, expectedTop, topTolerance),
                "top at \(s) s: \(frame.sheet.minY) vs \(expectedTop)")
        }
        #expect(sheet.frame(at: rest + 0.5).keyboardHeight > 0.998 * 300)
        // Hidden again mid-flight: no jump in the top's position or velocity.
        let t = rest + 0.1
        let h = 1e-6
        let before = sheet.frame(at: t).sheet.minY
        let velocityBefore = (before - sheet.frame(at: t - h).sheet.minY) / h
        sheet.keyboardWillChange(to: nil, duration: 0.25, curve: .keyboard, at: t)
        let after = sheet.frame(at: t).sheet.minY
        let velocityAfter = (sheet.frame(at: t + h).sheet.minY - after) / h
        #expect(close(after, before, 1e-9), "top \(before) became \(after)")
        #expect(
            close(velocityAfter, velocityBefore, 0.01 * abs(velocityBefore) + 1),
            "\(velocityBefore) pt/s became \(velocityAfter)")
        #expect(close(sheet.frame(at: t + 2).sheet.minY, top, 0.25))
    }

    @Test func rotationDuringPresentRetargetsAndNeverDismisses() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        sheet.setContainer(Size(width: 844, height: 390), safeArea: Insets(bottom: 21), at: 0.1)
        _ = sheet.update(to: 0.2)
        let end = sheet.settleTime + 0.1
        #expect(sheet.update(to: end).contains(.didPresent))
        let frame = sheet.frame(at: end + 5)
        #expect(frame.phase == .presented)
        #expect(close(frame.sheet.maxY, 390, 1e-3) || frame.sheet.maxY > 390)
        #expect(close(frame.sheet.minY, 390 - min(321, 390 - 40), 1e-3))
        #expect(close(frame.sheet.width, 700))
    }

    @Test func interactiveDismissalIsOffByDefaultAndTheDragRubberBands() {
        var (sheet, rest) = presentedSheet()
        sheet.dragBegan(at: rest)
        sheet.dragChanged(translation: 200, velocity: 3000, at: rest + 0.1)
        let banded = 334 - (1 - 1 / (200 * 0.55 / 844 + 1)) * 844
        #expect(close(sheet.frame(at: rest + 0.1).sheet.minY, 844 - banded))
        sheet.dragEnded(velocity: 3000, at: rest + 0.1)
        // A refused dismissal: the sheet returns, and the host hears of the attempt.
        #expect(sheet.update(to: rest + 0.2) == [.didCancel, .didAttemptDismiss])
        #expect(close(sheet.frame(at: rest + 10).sheet.minY, 510, 1e-3))
    }

    @Test(arguments: [
        // (start detent index, drag translation, release velocity, dismissal allowed) -> expected outcome
        (0, -100.0, -1000.0, true, "large"), (0, -60.0, 0.0, true, "small"), (1, 250.0, 0.0, true, "small"),
        (1, 100.0, 1500.0, true, "dismiss"), (1, 100.0, 800.0, true, "small"), (0, 80.0, 1500.0, true, "dismiss"),
        (0, 80.0, 1500.0, false, "small"),
        (0, 200.0, 0.0, true, "dismiss"), (0, 120.0, -500.0, true, "small"),
    ])
    func releaseProjectsTheVelocityToChooseADetentOrDismissal(
        start: Int, translation: Double, velocity: Double, allowsDismissal: Bool, expected: String
    ) {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.height(300), .large]
        configuration.allowsInteractiveDismissal = allowsDismissal
        var (sheet, rest) = presentedSheet(configuration: configuration)
        if start == 1 {
            sheet.dragBegan(at: rest)
            sheet.dragChanged(translation: -600, velocity: 0, at: rest)
            sheet.dragEnded(velocity: 0, at: rest)
            rest = sheet.settleTime + 0.1
            _ = sheet.update(to: rest)
        }
        sheet.dragBegan(at: rest)
        sheet.dragChanged(translation: translation, velocity: velocity, at: rest + 0.05)
        let before = sheet.frame(at: rest + 0.05)
        sheet.dragEnded(velocity: velocity, at: rest + 0.05)
        #expect(close(sheet.frame(at: rest + 0.05).sheet, before.sheet))  // release never jumps
        let end = sheet.settleTime + 0.1
        _ = sheet.update(to: end)
        let frame = sheet.frame(at: end + 5)
        switch expected {
        case "large": #expect(close(frame.sheet.minY, 47, 1e-3))
        case "small": #expect(close(frame.sheet.minY, 844 - 300, 1e-3))
        default: #expect(frame.sheet.minY >= 844 - 1e-3 && sheet.phase == .dismissed)
        }
    }

    @Test func grabbingMidFlightTakesOverFromTheExactPosition() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        let before = sheet.frame(at: 0.08)
        sheet.dragBegan(at: 0.08)
        #expect(close(sheet.frame(at: 0.08).sheet, before.sheet))
        sheet.dragChanged(translation: 0, velocity: 0, at: 0.1)
        #expect(close(sheet.frame(at: 0.1).sheet, before.sheet))
    }

    @Test func reduceMotionCrossFadesInPlace() {
        var configuration = BottomSheet.Configuration()
        configuration.reduceMotion = true
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300),
            configuration: configuration)
        sheet.present(at: 0)
        let mid = sheet.frame(at: 0.1)
        #expect(close(mid.sheet.minY, 510))
        #expect(mid.sheetAlpha > 0 && mid.sheetAlpha < 1)
        #expect(close(mid.dimmingAlpha, 0.4 * mid.sheetAlpha))
        #expect(sheet.update(to: 0.2) == .didPresent)
        sheet.dismiss(at: 1)
        #expect(close(sheet.frame(at: 1.1).sheet.minY, 510))
        #expect(sheet.update(to: 1.2) == .didDismiss)
        #expect(sheet.frame(at: 1.2).sheet.minY >= 844)
    }

    /// Mercari's BottomHalfModal dismisses with the UIKit spring of damping 1 and initial velocity 0.5 over the
    /// present duration + 0.5 s: from rest the sheet leaves at half its distance per second, on that spring.
    @Test func dismissFromRestStartsWithTheUIKitInitialVelocity() throws {
        var (sheet, t) = presentedSheet(settling: 0.1)
        let top = sheet.frame(at: t).sheet.minY
        sheet.dismiss(at: t)
        let distance = 844 + 0.5 - top  // down to half a point below the container
        let h = 1e-6
        let speed = (sheet.frame(at: t + h).sheet.minY - top) / h
        #expect(close(speed, 0.5 * distance, 1e-3 * distance), "initial speed \(speed), expected \(0.5 * distance)")
        let spring = try DampedSpring(uiKitDuration: 0.85, dampingRatio: 1, initialVelocity: 0.5)
        let expected = top + spring.value(from: 0, to: distance, initialVelocity: 0.5 * distance, at: 0.2)
        #expect(close(sheet.frame(at: t + 0.2).sheet.minY, expected, 1e-6))
    }

    /// A keyboard that starts moving while the sheet is presenting keeps the sheet's top where it is and as fast as
    /// it was (the extent takes up the keyboard's velocity).
    @Test func aKeyboardChangeWhilePresentingKeepsTheTopsVelocity() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        let t = 0.08
        let h = 1e-6
        let before = (sheet.frame(at: t).sheet.minY - sheet.frame(at: t - h).sheet.minY) / h
        sheet.keyboardWillChange(
            to: Rect(x: 0, y: 544, width: 390, height: 300), duration: 0.25, curve: .timing(.easeOut), at: t)
        let after = (sheet.frame(at: t + h).sheet.minY - sheet.frame(at: t).sheet.minY) / h
        #expect(close(after, before, 0.01 * abs(before) + 1), "top velocity \(before) pt/s became \(after) pt/s")
        // ... and it still ends resting on the keyboard.
        let rest = sheet.frame(at: sheet.settleTime + 0.1)
        #expect(close(rest.sheet.minY, 544 - 300, 0.25), "top at rest \(rest.sheet.minY), expected 244")
    }

    /// ``presentedSheet(content:configuration:settling:)`` with `configure`d tunables, at rest to within 1e-9.
    func restingSheet(contentHeight: Double, _ configure: (inout BottomSheet.Configuration) -> Void) -> (
        BottomSheet, Double
    ) {
        var configuration = BottomSheet.Configuration()
        configure(&configuration)
        return presentedSheet(content: contentHeight, configuration: configuration, settling: 2)
    }

    /// With a scroll view inside: pulling down scrolls the content to its top before the sheet moves.
    @Test func aDragScrollsTheContentToItsTopBeforeMovingTheSheet() {
        var sheet: BottomSheet
        let t: Double
        (sheet, t) = restingSheet(contentHeight: 400) {
            $0.allowsInteractiveDismissal = true
        }
        let top = sheet.frame(at: t).sheet.minY
        sheet.setContent(offset: 200, minimum: 0, maximum: 900)
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: 150, velocity: 800, at: t + 0.05)
        var frame = sheet.frame(at: t + 0.05)
        #expect(frame.contentOffset == 50 && close(frame.sheet.minY, top, 1e-9), "offset \(frame.contentOffset)")
        sheet.dragChanged(translation: 300, velocity: 800, at: t + 0.1)
        frame = sheet.frame(at: t + 0.1)
        #expect(frame.contentOffset == 0 && close(frame.sheet.minY, top + 100, 1e-9), "top \(frame.sheet.minY)")
        // Back up: the sheet returns first, then the content scrolls again.
        sheet.dragChanged(translation: 0, velocity: -800, at: t + 0.15)
        frame = sheet.frame(at: t + 0.15)
        #expect(close(frame.sheet.minY, top, 1e-9) && frame.contentOffset == 200, "offset \(frame.contentOffset)")
        // A release after scrolling leaves the sheet at its detent (the velocity was the scroll view's).
        sheet.dragEnded(velocity: -800, at: t + 0.15)
        #expect(close(sheet.frame(at: t + 0.5).sheet.minY, top, 1e-6))
    }

    /// Pushing up with the content at its top expands the sheet to its highest detent first, then scrolls
    /// (UIKit's prefersScrollingExpandsWhenScrolledToEdge); switched off, the content scrolls at once.
    @Test(arguments: [true, false])
    func draggingUpExpandsBeforeScrolling(expands: Bool) {
        var sheet: BottomSheet
        let t: Double
        (sheet, t) = restingSheet(contentHeight: 400) {
            $0.detents = [.content, .large]
            $0.prefersScrollingExpandsWhenScrolledToEdge = expands
        }
        let top = sheet.frame(at: t).sheet.minY
        let room = top - 47  // up to the large detent
        sheet.setContent(offset: 0, minimum: 0, maximum: 900)
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: -(room + 60), velocity: -900, at: t + 0.1)
        let frame = sheet.frame(at: t + 0.1)
        if expands {
            #expect(close(frame.sheet.minY, 47, 1e-9) && frame.contentOffset == 60, "offset \(frame.contentOffset)")
        } else {
            #expect(close(frame.sheet.minY, top, 1e-9) && frame.contentOffset == room + 60)
        }
    }

    /// Detents as UISheetPresentationController's users expect: selected from code, reported when they change,
    /// undimmed up to a detent, a position between detents in every frame, a custom release rule, and no cap on
    /// their number.
    @Test func detentsCanBeSelectedFromCodeAndReportTheirChanges() {
        var (sheet, t) = restingSheet(contentHeight: 300) {
            $0.detents = [.large, .fraction(0.4)]
            $0.largestUndimmedDetent = .fraction(0.4)
        }
        let maxExtent = 844.0 - 47
        var frame = sheet.frame(at: t)
        #expect(sheet.selectedDetent == .fraction(0.4) && close(frame.sheet.height, 0.4 * maxExtent, 1e-6))
        #expect(frame.dimmingAlpha == 0 && close(frame.detentPosition, 0, 1e-6))
        let moved = sheet.moveToDetent(.large, at: t)
        let unknown = sheet.moveToDetent(.fraction(0.3), at: t)
        #expect(moved && !unknown)
        #expect(sheet.update(to: t + 0.01).contains(.didChangeDetent))
        let middle = sheet.frame(at: t + 0.12)
        let fraction = (middle.sheet.height - 0.4 * maxExtent) / (0.6 * maxExtent)
        #expect(close(middle.detentPosition, fraction, 1e-6) && fraction > 0.05 && fraction < 0.95)
        #expect(close(middle.dimmingAlpha, 0.4 * fraction, 1e-6), "dimming \(middle.dimmingAlpha) at \(fraction)")
        t = sheet.settleTime + 2
        frame = sheet.frame(at: t)
        #expect(
            sheet.selectedDetent == .large && close(frame.sheet.minY, 47, 1e-6) && close(frame.detentPosition, 1, 1e-6))
        #expect(close(frame.dimmingAlpha, 0.4, 1e-9))
    }

    @Test func aReleaseRuleCanBeChosenAndDetentsAreNotCapped() {
        var configuration = BottomSheet.Configuration()
        configuration.detents = (1...10).map { .fraction(Double($0) / 10) }
        configuration.detentForRelease = { release in
            // Always the detent just above where the finger let go.
            let above = release.detentHeights.enumerated().filter { $0.element > release.extent }
            return above.min { $0.element < $1.element }.map { .detent($0.offset) } ?? .nearest
        }
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300),
            configuration: configuration)
        sheet.present(at: 0)
        var t = sheet.settleTime + 2
        _ = sheet.update(to: t)
        #expect(sheet.selectedDetent == .fraction(0.1))
        let moved = sheet.moveToDetent(.fraction(0.9), animated: false, at: t)
        #expect(moved)
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: -20, velocity: 3000, at: t + 0.05)
        sheet.dragEnded(velocity: 3000, at: t + 0.05)  // a flick down, but the rule picks the tenth detent
        t = sheet.settleTime + 2
        #expect(sheet.selectedDetent == .fraction(1.0) && close(sheet.frame(at: t).sheet.minY, 47, 1e-6))
    }

    /// Interactive dismissal can be switched at run time: refused pulls report an attempt (UIKit's
    /// presentationControllerDidAttemptToDismiss), and switching mid-drag moves nothing.
    @Test func interactiveDismissalSwitchesAtRunTimeAndReportsRefusedAttempts() {
        var (sheet, t) = presentedSheet(settling: 2)
        let rest = sheet.frame(at: t).sheet.minY
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: 250, velocity: 2000, at: t + 0.05)
        sheet.dragEnded(velocity: 2000, at: t + 0.05)
        #expect(sheet.update(to: t + 0.06).contains(.didAttemptDismiss) && sheet.phase == .presented)
        t = sheet.settleTime + 2
        #expect(close(sheet.frame(at: t).sheet.minY, rest, 1e-6))
        // Allowed from now on, in the middle of a pull that is rubber-banding: the sheet stays where it is.
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: 200, velocity: 2000, at: t + 0.05)
        let banded = sheet.frame(at: t + 0.05).sheet.minY
        #expect(banded < rest + 200)
        sheet.setInteractiveDismissal(allowed: true, at: t + 0.05)
        #expect(close(sheet.frame(at: t + 0.05).sheet.minY, banded, 1e-9))
        sheet.dragChanged(translation: 230, velocity: 2000, at: t + 0.06)
        #expect(close(sheet.frame(at: t + 0.06).sheet.minY, banded + 30, 1e-9), "the finger moves it 1:1 now")
        sheet.dragEnded(velocity: 2000, at: t + 0.06)
        #expect(sheet.phase == .dismissing)
    }

    /// Reduce Motion can change at run time: a present in flight finishes as it began, the next dismiss cross-fades.
    @Test func reduceMotionChangesTakeEffectFromTheNextTransition() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        let before = sheet.frame(at: 0.1)
        sheet.setReduceMotion(true, at: 0.1)
        #expect(sheet.frame(at: 0.1) == before && sheet.frame(at: 0.2).sheetAlpha == 1)
        let t = sheet.settleTime + 1
        #expect(sheet.update(to: t).contains(.didPresent))
        let top = sheet.frame(at: t).sheet.minY
        sheet.dismiss(at: t)
        let fading = sheet.frame(at: t + 0.1)
        #expect(close(fading.sheet.minY, top, 1e-9) && fading.sheetAlpha > 0 && fading.sheetAlpha < 1)
        #expect(sheet.update(to: t + 1).contains(.didDismiss))
    }

    @Test func randomEventsNeverMakeTheSheetJump() {
        var rng = TestRandom(seed: 99)
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.content, .fraction(0.5), .large]
        configuration.allowsInteractiveDismissal = true
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 250),
            configuration: configuration)
        var time = 0.0
        var dragging = false
        for _ in 0..<2_000 {
            time += Double.random(in: 0.001...0.2, using: &rng)
            _ = sheet.update(to: time)
            let before = sheet.frame(at: time)
            let event = Int.random(in: 0..<7, using: &rng)
            switch event {
            case 0: sheet.present(at: time)
            case 1: sheet.dismiss(at: time)
            case 2: sheet.setContentHeight(Double.random(in: 0...1200, using: &rng), at: time)
            case 3:
                let height = Double.random(in: 0...400, using: &rng)
                let frame = height < 50 ? nil : Rect(x: 0, y: 844 - height, width: 390, height: height)
                sheet.keyboardWillChange(to: frame, duration: 0.25, curve: .timing(.easeOut), at: time)
            case 4:
                if dragging {
                    sheet.dragEnded(velocity: Double.random(in: -3000...3000, using: &rng), at: time)
                } else {
                    sheet.dragBegan(at: time)
                }
                dragging.toggle()
            case 5: sheet.setDetents(configuration.detents.shuffled(using: &rng), at: time)
            default: break
            }
            let after = sheet.frame(at: time)
            // Entirely below the container or behind the keyboard, nothing is visible: the layout may change there
            // freely.
            let hidden =
                before.sheet.minY >= 844 - before.keyboardHeight && after.sheet.minY >= 844 - after.keyboardHeight
            #expect(hidden || close(after.sheet, before.sheet, 1e-6), "jump at \(time) after event \(event)")
            #expect(close(after.dimmingAlpha, before.dimmingAlpha, 1e-6), "dimming jump after event \(event)")
        }
    }
}

extension KeyboardCurve {
    var isKeyboard: Bool {
        if case .keyboard = self { return true }
        return false
    }
}

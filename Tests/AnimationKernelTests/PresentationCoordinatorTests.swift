import AnimationKernel
import Testing

/// The presentation lifecycle decisions a UIKit layer used to make itself (issue #46, items 1-5, 8 and 14), fed
/// UIKit-shaped events on a fake display.
@MainActor @Suite struct PresentationCoordinatorTests {
    /// A coordinator of a sheet, the actions it asked for, and its display.
    @MainActor final class Host {
        let display = FakeDisplay()
        var actions: [PresentationCoordinator<BottomSheet>.Action] = []
        var frames = 0
        var coordinator: PresentationCoordinator<BottomSheet>!

        init(configuration: BottomSheet.Configuration = .init()) {
            let display = display
            coordinator = PresentationCoordinator(
                BottomSheet(
                    layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300),
                    configuration: configuration),
                frameSource: display, now: { display.now }, apply: { [unowned self] _ in frames += 1 },
                perform: { [unowned self] in actions.append($0) })
        }

        /// Shows frames at 120 Hz until `end`.
        func run(until end: Double) {
            var t = display.now
            while t < end {
                t += 1.0 / 120
                display.frame(at: t)
            }
        }

        func count(_ action: PresentationCoordinator<BottomSheet>.Action) -> Int {
            actions.filter { $0 == action }.count
        }
    }

    /// Items 1 and 2: a transition asked for without animation ends at once, set up first, completed before the call
    /// returns; its dismissal tears down (observers stopped, display link stopped).
    @Test func nonAnimatedTransitionsEndAtOnce() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: false)
        #expect(host.actions == [.setUp, .completeTransition(true)])
        #expect(host.coordinator.model.phase == .presented)
        #expect(host.coordinator.model.frame(at: host.display.now).sheet.minY == 844 - 334)
        host.coordinator.presentationDidEnd(completed: true)
        host.actions = []
        host.coordinator.runTransition(presenting: false, animated: false)
        #expect(host.actions == [.completeTransition(true)])
        #expect(host.coordinator.model.phase == .dismissed)
        host.coordinator.dismissalDidEnd(completed: true)
        #expect(host.actions == [.completeTransition(true), .tearDown])
        #expect(!host.display.isStarted, "the display link runs on after the dismissal")
    }

    /// An animated presentation completes at `.didPresent`, not before, and an animated dismissal at `.didDismiss`.
    @Test func animatedTransitionsCompleteWhenTheModelIsThere() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: true)
        #expect(host.actions == [.setUp])
        host.run(until: 0.3)
        #expect(host.count(.completeTransition(true)) == 0)
        host.run(until: 2)
        #expect(host.count(.completeTransition(true)) == 1)
        host.coordinator.presentationDidEnd(completed: true)
        host.coordinator.runTransition(presenting: false, animated: true)
        host.run(until: 2.3)
        #expect(host.count(.completeTransition(true)) == 1)
        host.run(until: 5)
        #expect(host.count(.completeTransition(true)) == 2)
        host.coordinator.dismissalDidEnd(completed: true)
        #expect(host.count(.tearDown) == 1 && host.count(.notifyDidDismiss) == 0)
    }

    /// Item 3: a grab during the presentation completes it (the sheet is on screen and interactive), so UIKit is
    /// never left waiting when the release lands on a detent without `.didPresent`.
    @Test func aGrabDuringThePresentationCompletesIt() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: true)
        host.run(until: 0.1)
        host.coordinator.send { sheet, t in sheet.dragBegan(at: t) }
        #expect(host.actions == [.setUp, .completeTransition(true)])
        host.coordinator.send { sheet, t in sheet.dragEnded(velocity: 0, at: t) }
        host.run(until: 3)
        #expect(host.count(.completeTransition(true)) == 1 && host.coordinator.model.phase == .presented)
    }

    /// Item 4: a drag that dismisses tells the delegate, asks the presenter to dismiss the sheet once, completes
    /// UIKit's dismissal when the sheet is gone and tells the delegate it did.
    @Test func aUserDismissalGoesThroughThePresenterOnce() {
        var configuration = BottomSheet.Configuration()
        configuration.allowsInteractiveDismissal = true
        let host = Host(configuration: configuration)
        host.coordinator.runTransition(presenting: true, animated: false)
        host.coordinator.presentationDidEnd(completed: true)
        host.actions = []
        host.coordinator.send { sheet, t in sheet.dragBegan(at: t) }
        host.coordinator.send { sheet, t in sheet.dragChanged(translation: 250, velocity: 2000, at: t) }
        host.coordinator.send { sheet, t in sheet.dragEnded(velocity: 2000, at: t) }
        #expect(host.actions == [.notifyWillDismiss, .dismissPresentation])
        // UIKit runs its dismissal (animated) while the sheet slides: it completes when the model is gone.
        host.coordinator.runTransition(presenting: false, animated: true)
        host.run(until: host.display.now + 0.1)
        #expect(host.count(.completeTransition(true)) == 0)
        host.run(until: host.display.now + 3)
        #expect(host.count(.completeTransition(true)) == 1 && host.count(.dismissPresentation) == 1)
        host.coordinator.dismissalDidEnd(completed: true)
        #expect(host.actions.suffix(2) == [.tearDown, .notifyDidDismiss])
    }

    /// VoiceOver's escape dismisses like a drag when allowed, and reports an attempt when not.
    @Test func escapeFollowsTheDismissalRule() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: false)
        host.coordinator.dismissalAllowed = { false }
        #expect(!host.coordinator.escape())
        #expect(host.actions.last == .notifyDidAttemptToDismiss)
        host.coordinator.dismissalAllowed = { true }
        #expect(host.coordinator.escape())
        #expect(host.actions.suffix(2) == [.notifyWillDismiss, .dismissPresentation])
        #expect(!host.coordinator.escape(), "a second escape during the dismissal")
    }

    /// A tap on the dimming dismisses like VoiceOver's escape when the host wants it, and does nothing otherwise.
    @Test func dimmingTapDismissesWhenWanted() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: false)
        host.actions = []
        #expect(!host.coordinator.dimmingTapped(dismisses: false))
        #expect(host.actions.isEmpty)
        #expect(host.coordinator.dimmingTapped(dismisses: true))
        #expect(host.actions == [.notifyWillDismiss, .dismissPresentation])
    }

    /// Item 5: UIKit gets the resting frame and the real duration of each transition.
    @Test func restingFrameAndDurations() {
        let host = Host()
        host.coordinator.runTransition(presenting: true, animated: true)
        host.run(until: 0.1)
        #expect(host.coordinator.restingFrame.sheet.minY == 844 - 334)
        let dismissal = host.coordinator.transitionDuration(presenting: false)
        #expect(dismissal > 0.85 && dismissal < 2, "dismissal \(dismissal) s")
        let fresh = Host()
        let presentation = fresh.coordinator.transitionDuration(presenting: true)
        fresh.coordinator.runTransition(presenting: true, animated: true)
        #expect(presentation > 0.35 && presentation == fresh.coordinator.model.settleTime - fresh.display.now)
    }

    /// Item 8: presenting twice sets up once per presentation (one recognizer), tearing down in between.
    @Test func setUpOncePerPresentation() {
        let host = Host()
        host.coordinator.presentationWillBegin()
        host.coordinator.runTransition(presenting: true, animated: false)
        host.coordinator.presentationWillBegin()
        #expect(host.count(.setUp) == 1)
        host.coordinator.runTransition(presenting: false, animated: false)
        host.coordinator.dismissalDidEnd(completed: true)
        host.coordinator.presentationWillBegin()
        #expect(host.count(.setUp) == 2 && host.count(.tearDown) == 1)
    }

    /// Item 14: a driver released while its display runs stops the display at the next tick.
    @Test func aReleasedDriverStopsItsDisplay() {
        let display = FakeDisplay()
        var driver: TransitionDriver<BottomSheet>? = TransitionDriver(
            BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300)),
            frameSource: display, now: { display.now }, apply: { _ in })
        driver?.send { sheet, t in sheet.present(at: t) }
        #expect(display.isStarted)
        driver = nil
        display.frame(at: 0.01)
        #expect(!display.isStarted, "the display ticks on for a driver that is gone")
    }
}

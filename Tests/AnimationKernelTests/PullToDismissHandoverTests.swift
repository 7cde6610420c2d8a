import AnimationKernel
import Testing

/// A pull run by a ``TransitionDriver`` the way `PullToDismissController` runs it: handovers offered by the driver go
/// through ``PullToDismissHandover``, and after each frame drawn the host offers one again (an empty event) when the
/// schedule says the blur has come to rest.
@MainActor @Suite struct PullToDismissHandoverTests {
    @MainActor final class Host {
        let display = FakeDisplay()
        var schedule = PullToDismissHandover()
        var applied: [(time: Double, frame: PullToDismiss.Frame)] = []
        var handedOver: [Double] = []
        var takenBack = 0
        let driver: TransitionDriver<PullToDismiss>

        init(_ backdrop: BackdropEffect) {
            var configuration = PullToDismiss.Configuration()
            configuration.backdrop = backdrop
            var draw: (@MainActor (PullToDismiss.Frame) -> Void)?
            let display = display
            driver = TransitionDriver(
                PullToDismiss(containerSize: phone, configuration: configuration), frameSource: display,
                now: { display.now }, apply: { draw?($0) })
            draw = { [unowned self] frame in
                applied.append((driver.lastFrameTime, frame))
                let now = driver.lastFrameTime
                if schedule.retries(afterFrameAt: now) { driver.send(at: now) { _, _ in } }
            }
            driver.handOver = { [unowned self] pull, t in
                guard schedule.animations(for: pull, at: t) != nil else { return false }
                handedOver.append(t)
                return true
            }
            driver.takeBack = { [unowned self] in takenBack += 1 }
        }

        func send(at time: Double, _ event: (inout PullToDismiss, Double) -> Void) {
            display.now = time
            schedule.eventWillChangeModel()
            driver.send(at: time, event)
        }

        /// A pull of `translation` points released at 0.1 s with `velocity`.
        func release(_ translation: Double, velocity: Double) {
            send(at: 0) { pull, t in pull.dragBegan(at: t) }
            send(at: 0.1) { pull, t in pull.dragChanged(translation: translation, velocity: velocity, at: t) }
            send(at: 0.1) { pull, t in pull.dragEnded(velocity: velocity, at: t) }
        }

        /// Frames at 120 Hz from 0.1 s until the display stops.
        func run() {
            var k = 1
            while display.isStarted && k < 1000 {
                display.frame(at: 0.1 + Double(k) / 120)
                k += 1
            }
        }
    }

    @Test func aShadowBackdropGoesOverAtTheRelease() {
        let host = Host(.pullToDismissShadow)
        host.release(150, velocity: 0)
        #expect(host.handedOver == [0.1] && host.driver.isHandedOver)
        let settle = host.driver.model.settleTime
        host.run()
        // Only the resting frame is drawn on the main thread.
        #expect(host.applied.count == 1, "\(host.applied.count) frames drawn on the main thread")
        #expect(host.applied.allSatisfy { $0.time >= settle })
    }

    @Test func aChangingBlurIsDrawnUntilItRestsThenGoesOver() throws {
        let host = Host(.pullToDismissBlur)
        host.release(100, velocity: 2000)
        #expect(host.handedOver.isEmpty && !host.driver.isHandedOver)
        let steady = host.schedule.retryTime
        #expect(steady > 0.1 && steady < host.driver.model.settleTime)
        host.run()
        // Every frame before the blur rests is drawn (its strength changes), then one hands over, and only the
        // resting frame follows.
        let handover = try #require(host.handedOver.first)
        #expect(host.handedOver.count == 1 && handover >= steady && handover < steady + 1.0 / 120 + 1e-9)
        let drawnBefore = host.applied.filter { $0.time <= handover }
        let drawnAfter = host.applied.filter { $0.time > handover }
        let ticks = Int(((handover - 0.1) * 120).rounded())
        #expect(drawnBefore.count == ticks, "\(drawnBefore.count) of \(ticks) frames drawn while the blur moved")
        #expect(drawnBefore.dropLast().allSatisfy { $0.frame.backdropRate > 0 })
        #expect(drawnAfter.count == 1 && drawnAfter[0].time >= host.driver.model.settleTime)
        #expect(host.driver.model.phase == .dismissed)
    }

    @Test func aGrabCancelsAPendingRetry() {
        let host = Host(.pullToDismissBlur)
        host.release(100, velocity: 2000)
        #expect(host.schedule.retryTime < .infinity)
        host.display.frame(at: 0.1 + 1.0 / 120)
        host.send(at: 0.12) { pull, t in pull.dragBegan(at: t) }
        #expect(host.schedule.retryTime == .infinity)
        var schedule = host.schedule
        let retries = schedule.retries(afterFrameAt: 10)
        #expect(!retries)
    }
}

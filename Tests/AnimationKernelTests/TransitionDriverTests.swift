import AnimationKernel
import Testing

/// A display that a test drives: frames at a rate, with jitter and dropped frames, on a fake clock.
@MainActor final class FakeDisplay: FrameSource {
    private(set) var starts = 0
    private(set) var stops = 0
    private(set) var ticks = 0
    private var tick: (@MainActor (Double) -> Void)?
    var now = 0.0

    var isStarted: Bool { tick != nil }

    func start(_ tick: @escaping @MainActor (Double) -> Void) {
        #expect(self.tick == nil, "started twice")
        self.tick = tick
        starts += 1
    }

    func stop() {
        #expect(tick != nil, "stopped while stopped")
        tick = nil
        stops += 1
    }

    /// Shows the frame at `time` if started.
    func frame(at time: Double) {
        now = time
        guard let tick else { return }
        ticks += 1
        tick(time)
    }

    /// Frame times from `start` to `end` at `hz`, each moved by up to `jitter` seconds and a `dropped` share left
    /// out, seeded.
    static func times(from start: Double, to end: Double, hz: Double, jitter: Double, dropped: Double, seed: UInt64)
        -> [Double]
    {
        var random = TestRandom(seed: seed)
        var times: [Double] = []
        var k = 0.0
        while start + k / hz <= end {
            let t = start + k / hz + Double.random(in: -jitter...jitter, using: &random)
            if Double.random(in: 0..<1, using: &random) >= dropped { times.append(t) }
            k += 1
        }
        return times
    }
}

/// One scripted event: at `time`, applied to the model.
struct ScriptedEvent<Model> {
    var time: Double
    var apply: (inout Model, Double) -> Void
}

@MainActor @Suite struct TransitionDriverTests {
    /// A sheet presented, grown, dragged, flung and dismissed, run through the driver on one display.
    struct Run {
        var applied: [(time: Double, frame: BottomSheet.Frame)] = []
        var events: [(time: Double, events: TransitionEvents)] = []
        var display: FakeDisplay
        var driver: TransitionDriver<BottomSheet>
    }

    static let script: [ScriptedEvent<BottomSheet>] = [
        .init(time: 0.1) { m, t in m.present(at: t) },
        .init(time: 1.0) { m, t in m.setContentHeight(460, at: t) },
        .init(time: 1.3) { m, t in m.dragBegan(at: t) },
        .init(time: 1.35) { m, t in m.dragChanged(translation: -40, velocity: -600, at: t) },
        .init(time: 1.4) { m, t in m.dragChanged(translation: -90, velocity: -1500, at: t) },
        .init(time: 1.45) { m, t in m.dragEnded(velocity: -1500, at: t) },
        .init(time: 3.0) { m, t in m.dismiss(at: t) },
    ]

    /// Two detents, so the fling lands on the large one.
    static func sheet() -> BottomSheet {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.content, .large]
        return BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 280),
            configuration: configuration)
    }

    func run(hz: Double, jitter: Double, dropped: Double, seed: UInt64) -> Run {
        let display = FakeDisplay()
        var applied: [(time: Double, frame: BottomSheet.Frame)] = []
        var delivered: [(time: Double, events: TransitionEvents)] = []
        let driver = TransitionDriver(
            Self.sheet(), frameSource: display, now: { display.now },
            apply: { applied.append((display.now, $0)) }, events: { delivered.append((display.now, $0)) })
        var script = Self.script[...]
        for t in FakeDisplay.times(from: 0, to: 6, hz: hz, jitter: jitter, dropped: dropped, seed: seed) {
            while let next = script.first, next.time <= t {
                display.now = next.time
                driver.send(at: next.time, next.apply)
                script = script.dropFirst()
            }
            display.frame(at: t)
        }
        return Run(applied: applied, events: delivered, display: display, driver: driver)
    }

    /// Every frame the driver applies is the model's frame at that frame's time, whatever the rate, jitter or drops:
    /// the motion does not depend on the display.
    @Test(arguments: [(60.0, 1 as UInt64), (120, 2), (240, 3)])
    func framesAreTheModelsAtEveryRate(hz: Double, seed: UInt64) {
        let run = run(hz: hz, jitter: 0.001, dropped: 0.1, seed: seed)
        var reference = Self.sheet()
        var script = Self.script[...]
        var mismatches = 0
        var worst = (time: 0.0, difference: 0.0)
        for (time, frame) in run.applied {
            while let next = script.first, next.time <= time {
                next.apply(&reference, next.time)
                script = script.dropFirst()
            }
            if frame != reference.frame(at: time) {
                mismatches += 1
                let d = abs(frame.sheet.minY - reference.frame(at: time).sheet.minY)
                if d > worst.difference { worst = (time, d) }
            }
        }
        // Frames only while something moves: about 2 s of the 6 s.
        #expect(run.applied.count > Int(hz * 1.5), "only \(run.applied.count) frames at \(hz) Hz")
        #expect(
            mismatches == 0,
            "\(mismatches) frames differ from the model's; worst top \(worst.difference) pt at \(worst.time) s")
    }

    /// Without jitter the three rates share the 60 Hz frame times: the frames there are the same, and the fling
    /// lands on the large detent at every rate.
    @Test func sharedFrameTimesGiveTheSameFramesAtEveryRate() {
        let runs = [60.0, 120, 240].map { run(hz: $0, jitter: 0, dropped: 0, seed: 1) }
        func framesAt60Hz(_ run: Run) -> [Int: BottomSheet.Frame] {
            var frames: [Int: BottomSheet.Frame] = [:]
            for (time, frame) in run.applied {
                let k = (time * 60).rounded()
                if abs(time * 60 - k) < 1e-9 { frames[Int(k)] = frame }
            }
            return frames
        }
        let reference = framesAt60Hz(runs[0])
        #expect(reference.count > 60, "only \(reference.count) shared frames")
        for run in runs.dropFirst() {
            let frames = framesAt60Hz(run)
            let differing = reference.keys.filter { frames[$0] != nil && frames[$0] != reference[$0] }
            #expect(
                differing.isEmpty, "\(differing.count) shared frames differ, first at \(differing.min() ?? 0) / 60 s")
            // Each rate stops at its own first frame after rest; everything before is shared.
            let shared = Set(frames.keys).intersection(reference.keys)
            #expect(
                shared.count > reference.count - 6, "only \(shared.count) of \(reference.count) 60 Hz frames shared")
        }
        for run in runs {
            #expect(run.events.contains { $0.events.contains(.didChangeDetent) })
        }
    }

    /// Each milestone arrives once, in time order; the source stops once the model rests and starts again with
    /// the next event.
    @Test(arguments: [60.0, 120, 240])
    func milestonesOnceInOrderAndTheSourceStopsAtRest(hz: Double) {
        let run = run(hz: hz, jitter: 0.001, dropped: 0.1, seed: 7)
        let all = run.events.map(\.events)
        #expect(all.filter { $0.contains(.didPresent) }.count == 1)
        #expect(all.filter { $0.contains(.didDismiss) }.count == 1)
        #expect(all.filter { $0.contains(.didSettle) }.count == 1, "\(all)")
        let presented = run.events.firstIndex { $0.events.contains(.didPresent) } ?? -1
        let settled = run.events.firstIndex { $0.events.contains(.didSettle) } ?? -1
        let dismissed = run.events.firstIndex { $0.events.contains(.didDismiss) } ?? -1
        #expect(0 <= presented && presented < settled && settled < dismissed)
        #expect(zip(run.events, run.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Present, the rest after the fling, the dismissal: each run of frames ends with a stop.
        #expect(!run.display.isStarted && !run.driver.isRunning)
        #expect(run.display.starts == run.display.stops && run.display.starts >= 2)
        #expect(run.driver.model.phase == .dismissed)
        // No frame after the last stop: the source is quiet until the next event.
        let ticks = run.display.ticks
        run.display.frame(at: 6.05)
        #expect(run.display.ticks == ticks)
        run.driver.send(at: 6.1) { m, t in m.present(at: t) }
        #expect(run.display.isStarted && run.display.starts == run.display.stops + 1)
    }

    /// A jump at rest is drawn by one frame, after which the source stops again.
    @Test func aJumpAtRestDrawsOneFrame() {
        let display = FakeDisplay()
        var applied: [BottomSheet.Frame] = []
        let driver = TransitionDriver(
            Self.sheet(), frameSource: display, now: { display.now }, apply: { applied.append($0) })
        driver.send(at: 0) { m, t in m.present(at: t) }
        for k in 0...120 { display.frame(at: Double(k) / 60) }
        #expect(!display.isStarted)
        let before = applied.count
        driver.send(at: 2.5) { m, t in m.setContentHeight(500, at: t, using: .immediate) }
        display.frame(at: 2.51)
        display.frame(at: 2.52)
        #expect(applied.count == before + 1 && !display.isStarted)
        #expect(close(applied[applied.count - 1].contentArea.height, 500, 1e-6))
    }

    /// A handler that sends an event when a milestone arrives restarts the source (the frame that delivered the
    /// milestone has already stopped it).
    @Test func anEventSentFromAMilestoneHandlerRestartsTheSource() {
        let display = FakeDisplay()
        var presents = 0
        var driver: TransitionDriver<BottomSheet>?
        driver = TransitionDriver(
            Self.sheet(), frameSource: display, now: { display.now }, apply: { _ in },
            events: { events in
                if events.contains(.didPresent) { presents += 1 }
                if events.contains(.didDismiss) { driver?.send { m, t in m.present(at: t) } }
            })
        driver?.send(at: 0) { m, t in m.present(at: t) }
        var t = 0.0
        while t < 1.5 {
            display.frame(at: t)
            t += 1.0 / 120
        }
        driver?.send(at: t) { m, t in m.dismiss(at: t) }
        while t < 5 {
            display.frame(at: t)
            t += 1.0 / 120
        }
        #expect(presents == 2 && driver?.model.phase == .presented && !display.isStarted)
        driver = nil  // the handler holds the variable that holds the driver: break the cycle
    }

    /// Timestamps that jitter backwards or are not finite never move the drawn time back: every frame drawn is the
    /// model's frame at the latest finite time seen so far, checked frame by frame (the sheet moves between 0.09
    /// and 0.1, so a frame drawn at an earlier time differs).
    @Test func timeOnlyMovesForward() {
        let display = FakeDisplay()
        var frames: [BottomSheet.Frame] = []
        let driver = TransitionDriver(
            Self.sheet(), frameSource: display, now: { display.now }, apply: { frames.append($0) })
        driver.send(at: 0) { m, t in m.present(at: t) }
        var drawnTimes: [Double] = []
        for t in [0.1, 0.09, .nan, -.infinity, .infinity, 0.05, 0.11] {
            display.frame(at: t)
            drawnTimes.append(driver.lastFrameTime)
        }
        let expectedTimes = [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.11]
        #expect(drawnTimes == expectedTimes)
        var reference = Self.sheet()
        reference.present(at: 0)
        #expect(reference.frame(at: 0.09) != reference.frame(at: 0.1), "the test needs a moving sheet")
        #expect(frames.count == expectedTimes.count)
        for (index, (frame, time)) in zip(frames, expectedTimes).enumerated() {
            #expect(frame == reference.frame(at: time), "frame \(index) is not the sheet at \(time)")
        }
    }
}

/// Issue #46 "motion on the render server": a settling model handed over draws nothing on the main thread until it
/// rests; milestones stay on time; an event takes it back first.
@MainActor @Suite struct RenderServerDriverTests {
    @Test func aHandedOverModelAppliesOnlyItsRestingFrame() {
        let display = FakeDisplay()
        var applied: [BottomSheet.Frame] = []
        var milestones: [(Double, TransitionEvents)] = []
        var takenBack = 0
        let driver = TransitionDriver(
            BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300)),
            frameSource: display, now: { display.now }, apply: { applied.append($0) },
            events: { milestones.append((display.now, $0)) })
        driver.handOver = { sheet, t in sheet.layerAnimations(from: t) != nil }
        driver.takeBack = { takenBack += 1 }
        driver.send(at: 0) { sheet, t in sheet.present(at: t) }
        #expect(driver.isHandedOver)
        let settle = driver.model.settleTime
        var t = 0.0
        while t < settle - 1.0 / 120 {
            t += 1.0 / 120
            display.frame(at: t)
        }
        #expect(applied.isEmpty, "\(applied.count) frames applied while the render server drew the motion")
        display.frame(at: settle + 0.001)
        #expect(applied.count == 1 && applied[0] == driver.model.frame(at: 1000), "the resting frame, exactly")
        #expect(milestones.map(\.1) == [.didPresent] && milestones[0].0 >= settle)
        #expect(!display.isStarted && !driver.isHandedOver)

        // A drag takes the motion back from the render server before it changes the model.
        driver.send(at: settle + 1) { sheet, t in sheet.moveToDetent(.content, at: t) }
        driver.send(at: settle + 1) { sheet, t in sheet.dragBegan(at: t) }
        #expect(takenBack == 0, "nothing was handed over: no motion")
        driver.send(at: settle + 1.1) { sheet, t in sheet.dragChanged(translation: 80, velocity: 400, at: t) }
        driver.send(at: settle + 1.2) { sheet, t in sheet.dragEnded(velocity: 400, at: t) }
        #expect(driver.isHandedOver)
        driver.send(at: settle + 1.25) { sheet, t in sheet.dragBegan(at: t) }
        #expect(takenBack == 1 && !driver.isHandedOver, "a grab takes the settling sheet back")
        display.frame(at: settle + 1.26)
        #expect(applied.last == driver.model.frame(at: settle + 1.26))
    }
}

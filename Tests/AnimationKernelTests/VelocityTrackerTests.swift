import AnimationKernel
import Testing

@Suite struct VelocityTrackerTests {
    @Test(arguments: [60.0, 120.0, 240.0])
    func constantSpeedIsRecoveredExactlyAtAnyTouchRate(hz: Double) {
        var tracker = VelocityTracker()
        for i in 0..<200 {
            let t = 3.0 + Double(i) / hz
            tracker.addSample(12 + 850 * (t - 3), at: t)
        }
        #expect(close(tracker.velocity, 850, 1e-7))
    }

    @Test func aCurvedPathGivesTheSlopeAtTheWindowsMeanTime() {
        // The least-squares line through x = a t^2 has slope 2 a mean(t): the derivative at the samples' mean time.
        var tracker = VelocityTracker()
        let a = 1500.0
        var times: [Double] = []
        for i in 0...60 {
            let t = Double(i) / 120
            tracker.addSample(a * t * t, at: t)
            times.append(t)
        }
        let last = times.last!
        let inWindow = times.filter { $0 >= last - 0.1 }
        let meanT = inWindow.reduce(0, +) / Double(inWindow.count)
        #expect(inWindow.count == 13)
        #expect(close(tracker.velocity, 2 * a * meanT, 1e-6))
    }

    @Test func onlyTheLast100MillisecondsCount() {
        var tracker = VelocityTracker()
        var x = 0.0
        var t = 0.0
        for _ in 0..<30 {  // 250 ms down at 2000 pt/s ...
            tracker.addSample(x, at: t)
            t += 1 / 120
            x += 2000 / 120
        }
        for _ in 0..<20 {  // ... then 166 ms back up at 300 pt/s: the older motion has left the window.
            tracker.addSample(x, at: t)
            t += 1 / 120
            x -= 300 / 120
        }
        #expect(close(tracker.velocity, -300, 1e-6))
    }

    @Test func aFingerThatStoppedHasNoVelocity() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.addSample(Double(i) * 10, at: Double(i) / 60) }
        let last = tracker.latestTime!
        #expect(tracker.velocity(at: last) > 500)
        #expect(tracker.velocity(at: last + 0.2) == 0)
        // A reading inside the window uses only the samples up to then.
        #expect(close(tracker.velocity(at: 4.0 / 60), 600, 1e-6))
    }

    @Test func theRingBufferKeepsTheNewestSamplesWithoutGrowing() {
        var tracker = VelocityTracker(window: 10)  // a window longer than the buffer: the capacity bounds it
        for i in 0..<1_000 { tracker.addSample(Double(i < 968 ? 0 : (i - 968) * 5), at: Double(i) / 100) }
        #expect(tracker.count == VelocityTracker.capacity)
        #expect(close(tracker.velocity, 500, 1e-6))  // the last 32 samples move at 5 points per 10 ms
    }

    @Test func largeTimestampsLoseNoPrecision() {
        var tracker = VelocityTracker()
        let base = 1_000_000.0  // a system uptime of 11 days
        for i in 0..<12 { tracker.addSample(-400 * Double(i) / 120, at: base + Double(i) / 120) }
        #expect(close(tracker.velocity, -400, 1e-4))
    }

    /// One sample with a stray (earlier) timestamp inside a flick is dropped; the flick keeps its velocity.
    @Test func aStrayTimestampIsDroppedNotAFreshGesture() {
        var tracker = VelocityTracker()
        for i in 0...6 { tracker.addSample(Double(i) * 10, at: 1 + Double(i) * 0.008) }  // 1250 pt/s
        tracker.addSample(500, at: 1.02)  // stray: earlier than the newest (1.048), within the window
        tracker.addSample(70, at: 1.056)
        #expect(tracker.count == 8, "samples kept: \(tracker.count)")
        #expect(close(tracker.velocity, 1250, 1e-6), "velocity \(tracker.velocity), expected 1250")
    }

    @Test func badSamplesAreIgnoredAndTimeGoingBackStartsAFreshGesture() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == 0)
        tracker.addSample(0, at: 1)
        #expect(tracker.velocity == 0)  // one sample: no line
        tracker.addSample(.nan, at: 1.01)
        tracker.addSample(5, at: .infinity)
        #expect(tracker.count == 1)
        tracker.addSample(10, at: 1.01)
        tracker.addSample(20, at: 1.01)  // same time: replaces
        #expect(tracker.count == 2 && close(tracker.velocity, 2000, 1e-6))
        tracker.addSample(0, at: 0.5)  // more than a window earlier than the newest: the clock went back
        #expect(tracker.count == 1 && tracker.velocity == 0)
        tracker.window = -1  // invalid windows read as 0.1 s
        tracker.addSample(1, at: 0.51)
        #expect(close(tracker.velocity, 100, 1e-6))
    }
}

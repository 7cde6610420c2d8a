import AnimationKernel
import Testing

/// A deterministic generator so property tests are reproducible.
struct TestRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct AnimatedValueTests {
    static let springs: [DampedSpring] = [
        try! DampedSpring(duration: 0.5, bounce: 0), try! DampedSpring(duration: 0.4, bounce: 0.3),
        try! DampedSpring(response: 0.3, dampingRatio: 2.5),
    ]

    @Test func tenThousandRandomRetargetsNeverJump() {
        var rng = TestRandom(seed: 42)
        var value = AnimatedValue(0)
        var time = 0.0
        var worstPosition = 0.0
        var worstVelocity = 0.0
        for i in 0..<10_000 {
            time += Double.random(in: 0.0001...0.05, using: &rng)
            let before = value.state(at: time)
            let wasSettled = value.isSettled(at: time)
            let target = Double.random(in: -1000...1000, using: &rng)
            if i % 3 == 0 {
                value.animate(to: target, using: .spring(Self.springs[i % Self.springs.count]), at: time)
            } else if i % 3 == 1 {
                value.retarget(to: target, at: time)
            } else {
                value.animate(to: target, using: .curve(.easeInEaseOut, duration: 0.3), at: time)
            }
            let after = value.state(at: time)
            let scale = max(1, abs(before.value))
            worstPosition = max(worstPosition, abs(after.value - before.value) / scale)
            // A curve started from rest begins with its own slope; every other event keeps the velocity.
            if !(i % 3 == 2 && wasSettled) {
                let vScale = max(1, abs(before.velocity))
                worstVelocity = max(worstVelocity, abs(after.velocity - before.velocity) / vScale)
            }
        }
        #expect(worstPosition < 1e-9)
        #expect(worstVelocity < 1e-9)
    }

    @Test func sameMotionMeansTheSameTrajectoryAndNothingLess() {
        var a = AnimatedValue(100)
        var b = AnimatedValue(100)
        #expect(a.hasSameMotion(as: b))
        a.animate(to: 300, using: .spring(Self.springs[1]), at: 1)
        #expect(!a.hasSameMotion(as: b))
        b.animate(to: 300, using: .spring(Self.springs[1]), at: 1)
        #expect(a.hasSameMotion(as: b))
        for t in stride(from: 1.0, through: 2.0, by: 0.05) { #expect(a.state(at: t) == b.state(at: t)) }
        var c = b
        c.retarget(to: 301, at: 1.2)
        #expect(!c.hasSameMotion(as: a))
        var d = b
        d.animate(to: 300, using: .spring(Self.springs[0]), at: 1.2)
        #expect(!d.hasSameMotion(as: a))
        var e = AnimatedValue(100)
        e.animate(to: 300, using: .curve(.easeIn, duration: 0.5), at: 1)
        var f = AnimatedValue(100)
        f.animate(to: 300, using: .curve(.easeOut, duration: 0.5), at: 1)
        #expect(!e.hasSameMotion(as: f))
        f.animate(to: 300, using: .curve(.easeIn, duration: 0.5), at: 1)
        #expect(!e.hasSameMotion(as: f))  // f is moving now, so it hands over to a spring instead
    }

    @Test func curveStartsAtRestAndFollowsTheCurve() {
        var value = AnimatedValue(100)
        value.animate(to: 300, using: .curve(.easeInEaseOut, duration: 0.5), at: 1)
        #expect(value.value(at: 1) == 100)
        let c = TimingCurve.easeInEaseOut.value(at: 0.5)
        #expect(abs(value.value(at: 1.25) - (100 + 200 * c)) < 1e-9)
        let slope = TimingCurve.easeInEaseOut.slope(at: 0.5)
        #expect(abs(value.velocity(at: 1.25) - 200 * slope / 0.5) < 1e-6)
        #expect(value.value(at: 1.5) == 300)
        #expect(value.isSettled(at: 1.5))
        #expect(!value.isSettled(at: 1.49))
    }

    @Test func interruptingACurveHandsOverToASpringWithoutJump() {
        var value = AnimatedValue(0)
        value.animate(to: 100, using: .curve(.easeInEaseOut, duration: 0.4), at: 0)
        let t = 0.13
        let before = value.state(at: t)
        #expect(before.velocity > 0)
        value.animate(to: -50, using: .curve(.easeInEaseOut, duration: 0.4), at: t)
        let after = value.state(at: t)
        #expect(abs(after.value - before.value) < 1e-9)
        #expect(abs(after.velocity - before.velocity) < 1e-6)
        // The spring then reaches the new target.
        #expect(abs(value.value(at: t + 3) - -50) < 1e-3)
    }

    @Test func initialVelocityOverridesAndLateEventsAreClampedToTheSegmentStart() {
        var value = AnimatedValue(0)
        value.animate(to: 10, using: .spring(.smooth), at: 2, initialVelocity: 500)
        #expect(value.velocity(at: 2) == 500)
        let reference = value.state(at: 2.1)
        value.retarget(to: 10, at: 1)  // late: treated as happening at 2
        #expect(value.startTime == 2)
        #expect(abs(value.value(at: 2.1) - reference.value) < 1e-9)
    }

    @Test func nonFiniteInputsAreIgnored() {
        var value = AnimatedValue(.nan)
        #expect(value.value(at: 0) == 0)
        value.animate(to: .infinity, using: .spring(.smooth), at: 0)
        #expect(value.target == 0)
        value.track(.nan, velocity: 1, at: 0)
        #expect(value.value(at: 0) == 0)
        value.animate(to: 5, using: .curve(.linear, duration: -1), at: 0)
        #expect(value.value(at: 0) == 5)  // invalid duration: jumps
        #expect(value.value(at: .nan) == 5)
    }

    /// The spring equation x'' = -w^2 (x - target) - 2 zeta w x' integrated with classical Runge-Kutta (steps of at
    /// most 1e-4 s, error ~1e-12 of the amplitude), the target switching at each event with position and velocity
    /// carried over: an independent reference for a value that springs to each event's target.
    struct SpringReference {
        var events: [(time: Double, target: Double, spring: DampedSpring)]
        var time = 0.0
        var x = 0.0
        var v = 0.0
        var next = 0
        var target = 0.0
        var spring = DampedSpring.smooth

        /// Position at `t`, for non-decreasing `t` across calls.
        mutating func position(at t: Double) -> Double {
            while time < t {
                if next < events.count, events[next].time <= time {
                    target = events[next].target
                    spring = events[next].spring
                    next += 1
                    continue
                }
                let stop = next < events.count ? min(t, events[next].time) : t
                while time < stop {
                    step(min(1e-4, stop - time))
                }
            }
            while next < events.count, events[next].time <= t {  // an event exactly at t
                target = events[next].target
                spring = events[next].spring
                next += 1
            }
            return x
        }

        private mutating func step(_ h: Double) {
            let w = spring.angularFrequency
            let zeta = spring.dampingRatio
            func a(_ x: Double, _ v: Double) -> Double { -w * w * (x - target) - 2 * zeta * w * v }
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += h
        }
    }

    @Test(arguments: [30.0, 60.0, 120.0, 240.0, 0.0])
    func trajectoryIsIndependentOfTheFrameRate(hz: Double) {
        // Interruptions by springs of every damping kind, at times between a reader's frames (0.2104) and on them
        // (0.5). The reader at `hz` (0: 60 Hz with +/-50 % jitter) receives each event on its next frame, with the
        // event's own timestamp, and samples the value on every frame. Every sample must be the physical motion
        // (SpringReference), so any two rates agree at the times they share, whatever they sampled in between.
        let events: [(time: Double, target: Double, spring: DampedSpring)] = [
            (0, 300, Self.springs[1]), (0.2104, -120, Self.springs[0]), (0.5, 40, Self.springs[2]),
            (0.77, 400, Self.springs[1]), (0.7713, 380, Self.springs[0]),
        ]
        var reference = SpringReference(events: events)
        var rng = TestRandom(seed: 7)
        var value = AnimatedValue(0)
        var next = 0
        var t = 0.0
        var worst = (error: 0.0, at: 0.0)
        var samples = 0
        while t < 2 {
            while next < events.count, events[next].time <= t {
                value.animate(to: events[next].target, using: .spring(events[next].spring), at: events[next].time)
                next += 1
            }
            let error = abs(value.value(at: t) - reference.position(at: t))
            if error > worst.error { worst = (error, t) }
            samples += 1
            t += hz > 0 ? 1 / hz : (1 / 60.0) * Double.random(in: 0.5...1.5, using: &rng)
        }
        #expect(samples >= 60)
        // 1e-9 of the amplitude (targets span -120...400): far below a dropped velocity or a wrong spring.
        #expect(worst.error <= 1e-9 * 520, "at \(hz) Hz: \(worst.error) from the spring equation at t = \(worst.at)")
    }

    /// Interrupting with `animate` keeps the velocity the value has at that moment, for every spring and for a
    /// curve started while moving (which hands over to a spring): the motion after the event is the one the
    /// spring equation gives from the current position and velocity.
    @Test(arguments: Self.springs)
    func animateKeepsTheVelocityAtAnInterruption(spring: DampedSpring) {
        for driver in [AnimatedValue.Driver.spring(spring), .curve(.easeInEaseOut, duration: 0.3)] {
            var value = AnimatedValue(0)
            value.animate(to: 300, using: .spring(spring), at: 0)
            let before = value.state(at: 0.13)
            #expect(abs(before.velocity) > 100, "the test needs a moving value")
            value.animate(to: -50, using: driver, at: 0.13)
            let after = value.state(at: 0.13)
            #expect(
                abs(after.value - before.value) <= 1e-9 * 300, "\(driver): position \(before.value) -> \(after.value)")
            #expect(
                abs(after.velocity - before.velocity) <= 1e-9 * abs(before.velocity),
                "\(driver): velocity \(before.velocity) -> \(after.velocity)")
        }
    }
}

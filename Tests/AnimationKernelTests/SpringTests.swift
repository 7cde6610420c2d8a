import AnimationKernel
import Testing

@Suite struct SpringTests {
    @Test func appleDurationAndBounceExampleGivesDocumentedStiffnessAndDamping() throws {
        // SwiftUI documentation: duration 0.5, bounce 0.3 is stiffness ~157.9 and damping ~17.6 for mass 1.
        let spring = try DampedSpring(duration: 0.5, bounce: 0.3)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    @Test func appleMassStiffnessDampingExampleGivesDocumentedDurationAndBounce() throws {
        // SwiftUI documentation: mass 1, stiffness 100, damping 10 is duration ~0.63 s and bounce 0.5.
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
    }

    @Test(arguments: [-0.9, -0.4, 0, 0.15, 0.3, 0.7, 1])
    func bounceRoundTrips(bounce: Double) throws {
        let spring = try DampedSpring(duration: 0.8, bounce: bounce)
        #expect(abs(spring.bounce - bounce) < 1e-12)
        #expect(abs(spring.duration - 0.8) < 1e-12)
        #expect(spring.response == spring.duration)
    }

    @Test func presetsMatchSwiftUI() throws {
        #expect(DampedSpring.smooth == (try DampedSpring(duration: 0.5, bounce: 0)))
        #expect(abs(DampedSpring.snappy.bounce - 0.15) < 1e-12 && abs(DampedSpring.snappy.duration - 0.5) < 1e-12)
        #expect(abs(DampedSpring.bouncy.bounce - 0.3) < 1e-12 && abs(DampedSpring.bouncy.duration - 0.5) < 1e-12)
    }

    @Test func responseAndPhysicalInitialisersAgree() throws {
        let a = try DampedSpring(response: 0.4, dampingRatio: 0.6)
        let b = try DampedSpring(mass: 2, stiffness: 2 * a.stiffness, damping: 2 * a.damping)
        #expect(abs(a.angularFrequency - b.angularFrequency) < 1e-12)
        #expect(abs(a.dampingRatio - b.dampingRatio) < 1e-12)
    }

    struct BadInit: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () throws(KernelError) -> DampedSpring
        var testDescription: String { name }
    }

    static let badInits: [BadInit] = [
        BadInit(name: "duration 0") { () throws(KernelError) in try DampedSpring(duration: 0) },
        BadInit(name: "duration NaN") { () throws(KernelError) in try DampedSpring(duration: .nan) },
        BadInit(name: "bounce -1") { () throws(KernelError) in try DampedSpring(duration: 1, bounce: -1) },
        BadInit(name: "bounce 1.5") { () throws(KernelError) in try DampedSpring(duration: 1, bounce: 1.5) },
        BadInit(name: "response -1") { () throws(KernelError) in try DampedSpring(response: -1, dampingRatio: 1) },
        BadInit(name: "damping ratio inf") { () throws(KernelError) in
            try DampedSpring(response: 1, dampingRatio: .infinity)
        },
        BadInit(name: "mass 0") { () throws(KernelError) in try DampedSpring(mass: 0, stiffness: 1, damping: 1) },
        BadInit(name: "stiffness -1") { () throws(KernelError) in try DampedSpring(stiffness: -1, damping: 1) },
        BadInit(name: "damping -1") { () throws(KernelError) in try DampedSpring(stiffness: 1, damping: -1) },
        BadInit(name: "uiKit duration 0") { () throws(KernelError) in
            try DampedSpring(uiKitDuration: 0, dampingRatio: 1)
        },
        BadInit(name: "uiKit damping 0") { () throws(KernelError) in
            try DampedSpring(uiKitDuration: 1, dampingRatio: 0)
        },
        BadInit(name: "uiKit velocity NaN") { () throws(KernelError) in
            try DampedSpring(uiKitDuration: 1, dampingRatio: 0.5, initialVelocity: .nan)
        },
    ]

    @Test(arguments: badInits)
    func invalidParametersThrowInvalidArgument(_ bad: BadInit) {
        #expect(throws: KernelError.self) { try bad.make() }
        do {
            _ = try bad.make()
        } catch {
            if case .invalidArgument = error {} else { Issue.record("wrong error \(error)") }
        }
    }

    @Test func valueStartsAtFromAndEndsAtTo() throws {
        let spring = try DampedSpring(duration: 0.4, bounce: 0.2)
        #expect(spring.value(from: 10, to: 110, initialVelocity: 50, at: 0) == 10)
        #expect(spring.velocity(from: 10, to: 110, initialVelocity: 50, at: 0) == 50)
        #expect(abs(spring.value(from: 10, to: 110, at: 20) - 110) < 1e-9)
        // Overshoot: a bouncy spring passes the target.
        let peak = stride(from: 0.0, to: 1, by: 0.005).map { spring.value(from: 10, to: 110, at: $0) }.max() ?? 0
        #expect(peak > 110)
    }

    @Test func velocityIsTheDerivativeOfValue() throws {
        for spring in [DampedSpring.smooth, .snappy, .bouncy, try DampedSpring(response: 0.3, dampingRatio: 3)] {
            for t in stride(from: 0.01, to: 1.0, by: 0.07) {
                let h = 1e-6
                let numeric =
                    (spring.value(from: 0, to: 1, initialVelocity: 2, at: t + h)
                        - spring.value(from: 0, to: 1, initialVelocity: 2, at: t - h)) / (2 * h)
                #expect(abs(numeric - spring.velocity(from: 0, to: 1, initialVelocity: 2, at: t)) < 1e-5)
            }
        }
    }

    @Test func timeIsClampedNeverTrapping() {
        let spring = DampedSpring.bouncy
        let start = spring.evaluate(displacement: 3, velocity: -1, at: 0)
        #expect(spring.evaluate(displacement: 3, velocity: -1, at: -5) == start)
        #expect(spring.evaluate(displacement: 3, velocity: -1, at: .nan) == start)
        let end = spring.evaluate(displacement: 3, velocity: -1, at: .infinity)
        #expect(end.displacement == 0 && end.velocity == 0)
        #expect(spring.evaluate(displacement: .nan, velocity: 0, at: 1).displacement.isNaN)
    }

    @Test(arguments: [0.0, 800, -2500])
    func settlingDurationIsTheLastTimeWithinEpsilon(initialVelocity: Double) {
        for spring in [DampedSpring.smooth, .snappy, .bouncy] {
            let settle = spring.settlingDuration(from: 0, to: 300, initialVelocity: initialVelocity, epsilon: 0.5)
            let offset = { (t: Double) in
                abs(spring.value(from: 0, to: 300, initialVelocity: initialVelocity, at: t) - 300)
            }
            #expect(abs(offset(settle) - 0.5) < 1e-6)
            // Never above epsilon afterwards, and above it just before.
            for k in 1...400 { #expect(offset(settle + Double(k) * 0.005) <= 0.5) }
            #expect(offset(settle - 1e-4) > 0.5)
        }
    }

    @Test func settlingTimeEdgeCasesFollowTheirDocumentation() throws {
        let undamped = try DampedSpring(response: 1, dampingRatio: 0)
        #expect(undamped.settlingTime(displacement: 1, velocity: 0, epsilon: 0.001) == .infinity)
        #expect(DampedSpring.smooth.settlingTime(displacement: 0, velocity: 0, epsilon: 0.001) == 0)
        #expect(DampedSpring.smooth.settlingTime(displacement: 1, velocity: 0, epsilon: 0) == .infinity)
        #expect(DampedSpring.smooth.settlingTime(displacement: 1, velocity: 0, epsilon: .infinity) == 0)
        #expect(DampedSpring.smooth.settlingTime(displacement: .nan, velocity: 0, epsilon: 1).isNaN)
    }

    @Test(arguments: [(0.3, 0.5, 0.0), (0.5, 1.0, 0.0), (0.7, 0.25, 3.0), (1.2, 0.8, -1.5), (0.4, 2.0, 10.0)])
    func uiKitSpringSettlesAtExactlyItsDuration(duration: Double, damping: Double, velocity: Double) throws {
        let spring = try DampedSpring(uiKitDuration: duration, dampingRatio: damping, initialVelocity: velocity)
        #expect(spring.dampingRatio == damping)
        let settle = spring.settlingTime(displacement: -1, velocity: velocity, epsilon: 0.001)
        #expect(abs(settle - duration) < 1e-6, "settles at \(settle)")
    }

    @Test func velocityConversionsRoundTrip() {
        let normalized = DampedSpring.normalizedVelocity(pointsPerSecond: 1200, distance: 300)
        #expect(normalized == 4)
        #expect(DampedSpring.pointsPerSecond(normalizedVelocity: normalized, distance: 300) == 1200)
        #expect(DampedSpring.normalizedVelocity(pointsPerSecond: 50, distance: 0) == 0)
    }
}

@Suite struct SpringArrayTests {
    /// Frame-rate independence: the same 2 s sampled at 30/60/120/240 Hz or with +-50 % jittered frames
    /// lands on the closed form within 1e-4 of the amplitude.
    @Test(arguments: [30.0, 60.0, 120.0, 240.0, 0])
    func trajectoryDoesNotDependOnFrameRate(hertz: Double) throws {
        var random = SplitMix(seed: 11)
        for spring in [DampedSpring.smooth, .snappy, .bouncy, try DampedSpring(response: 0.6, dampingRatio: 0)] {
            var lanes = try SpringArray(spring: spring, values: [0, 50, -20])
            try lanes.retarget(lane: 0, to: 100)
            try lanes.retarget(lane: 2, to: -80)
            try lanes.setVelocity(lane: 1, to: 400)
            let amplitude: [Double] = [100, 400 / spring.angularFrequency, 60]
            // Worst distance from the closed form over every frame of the 2 s trajectory, per lane.
            var worst: [Double] = [0, 0, 0]
            var elapsed = 0.0
            while elapsed < 2 {
                let dt = hertz > 0 ? 1 / hertz : min(2 - elapsed, (0.5 + random.unit()) / 60)
                lanes.advance(by: dt)
                elapsed += dt
                let expected = [
                    spring.value(from: 0, to: 100, at: elapsed),
                    spring.value(from: 50, to: 50, initialVelocity: 400, at: elapsed),
                    spring.value(from: -20, to: -80, at: elapsed),
                ]
                for lane in 0..<3 {
                    let value = Double(lanes.value(ofLane: lane) ?? .nan)
                    worst[lane] = max(worst[lane], abs(value - expected[lane]) / amplitude[lane])
                }
            }
            #expect(elapsed >= 2 - 1e-9)
            for lane in 0..<3 { #expect(worst[lane] <= 1e-4, "\(spring) lane \(lane)") }
        }
    }

    @Test func retargetKeepsValueAndVelocity() throws {
        var lanes = try SpringArray(spring: .bouncy, values: [0, 0])
        try lanes.retarget(lane: 0, to: 10)
        for _ in 0..<7 { lanes.advance(by: 1.0 / 60) }
        let value = lanes.value(ofLane: 0)
        let velocity = lanes.velocity(ofLane: 0)
        try lanes.retarget(lane: 0, to: -30)
        // Displacements are Float, so value = target + displacement is continuous to float rounding.
        #expect(abs((lanes.value(ofLane: 0) ?? .nan) - (value ?? .nan)) <= 4 * Float(30).ulp)
        #expect(lanes.velocity(ofLane: 0) == velocity)
        #expect(lanes.targets[0] == -30)
        #expect(lanes.value(ofLane: 1) == 0, "other lanes untouched")
    }

    @Test func settledLanesAreCounted() throws {
        var lanes = try SpringArray(spring: .snappy, values: [1, 2, 3, 4])
        #expect(lanes.settledCount == 4 && lanes.isSettled)
        try lanes.retarget(lane: 1, to: 200)
        try lanes.retarget(lane: 3, to: -200)
        #expect(lanes.settledCount == 2 && !lanes.isSettled(lane: 1) && lanes.isSettled(lane: 0))
        for _ in 0..<240 { lanes.advance(by: 1.0 / 120) }
        #expect(lanes.settledCount == 4 && lanes.isSettled)
        #expect(abs((lanes.value(ofLane: 3) ?? 0) + 200) < 0.001)
    }

    @Test func badLanesAndStepsNeverTrap() throws {
        var lanes = try SpringArray(spring: .smooth, values: [5])
        #expect(throws: KernelError.self) { try lanes.retarget(lane: 1, to: 0) }
        #expect(throws: KernelError.self) { try lanes.retarget(lane: -1, to: 0) }
        #expect(throws: KernelError.self) { try lanes.retarget(lane: 0, to: .nan) }
        #expect(throws: KernelError.self) { try SpringArray(spring: .smooth, values: [.infinity]) }
        #expect(lanes.value(ofLane: 3) == nil && !lanes.isSettled(lane: 3))
        try lanes.retarget(lane: 0, to: 6)
        lanes.advance(by: .nan)
        lanes.advance(by: -1)
        #expect(lanes.value(ofLane: 0) == 5, "NaN and negative steps do nothing")
        lanes.advance(by: .infinity)
        #expect(lanes.value(ofLane: 0) == 6 && lanes.velocity(ofLane: 0) == 0)
        var empty = try SpringArray(spring: .smooth, values: [])
        empty.advance(by: 0.1)
        #expect(empty.count == 0 && empty.isSettled)
    }

    @Test func changingTheSpringTakesEffect() throws {
        var a = try SpringArray(spring: .smooth, values: [0])
        var b = a
        try a.retarget(lane: 0, to: 1)
        try b.retarget(lane: 0, to: 1)
        a.advance(by: 0.1)
        b.advance(by: 0.1)
        b.spring = .bouncy
        a.advance(by: 0.1)
        b.advance(by: 0.1)
        #expect(a.value(ofLane: 0) != b.value(ofLane: 0))
    }
}

/// SplitMix64 for deterministic jitter.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
    }
}

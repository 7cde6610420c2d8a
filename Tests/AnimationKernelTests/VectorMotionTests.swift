import AnimationKernel
import Testing

/// A 2D vector standing in for SwiftUI's `VectorArithmetic` values (`CGPoint`'s `AnimatablePair`).
struct Vector2: MotionVector {
    var x: Double
    var y: Double
    static let zero = Vector2(x: 0, y: 0)
    static func + (lhs: Vector2, rhs: Vector2) -> Vector2 { Vector2(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: Vector2, rhs: Vector2) -> Vector2 { Vector2(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    func scaled(by factor: Double) -> Vector2 { Vector2(x: x * factor, y: y * factor) }
    var magnitudeSquared: Double { x * x + y * y }
    func distance(to other: Vector2) -> Double { (self - other).magnitudeSquared.squareRoot() }
}

/// A plain number standing in for SwiftUI's `Double` and `CGFloat` conformances.
struct Scalar: MotionVector {
    var value: Double
    static let zero = Scalar(value: 0)
    static func + (lhs: Scalar, rhs: Scalar) -> Scalar { Scalar(value: lhs.value + rhs.value) }
    static func - (lhs: Scalar, rhs: Scalar) -> Scalar { Scalar(value: lhs.value - rhs.value) }
    func scaled(by factor: Double) -> Scalar { Scalar(value: value * factor) }
    var magnitudeSquared: Double { value * value }
}

@Suite struct VectorMotionTests {
    static let springs: [DampedSpring] = [
        .smooth, .snappy, .bouncy, try! DampedSpring(response: 0.3, dampingRatio: 2.5),
        try! DampedSpring(duration: 0.35, bounce: 0.6),
    ]

    @Test(arguments: springs) func springIsTheClosedFormOfEachComponent(spring: DampedSpring) {
        let start = Vector2(x: -40, y: 250)
        let target = Vector2(x: 300, y: -120)
        let velocity = Vector2(x: 500, y: 800)
        var motion = VectorMotion(start)
        motion.animate(to: target, using: .spring(spring), at: 2, initialVelocity: velocity)
        var worst = 0.0
        for step in 0..<400 {
            let t = Double(step) * 0.004
            guard !motion.isSettled(at: 2 + t) else { break }
            let (value, speed) = motion.state(at: 2 + t)
            let x = spring.evaluate(displacement: start.x - target.x, velocity: velocity.x, at: t)
            let y = spring.evaluate(displacement: start.y - target.y, velocity: velocity.y, at: t)
            worst = max(worst, abs(value.x - (target.x + x.displacement)), abs(value.y - (target.y + y.displacement)))
            worst = max(worst, abs(speed.x - x.velocity) / 10, abs(speed.y - y.velocity) / 10)
        }
        #expect(worst < 1e-9, "largest difference from DampedSpring.evaluate: \(worst) (velocity / 10)")
    }

    @Test func mergesKeepPositionAndVelocityWithin1e9() {
        var rng = TestRandom(seed: 47)
        var motion = VectorMotion(Vector2.zero)
        let curves: [TimingCurve] = [.easeInEaseOut, .easeOut, .linear, try! .cubicBezier(0.3, 1.6, 0.6, -0.4)]
        var time = 0.0
        var worstPosition = 0.0
        var worstVelocity = 0.0
        var merges = 0
        for i in 0..<5_000 {
            time += Double.random(in: 0.0001...0.08, using: &rng)
            let (before, speed) = motion.state(at: time)
            let moving = !motion.isSettled(at: time)
            let target = Vector2(
                x: Double.random(in: -1000...1000, using: &rng), y: Double.random(in: -1000...1000, using: &rng))
            let driver: AnimatedValue.Driver =
                i % 2 == 0
                ? .spring(Self.springs[i % Self.springs.count])
                : .curve(curves[i % curves.count], duration: Double.random(in: 0.05...0.6, using: &rng))
            motion.animate(to: target, using: driver, at: time)
            let (after, newSpeed) = motion.state(at: time)
            worstPosition = max(
                worstPosition, after.distance(to: before) / max(1, before.magnitudeSquared.squareRoot()))
            // A curve started from rest begins with its own slope; a merge into a running motion keeps the velocity.
            if moving {
                merges += 1
                worstVelocity = max(
                    worstVelocity, newSpeed.distance(to: speed) / max(1, speed.magnitudeSquared.squareRoot()))
            }
        }
        #expect(merges > 2_000, "only \(merges) of 5000 events merged into a running motion")
        #expect(worstPosition < 1e-9, "largest relative position jump at an event: \(worstPosition)")
        #expect(worstVelocity < 1e-9, "largest relative velocity jump at a merge: \(worstVelocity)")
    }

    @Test(arguments: springs) func endsAtItsSettleTimeExactlyAtTheTarget(spring: DampedSpring) {
        let start = Vector2(x: 0, y: 0)
        let target = Vector2(x: 120, y: 40)
        // Velocity across the displacement: the motion leaves the line from start to target.
        let velocity = Vector2(x: -300, y: 900)
        var motion = VectorMotion(start)
        motion.animate(to: target, using: .spring(spring), at: 1, initialVelocity: velocity)
        let end = motion.settleTime
        #expect(end > 1 && end.isFinite)
        #expect(motion.animatedValue(at: end) == nil)
        #expect(motion.animatedVelocity(at: end) == nil)
        #expect(motion.value(at: end) == target)
        #expect(motion.value(at: end + 10) == target)
        #expect(motion.animatedValue(at: end.nextDown) != nil)
        // The closed form stays within the tolerance from the settle time on, and is not far inside it there
        // (the settle time is not needlessly late).
        func distance(_ t: Double) -> Double {
            let x = spring.evaluate(displacement: start.x - target.x, velocity: velocity.x, at: t - 1)
            let y = spring.evaluate(displacement: start.y - target.y, velocity: velocity.y, at: t - 1)
            return Vector2(x: x.displacement, y: y.displacement).magnitudeSquared.squareRoot()
        }
        let worstAfter = (0..<2_000).map { distance(end + Double($0) * 0.001) }.max()!
        #expect(worstAfter <= SettleRule.points, "\(worstAfter) from the target after the settle time")
        let latestOutside = (1..<2_000).first { distance(end - Double($0) * 0.0005) > SettleRule.points / 2 }
        #expect(latestOutside != nil && latestOutside! < 200, "settles more than 0.1 s after reaching tolerance / 2")
    }

    @Test func curveFromRestFollowsTheCurveAndEndsAtItsDuration() throws {
        let curve = TimingCurve.easeInEaseOut
        var motion = VectorMotion(Vector2(x: 10, y: 20))
        motion.animate(to: Vector2(x: 110, y: -80), using: .curve(curve, duration: 0.3), at: 5)
        var worst = 0.0
        for step in 0..<300 {
            let t = Double(step) * 0.001
            let value = try #require(motion.animatedValue(at: 5 + t))
            let p = curve.value(at: t / 0.3)
            worst = max(worst, abs(value.x - (10 + 100 * p)), abs(value.y - (20 - 100 * p)))
        }
        #expect(worst < 1e-12, "largest difference from the curve: \(worst)")
        #expect(motion.settleTime == 5.3)
        #expect(motion.animatedValue(at: 5.3) == nil)
        #expect(motion.value(at: 5.3) == Vector2(x: 110, y: -80))
    }

    /// One dimension is AnimatedValue: the same events give the same trajectory (until either settles, since each has
    /// its own tolerance).
    @Test func oneDimensionFollowsAnimatedValue() {
        var scalar = AnimatedValue(0)
        var motion = VectorMotion(Scalar.zero)
        let events: [(time: Double, target: Double, driver: AnimatedValue.Driver)] = [
            (0, 400, .curve(.easeInEaseOut, duration: 0.4)),
            (0.15, -100, .curve(.easeOut, duration: 0.3)),  // merged while moving: the hand-over spring
            (0.3, 250, .spring(.bouncy)),
            (0.42, 250, .curve(.linear, duration: 0.2)),
        ]
        var worst = 0.0
        var time = 0.0
        for (index, event) in events.enumerated() {
            scalar.animate(to: event.target, using: event.driver, at: event.time)
            motion.animate(to: Scalar(value: event.target), using: event.driver, at: event.time)
            let next = index + 1 < events.count ? events[index + 1].time : event.time + 0.3
            while time < next {
                let a = scalar.state(at: time)
                let b = motion.state(at: time)
                worst = max(worst, abs(a.value - b.value.value), abs(a.velocity - b.velocity.value) / 10)
                time += 0.001
            }
        }
        #expect(worst < 1e-9, "largest difference from AnimatedValue: \(worst) (velocity / 10)")
    }

    @Test func nonFiniteInputRestsAtTheTargetWithoutNaN() {
        var motion = VectorMotion(Vector2.zero)
        motion.animate(
            to: Vector2(x: 50, y: 50), using: .spring(.smooth), at: 0, initialVelocity: Vector2(x: .nan, y: 0))
        #expect(motion.value(at: 0.1) == Vector2(x: 50, y: 50))
        #expect(motion.animatedValue(at: 0.1) == nil)
        motion.animate(to: Vector2(x: -50, y: 0), using: .curve(.easeIn, duration: .nan), at: 1)
        #expect(motion.value(at: 1) == Vector2(x: -50, y: 0))
        motion.animate(to: Vector2(x: 0, y: 0), using: .spring(.snappy), at: 2)
        for t in [Double.nan, -.infinity, 2, 2.1, .infinity] {
            let (value, velocity) = motion.state(at: t)
            #expect(value.x.isFinite && value.y.isFinite && velocity.x.isFinite && velocity.y.isFinite, "at \(t)")
        }
        #expect(motion.value(at: .infinity) == .zero)
    }
}

/// SwiftUI's calls to a merging custom animation, replayed: frames of `animate`, a new animation's `merge` with the
/// running one's state and elapsed time, then frames of the new one with the total change from the same origin.
@Suite struct MergingAnimationTests {
    @Test func aMergeMidFlightIsContinuousAndEndsAtTheNewTarget() throws {
        let first = MergingAnimation(.spring(.bouncy))
        let second = MergingAnimation(.curve(.easeInEaseOut, duration: 0.3))
        var state: VectorMotion<Vector2>?
        // The value moves by (200, 0); 0.12 s in, the app changes it by another (-50, 90).
        var last = Vector2.zero
        for frame in 0...12 {
            last = try #require(first.animate(Vector2(x: 200, y: 0), at: Double(frame) * 0.01, state: &state))
        }
        let before = try #require(state).state(at: 0.12)
        #expect(last == before.value)
        #expect(second.merge(Vector2(x: 150, y: 90), at: 0.12, state: &state))
        let after = try #require(state).state(at: 0.12)
        #expect(
            after.value.distance(to: before.value) < 1e-9 * 200,
            "position jumps by \(after.value.distance(to: before.value))")
        #expect(
            after.velocity.distance(to: before.velocity) < 1e-9 * max(1, before.velocity.magnitudeSquared.squareRoot()))
        let merged = try #require(second.animate(Vector2(x: 150, y: 90), at: 0.12, state: &state))
        #expect(merged.distance(to: before.value) < 1e-9 * 200)
        let velocity = try #require(second.velocity(Vector2(x: 150, y: 90), at: 0.12, state: state))
        #expect(velocity.distance(to: before.velocity) < 1e-9 * max(1, before.velocity.magnitudeSquared.squareRoot()))
        // The curve merged while moving is the hand-over spring: it ends, at its settle time, at the new target.
        let end = try #require(state).settleTime
        #expect(end > 0.12 && end < 2)
        #expect(second.animate(Vector2(x: 150, y: 90), at: end.nextDown, state: &state) != nil)
        #expect(second.animate(Vector2(x: 150, y: 90), at: end, state: &state) == nil)
        #expect(second.velocity(Vector2(x: 150, y: 90), at: end, state: state) == nil)
        #expect(try #require(state).value(at: end) == Vector2(x: 150, y: 90))
    }

    @Test func theFirstFrameStartsFromZeroAtRest() throws {
        let animation = MergingAnimation(.spring(.smooth))
        var state: VectorMotion<Scalar>?
        #expect(animation.velocity(Scalar(value: 80), at: 0, state: state) == .zero)
        // A first frame late (0.05 s) still starts the motion at 0: the frame shows the spring 0.05 s in.
        let value = try #require(animation.animate(Scalar(value: 80), at: 0.05, state: &state))
        #expect(abs(value.value - DampedSpring.smooth.value(from: 0, to: 80, at: 0.05)) < 1e-12)
        #expect(animation.velocity(Scalar(value: 80), at: 0.05, state: state)?.value ?? 0 > 0)
    }
}

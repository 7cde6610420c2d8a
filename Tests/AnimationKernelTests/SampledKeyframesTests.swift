import AnimationKernel
import Testing

@Suite struct KeyframesTests {
    /// The largest difference between the keys' interpolation and the motion on a grid of 20,000 points.
    static func denseError(_ keys: SampledKeyframes, _ f: (Double) -> Double) -> (error: Double, at: Double) {
        let (start, end) = (keys.times[0], keys.times[keys.times.count - 1])
        var worst = (error: 0.0, at: start)
        for k in 0...20_000 {
            let t = start + (end - start) * Double(k) / 20_000
            let e = abs(keys.interpolated(at: t) - f(t))
            if e > worst.error { worst = (e, t) }
        }
        return worst
    }

    /// The fewest evenly spaced keys whose interpolation is within `bound` of `f` (on the dense grid).
    static func uniformKeysNeeded(from start: Double, to end: Double, _ bound: Double, _ f: (Double) -> Double) -> Int {
        func error(_ n: Int) -> Double {
            let times = (0..<n).map { start + (end - start) * Double($0) / Double(n - 1) }
            var worst = 0.0
            for k in 0...4_000 {
                let t = start + (end - start) * Double(k) / 4_000
                let i = min(Int((t - start) / (end - start) * Double(n - 1)), n - 2)
                let u = (t - times[i]) / (times[i + 1] - times[i])
                worst = max(worst, abs(f(times[i]) + (f(times[i + 1]) - f(times[i])) * u - f(t)))
            }
            return worst
        }
        var (low, high) = (2, 2)
        while error(high) > bound && high < 8_192 { (low, high) = (high, high * 2) }
        while high - low > 1 {
            let mid = (low + high) / 2
            if error(mid) > bound { low = mid } else { high = mid }
        }
        return high
    }

    static let springs: [(String, DampedSpring)] = [
        ("critically damped 0.5 s", try! DampedSpring(duration: 0.5, bounce: 0)),
        ("bouncy", .bouncy),
        ("overdamped", try! DampedSpring(response: 0.3, dampingRatio: 2.5)),
        ("keyboard", .keyboard),
    ]

    /// A settling segment of any spring, from rest or moving fast, stays within the requested error everywhere,
    /// with fewer keys than uniform 60 Hz sampling needs.
    @Test(arguments: [0.05, 0.25, 1.0])
    func springSegmentsStayWithinTheBound(maximumError: Double) {
        for (name, spring) in Self.springs {
            for velocity in [0.0, -3000] {
                var value = AnimatedValue(800)
                value.animate(to: 300, using: .spring(spring), at: 1, initialVelocity: velocity)
                guard let keys = value.keyframes(from: 1, maximumError: maximumError) else {
                    Issue.record("\(name): no keyframes")
                    continue
                }
                let worst = Self.denseError(keys) { value.value(at: $0) }
                #expect(
                    worst.error <= maximumError,
                    "\(name), v0 \(velocity): error \(worst.error) pt at \(worst.at) s > \(maximumError)")
                #expect(keys.error <= maximumError / 2, "\(name): reported error \(keys.error)")
                #expect(keys.times.first == 1 && keys.times.last == value.settleTime)
                #expect(keys.values.first == 800 && abs(keys.values.last! - 300) <= 0.25)
                let uniform = Self.uniformKeysNeeded(from: 1, to: value.settleTime, maximumError) {
                    value.value(at: $0)
                }
                #expect(
                    keys.times.count <= uniform,
                    "\(name), v0 \(velocity): \(keys.times.count) keys, evenly spaced \(uniform)")
            }
        }
    }

    /// Flat stretches get few keys: a line needs two, and a spring's tail far fewer than its start.
    @Test func keysGoWhereTheMotionBends() {
        let line = SampledKeyframes(from: 0, to: 2, maximumError: 0.01) { 3 * $0 + 1 }
        #expect(line.times == [0, 2] && line.values == [1, 7] && line.error < 1e-12)
        var value = AnimatedValue(0)
        value.animate(to: 1000, using: .spring(.smooth), at: 0)
        let keys = value.keyframes(from: 0, maximumError: 0.25)!
        let half = keys.times.count / 2
        let firstHalfSpan = keys.times[half] - keys.times[0]
        let secondHalfSpan = keys.times[keys.times.count - 1] - keys.times[half]
        #expect(
            secondHalfSpan > 2 * firstHalfSpan,
            "keys: \(keys.times.count); spans \(firstHalfSpan) s, \(secondHalfSpan) s")
        #expect(keys.keyTimes.first == 0 && keys.keyTimes.last == 1)
        #expect(zip(keys.times, keys.times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// A model's channel: the sheet's top while presenting, within the bound, ending where the model rests.
    @Test func aModelChannelExportsUntilTheModelSettles() throws {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        let keys = try #require(sheet.keyframes(from: 0, maximumError: 0.25) { $0.sheet.minY })
        let worst = Self.denseError(keys) { sheet.frame(at: $0).sheet.minY }
        #expect(worst.error <= 0.25, "error \(worst.error) pt at \(worst.at) s")
        #expect(keys.times.last == sheet.settleTime && keys.values.last == sheet.frame(at: sheet.settleTime).sheet.minY)
        // While a finger holds it, there is nothing to hand to the render server.
        sheet.dragBegan(at: 2)
        #expect(sheet.keyframes(from: 2) { $0.sheet.minY } == nil)
    }

    /// Degenerate requests: one key for an empty or non-finite span; the key limit holds and the error says what
    /// it reached; non-finite values read as 0.
    @Test func degenerateRequestsStayBounded() {
        #expect(SampledKeyframes(from: 1, to: 1) { $0 }.times == [1])
        #expect(SampledKeyframes(from: 1, to: .nan) { $0 }.times == [1])
        #expect(SampledKeyframes(from: .infinity, to: 2) { $0 }.times == [0])
        let limited = SampledKeyframes(from: 0, to: 1, maximumError: 1e-12, maximumKeys: 8) { ($0 * 40).squareRoot() }
        #expect(limited.times.count == 8 && limited.error > 1e-12)
        let nan = SampledKeyframes(from: 0, to: 1, maximumError: .nan) { _ in .nan }
        #expect(nan.values.allSatisfy { $0 == 0 })
        #expect(AnimatedValue(5).keyframes(from: 3)?.times == [3])
    }
}

/// Every channel of every model's settling segments exports within the bound (points to a quarter point, alphas and
/// fractions to 1/512).
@Suite struct ModelKeyframesTests {
    typealias Channel<F> = (name: String, bound: Double, read: (F) -> Double)

    static func sheetChannels<F>(_ sheet: @escaping (F) -> BottomSheet.Frame, prefix: String = "") -> [Channel<F>] {
        [
            (prefix + "sheet.minY", 0.25, { sheet($0).sheet.minY }),
            (prefix + "sheet.height", 0.25, { sheet($0).sheet.height }),
            (prefix + "contentArea.height", 0.25, { sheet($0).contentArea.height }),
            (prefix + "dimmingAlpha", 1.0 / 512, { sheet($0).dimmingAlpha }),
            (prefix + "sheetAlpha", 1.0 / 512, { sheet($0).sheetAlpha }),
        ]
    }

    /// Exports every channel of `model` from `time` until it settles and checks the bound on a dense grid.
    static func check<M: TransitionModel>(
        _ label: String, _ model: M, from time: Double, _ channels: [Channel<M.Frame>]
    ) {
        for channel in channels {
            guard let keys = model.keyframes(from: time, maximumError: channel.bound, channel: channel.read) else {
                Issue.record("\(label) \(channel.name): no keyframes (a finger holds the model?)")
                continue
            }
            let worst = KeyframesTests.denseError(keys) { channel.read(model.frame(at: $0)) }
            #expect(
                worst.error <= channel.bound,
                "\(label) \(channel.name): error \(worst.error) at \(worst.at) s > \(channel.bound) (\(keys.times.count) keys)"
            )
        }
    }

    @Test func bottomSheetSegments() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300))
        sheet.present(at: 0)
        Self.check("present", sheet, from: 0, Self.sheetChannels { $0 })
        sheet.setContentHeight(520, at: 0.2)
        Self.check("content change mid-present", sheet, from: 0.2, Self.sheetChannels { $0 })
        sheet.keyboardWillChange(
            to: Rect(x: 0, y: 544, width: 390, height: 300), duration: 0.25, curve: .keyboard, at: 2)
        Self.check("keyboard", sheet, from: 2, Self.sheetChannels { $0 })
        sheet.dragBegan(at: 4)
        sheet.dragChanged(translation: 120, velocity: 900, at: 4.1)
        sheet.dragEnded(velocity: 900, at: 4.1)
        Self.check("fling", sheet, from: 4.1, Self.sheetChannels { $0 })
    }

    @Test func sheetNavigationSegments() {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        var channels: [Channel<Nav.Frame>] = Self.sheetChannels { $0.sheet }
        // A screen is left out of the frame where nothing of it shows: A parked behind B at -30 % of the width, B
        // off the trailing edge; read those places there (titles faded out, screens opaque).
        for (id, hidden) in [("A", -0.3 * 390), ("B", 390)] {
            channels.append(("\(id).x", 0.25, { screen($0, id)?.rect.minX ?? hidden }))
            channels.append(("\(id).alpha", 1.0 / 512, { screen($0, id)?.alpha ?? 1 }))
            channels.append(("\(id).titleAlpha", 1.0 / 512, { screen($0, id)?.titleAlpha ?? 0 }))
        }
        channels.append(("navigationBarHeight", 0.25, { $0.navigationBarHeight }))
        Self.check("push", nav, from: t0, channels)
        let t1 = nav.settleTime + 0.1
        _ = nav.update(to: t1)
        nav.pop(at: t1)
        Self.check("pop", nav, from: t1, channels)
    }

    @Test func cardLiftSegments() {
        var lift = cardLift()
        let channels: [Channel<CardLift.Frame>] =
            [
                ("card.x", 0.25, { $0.card.minX }), ("card.y", 0.25, { $0.card.minY }),
                ("card.width", 0.25, { $0.card.width }), ("card.height", 0.25, { $0.card.height }),
                ("cornerRadius", 0.25, { $0.cornerRadius }), ("lift", 1.0 / 512, { $0.lift }),
                ("shadowRadius", 0.25, { $0.elevation.shadowRadius }),
                ("shadowOpacity", 1.0 / 512, { $0.elevation.shadowOpacity }),
            ] + Self.sheetChannels({ $0.modal }, prefix: "modal ")
        lift.open(at: 0)
        Self.check("open", lift, from: 0, channels)
        let t = lift.settleTime + 0.1
        _ = lift.update(to: t)
        lift.close(at: t)
        Self.check("close", lift, from: t, channels)
    }

    @Test func pullToDismissSegments() {
        let channels: [Channel<PullToDismiss.Frame>] = [
            ("offset", 0.25, { $0.offset }), ("backdropRate", 1.0 / 512, { $0.backdropRate }),
            ("alpha", 1.0 / 512, { $0.alpha }),
        ]
        for (velocity, label) in [(-300.0, "cancel"), (2500, "dismiss")] {
            var pull = PullToDismiss(containerSize: phone)
            pull.dragBegan(at: 0)
            pull.dragChanged(translation: 200, velocity: velocity, at: 0.1)
            pull.dragEnded(velocity: velocity, at: 0.1)
            Self.check(label, pull, from: 0.1, channels)
        }
    }
}

@Suite struct KeyframesNeverBeatenByEvenSpacing {
    /// Motions that bend alike everywhere (timing curves) or settle with a step: the adaptive export never has more
    /// keys than evenly spaced keys meeting its own criterion (half the bound), and stays within the bound.
    @Test(arguments: [0.05, 0.25]) func neverMoreKeysThanEvenSpacing(maximumError: Double) {
        var curve = AnimatedValue(0)
        curve.animate(to: 400, using: .curve(.easeInEaseOut, duration: 0.5), at: 0)
        var lift = cardLift()
        lift.open(at: 0.1, initialVelocity: Point(x: 0, y: -300))
        let motions: [(String, Double, Double, (Double) -> Double)] = [
            ("ease-in-out", 0, curve.settleTime, { curve.value(at: $0) }),
            ("card lift y", 0.1, lift.settleTime, { lift.frame(at: $0).card.minY }),
        ]
        for (name, start, end, f) in motions {
            let keys = SampledKeyframes(from: start, to: end, maximumError: maximumError, sampling: f)
            let even = KeyframesTests.uniformKeysNeeded(from: start, to: end, maximumError / 2, f)
            #expect(keys.times.count <= even, "\(name): \(keys.times.count) keys, evenly spaced \(even)")
            let worst = KeyframesTests.denseError(keys, f)
            #expect(worst.error <= maximumError, "\(name): error \(worst.error) at \(worst.at)")
        }
    }
}

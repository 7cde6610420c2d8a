import AnimationKernel
import Testing

typealias Rule = PullToDismiss.ReleaseRule

func pull(_ configure: (inout PullToDismiss.Configuration) -> Void = { _ in }) -> PullToDismiss {
    var configuration = PullToDismiss.Configuration()
    configure(&configuration)
    return PullToDismiss(containerSize: phone, configuration: configuration)
}

/// Everything a viewer sees of a pull-to-dismiss frame must match (phase aside).
func expectSame(_ a: PullToDismiss.Frame, _ b: PullToDismiss.Frame, _ tolerance: Double, _ label: String) {
    #expect(close(a.screen, b.screen, tolerance), "screen: \(label)")
    #expect(close(a.contentOffset, b.contentOffset, tolerance), "content offset: \(label)")
    #expect(close(a.backdropRate, b.backdropRate, tolerance), "backdrop: \(label)")
    #expect(close(a.alpha, b.alpha, tolerance), "alpha: \(label)")
}

@Suite struct PullToDismissTests {
    @Test(arguments: [
        // screen offset -> backdrop rate = clamp(1 - offset / (844 * 0.33), 0, 1)
        (0.0, 1.0), (100.0, 1 - 100 / 278.52), (278.52, 0.0), (139.26, 0.5), (500.0, 0.0), (844.0, 0.0),
    ])
    func backdropRateFollowsPullToDismissAndIsClamped(offset: Double, rate: Double) {
        var model = pull()
        model.dragBegan(at: 0)
        model.dragChanged(translation: offset, velocity: 0, at: 0.1)
        let frame = model.frame(at: 0.1)
        #expect(close(frame.offset, offset, 1e-9) && close(frame.screen.minY, offset, 1e-9))
        #expect(close(frame.backdropRate, rate, 1e-9))
        #expect(close(frame.progress, offset / 844, 1e-12))
        // Default background: PullToDismiss's shadow, black at 0.8 x rate.
        guard case .shadow(let color, let alpha) = frame.backdrop else {
            Issue.record("expected a shadow backdrop")
            return
        }
        #expect(color == .black && close(alpha, 0.8 * rate, 1e-9))
    }

    @Test(arguments: [0.0, 0.25, 0.6, 1.0])
    func blurBackdropInterpolatesRadiusSaturationAndTintAlphaByTheRate(rate: Double) {
        var model = pull { $0.backdrop = .blur(radius: 20, tint: .white, tintAlpha: 0.5, saturation: 1.8) }
        model.dragBegan(at: 0)
        model.dragChanged(translation: (1 - rate) * 844 * 0.33, velocity: 0, at: 0.1)
        let frame = model.frame(at: 0.1)
        guard case .blur(let radius, let tint, let tintAlpha, let saturation) = frame.backdrop else {
            Issue.record("expected a blur backdrop")
            return
        }
        #expect(close(radius, 20 * rate, 1e-9) && tint == .white && close(tintAlpha, 0.5 * rate, 1e-9))
        #expect(close(saturation, (1.8 - 1) * rate + 1, 1e-9))
    }

    /// The published release table: (rule, offset in points, release velocity in points per second, dismisses?),
    /// for an 844-point screen (33 % is 278.52 points; 10 % is 84.4; the projection at 0.998 adds 0.499 s x velocity).
    static let releaseTable: [(Rule, Double, Double, Bool)] = [
        // minne: cancel if the velocity points back or progress < 0.1.
        (.progress(minimum: 0.1), 50, 500, false), (.progress(minimum: 0.1), 84, 100, false),
        (.progress(minimum: 0.1), 85, 0, true), (.progress(minimum: 0.1), 100, -1, false),
        (.progress(minimum: 0.1), 400, -100, false), (.progress(minimum: 0.1), 600, 2000, true),
        (.progress(minimum: 0.1), 0, 3000, false),
        // PullToDismiss: past 33 % of the height, or any downward flick once the screen moved.
        (.distance(fraction: 0.33), 278, 0, false), (.distance(fraction: 0.33), 279, 0, true),
        (.distance(fraction: 0.33), 10, 1, true), (.distance(fraction: 0.33), 10, -1, false),
        (.distance(fraction: 0.33), 300, -500, true), (.distance(fraction: 0.33), 0, 3000, false),
        // Projection (default): offset + v / 1000 * 0.998 / 0.002 past 33 % of the height.
        (.projected(rate: 0.998), 100, 357, false), (.projected(rate: 0.998), 100, 358, true),
        (.projected(rate: 0.998), 300, -100, false), (.projected(rate: 0.998), 300, 0, true),
        (.projected(rate: 0.998), 10, 1000, true), (.projected(rate: 0.998), 250, -20, false),
        (.projected(rate: 0.99), 200, 1000, true), (.projected(rate: 0.99), 200, 700, false),
        (.projected(rate: 0.998), 0, 3000, false),
    ]

    @Test(arguments: releaseTable)
    func releaseFollowsThePublishedTable(rule: Rule, offset: Double, velocity: Double, dismisses: Bool) {
        #expect(
            PullToDismiss.shouldDismiss(offset: offset, velocity: velocity, dimension: 844, rule: rule) == dismisses)
        var model = pull { $0.releaseRule = rule }
        model.dragBegan(at: 1)
        model.dragChanged(translation: offset, velocity: velocity, at: 1.05)
        let before = model.frame(at: 1.05)
        model.dragEnded(velocity: velocity, at: 1.05)
        expectSame(before, model.frame(at: 1.05), 1e-9, "release")
        let events = model.update(to: model.settleTime + 0.01)
        let end = model.frame(at: model.settleTime + 1)
        if dismisses {
            #expect(events.contains(.didDismiss) && end.phase == .dismissed && end.screen.minY >= 844)
        } else {
            #expect(events == (offset > 0 ? .didCancel : []) && end.phase == .idle && close(end.offset, 0, 0.25))
        }
    }

    @Test func theDragScrollsFirstThenMovesTheScreenAndBack() {
        var model = pull()
        model.setContent(offset: 100, minimum: 0, maximum: 1000)
        model.dragBegan(at: 0)
        let steps: [(translation: Double, offset: Double, content: Double)] = [
            (40, 0, 60),  // scrolled: the drag scrolls the content toward its top
            (150, 50, 0),  // reaches the top on the way: the remainder moves the screen, content pinned
            (120, 20, 0),  // pushing back up: the screen returns first ...
            (60, 0, 40),  // ... to 0, then the content scrolls on
            (-2000, 0, 1000),  // scrolling stops at the bottom of the content
            (-1800, 0, 800),  // and comes back from there
            (-1000, 0, 0),
            (-950, 50, 0),
        ]
        var t = 0.0
        for step in steps {
            t += 1 / 60
            model.dragChanged(translation: step.translation, velocity: 0, at: t)
            let frame = model.frame(at: t)
            #expect(close(frame.offset, step.offset, 1e-9), "offset at translation \(step.translation)")
            #expect(close(frame.contentOffset, step.content, 1e-9), "content at translation \(step.translation)")
        }
    }

    @Test func releaseSpringStartsWithTheReleaseVelocity() {
        for (translation, velocity) in [(150.0, -600.0), (200.0, 1500.0)] {
            var model = pull()
            model.dragBegan(at: 0)
            model.dragChanged(translation: translation, velocity: velocity, at: 0.1)
            model.dragEnded(velocity: velocity, at: 0.1)
            let dt = 1e-6
            let slope = (model.frame(at: 0.1 + dt).offset - model.frame(at: 0.1).offset) / dt
            #expect(abs(slope - velocity) <= 1e-3 * abs(velocity) + 0.5, "velocity \(velocity)")
        }
    }

    @Test func withoutAPassedVelocityTheTrackerEstimatesIt() {
        var model = pull()
        model.dragBegan(at: 0)
        for i in 1...12 { model.dragChanged(translation: Double(i) * 1000 / 120, at: Double(i) / 120) }
        // 100 points at 1000 pt/s: projected to 100 + 499 > 278.52, so it dismisses, leaving at 1000 pt/s.
        model.dragEnded(at: 0.1)
        #expect(model.phase == .dismissing)
        let dt = 1e-6
        #expect(close((model.frame(at: 0.1 + dt).offset - model.frame(at: 0.1).offset) / dt, 1000, 1))
    }

    @Test func regrabbingMidFlightContinuesFromTheExactPosition() {
        var model = pull()
        model.dragBegan(at: 0)
        model.dragChanged(translation: 200, velocity: -300, at: 0.1)
        model.dragEnded(velocity: -300, at: 0.1)  // cancels, springing back
        let mid = model.frame(at: 0.2)
        #expect(mid.offset > 0 && mid.offset < 200 && mid.phase == .cancelling)
        model.dragBegan(at: 0.2)
        expectSame(mid, model.frame(at: 0.2), 1e-9, "grab")
        model.dragChanged(translation: 30, velocity: 0, at: 0.25)
        #expect(close(model.frame(at: 0.25).offset, mid.offset + 30, 1e-9))
    }

    @Test func randomGrabsReleasesAndRegrabsNeverJump() {
        var rng = TestRandom(seed: 2024)
        for rule in [Rule.projected(rate: 0.998), .progress(minimum: 0.1), .distance(fraction: 0.33)] {
            var model = pull { $0.releaseRule = rule }
            model.setContent(offset: 300, minimum: -47, maximum: 2000)
            var time = 0.0
            var translation = 0.0
            for _ in 0..<1_500 {
                time += Double.random(in: 0.001...0.08, using: &rng)
                _ = model.update(to: time)
                let before = model.frame(at: time)
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    model.dragBegan(at: time)
                    translation = 0
                case 1:
                    let passed: Double? = Bool.random(using: &rng) ? Double.random(in: -3000...3000, using: &rng) : nil
                    model.dragEnded(velocity: passed, at: time)
                case 5:
                    if model.phase == .dismissed { model = pull { $0.releaseRule = rule } }
                default:
                    // A drag sample: the first one after a grab starts from the grabbed position.
                    translation += Double.random(in: -60...60, using: &rng)
                    let passed: Double? = Bool.random(using: &rng) ? Double.random(in: -2000...2000, using: &rng) : nil
                    model.dragChanged(translation: translation, velocity: passed, at: time)
                    // Samples move the finger (only grabs and releases must leave the frame where it was); the content
                    // stays inside its range.
                    let content = model.frame(at: time).contentOffset
                    #expect(content >= -47 && content <= 2000)
                    continue
                }
                if model.phase == .idle && before.phase == .dismissed { continue }  // replaced model
                expectSame(before, model.frame(at: time), 1e-9, "at \(time)")
                let frame = model.frame(at: time)
                #expect(frame.backdropRate >= 0 && frame.backdropRate <= 1)
            }
        }
    }

    @Test(arguments: [30.0, 60.0, 120.0, 240.0])
    func sameTrajectoryAtEveryFrameRate(hz: Double) {
        // Gesture samples at fixed instants; the renderer calls update(to:) every frame at its own rate.
        func run(hz: Double, samples: [Double]) -> [PullToDismiss.Frame] {
            var model = pull()
            model.setContent(offset: 80, minimum: 0, maximum: 1200)
            var script: [(Double, (inout PullToDismiss, Double) -> Void)] = [(0.1, { m, t in m.dragBegan(at: t) })]
            for i in 1...30 {
                let x = Double(i) / 30
                let translation = 400 * x * (1.3 - x)  // out to 169 points and back to 120 at -1120 pt/s
                script.append((0.1 + Double(i) / 120, { m, t in m.dragChanged(translation: translation, at: t) }))
            }
            script.append((0.36, { m, t in m.dragEnded(at: t) }))  // the finger is moving back: cancels
            script.append((0.5, { m, t in m.dragBegan(at: t) }))  // re-grab while springing back
            script.append((0.55, { m, t in m.dragChanged(translation: 300, velocity: 900, at: t) }))
            script.append((0.6, { m, t in m.dragEnded(velocity: 900, at: t) }))  // dismisses
            return driveAtFrameRate(
                &model, script: script, hz: hz, samples: samples, update: { _ = $0.update(to: $1) },
                frame: { $0.frame(at: $1) })
        }
        let samples = stride(from: 0.05, through: 2, by: 0.025).map { $0 }
        let reference = run(hz: 1000, samples: samples)
        let frames = run(hz: hz, samples: samples)
        #expect(reference.contains { $0.phase == .cancelling } && reference.last?.phase == .dismissed)
        for (a, b) in zip(reference, frames) {
            expectSame(a, b, 1e-9, "\(hz) Hz")
            #expect(a.phase == b.phase)
        }
    }

    @Test func edgeSwipeIsTheSameModelHorizontallyAndMirrorsInRightToLeft() {
        var ltr = pull { $0.axis = .edgeSwipe(.leftToRight) }
        var rtl = pull { $0.axis = .edgeSwipe(.rightToLeft) }
        ltr.setContent(offset: 500)  // no scroll view on this axis: ignored
        for (sign, index) in [(1.0, 0), (-1.0, 1)] {
            if index == 0 { ltr.dragBegan(at: 0) } else { rtl.dragBegan(at: 0) }
            for i in 1...10 {
                let t = Double(i) / 60
                if index == 0 {
                    ltr.dragChanged(translation: sign * 10 * Double(i), velocity: sign * 600, at: t)
                } else {
                    rtl.dragChanged(translation: sign * 10 * Double(i), velocity: sign * 600, at: t)
                }
            }
        }
        let a = ltr.frame(at: 10.0 / 60)
        let b = rtl.frame(at: 10.0 / 60)
        #expect(close(a.progress, 100 / 390, 1e-12) && close(a.screen.minX, 100, 1e-9) && a.contentOffset == 0)
        #expect(close(b.screen, a.screen.mirrored(inContainerWidth: 390), 1e-9))
        #expect(close(a.backdropRate, 1 - 100 / (390 * 0.33), 1e-9) && close(a.backdropRate, b.backdropRate, 1e-12))
        // 100 + 600 * 0.499 passes 33 % of the width: both dismiss toward their trailing edge.
        ltr.dragEnded(at: 10.0 / 60)
        rtl.dragEnded(at: 10.0 / 60)
        #expect(ltr.phase == .dismissing && rtl.phase == .dismissing)
        let end = max(ltr.settleTime, rtl.settleTime) + 0.1
        #expect(ltr.update(to: end) == .didDismiss && rtl.update(to: end) == .didDismiss)
        #expect(ltr.frame(at: end).screen.minX >= 390 && rtl.frame(at: end).screen.maxX <= 0)
    }

    @Test func programmaticDismissSlidesOffWithTheBackdropFading() {
        var model = pull()
        model.dismiss(at: 1)
        var previous = model.frame(at: 1)
        #expect(previous.backdropRate == 1)
        for i in 1...30 {
            let frame = model.frame(at: 1 + Double(i) * 0.02)
            #expect(frame.offset >= previous.offset - 1e-9 && frame.backdropRate <= previous.backdropRate + 1e-12)
            previous = frame
        }
        #expect(model.update(to: model.settleTime) == .didDismiss)
        #expect(model.frame(at: model.settleTime + 1).backdropRate == 0)
    }

    @Test func reduceMotionFadesOutInPlaceInsteadOfSliding() {
        var model = pull { $0.reduceMotion = true }
        model.dragBegan(at: 0)
        model.dragChanged(translation: 120, velocity: 800, at: 0.1)
        model.dragEnded(velocity: 800, at: 0.1)
        let mid = model.frame(at: 0.2)
        #expect(close(mid.offset, 120, 1e-12) && mid.alpha > 0 && mid.alpha < 1 && mid.phase == .dismissing)
        #expect(close(mid.backdropRate, (1 - 120 / 278.52) * mid.alpha, 1e-9))
        // Grabbing during the fade brings it back without a jump.
        model.dragBegan(at: 0.2)
        expectSame(mid, model.frame(at: 0.2), 1e-9, "grab during fade")
        model.dragEnded(velocity: 800, at: 0.25)
        #expect(model.frame(at: 0.3).offset == 120 && model.update(to: model.settleTime) == .didDismiss)
    }

    @Test func badInputIsClampedNotTrapped() {
        var model = PullToDismiss(containerSize: Size(width: .nan, height: -5))
        model.setContent(offset: .nan)
        model.dragBegan(at: .nan)
        model.dragChanged(translation: .infinity, velocity: .nan, at: 0.1)
        model.dragChanged(translation: 40, velocity: .nan, at: 0.2)
        model.dragEnded(velocity: .infinity, at: .nan)
        let frame = model.frame(at: 1)
        #expect(frame.offset.isFinite && frame.backdropRate >= 0 && frame.backdropRate <= 1)
        #expect(frame.progress >= 0 && frame.progress <= 1)
    }
}

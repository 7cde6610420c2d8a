import AnimationKernel
import Testing

typealias Nav = SheetNavigation

let navigationCurveForTests = try! TimingCurve.cubicBezier(0.2, 1, 0.42, 1)

/// A presented sheet with root "A" (content 300) at rest; returns the model and a time after it settled.
func presentedNavigation(_ configure: (inout Nav.Configuration) -> Void = { _ in }) -> (Nav, Double) {
    var configuration = Nav.Configuration()
    configure(&configuration)
    var nav = Nav(
        root: .init(id: "A", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea,
        configuration: configuration)
    nav.present(at: 0)
    let rest = nav.settleTime + 0.1
    _ = nav.update(to: rest)
    return (nav, rest)
}

func screen(_ frame: Nav.Frame, _ id: String) -> Nav.ScreenFrame? { frame.screens.first { $0.id == id } }

@Suite struct SheetNavigationTests {
    @Test func pushGoldenPositionsAtHalfTime() throws {
        var (nav, t0) = presentedNavigation()
        let before = nav.frame(at: t0)
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        let frame = nav.frame(at: t0 + 0.175)
        let c = navigationCurveForTests.value(at: 0.5)
        let width = 390.0
        let b = try #require(screen(frame, "B"))
        let a = try #require(screen(frame, "A"))
        #expect(close(b.rect.minX, width * (1 - c), 1e-9))
        #expect(close(a.rect.minX, -0.3 * width * c, 1e-9))
        #expect(b.zIndex > a.zIndex)
        // The sheet height moves from content 300 to 500 (+ bar 56 + bottom safe area 34) on the same curve.
        let expected = lerp(300 + 56 + 34, 500 + 56 + 34, c)
        #expect(close(frame.sheet.sheet.height, expected, 1e-3))
        #expect(close(before.sheet.sheet.height, 390, 1e-3))
        #expect(close(try #require(screen(frame, "B")).titleAlpha, c, 1e-9))
        #expect(close(try #require(screen(frame, "A")).titleAlpha, 1 - c, 1e-9))
        #expect(frame.navigationBarHeight == 56)
        let end = nav.settleTime
        #expect(nav.update(to: end).contains(.didFinishNavigation))
        let last = nav.frame(at: end + 0.01)
        #expect(last.screens.count == 1 && last.screens[0].id == "B" && last.screens[0].rect.minX == 0)
    }

    @Test func popMirrorsPushWithTheLeavingScreenInFront() throws {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        let t1 = nav.settleTime + 0.1
        _ = nav.update(to: t1)
        let popped = nav.pop(at: t1)
        #expect(popped)
        let frame = nav.frame(at: t1 + 0.175)
        let c = navigationCurveForTests.value(at: 0.5)
        let b = try #require(screen(frame, "B"))
        let a = try #require(screen(frame, "A"))
        #expect(close(b.rect.minX, 390 * c, 1e-9))
        #expect(close(a.rect.minX, -0.3 * 390 * (1 - c), 1e-9))
        #expect(b.zIndex > a.zIndex)
        _ = nav.update(to: nav.settleTime + 0.1)
        #expect(nav.stack.map(\.id) == ["A"])
        #expect(nav.frame(at: nav.settleTime + 0.2).screens.map(\.id) == ["A"])
    }

    /// An edge swipe begun during a push takes the screens, the sheet and the bar from where they are.
    @Test func anEdgeSwipeDuringAPushStartsWhereTheScreenIs() throws {
        var nav = Nav(root: .init(id: "cart", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        _ = nav.update(to: 1)
        nav.push(.init(id: "pay", contentHeight: 520), at: 1)
        let before = nav.frame(at: 1.08)
        let began = nav.interactivePopBegan(at: 1.08)
        #expect(began)
        let after = nav.frame(at: 1.08)
        for id in ["cart", "pay"] {
            let (b, a) = (try #require(screen(before, id)), try #require(screen(after, id)))
            #expect(close(a.rect, b.rect, 1e-9), "\(id): \(b.rect) became \(a.rect)")
        }
        for id in ["cart", "pay"] {
            #expect(
                close(try #require(screen(after, id)).titleAlpha, try #require(screen(before, id)).titleAlpha, 1e-9))
        }
        #expect(close(after.navigationBarAlpha, before.navigationBarAlpha, 1e-9))
        #expect(close(after.sheet.sheet, before.sheet.sheet, 1e-9), "\(before.sheet.sheet) -> \(after.sheet.sheet)")
        // The finger then moves the pay screen from there.
        nav.interactivePopChanged(translationX: 39, velocityX: 0, at: 1.1)
        let moved = try #require(screen(nav.frame(at: 1.1), "pay")).rect.minX
        #expect(close(moved, try #require(screen(before, "pay")).rect.minX + 39, 1e-9))
    }

    /// A push that interrupts another keeps the bar where it is: its progress and alpha do not snap to 0.
    @Test func aPushDuringAPushKeepsTheBarContinuous() {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        let before = nav.frame(at: t0 + 0.1)
        nav.push(.init(id: "C", contentHeight: 200, showsNavigationBar: false), at: t0 + 0.1)
        let after = nav.frame(at: t0 + 0.1)
        #expect(close(after.navigationBarAlpha, before.navigationBarAlpha, 1e-9))
        #expect(close(after.navigationBarHeight, before.navigationBarHeight, 1e-9))
        // What the renderer draws per title: each screen's title alpha is unchanged by the interruption.
        for b in before.screens {
            let a = after.screens.first { $0.id == b.id }
            #expect(a.map { close($0.titleAlpha, b.titleAlpha, 1e-9) } ?? true, "title of \(b.id)")
        }
    }

    /// The same screen value pushed twice is two screens: each pop moves the one on top.
    @Test func theSameScreenPushedTwiceIsPoppedTwice() throws {
        var (nav, t) = presentedNavigation()
        let b = Nav.Screen(id: "B", contentHeight: 400)
        nav.push(b, at: t)
        t = nav.settleTime + 0.1
        nav.push(b, at: t)
        t = nav.settleTime + 0.1
        _ = nav.update(to: t)
        nav.pop(at: t)
        let first = nav.frame(at: t + 0.1)
        let moving = first.screens.filter { $0.id == "B" }.map(\.rect.minX)
        #expect(moving.contains { $0 > 1 }, "the first pop shows no motion: B at \(moving)")
        t = nav.settleTime + 0.1
        _ = nav.update(to: t)
        nav.pop(at: t)
        let second = nav.frame(at: t + 0.1)
        let front = try #require(second.screens.last)
        #expect(front.id == "B" && front.rect.minX > 1, "front \(front.id) at \(front.rect.minX)")
        #expect(second.screens.filter { $0.id == "B" }.count == 1, "screens \(second.screens.map(\.id))")
        _ = nav.update(to: nav.settleTime + 0.1)
        #expect(nav.frame(at: nav.settleTime + 0.2).screens.map(\.id) == ["A"])
    }

    /// setStack with the same top and a new content height animates the height; it does not replay a push.
    @Test func setStackWithANewHeightForTheTopDoesNotPushAgain() throws {
        var (nav, t) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 400), at: t)
        t = nav.settleTime + 0.1
        _ = nav.update(to: t)
        nav.setStack([.init(id: "A", contentHeight: 300), .init(id: "B", contentHeight: 250)], at: t)
        let frame = nav.frame(at: t + 0.1)
        #expect(frame.screens.map(\.id) == ["B"], "screens \(frame.screens.map(\.id))")
        #expect(try #require(screen(frame, "B")).rect.minX == 0)
        let end = nav.frame(at: nav.settleTime + 0.1)
        #expect(close(end.sheet.sheet.height, 250 + 56 + 34, 0.25))
    }

    /// A stack taller than the container is capped: every screen's rect stays inside the sheet and the container.
    @Test func aCappedStackKeepsItsScreensInsideTheSheet() {
        var nav = Nav(root: .init(id: "tall", contentHeight: 1000), containerSize: phone, safeArea: phoneSafeArea)
        nav.present(at: 0)
        var worst = (excess: 0.0, time: 0.0)
        for t in stride(from: 0.0, through: 1.5, by: 0.05) {
            let frame = nav.frame(at: t)
            for s in frame.screens where s.rect.maxY - frame.sheet.sheet.maxY > worst.excess {
                worst = (s.rect.maxY - frame.sheet.sheet.maxY, t)
            }
        }
        #expect(worst.excess <= 1e-9, "a screen runs \(worst.excess) pt past the sheet at \(worst.time) s")
        let rest = nav.frame(at: 2)
        #expect(rest.screens.allSatisfy { $0.rect.maxY <= 844 + 1e-9 }, "\(rest.screens.map(\.rect))")
    }

    /// The sheet around the stack can be dragged like a bottom sheet: flicked up to its large detent, it rests there.
    @Test func theSheetWithNavigationCanBeDraggedBetweenDetents() {
        var (nav, t) = presentedNavigation { $0.sheet.detents = [.content, .large] }
        let resting = nav.frame(at: t).sheet.sheet.minY
        nav.dragBegan(at: t)
        nav.dragChanged(translation: -120, velocity: -1500, at: t + 0.1)
        let dragged = nav.frame(at: t + 0.1)
        // (Within the rubber band the sheet was still settling into: the grab maps through it.)
        #expect(
            close(dragged.sheet.sheet.minY, resting - 120, 0.05), "top \(dragged.sheet.sheet.minY), from \(resting)")
        #expect(dragged.sheet.phase == .dragging)
        #expect(dragged.screens.last.map { close($0.rect.minY, dragged.sheet.sheet.minY + 56, 1e-9) } ?? false)
        nav.dragEnded(velocity: -1500, at: t + 0.1)
        let end = nav.frame(at: nav.settleTime + 0.1)
        #expect(close(end.sheet.sheet.minY, 47, 0.25), "top at rest \(end.sheet.sheet.minY), expected the large detent")
    }

    /// A layout direction that changes at run time mirrors the screens at once, motion included.
    @Test func theLayoutDirectionCanChangeDuringAPush() throws {
        var (ltr, t) = presentedNavigation()
        ltr.push(.init(id: "B", contentHeight: 400), at: t)
        var rtl = ltr
        rtl.setLayoutDirection(.rightToLeft, at: t + 0.1)
        for dt in [0.1, 0.2, 0.3] {
            let (a, b) = (ltr.frame(at: t + dt), rtl.frame(at: t + dt))
            for (l, r) in zip(a.screens, b.screens) {
                #expect(l.id == r.id && close(l.rect.mirrored(inContainerWidth: 390), r.rect, 1e-9), "\(l.id) at \(dt)")
            }
        }
        #expect(rtl.configuration.layoutDirection == .rightToLeft)
    }

    @Test func poppingTheRootDoesNothing() {
        var (nav, t0) = presentedNavigation()
        let before = nav.frame(at: t0 + 0.1)
        let popped = nav.pop(at: t0)
        let replaced = nav.setStack([], at: t0)
        let swiped = nav.interactivePopBegan(at: t0)
        #expect(!popped && !replaced && !swiped)
        #expect(nav.frame(at: t0 + 0.1) == before)
        #expect(nav.stack.map(\.id) == ["A"])
    }

    @Test func animatedFalseJumps() throws {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 200, showsNavigationBar: false), animated: false, at: t0)
        let frame = nav.frame(at: t0)
        #expect(try #require(screen(frame, "B")).rect.minX == 0)
        #expect(screen(frame, "A") == nil)
        #expect(close(frame.sheet.sheet.height, 200 + 34, 1e-9))
    }

    @Test func setStackTransitionsLikeAPush() throws {
        var (nav, t0) = presentedNavigation()
        nav.setStack([.init(id: "X", contentHeight: 100), .init(id: "Y", contentHeight: 400)], at: t0)
        let frame = nav.frame(at: t0 + 0.175)
        let c = navigationCurveForTests.value(at: 0.5)
        #expect(close(try #require(screen(frame, "Y")).rect.minX, 390 * (1 - c), 1e-9))
        #expect(close(try #require(screen(frame, "A")).rect.minX, -0.3 * 390 * c, 1e-9))
        _ = nav.update(to: nav.settleTime + 0.1)
        #expect(nav.stack.map(\.id) == ["X", "Y"])
        let popped = nav.pop(at: nav.settleTime + 0.2)
        #expect(popped)
    }

    /// What a viewer sees must not jump: the sheet keeps its rect, and across the sheet's width the frontmost
    /// screen at each point is the same screen, at the same place and alpha, before and after the event.
    func expectNoJump(_ before: Nav.Frame, _ after: Nav.Frame, _ label: String) {
        #expect(close(before.sheet.sheet, after.sheet.sheet, 1e-6), "sheet jump: \(label)")
        func front(_ frame: Nav.Frame, _ x: Double) -> Nav.ScreenFrame? {
            frame.screens.filter { $0.rect.minX <= x && x < $0.rect.maxX }.max { $0.zIndex < $1.zIndex }
        }
        for x in stride(from: 0.5, to: 390, by: 7) {
            let old = front(before, x)
            let new = front(after, x)
            #expect(old?.id == new?.id, "front screen changed at x \(x): \(label)")
            if let old, let new, old.id == new.id {
                #expect(
                    close(old.rect, new.rect, 1e-6) && close(old.alpha, new.alpha, 1e-9), "\(old.id) jump: \(label)")
            }
        }
    }

    @Test func pushOrPopDuringATransitionRetargetsWithoutJump() {
        var (nav, t) = presentedNavigation()
        var rng = TestRandom(seed: 5)
        var counter = 0
        for _ in 0..<400 {
            t += Double.random(in: 0.01...0.3, using: &rng)
            _ = nav.update(to: t)
            let before = nav.frame(at: t)
            if Bool.random(using: &rng) || nav.stack.count == 1 {
                counter += 1
                nav.push(.init(id: "S\(counter)", contentHeight: Double.random(in: 100...700, using: &rng)), at: t)
            } else {
                nav.pop(at: t)
            }
            expectNoJump(before, nav.frame(at: t), "at \(t)")
        }
    }

    @Test(arguments: [
        // (progress at release, velocity in points/s) -> finishes?
        (0.05, 300.0, false), (0.3, -10.0, false), (0.3, 0.0, true), (0.5, 200.0, true), (0.09, 0.0, false),
    ])
    func interactivePopFollowsMinnesReleaseRule(progress: Double, velocity: Double, finishes: Bool) {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        let t = nav.settleTime + 0.1
        _ = nav.update(to: t)
        let began = nav.interactivePopBegan(at: t)
        #expect(began)
        nav.interactivePopChanged(translationX: progress * 390, velocityX: velocity, at: t + 0.1)
        let before = nav.frame(at: t + 0.1)
        nav.interactivePopEnded(velocityX: velocity, at: t + 0.1)
        expectNoJump(before, nav.frame(at: t + 0.1), "release")
        // The remainder starts with the release velocity (no linear tail): a finite difference right after release.
        let dt = 1e-5
        if let b0 = screen(nav.frame(at: t + 0.1), "B"), let b1 = screen(nav.frame(at: t + 0.1 + dt), "B") {
            #expect(abs((b1.rect.minX - b0.rect.minX) / dt - velocity) <= 0.02 * abs(velocity) + 2)
        }
        let events = nav.update(to: nav.settleTime + 0.1)
        #expect(events.contains(finishes ? .didFinishNavigation : .didCancel))
        #expect(nav.stack.map(\.id) == (finishes ? ["A"] : ["A", "B"]))
        let end = nav.frame(at: nav.settleTime + 3)
        #expect(close(end.sheet.sheet.height, (finishes ? 300 : 500) + 56 + 34, 1e-3))
    }

    @Test func rightToLeftMirrorsLeftToRight() {
        var (ltr, t0) = presentedNavigation()
        var (rtl, _) = presentedNavigation { $0.layoutDirection = .rightToLeft }
        for nav in [0, 1] {
            if nav == 0 {
                ltr.push(.init(id: "B", contentHeight: 450), at: t0)
            } else {
                rtl.push(.init(id: "B", contentHeight: 450), at: t0)
            }
        }
        for i in 0...40 {
            let t = t0 + Double(i) * 0.01
            let a = ltr.frame(at: t)
            let b = rtl.frame(at: t)
            #expect(a.screens.count == b.screens.count)
            for (l, r) in zip(a.screens, b.screens) {
                #expect(l.id == r.id && close(l.rect.mirrored(inContainerWidth: 390), r.rect, 1e-9))
            }
            #expect(a.sheet == b.sheet)
        }
    }

    @Test func keyboardAndRotationDuringAPushKeepEverythingContinuous() {
        var (nav, t0) = presentedNavigation()
        nav.push(.init(id: "B", contentHeight: 500), at: t0)
        var before = nav.frame(at: t0 + 0.1)
        nav.keyboardWillChange(
            to: Rect(x: 0, y: 544, width: 390, height: 300), duration: 0.25, curve: .timing(.easeOut), at: t0 + 0.1)
        expectNoJump(before, nav.frame(at: t0 + 0.1), "keyboard")
        // Rotation changes the container: the sheet's distance from the bottom and its height stay continuous.
        before = nav.frame(at: t0 + 0.2)
        nav.setContainer(Size(width: 844, height: 390), safeArea: Insets(bottom: 21), at: t0 + 0.2)
        let after = nav.frame(at: t0 + 0.2)
        // (Clamped where the old height no longer fits the new container: below the top limit, which then animates
        // from the old safe area's 47 points to the new minimum inset of 40, so the clamp itself never jumps.)
        #expect(close(min(844 - before.sheet.sheet.minY, 390 - 47), 390 - after.sheet.sheet.minY, 1e-6))
        let limitMoved = nav.frame(at: nav.settleTime + 0.1)
        #expect(close(390 - limitMoved.sheet.sheet.minY, 390 - 40, 0.25))  // within the settle tolerance
        let end = nav.settleTime + 0.1
        _ = nav.update(to: end)
        let last = nav.frame(at: end)
        #expect(last.screens.map(\.id) == ["B"])
        #expect(last.sheet.phase == .presented)
        #expect(close(last.screens[0].rect.minX, last.sheet.sheet.minX, 1e-9))
    }

    @Test(arguments: [30.0, 60.0, 120.0, 240.0])
    func sameTrajectoryAtEveryFrameRate(hz: Double) {
        // The same script with update(to:) called every frame: frames at shared instants equal the 1 kHz run's.
        func run(hz: Double, samples: [Double]) -> [Nav.Frame] {
            var nav = Nav(root: .init(id: "A", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
            let script: [(Double, (inout Nav, Double) -> Void)] = [
                (0, { n, t in n.present(at: t) }), (0.5, { n, t in n.push(.init(id: "B", contentHeight: 600), at: t) }),
                (0.62, { n, t in n.push(.init(id: "C", contentHeight: 200), at: t) }), (0.8, { n, t in n.pop(at: t) }),
                (1.3, { n, t in _ = n.interactivePopBegan(at: t) }),
                (1.4, { n, t in n.interactivePopChanged(translationX: 150, velocityX: 800, at: t) }),
                (1.45, { n, t in n.interactivePopEnded(velocityX: 800, at: t) }),
            ]
            return driveAtFrameRate(
                &nav, script: script, hz: hz, samples: samples, update: { _ = $0.update(to: $1) },
                frame: { $0.frame(at: $1) })
        }
        let samples = stride(from: 0.05, through: 2.5, by: 0.05).map { $0 }
        let reference = run(hz: 1000, samples: samples)
        let frames = run(hz: hz, samples: samples)
        for (a, b) in zip(reference, frames) {
            #expect(close(a.sheet.sheet, b.sheet.sheet, 1e-9))
            #expect(a.screens.map(\.id) == b.screens.map(\.id))
            for (x, y) in zip(a.screens, b.screens) { #expect(close(x.rect, y.rect, 1e-9)) }
        }
    }

    @Test func reduceMotionCrossFadesInsteadOfSliding() throws {
        var (nav, t0) = presentedNavigation { $0.reduceMotion = true }
        nav.push(.init(id: "B", contentHeight: 300), at: t0)
        let frame = nav.frame(at: t0 + 0.1)
        let a = try #require(screen(frame, "A"))
        let b = try #require(screen(frame, "B"))
        #expect(a.rect.minX == 0 && b.rect.minX == 0)
        #expect(a.alpha < 1 && b.alpha > 0 && b.alpha < 1)
    }
}

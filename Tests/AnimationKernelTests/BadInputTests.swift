import AnimationKernel
import Testing

/// Every public entry point given out-of-range values either throws a typed ``KernelError`` or clamps as its
/// documentation says; none traps (a trap would end the whole test process). One row per misuse.
@Suite struct BadInput {
    /// The error a row's documentation promises.
    enum Promised: String {
        case invalidArgument, invalidSize
    }

    /// Whether `body` throws exactly the ``KernelError`` its documentation promises; anything else (no error, another
    /// case, another error type) is recorded with what was thrown.
    static func throwsPromised(
        _ promised: Promised, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        do {
            try body()
            Issue.record("nothing thrown; the docs promise \(promised)", sourceLocation: sourceLocation)
            return false
        } catch {
            switch (promised, error as? KernelError) {
            case (.invalidArgument, .invalidArgument?), (.invalidSize, .invalidSize?): return true
            default:
                Issue.record("threw \(error); the docs promise \(promised)", sourceLocation: sourceLocation)
                return false
            }
        }
    }

    static func finite(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    static let phone = Size(width: 390, height: 844)

    /// A sheet frame as `Rect` documents it: finite numbers, non-negative sizes, alphas in [0, 1].
    static func wellFormed(_ frame: BottomSheet.Frame) -> Bool {
        let rects = [frame.sheet, frame.contentArea]
        let numbers = [
            frame.navigationBarHeight, frame.dimmingAlpha, frame.sheetAlpha, frame.presentation, frame.keyboardHeight,
        ]
        return rects.allSatisfy { finite($0) && $0.width >= 0 && $0.height >= 0 } && numbers.allSatisfy(\.isFinite)
            && (0...1).contains(frame.dimmingAlpha) && (0...1).contains(frame.sheetAlpha)
    }

    /// (what is misused, check that the documented outcome happened)
    static let rows: [String: @Sendable () -> Bool] = [
        // Springs: invalid parameters throw; odd times clamp to 0.
        "DampedSpring duration NaN": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(duration: .nan, bounce: 0) }
        },
        "DampedSpring duration negative": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(duration: -0.5, bounce: 0) }
        },
        "DampedSpring bounce above 1": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(duration: 0.5, bounce: 2) }
        },
        "DampedSpring response 0": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(response: 0, dampingRatio: 1) }
        },
        "DampedSpring mass 0": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(mass: 0, stiffness: 100, damping: 10) }
        },
        "DampedSpring stiffness infinite": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(mass: 1, stiffness: .infinity, damping: 1) }
        },
        "DampedSpring UIKit duration negative": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(uiKitDuration: -1, dampingRatio: 1) }
        },
        "DampedSpring evaluated at NaN time reads the start": {
            let state = DampedSpring.smooth.evaluate(displacement: 3, velocity: 4, at: .nan)
            return state.displacement == 3 && state.velocity == 4
        },
        "DampedSpring evaluated at negative time reads the start": {
            DampedSpring.smooth.evaluate(displacement: 3, velocity: 4, at: -2).displacement == 3
        },
        // Curves.
        "cubicBezier x1 above 1": {
            throwsPromised(.invalidArgument) { _ = try TimingCurve.cubicBezier(1.5, 0, 0.5, 1) }
        },
        "cubicBezier NaN": { throwsPromised(.invalidArgument) { _ = try TimingCurve.cubicBezier(.nan, 0, 0.5, 1) } },
        "steps(0)": { throwsPromised(.invalidArgument) { _ = try TimingCurve.steps(0) } },
        "steps(-3)": { throwsPromised(.invalidArgument) { _ = try TimingCurve.steps(-3, .jumpNone) } },
        "curve value at NaN is NaN": { TimingCurve.easeInEaseOut.value(at: .nan).isNaN },
        // Images and blur.
        "image negative width": { throwsPromised(.invalidSize) { _ = try RGBA8Image(width: -1, height: 4) } },
        "image too large": { throwsPromised(.invalidSize) { _ = try RGBA8Image(width: 1 << 21, height: 1) } },
        "image stride too small": {
            throwsPromised(.invalidSize) { _ = try RGBA8Image(width: 8, height: 2, stride: 4) }
        },
        "blur context negative": { throwsPromised(.invalidSize) { _ = try BlurContext(maxWidth: -5, maxHeight: 5) } },
        "gaussian sigma NaN": {
            throwsPromised(.invalidArgument) {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.gaussianBlur(&image, sigma: .nan)
            }
        },
        "gaussian sigma above 2000": {
            throwsPromised(.invalidArgument) {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.gaussianBlur(&image, sigma: 5_000)
            }
        },
        "box radius negative": {
            throwsPromised(.invalidArgument) {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.boxBlur(&image, radiusX: -1, radiusY: 0)
            }
        },
        "image larger than the context": {
            throwsPromised(.invalidSize) {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 8, height: 8)
                try context.gaussianBlur(&image, sigma: 2)
            }
        },
        "backdrop rate outside [0, 1] clamps": {
            BackdropEffect.pullToDismissBlur.interpolated(rate: 7) == BackdropEffect.pullToDismissBlur
                && BackdropEffect.pullToDismissBlur.interpolated(rate: -3)
                    == BackdropEffect.pullToDismissBlur.interpolated(rate: 0)
        },
        // Motion.
        "animated value NaN start reads 0": { AnimatedValue(.nan).value(at: 1) == 0 },
        "animated value events out of order keep the present": {
            var value = AnimatedValue(0)
            value.animate(to: 100, using: .spring(.smooth), at: 5)
            value.animate(to: -100, using: .spring(.smooth), at: 1)  // late: applied at 5
            return value.startTime == 5 && value.target == -100
        },
        // Transitions: NaN geometry reads as 0, odd events are ignored, frames stay finite.
        "sheet with NaN geometry": {
            var sheet = BottomSheet(
                layout: .init(
                    containerSize: Size(width: .nan, height: -4), safeArea: Insets(top: .infinity),
                    contentHeight: .nan, navigationBarHeight: -1))
            sheet.present(at: .nan)
            sheet.setContentHeight(.infinity, at: 1)
            sheet.keyboardWillChange(
                to: Rect(x: .nan, y: .nan, width: 1, height: 1), duration: -1, curve: .timing(.linear), at: 2)
            return finite(sheet.frame(at: 3).sheet) && finite(sheet.frame(at: .nan).sheet)
        },
        "sheet drag before present is ignored": {
            var sheet = BottomSheet(layout: .init(containerSize: phone, contentHeight: 300))
            sheet.dragChanged(translation: 100, velocity: 10, at: 1)
            sheet.dragEnded(velocity: .nan, at: 2)
            return sheet.phase == .dismissed && sheet.frame(at: 3).sheet.minY >= 844
        },
        "sheet detents empty means content": {
            var sheet = BottomSheet(layout: .init(containerSize: phone, contentHeight: 300))
            sheet.setDetents([], at: 0)
            sheet.present(at: 0)
            return abs(sheet.frame(at: 10).sheet.height - 300) < 1e-6
        },
        "navigation pop at the root": {
            var nav = SheetNavigation(root: .init(id: "a", contentHeight: 100), containerSize: phone)
            let popped = nav.pop(at: 0)
            return !popped && nav.stack.count == 1
        },
        "navigation empty setStack": {
            var nav = SheetNavigation(root: .init(id: "a", contentHeight: 100), containerSize: phone)
            let replaced = nav.setStack([], at: 0)
            return !replaced && nav.stack.count == 1
        },
        "navigation events out of order and NaN heights": {
            var nav = SheetNavigation(root: .init(id: "a", contentHeight: .nan), containerSize: phone)
            nav.present(at: 5)
            nav.push(.init(id: "b", contentHeight: -50), at: 1)
            nav.pop(at: .nan)
            nav.interactivePopChanged(translationX: 50, velocityX: 1, at: 2)  // no swipe began: ignored
            let frame = nav.frame(at: 6)
            return frame.screens.allSatisfy { finite($0.rect) } && finite(frame.sheet.sheet)
        },
        "card lift with NaN rects": {
            var card = CardLift(
                source: Rect(x: .nan, y: 0, width: -10, height: .infinity), target: .zero,
                modalLayout: .init(containerSize: phone, contentHeight: .nan))
            card.open(at: 0)
            card.close(at: -1)
            return finite(card.frame(at: 1).card)
        },
        "pull to dismiss with NaN size and stray events": {
            var pull = PullToDismiss(containerSize: Size(width: .nan, height: .nan))
            pull.dragChanged(translation: 10, at: 0)  // before dragBegan: ignored
            pull.dragEnded(velocity: .nan, at: 1)
            pull.setContent(offset: .nan)
            return finite(pull.frame(at: 2).screen)
        },
        "velocity tracker NaN samples": {
            var tracker = VelocityTracker(window: -1)
            tracker.addSample(.nan, at: 0)
            tracker.addSample(1, at: .nan)
            return tracker.velocity.isFinite
        },
    ]

    /// Representable range: tiny positive durations and huge finite values clamp (docs/reliability.md).
    static let rangeRows: [String: @Sendable () -> Bool] = [
        "curve of duration 1e-310 while moving settles finite": {
            var value = AnimatedValue(0)
            value.animate(to: 100, using: .spring(.smooth), at: 0)
            value.animate(to: 0, using: .curve(.linear, duration: 1e-310), at: 0.1)
            let (x, v) = value.state(at: 0.1 + 1e-7)
            return x.isFinite && v.isFinite && value.settleTime.isFinite && value.value(at: 1) == 0
        },
        "animated value with targets of 1.8e308 stays finite": {
            let huge = Double.greatestFiniteMagnitude
            var value = AnimatedValue(-huge)
            value.animate(to: huge, using: .spring(.bouncy), at: 0, initialVelocity: huge)
            let (x, v) = value.state(at: 0.05)
            return x.isFinite && v.isFinite && value.settleTime.isFinite
                && value.target == RepresentableRange.maximumMagnitude
        },
        "curve with ordinates of 1.8e308 stays finite": {
            var value = AnimatedValue(0)
            let huge = Double.greatestFiniteMagnitude
            guard let curve = try? TimingCurve.cubicBezier(0.3, huge, 0.6, -huge) else { return false }
            value.animate(to: 1_000, using: .curve(curve, duration: 0.3), at: 0)
            let state: (value: Double, velocity: Double) = value.state(at: 0.1)
            return state.value.isFinite && state.velocity.isFinite
        },
        "sheet with presentDuration 1e-310 presents": {
            var configuration = BottomSheet.Configuration()
            configuration.presentDuration = 1e-310
            var sheet = BottomSheet(
                layout: .init(containerSize: phone, contentHeight: 300), configuration: configuration)
            sheet.present(at: 0)
            let events = sheet.update(to: 1)
            return events.contains(.didPresent) && wellFormed(sheet.frame(at: 1e-9)) && sheet.settleTime.isFinite
        },
        "keyboard hidden over 1e-310 s after a show": {
            var sheet = BottomSheet(layout: .init(containerSize: phone, contentHeight: 300))
            sheet.present(at: 0)
            sheet.keyboardWillChange(
                to: Rect(x: 0, y: 544, width: 390, height: 300), duration: 0.25, curve: .timing(.easeOut), at: 0.1)
            sheet.keyboardWillChange(to: nil, duration: 1e-310, curve: .timing(.easeOut), at: 0.2)
            let events = sheet.update(to: 2)
            return events.contains(.didPresent) && wellFormed(sheet.frame(at: 0.2 + 1e-9))
                && wellFormed(sheet.frame(at: 2)) && sheet.settleTime.isFinite
        },
        "card lift with rects at 1.8e308": {
            let huge = Double.greatestFiniteMagnitude
            var card = CardLift(
                source: Rect(x: -huge, y: huge, width: huge, height: huge),
                target: Rect(x: huge, y: -huge, width: huge, height: huge),
                modalLayout: .init(containerSize: phone, contentHeight: huge))
            card.open(at: 0)
            card.close(at: 0.1)
            return [0.05, 0.15, 0.4].allSatisfy { finite(card.frame(at: $0).card) } && card.settleTime.isFinite
        },
        "pull to dismiss with offsets and translations of 1.8e308": {
            let huge = Double.greatestFiniteMagnitude
            var pull = PullToDismiss(containerSize: phone)
            pull.setContent(offset: huge, minimum: -huge)
            pull.dragBegan(at: 0)
            pull.dragChanged(translation: -huge, at: 0.01)
            pull.dragChanged(translation: huge, at: 0.02)
            let frame = pull.frame(at: 0.02)
            pull.dragEnded(velocity: huge, at: 0.03)
            let after = pull.frame(at: 0.1)
            return frame.contentOffset.isFinite && finite(frame.screen) && after.offset.isFinite && finite(after.screen)
        },
        "spring array retargeted across the float range": {
            guard var springs = try? SpringArray(spring: .smooth, values: [-3e38, 0]) else { return false }
            guard (try? springs.retarget(lane: 0, to: 3e38)) != nil,
                (try? springs.setVelocity(lane: 1, to: 3e38)) != nil
            else { return false }
            springs.advance(by: 1 / 60)
            return springs.displacements.allSatisfy(\.isFinite) && springs.velocities.allSatisfy(\.isFinite)
        },
        "spring of duration 1e-300 throws": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(duration: 1e-300, bounce: 0) }
        },
        "spring of response 1e300 throws": {
            throwsPromised(.invalidArgument) { _ = try DampedSpring(response: 1e300, dampingRatio: 1) }
        },
    ]

    /// Images: sizes in range but beyond memory, and widths whose default stride overflows.
    static let imageRows: [String: @Sendable () -> Bool] = [
        "image width Int.max throws invalidSize": {
            guard case .invalidSize? = thrown({ () throws(KernelError) in _ = try RGBA8Image(width: .max, height: 1) })
            else { return false }
            return true
        },
        "image 2^20 x 2^20 throws outOfMemory": {
            thrown { () throws(KernelError) in _ = try RGBA8Image(width: 1 << 20, height: 1 << 20) } == .outOfMemory
        },
        "image of 2^60 bytes throws outOfMemory": {
            thrown { () throws(KernelError) in _ = try RGBA8Image(width: 1, height: 1 << 20, stride: 1 << 40) }
                == .outOfMemory
        },
        "blur context 2^20 x 2^20 throws outOfMemory": {
            thrown { () throws(KernelError) in _ = try BlurContext(maxWidth: 1 << 20, maxHeight: 1 << 20) }
                == .outOfMemory
        },
    ]

    /// The error `body` throws, or nil.
    static func thrown(_ body: () throws(KernelError) -> Void) -> KernelError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: rangeRows.keys.sorted())
    func valuesOutsideTheRepresentableRangeClamp(row: String) throws {
        let check = try #require(Self.rangeRows[row])
        #expect(check(), "\(row)")
    }

    @Test(arguments: imageRows.keys.sorted())
    func imagesTooLargeThrow(row: String) throws {
        let check = try #require(Self.imageRows[row])
        #expect(check(), "\(row)")
    }

    /// Renderers of 3 px or less on a side: the prepared image's ring is larger than the snapshot, and
    /// `renderPrepared` must still render into an image of exactly `preparedSize`.
    @Test(arguments: [(64, 2, 2), (64, 2, 4), (1, 1, 2), (1, 1, 4), (2, 50, 2), (2, 50, 4), (3, 3, 2)])
    func tinyRenderersRenderPrepared(width: Int, height: Int, factor: Int) throws {
        var renderer = try BackdropRenderer(width: width, height: height, displayScale: 1)
        var snapshot = try RGBA8Image(width: width, height: height)
        for y in 0..<height { for x in 0..<width { snapshot[x, y] = (128, 128, 128, 255) } }
        try renderer.prepare(snapshot, factor: factor)
        let size = renderer.preparedSize
        var small = try RGBA8Image(width: size.width, height: size.height)
        try renderer.renderPrepared(.pullToDismissBlur, into: &small)
        // A uniform grey stays that grey through blur and saturation.
        for y in 0..<size.height {
            for x in 0..<size.width {
                let p = small[x, y]
                #expect(abs(Int(p.r) - 128) <= 1 && p.a == 255, "pixel (\(x), \(y)) is \(p), expected about 128 grey")
            }
        }
    }

    /// Sheets, the navigation stack and the card's modal never report a negative height, even when a spring
    /// undershoots a height of 0.
    @Test func sheetHeightsStayNonNegative() throws {
        // Present, an interactive height with a fast downward velocity, then content height 0.
        var sheet = BottomSheet(layout: .init(containerSize: Self.phone, contentHeight: 300))
        sheet.present(at: 0)
        sheet.trackContentHeight(0, velocity: -5000, at: 0.4)
        sheet.setContentHeight(0, at: 0.41)
        #expect(sheet.frame(at: 0.448).sheet.height >= 0, "height \(sheet.frame(at: 0.448).sheet.height) at 0.448 s")
        Self.expectNonNegativeHeights(from: 0.41, to: 1.5) { sheet.frame(at: $0) }

        // A bouncy settle spring flung onto a zero detent.
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.fraction(0), .large]
        configuration.settleSpring = try DampedSpring(duration: 0.5, bounce: 0.7)
        var bouncy = BottomSheet(
            layout: .init(containerSize: Self.phone, contentHeight: 300), configuration: configuration)
        bouncy.present(at: 0)
        _ = bouncy.update(to: 1)
        bouncy.dragBegan(at: 1)
        bouncy.dragChanged(translation: 300, velocity: 4000, at: 1.05)
        bouncy.dragEnded(velocity: 6000, at: 1.06)
        Self.expectNonNegativeHeights(from: 1.06, to: 3) { bouncy.frame(at: $0) }

        // The same inside the navigation stack and the card's modal.
        var navigationConfiguration = SheetNavigation.Configuration()
        navigationConfiguration.sheet.detents = [.fraction(0)]
        var nav = SheetNavigation(
            root: .init(id: "a", contentHeight: 300), containerSize: Self.phone, configuration: navigationConfiguration)
        nav.present(at: 0)
        nav.push(.init(id: "b", contentHeight: 0, showsNavigationBar: false), at: 0.1)
        Self.expectNonNegativeHeights(from: 0, to: 1.5) { nav.frame(at: $0).sheet }
        var cardConfiguration = CardLift.Configuration()
        cardConfiguration.modal.detents = [.fraction(0)]
        cardConfiguration.modal.layoutDriver = .spring(try DampedSpring(duration: 0.4, bounce: 0.8))
        var card = CardLift(
            source: Rect(x: 16, y: 300, width: 358, height: 120), target: Rect(x: 0, y: 60, width: 390, height: 240),
            modalLayout: .init(containerSize: Self.phone, contentHeight: 500), configuration: cardConfiguration)
        card.open(at: 0)
        card.setContainer(Size(width: 390, height: 600), safeArea: .zero, at: 0.05)
        card.close(at: 0.1)
        card.open(at: 0.15)
        Self.expectNonNegativeHeights(from: 0, to: 1.5) { card.frame(at: $0).modal }
    }

    /// Frames every millisecond from `start` to `end`: the lowest sheet height is not negative and every frame is
    /// well formed (the first that is not is reported).
    static func expectNonNegativeHeights(from start: Double, to end: Double, _ frame: (Double) -> BottomSheet.Frame) {
        var worst = (time: start, height: Double.infinity)
        var malformed: (time: Double, frame: BottomSheet.Frame)?
        var t = start
        while t <= end {
            let f = frame(t)
            if f.sheet.height < worst.height { worst = (t, f.sheet.height) }
            if malformed == nil, !wellFormed(f) { malformed = (t, f) }
            t += 0.001
        }
        #expect(worst.height >= 0, "sheet height \(worst.height) at \(worst.time) s")
        if let malformed {
            Issue.record("frame at \(malformed.time) s is not well formed: sheet \(malformed.frame.sheet)")
        }
    }

    /// A sequence of public calls found by a random storm that trapped in `SheetNavigation.push` (a transition began
    /// with no screen entries left).
    @Test func navigationSequenceThatTrappedInPush() {
        let container = Size(width: 844, height: 390)
        var nav = SheetNavigation(root: .init(id: "s1076", contentHeight: 343), containerSize: container)
        let nanScreen = SheetNavigation.Screen(id: "s1077", contentHeight: .nan, showsNavigationBar: false)
        nav.interactivePopBegan(at: 2.132073)
        _ = nav.update(to: 2.142987)
        nav.setStack([nanScreen, .init(id: "s1078", contentHeight: 75.5)], at: 2.146932)
        nav.push(.init(id: "s1079", contentHeight: 326), at: 2.178445)
        nav.dismiss(at: 2.290953)
        nav.interactivePopChanged(translationX: 478.9, velocityX: 0, at: 2.292332)
        nav.keyboardWillChange(
            to: Rect(x: 0, y: -1, width: 844, height: 300), duration: 0.148, curve: .timing(.easeOut), at: 4.015302)
        nav.setContainer(container, safeArea: .zero, at: 4.238784)
        nav.pop(at: 4.241923)
        nav.push(.init(id: "s1080", contentHeight: 343.1), at: 4.254696)
        nav.pop(animated: false, at: 4.265551)
        nav.interactivePopEnded(velocityX: -1356.6, at: 6.264849)
        nav.setContainer(container, safeArea: Insets(bottom: 34), at: 6.266920)
        nav.interactivePopBegan(at: 6.363032)
        nav.interactivePopBegan(at: 6.363032)
        _ = nav.update(to: 6.374984)
        _ = nav.update(to: 7.286535)
        nav.setContainer(container, safeArea: Insets(top: 47, bottom: 34), at: 7.295609)
        nav.interactivePopBegan(at: 7.296992)
        nav.interactivePopChanged(translationX: 429.3, velocityX: 0, at: 7.3856)
        nav.interactivePopEnded(velocityX: -258.9, at: 7.423837)
        nav.pop(at: 7.46778)
        nav.setStack([nanScreen], animated: false, at: 7.470394)
        nav.pop(at: 7.471589)
        _ = nav.update(to: 9.508829)
        nav.dismiss(at: 9.508829)
        nav.interactivePopChanged(translationX: 472.9, velocityX: 0, at: 9.515541)
        nav.push(.init(id: "s1081", contentHeight: 300), at: 9.52)
        // The pushed screen is the top of the stack and is drawn once its slide has finished.
        #expect(nav.stack.last?.id == "s1081")
        let frame = nav.frame(at: 11)
        #expect(frame.screens.last?.id == "s1081", "front screen at rest: \(frame.screens.map(\.id))")
    }

    @Test(arguments: rows.keys.sorted())
    func misuseThrowsOrClampsAsDocumented(row: String) throws {
        let check = try #require(Self.rows[row])
        #expect(check(), "\(row)")
    }
}

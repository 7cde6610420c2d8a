import AnimationKernel
import Testing

/// Every public entry point given out-of-range values either throws a typed ``KernelError`` or clamps as its
/// documentation says; none traps (a trap would end the whole test process). One row per misuse.
@Suite struct BadInput {
    /// Whether `body` throws a KernelError (and nothing else).
    static func throwsKernelError(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch {
            return error is KernelError
        }
    }

    static func finite(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    static let phone = Size(width: 390, height: 844)

    /// (what is misused, check that the documented outcome happened)
    static let rows: [String: @Sendable () -> Bool] = [
        // Springs: invalid parameters throw; odd times clamp to 0.
        "Spring duration NaN": { throwsKernelError { _ = try Spring(duration: .nan, bounce: 0) } },
        "Spring duration negative": { throwsKernelError { _ = try Spring(duration: -0.5, bounce: 0) } },
        "Spring bounce above 1": { throwsKernelError { _ = try Spring(duration: 0.5, bounce: 2) } },
        "Spring response 0": { throwsKernelError { _ = try Spring(response: 0, dampingRatio: 1) } },
        "Spring mass 0": { throwsKernelError { _ = try Spring(mass: 0, stiffness: 100, damping: 10) } },
        "Spring stiffness infinite": {
            throwsKernelError { _ = try Spring(mass: 1, stiffness: .infinity, damping: 1) }
        },
        "Spring UIKit duration negative": {
            throwsKernelError { _ = try Spring(uiKitDuration: -1, dampingRatio: 1) }
        },
        "Spring evaluated at NaN time reads the start": {
            let state = Spring.smooth.evaluate(displacement: 3, velocity: 4, at: .nan)
            return state.displacement == 3 && state.velocity == 4
        },
        "Spring evaluated at negative time reads the start": {
            Spring.smooth.evaluate(displacement: 3, velocity: 4, at: -2).displacement == 3
        },
        // Curves.
        "cubicBezier x1 above 1": { throwsKernelError { _ = try TimingCurve.cubicBezier(1.5, 0, 0.5, 1) } },
        "cubicBezier NaN": { throwsKernelError { _ = try TimingCurve.cubicBezier(.nan, 0, 0.5, 1) } },
        "steps(0)": { throwsKernelError { _ = try TimingCurve.steps(0) } },
        "steps(-3)": { throwsKernelError { _ = try TimingCurve.steps(-3, .jumpNone) } },
        "curve value at NaN is NaN": { TimingCurve.easeInEaseOut.value(at: .nan).isNaN },
        // Images and blur.
        "image negative width": { throwsKernelError { _ = try RGBA8Image(width: -1, height: 4) } },
        "image too large": { throwsKernelError { _ = try RGBA8Image(width: 1 << 21, height: 1) } },
        "image stride too small": { throwsKernelError { _ = try RGBA8Image(width: 8, height: 2, stride: 4) } },
        "blur context negative": { throwsKernelError { _ = try BlurContext(maxWidth: -5, maxHeight: 5) } },
        "gaussian sigma NaN": {
            throwsKernelError {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.gaussianBlur(&image, sigma: .nan)
            }
        },
        "gaussian sigma above 2000": {
            throwsKernelError {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.gaussianBlur(&image, sigma: 5_000)
            }
        },
        "box radius negative": {
            throwsKernelError {
                var context = try BlurContext(maxWidth: 4, maxHeight: 4)
                var image = try RGBA8Image(width: 4, height: 4)
                try context.boxBlur(&image, radiusX: -1, radiusY: 0)
            }
        },
        "image larger than the context": {
            throwsKernelError {
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
                    containerSize: Size(width: .nan, height: -4), safeArea: EdgeInsets(top: .infinity),
                    contentHeight: .nan, navigationBarHeight: -1))
            sheet.present(at: .nan)
            sheet.setContentHeight(.infinity, at: 1)
            sheet.keyboardWillChange(
                to: Rect(x: .nan, y: .nan, width: 1, height: 1), duration: -1, curve: .linear, at: 2)
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

    @Test(arguments: rows.keys.sorted())
    func misuseThrowsOrClampsAsDocumented(row: String) throws {
        let check = try #require(Self.rows[row])
        #expect(check(), "\(row)")
    }
}

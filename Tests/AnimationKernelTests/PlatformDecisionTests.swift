import AnimationKernel
import Testing

/// Decisions a UIKit layer used to make itself (issue #46 items 10-12), now in core code.
@Suite struct PlatformDecisionTests {
    /// Item 10: a pan begins after its ~10 pt hysteresis; the edge test uses where the finger went down.
    @Test func edgeSwipeIsTestedWhereTheFingerWentDown() {
        var arbiter = GestureArbiter()
        // Began 25 pt from the edge after moving 12 pt: the finger went down 13 pt from the edge.
        let start = GestureArbiter.touchDown(location: Point(x: 25, y: 300), translation: Point(x: 12, y: 1))
        #expect(start == Point(x: 13, y: 299))
        arbiter.began(at: start, containerWidth: 390)
        #expect(arbiter.changed(translation: Point(x: 12, y: 1)) == .edgeSwipe)
        // The location at .began alone would have missed the 20 pt edge.
        var late = GestureArbiter()
        late.began(at: Point(x: 25, y: 300), containerWidth: 390)
        #expect(late.changed(translation: Point(x: 12, y: 1)) == .content)
    }

    /// Item 10: the edge is measured in the sheet (a 700 pt sheet centred in a 1024 pt iPad container starts at
    /// x = 162): the layer passes sheet coordinates and the sheet's width.
    @Test func edgeIsTheSheetsInRightToLeftToo() {
        var arbiter = GestureArbiter()
        arbiter.configuration.layoutDirection = .rightToLeft
        arbiter.began(at: Point(x: 690, y: 100), containerWidth: 700)
        #expect(arbiter.changed(translation: Point(x: -15, y: 0)) == .edgeSwipe)
    }

    /// Item 11: the sheet's pan begins for vertical drags and edge swipes only; a horizontal swipe on the content
    /// (swipe actions, carousels) stays the content's, decided by direction below the slop too.
    @Test(arguments: [
        // (x, translation, velocity) -> begins
        (200.0, Point(x: 0, y: 12), Point(x: 0, y: 300), true),
        (200.0, Point(x: 12, y: 2), Point(x: 600, y: 50), false),
        (200.0, Point(x: 3, y: 1), Point(x: 800, y: 100), false),
        (200.0, Point(x: 1, y: 3), Point(x: 100, y: 800), true),
        (10.0, Point(x: 12, y: 2), Point(x: 600, y: 50), true),
        (10.0, Point(x: -12, y: 2), Point(x: -600, y: 50), false),
    ])
    func panBeginsOnlyForTheSheetOrAnEdgeSwipe(x: Double, translation: Point, velocity: Point, begins: Bool) {
        let arbiter = GestureArbiter()
        let start = GestureArbiter.touchDown(location: Point(x: x + translation.x, y: 300), translation: translation)
        #expect(
            arbiter.shouldBegin(at: start, containerWidth: 390, translation: translation, velocity: velocity) == begins)
    }

    /// Item 12: keyboard frames arrive in screen coordinates and reach the container through its window; floating
    /// and split keyboards leave the layout alone.
    @Test func keyboardFramesReachTheContainerThroughItsWindow() {
        let window = Rect(x: 0, y: 0, width: 1024, height: 1366)
        // A sheet container offset in its window (a form-sheet-like container, Stage Manager).
        let container = Rect(x: 100, y: 200, width: 700, height: 1166)
        let docked = Rect(x: 0, y: 1000, width: 1024, height: 366)
        #expect(
            KeyboardGeometry.frame(ofKeyboard: docked, inWindow: window, container: container)
                == Rect(x: -100, y: 800, width: 1024, height: 366))
        let floating = Rect(x: 300, y: 700, width: 320, height: 260)
        #expect(KeyboardGeometry.frame(ofKeyboard: floating, inWindow: window, container: container) == nil)
        #expect(KeyboardGeometry.frame(ofKeyboard: nil, inWindow: window, container: container) == nil)
        let elsewhere = Rect(x: 0, y: 1000, width: 90, height: 366)
        #expect(KeyboardGeometry.frame(ofKeyboard: elsewhere, inWindow: window, container: container) == nil)
        // A window that is not the whole screen (Split View): the keyboard, converted into it, still docks at its
        // bottom edge or below.
        let split = Rect(x: 0, y: 0, width: 507, height: 1366)
        #expect(
            KeyboardGeometry.frame(
                ofKeyboard: Rect(x: -517, y: 1000, width: 1024, height: 366), inWindow: split, container: split)
                == Rect(x: -517, y: 1000, width: 1024, height: 366))
    }
}

/// Issue #46 item 9: one writer for a tracked scroll view's offset.
@Suite struct ScrollHandoffTests {
    static func sheet() -> BottomSheet {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.fraction(0.5), .large]
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 1400),
            configuration: configuration)
        sheet.present(animated: false, at: 0)
        return sheet
    }

    /// While the sheet owns the drag the model's offset is written after each touch; otherwise nothing is.
    @Test func theModelsOffsetIsWrittenOnlyWhileTheSheetOwnsTheDrag() {
        var sheet = Self.sheet()
        sheet.setContent(offset: 200, minimum: 0, maximum: 1000)
        sheet.dragBegan(at: 1)
        sheet.dragChanged(translation: 50, velocity: 500, at: 1.1)
        let frame = sheet.frame(at: 1.1)
        #expect(frame.contentOffset == 150, "pulling down scrolls the content back first: \(frame.contentOffset)")
        #expect(ScrollHandoff.offsetAfterTouch(modelOwnsDrag: true, modelOffset: frame.contentOffset) == 150)
        #expect(ScrollHandoff.offsetAfterTouch(modelOwnsDrag: false, modelOffset: frame.contentOffset) == nil)
    }

    /// A release while the content scrolled leaves the scroll view its fling; a release that moved the sheet stops
    /// the scroll view where the model has it.
    @Test func theReleaseVelocityGoesToOneOfThem() {
        var scrolling = Self.sheet()
        scrolling.setContent(offset: 200, minimum: 0, maximum: 1000)
        scrolling.dragBegan(at: 1)
        scrolling.dragChanged(translation: 50, velocity: 500, at: 1.1)
        #expect(scrolling.contentOwnsMovement)
        #expect(!ScrollHandoff.stopsDecelerationAtRelease(scrolling))
        var moving = Self.sheet()
        moving.setContent(offset: 0, minimum: 0, maximum: 1000)
        moving.dragBegan(at: 1)
        moving.dragChanged(translation: 50, velocity: 500, at: 1.1)
        #expect(!moving.contentOwnsMovement)
        #expect(ScrollHandoff.stopsDecelerationAtRelease(moving))
    }
}

/// Issue #46 item 20: an adjustable grabber steps through the detents by height.
@Suite struct AdjustableGrabberTests {
    @Test func adjacentDetentsGoByHeight() {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.large, .content, .medium]
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 200),
            configuration: configuration)
        sheet.present(animated: false, at: 0)
        #expect(sheet.selectedDetent == .content, "presents at the smallest")
        #expect(sheet.adjacentDetent(upward: true) == .medium)
        #expect(sheet.adjacentDetent(upward: false) == nil)
        sheet.moveToDetent(.large, animated: false, at: 1)
        #expect(sheet.adjacentDetent(upward: true) == nil)
        #expect(sheet.adjacentDetent(upward: false) == .medium)
    }
}

/// Issue #46 item 13: touches above a sheet at or below its largest undimmed detent reach what is behind it.
@Suite struct BackgroundInteractionTests {
    @Test func touchesPassWhereTheBehindIsUndimmed() {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.fraction(0.3), .large]
        configuration.largestUndimmedDetent = .fraction(0.3)
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 200),
            configuration: configuration)
        sheet.present(animated: false, at: 0)
        #expect(sheet.passesTouchesBehind(sheet.frame(at: 0)))
        sheet.moveToDetent(.large, animated: false, at: 1)
        #expect(!sheet.passesTouchesBehind(sheet.frame(at: 1)), "dimmed at the large detent")
        var dimmed = BottomSheet(layout: .init(containerSize: phone, contentHeight: 200))
        dimmed.present(animated: false, at: 0)
        #expect(!dimmed.passesTouchesBehind(dimmed.frame(at: 0)))
    }
}

/// Hooks a SwiftUI sheet needs (issue #47): a starting detent and background interaction set at any time.
@Suite struct SheetConfigurationHookTests {
    @Test func presentsAtTheInitialDetentIfItIsOne() {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.content, .large]
        configuration.initialDetent = .large
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 200),
            configuration: configuration)
        sheet.present(animated: false, at: 0)
        #expect(sheet.selectedDetent == .large)
        configuration.initialDetent = .medium  // not one of the detents: the smallest
        var other = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 200),
            configuration: configuration)
        other.present(animated: false, at: 0)
        #expect(other.selectedDetent == .content)
    }

    @Test func largestUndimmedDetentChangesAtAnyTime() {
        var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 200))
        sheet.present(animated: false, at: 0)
        #expect(sheet.frame(at: 1).dimmingAlpha > 0)
        sheet.setLargestUndimmedDetent(.content, at: 1)
        #expect(sheet.frame(at: 1).dimmingAlpha == 0 && sheet.passesTouchesBehind(sheet.frame(at: 1)))
    }
}

/// Issue #46 item 9: the range a tracked scroll view scrolls in, from what UIKit reports.
@Suite struct ScrollRangeTests {
    @Test func rangeFollowsTheAdjustedInsets() {
        // 1400 pt of content in a 600 pt viewport under a 56 pt bar, above a 34 pt home indicator.
        let list = ScrollRange(offset: -56, contentHeight: 1400, viewportHeight: 600, insetTop: 56, insetBottom: 34)
        #expect(list.offset == -56 && list.top == -56 && list.bottom == 834)
        // Content shorter than the viewport scrolls nowhere: the bottom is the top.
        let short = ScrollRange(offset: 0, contentHeight: 200, viewportHeight: 600, insetTop: 20, insetBottom: 34)
        #expect(short.top == -20 && short.bottom == -20)
        let broken = ScrollRange(
            offset: .nan, contentHeight: .infinity, viewportHeight: 600, insetTop: .nan, insetBottom: 0)
        #expect(broken.offset == 0 && broken.top == 0 && broken.bottom == 0)
    }
}

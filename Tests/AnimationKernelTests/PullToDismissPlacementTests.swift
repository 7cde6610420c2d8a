import AnimationKernel
import Testing

/// Issue 46 item 19 and item 20 for pull-to-dismiss: which view moves, where the pan is measured, where the
/// backdrop goes, and VoiceOver's escape.
@Suite struct PullToDismissPlacementTests {
    /// A presented hierarchy as UIKit builds one: a navigation controller (view 1) around the content controller
    /// (view 2, inside view 1), presented in a transition container (view 0) of a phone's size.
    struct Hierarchy {
        /// Controller 0 is the navigation controller, controller 1 the content.
        var parents: [Int?] = [nil, 0]
        var views: [Int?] = [1, 2]
        var superviews: [Int?] = [nil, 0, 1]
        var frames: [Rect] = [
            Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: 0, y: 0, width: 390, height: 844),
            Rect(x: 0, y: 0, width: 390, height: 844),
        ]

        func placement(of controller: Int) -> PullToDismissPlacement<Int, Int>? {
            PullToDismissPlacement(
                presented: controller, parent: { parents[$0] }, view: { views[$0] }, superview: { superviews[$0] },
                bounds: { Rect(x: 0, y: 0, width: frames[$0].width, height: frames[$0].height) })
        }

        /// A point in the window's coordinates, in `view`'s (UIKit's `convert(_:from: nil)`).
        func convert(_ point: Point, to view: Int) -> Point {
            var (x, y) = (point.x, point.y)
            var current: Int? = view
            while let v = current {
                x -= frames[v].minX
                y -= frames[v].minY
                current = superviews[v]
            }
            return Point(x: x, y: y)
        }
    }

    @Test func theNavigationControllersViewMovesNotTheContents() throws {
        let hierarchy = Hierarchy()
        // Attached to the content controller, the pull moves its navigation controller's view (1), bar and all.
        let placement = try #require(hierarchy.placement(of: 1))
        #expect(placement.container == 0)
        #expect(placement.moving == 1, "the pulled view is \(placement.moving), not the navigation controller's (1)")
        #expect(placement.measuring == 0 && placement.backdropFrame == Rect(x: 0, y: 0, width: 390, height: 844))
        // A controller without a container moves its own view.
        var alone = Hierarchy()
        alone.parents = [nil, nil]
        alone.superviews = [nil, 0, 0]
        #expect(alone.placement(of: 1)?.moving == 2)
    }

    @Test func theMeasuringViewIsNeitherTheMovingViewNorInsideIt() throws {
        let hierarchy = Hierarchy()
        let placement = try #require(hierarchy.placement(of: 1))
        var view: Int? = placement.measuring
        while let v = view {
            #expect(v != placement.moving, "the pan is measured in view \(placement.measuring), which moves")
            view = hierarchy.superviews[v]
        }
    }

    /// The finger moves 300 points down in 10-point steps, each frame applied to the moving view before the next
    /// touch is read (as on a device): measured in a view that does not move, the screen follows the finger
    /// exactly. Measured in the moving view, each step would lose what the screen moved since the drag began.
    @Test func thePulledScreenFollowsTheFingerExactly() throws {
        var hierarchy = Hierarchy()
        let placement = try #require(hierarchy.placement(of: 1))
        let resting = hierarchy.frames[placement.moving]
        var model = PullToDismiss(containerSize: resting.size)
        let start = Point(x: 200, y: 300)
        let startInView = hierarchy.convert(start, to: placement.measuring)
        model.dragBegan(at: 0)
        for step in 1...30 {
            let t = Double(step) / 120
            let finger = Point(x: start.x, y: start.y + Double(step) * 10)
            let translation = hierarchy.convert(finger, to: placement.measuring).y - startInView.y
            model.dragChanged(translation: translation, velocity: 1200, at: t)
            hierarchy.frames[placement.moving] = model.frame(at: t).movingFrame(resting: resting)
        }
        let moved = hierarchy.frames[placement.moving].minY - resting.minY
        #expect(abs(moved - 300) < 1e-9, "the screen moved \(moved) points for a 300-point pull")
    }

    @Test func theBackdropFollowsTheContainersBounds() throws {
        var hierarchy = Hierarchy()
        #expect(hierarchy.placement(of: 1)?.backdropFrame == Rect(x: 0, y: 0, width: 390, height: 844))
        hierarchy.frames[0] = Rect(x: 0, y: 0, width: 844, height: 390)  // rotated
        let rotated = try #require(hierarchy.placement(of: 1))
        #expect(rotated.backdropFrame == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(
            PullToDismissPlacement<Int, Int>.backdropFrame(containerBounds: Rect(x: 0, y: 0, width: .nan, height: 5))
                == Rect(x: 0, y: 0, width: 0, height: 5))
    }

    @Test func notYetInAHierarchyOrALoopingChainIsHandled() {
        var detached = Hierarchy()
        detached.superviews = [nil, nil, 1]
        #expect(detached.placement(of: 1) == nil)
        var loop = Hierarchy()
        loop.parents = [1, 0]
        // Bad input never hangs: the chain is followed a bounded number of steps.
        #expect(loop.placement(of: 1) != nil)
    }

    @Test func movingFrameKeepsTheRestingSizeAndAddsTheOffset() {
        var model = PullToDismiss(containerSize: Size(width: 390, height: 844))
        model.dragBegan(at: 0)
        model.dragChanged(translation: 120, velocity: 0, at: 0.1)
        let frame = model.frame(at: 0.1).movingFrame(resting: Rect(x: 10, y: 20, width: 390, height: 844))
        #expect(frame == Rect(x: 10, y: 140, width: 390, height: 844))
    }

    // MARK: - VoiceOver's escape (item 20)

    @Test func escapeDismissesWhenADragCould() {
        var model = PullToDismiss(containerSize: Size(width: 390, height: 844))
        let escaped = model.accessibilityEscape(at: 1)
        #expect(escaped && model.phase == .dismissing)
        _ = model.update(to: model.settleTime)
        #expect(model.phase == .dismissed)
        // Leaving already: handled; gone: not.
        var leaving = PullToDismiss(containerSize: Size(width: 390, height: 844))
        leaving.dismiss(at: 0)
        let stillLeaving = leaving.accessibilityEscape(at: 0.1)
        let gone = model.accessibilityEscape(at: model.settleTime + 1)
        #expect(stillLeaving && !gone)
    }

    @Test func escapeIsRefusedWhenDismissalIsNotAllowed() {
        var model = PullToDismiss(containerSize: Size(width: 390, height: 844))
        model.setInteractiveDismissal(allowed: false, at: 0)
        _ = model.update(to: 0)
        let escaped = model.accessibilityEscape(at: 1)
        #expect(!escaped && model.phase == .idle && model.frame(at: 2).offset == 0)
        let events = model.update(to: 1)
        #expect(events == .didAttemptDismiss)
    }

    @Test func escapeWhileAFingerHoldsTheScreenDoesNothing() {
        var model = PullToDismiss(containerSize: Size(width: 390, height: 844))
        model.dragBegan(at: 0)
        model.dragChanged(translation: 40, velocity: 0, at: 0.1)
        let escaped = model.accessibilityEscape(at: 0.2)
        let events = model.update(to: 0.2)
        #expect(!escaped && model.phase == .dragging && events.isEmpty)
    }

    /// The axis decides which touches the pull takes: vertical drags only, or edge swipes from the leading edge.
    @Test func theAxisDecidesWhichTouchesPull() {
        var vertical = GestureArbiter(configuration: PullToDismiss.Axis.vertical.gestureConfiguration)
        vertical.began(at: Point(x: 5, y: 300), containerWidth: 390)
        #expect(vertical.changed(translation: Point(x: 30, y: 2)) == .content, "an edge swipe on a vertical pull")
        var edge = GestureArbiter(configuration: PullToDismiss.Axis.edgeSwipe(.rightToLeft).gestureConfiguration)
        edge.began(at: Point(x: 385, y: 300), containerWidth: 390)
        #expect(edge.changed(translation: Point(x: -30, y: 2)) == .edgeSwipe)
        edge.ended()
        edge.began(at: Point(x: 200, y: 300), containerWidth: 390)
        #expect(edge.changed(translation: Point(x: 0, y: 30)) == .content, "a vertical drag on an edge-swipe pull")
    }

    /// A blurred backdrop renders only what a vertical pull uncovers above the screen; all of it on an edge swipe
    /// or when asked for whole.
    @Test func theBlurRendersWhatThePullUncovers() {
        var pull = PullToDismiss(containerSize: phone)
        pull.dragBegan(at: 0)
        pull.dragChanged(translation: 120, velocity: 0, at: 0.1)
        let frame = pull.frame(at: 0.1)
        #expect(
            pull.uncoveredBackdrop(in: frame, width: 390) == Rect(x: 0, y: 0, width: 390, height: frame.screen.minY))
        #expect(frame.screen.minY > 0)
        #expect(pull.uncoveredBackdrop(in: frame, width: 390, whole: true) == nil)
        var configuration = PullToDismiss.Configuration()
        configuration.axis = .edgeSwipe(.leftToRight)
        let swipe = PullToDismiss(containerSize: phone, configuration: configuration)
        #expect(swipe.uncoveredBackdrop(in: swipe.frame(at: 0), width: 390) == nil)
    }
}

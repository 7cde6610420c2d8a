import AnimationKernel
import Testing

/// What a UIKit pan forwarder used to decide itself (issue #46 items 10-11): where a drag's translation counts
/// from, and how a cancelled pan releases.
@Suite struct PanRouterTests {
    private static func events(_ body: (inout PanRouter, (PanRouter.Event) -> Void) -> Void) -> [PanRouter.Event] {
        var router = PanRouter()
        var events: [PanRouter.Event] = []
        body(&router) { events.append($0) }
        return events
    }

    /// The sheet does not jump by the slop: the first change after the decision is 0, later ones count from it.
    @Test func translationCountsFromTheDecidingSample() {
        let events = Self.events { router, send in
            router.began(
                touchDown: Point(x: 100, y: 300), containerWidth: 390, translation: Point(x: 0, y: 4),
                velocity: Point(x: 0, y: 200), send)
            router.changed(translation: Point(x: 1, y: 12), velocity: Point(x: 0, y: 300), send)
            router.changed(translation: Point(x: 1, y: 30), velocity: Point(x: 0, y: 400), send)
            router.ended(velocity: Point(x: 0, y: 500), finished: true, send)
        }
        #expect(
            events == [
                .sheetBegan, .sheetChanged(translation: 0, velocity: 300),
                .sheetChanged(translation: 18, velocity: 400),
                .sheetEnded(velocity: 500),
            ])
    }

    /// A pan the system cancelled releases at rest; an edge swipe counts horizontally from its decision.
    @Test func aCancelledPanReleasesWithoutVelocity() {
        let events = Self.events { router, send in
            router.began(
                touchDown: Point(x: 5, y: 300), containerWidth: 390, translation: Point(x: 11, y: 1),
                velocity: Point(x: 900, y: 0), send)
            router.changed(translation: Point(x: 40, y: 2), velocity: Point(x: 800, y: 0), send)
            router.ended(velocity: Point(x: 800, y: 0), finished: false, send)
        }
        #expect(
            events == [
                .edgeBegan, .edgeChanged(translation: 0, velocity: 900), .edgeChanged(translation: 29, velocity: 800),
                .edgeEnded(velocity: 0),
            ])
    }

    /// A touch that never passed the slop, or went to the content, sends nothing, and the next touch starts afresh.
    @Test func undecidedAndContentTouchesSendNothing() {
        var router = PanRouter()
        var events: [PanRouter.Event] = []
        router.began(
            touchDown: Point(x: 100, y: 300), containerWidth: 390, translation: Point(x: 0, y: 3),
            velocity: Point(x: 0, y: 50)
        ) { events.append($0) }
        router.ended(velocity: Point(x: 0, y: 50), finished: true) { events.append($0) }
        router.began(
            touchDown: Point(x: 200, y: 300), containerWidth: 390, translation: Point(x: 15, y: 2),
            velocity: Point(x: 600, y: 0)
        ) { events.append($0) }
        router.changed(translation: Point(x: 60, y: 80), velocity: Point(x: 0, y: 600)) { events.append($0) }
        #expect(!router.isDraggingSheet)
        router.ended(velocity: Point(x: 0, y: 600), finished: true) { events.append($0) }
        #expect(events.isEmpty, "sent \(events)")
        router.began(
            touchDown: Point(x: 200, y: 300), containerWidth: 390, translation: Point(x: 0, y: 10),
            velocity: Point(x: 0, y: .nan)
        ) { events.append($0) }
        #expect(router.isDraggingSheet)
        #expect(events == [.sheetBegan, .sheetChanged(translation: 0, velocity: 0)])
    }
}

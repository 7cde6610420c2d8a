import AnimationKernel
import Testing

@Suite struct GestureArbiterTests {
    func decide(
        from location: Point, moving translations: [Point],
        _ configure: (inout GestureArbiter.Configuration) -> Void = { _ in }
    ) -> [GestureArbiter.Owner] {
        var configuration = GestureArbiter.Configuration()
        configure(&configuration)
        var arbiter = GestureArbiter(configuration: configuration)
        arbiter.began(at: location, containerWidth: 390)
        return translations.map { arbiter.changed(translation: $0) }
    }

    /// Undecided inside the slop; then the dominant direction decides once for the whole touch.
    @Test func theFirstDirectionPastTheSlopDecides() {
        #expect(
            decide(from: Point(x: 200, y: 400), moving: [Point(x: 3, y: 6), Point(x: 4, y: 12), Point(x: 80, y: 0)])
                == [.undecided, .sheet, .sheet])
        #expect(
            decide(from: Point(x: 200, y: 400), moving: [Point(x: 12, y: 3), Point(x: 0, y: 200)])
                == [.content, .content])
    }

    /// Edge swipes start within the leading edge region and move toward the trailing edge, in both directions.
    @Test func edgeSwipesFollowTheLayoutDirection() {
        #expect(decide(from: Point(x: 8, y: 400), moving: [Point(x: 15, y: 2)]) == [.edgeSwipe])
        #expect(decide(from: Point(x: 8, y: 400), moving: [Point(x: -15, y: 2)]) == [.content])
        #expect(decide(from: Point(x: 40, y: 400), moving: [Point(x: 15, y: 2)]) == [.content])
        #expect(decide(from: Point(x: 8, y: 400), moving: [Point(x: 2, y: 15)]) == [.sheet])
        #expect(
            decide(from: Point(x: 385, y: 400), moving: [Point(x: -15, y: 2)]) { $0.layoutDirection = .rightToLeft }
                == [.edgeSwipe])
        #expect(
            decide(from: Point(x: 8, y: 400), moving: [Point(x: 15, y: 2)]) { $0.layoutDirection = .rightToLeft }
                == [.content])
    }

    /// Directions the host switched off belong to the content.
    @Test func switchedOffDirectionsGoToTheContent() {
        #expect(
            decide(from: Point(x: 8, y: 400), moving: [Point(x: 15, y: 2)]) { $0.allowsEdgeSwipe = false } == [.content]
        )
        #expect(
            decide(from: Point(x: 200, y: 400), moving: [Point(x: 0, y: 15)]) { $0.allowsSheetDrag = false } == [
                .content
            ])
    }

    /// Ending returns the touch's owner and resets; non-finite samples count as no movement.
    @Test func endingResetsAndBadSamplesAreStill() {
        var arbiter = GestureArbiter()
        arbiter.began(at: Point(x: .nan, y: 0), containerWidth: .infinity)
        #expect(arbiter.changed(translation: Point(x: .nan, y: .infinity)) == .undecided)
        #expect(arbiter.changed(translation: Point(x: 0, y: 30)) == .sheet)
        #expect(arbiter.ended() == .sheet && arbiter.owner == .undecided)
        arbiter.began(at: Point(x: 5, y: 0), containerWidth: 390)
        #expect(arbiter.changed(translation: Point(x: 30, y: 0)) == .edgeSwipe)
    }
}

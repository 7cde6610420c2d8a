import AnimationKernel
import Testing

/// Where a card closes to, as the SwiftUI source modifier will report its sources.
@Suite struct CardLiftSourceRegistryTests {
    let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    let card = Rect(x: 16, y: 200, width: 358, height: 120)

    @Test func aSourceOnScreenIsWhereTheCardLands() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card)
        #expect(registry.home(for: 1, visibleIn: screen) == .source(card))
    }

    @Test func theLatestFrameWinsAfterAScroll() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card)
        let scrolled = card.offsetBy(dx: 0, dy: -150)
        registry.sourceFound(1, at: scrolled)
        #expect(registry.home(for: 1, visibleIn: screen) == .source(scrolled))
    }

    @Test func aSourceScrolledOffScreenFades() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card.offsetBy(dx: 0, dy: -400))
        #expect(registry.home(for: 1, visibleIn: screen) == .fade)
        // Partly on screen still counts: the card lands on what shows of it.
        let partly = card.offsetBy(dx: 0, dy: -300)
        registry.sourceFound(1, at: partly)
        #expect(registry.home(for: 1, visibleIn: screen) == .source(partly))
    }

    @Test func aRemovedSourceIsFlownHomeToWhereItWasLastSeen() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card)
        registry.sourceRemoved(1)
        #expect(registry.home(for: 1, visibleIn: screen) == .lastSeen(card))
        // It comes back (the row is rebuilt): it is the source again, wherever it is now.
        let moved = card.offsetBy(dx: 0, dy: 40)
        registry.sourceFound(1, at: moved)
        #expect(registry.home(for: 1, visibleIn: screen) == .source(moved))
    }

    @Test func anUnknownSourceFades() {
        var registry = CardLiftSourceRegistry<String>()
        registry.sourceFound("a", at: card)
        #expect(registry.home(for: "b", visibleIn: screen) == .fade)
    }

    @Test func aFrameWithoutAreaOrNotFiniteKeepsTheLastOne() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card)
        registry.sourceFound(1, at: Rect(x: 16, y: 0, width: 0, height: 120))
        registry.sourceFound(1, at: Rect(x: .nan, y: 0, width: 10, height: 10))
        registry.sourceFound(1, at: Rect(x: 0, y: 0, width: .infinity, height: 10))
        #expect(registry.home(for: 1, visibleIn: screen) == .source(card))
        // Never a usable frame: nowhere to land.
        registry.sourceFound(2, at: Rect(x: 0, y: 0, width: 10, height: 0))
        #expect(registry.home(for: 2, visibleIn: screen) == .fade)
    }

    @Test func forgettingRemovedSourcesKeepsThePresentOnes() {
        var registry = CardLiftSourceRegistry<Int>()
        registry.sourceFound(1, at: card)
        registry.sourceFound(2, at: card.offsetBy(dx: 0, dy: 130))
        registry.sourceRemoved(1)
        registry.forgetRemovedSources()
        #expect(registry.home(for: 1, visibleIn: screen) == .fade)
        #expect(registry.home(for: 2, visibleIn: screen) == .source(card.offsetBy(dx: 0, dy: 130)))
    }
}

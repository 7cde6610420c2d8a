import AnimationKernel
import Testing

/// Issue #46 item 6: what the card lift's UIKit layer used to decide itself about its source (a list that scrolls
/// or reuses the cell while the detail is open) and about the cell while the card is out of it.
@Suite struct CardLiftSourceFollowerTests {
    /// Nowhere to lift from: the card appears where it lands, by a cross-fade.
    @Test func aLiftWithNoSourceCrossFadesFromWhereTheCardLands() {
        var follower = CardLiftSourceFollower(canVanish: true)
        #expect(follower.lift(from: nil, landing: cardTarget) == cardTarget)
        #expect(follower.crossFades)
        var found = CardLiftSourceFollower(canVanish: true)
        #expect(found.lift(from: cardSource, landing: cardTarget) == cardSource)
        #expect(!found.crossFades)
    }

    /// A moved source retargets once per move; a view source that is gone keeps its last place.
    @Test func aMovedSourceRetargetsOnce() {
        var follower = CardLiftSourceFollower(canVanish: false)
        _ = follower.lift(from: cardSource, landing: cardTarget)
        let scrolled = cardSource.offsetBy(dx: 0, dy: -200)
        #expect(follower.follow(scrolled, phase: .closing) == .retarget(scrolled))
        #expect(follower.follow(scrolled, phase: .closing) == CardLiftSourceFollower.Action.none)
        #expect(follower.follow(nil, phase: .open) == CardLiftSourceFollower.Action.none)
        #expect(follower.sourceRect == scrolled)
    }

    /// A source read through a closure that is gone before the card sets off home cross-fades, once; gone during
    /// the flight home, the card lands where it was last seen.
    @Test func aVanishedSourceCrossFadesOnlyBeforeTheFlightHome() {
        var follower = CardLiftSourceFollower(canVanish: true)
        _ = follower.lift(from: cardSource, landing: cardTarget)
        #expect(follower.follow(nil, phase: .open) == .crossFade)
        #expect(follower.follow(nil, phase: .open) == CardLiftSourceFollower.Action.none)
        var closing = CardLiftSourceFollower(canVanish: true)
        _ = closing.lift(from: cardSource, landing: cardTarget)
        #expect(closing.follow(nil, phase: .closing) == CardLiftSourceFollower.Action.none)
        #expect(!closing.crossFades && closing.sourceRect == cardSource)
    }

    /// The cell hides while the card is out of the list, not under a cross-fade (both show then), and the card
    /// draws above the rising detail while it flies.
    @Test func theCellHidesOnlyWhileTheCardIsOutOfTheList() {
        var lift = cardLift()
        #expect(!lift.frame(at: 0).hidesSource)
        lift.open(at: 0)
        let flying = lift.frame(at: 0.05)
        #expect(flying.hidesSource && flying.cardIsAboveModal)
        let open = lift.frame(at: lift.settleTime + 1)
        #expect(open.hidesSource && !open.cardIsAboveModal)
        var fading = cardLift { $0.reduceMotion = true }
        fading.open(at: 0)
        let crossFade = fading.frame(at: 0.05)
        #expect(crossFade.cardAlpha < 1 && !crossFade.hidesSource, "alpha \(crossFade.cardAlpha)")
    }
}

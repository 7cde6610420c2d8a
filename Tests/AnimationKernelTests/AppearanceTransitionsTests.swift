import AnimationKernel
import Testing

/// Issue #46 item 7: appearance callbacks follow push and pop in matched pairs.
@Suite struct AppearanceTransitionsTests {
    typealias A = AppearanceTransitions<String>

    @Test func pushAndPopCallInPairs() {
        var stack = A(top: "root")
        #expect(stack.begin(to: "B", animated: true) == [.willDisappear("root"), .willAppear("B")])
        #expect(stack.finish() == [.didDisappear("root"), .didAppear("B")])
        #expect(stack.finish().isEmpty)
        #expect(
            stack.begin(to: "root", animated: false)
                == [.willDisappear("B"), .willAppear("root"), .didDisappear("B"), .didAppear("root")])
        #expect(stack.top == "root")
    }

    @Test func aTransitionDuringAnotherFinishesItFirst() {
        var stack = A(top: "root")
        _ = stack.begin(to: "B", animated: true)
        #expect(
            stack.begin(to: "C", animated: true)
                == [.didDisappear("root"), .didAppear("B"), .willDisappear("B"), .willAppear("C")])
    }

    @Test func aCancelledInteractivePopReversesThePair() {
        var stack = A(top: "B")
        _ = stack.begin(to: "root", animated: true)
        #expect(stack.cancel() == [.willAppear("B"), .willDisappear("root"), .didDisappear("root"), .didAppear("B")])
        #expect(stack.top == "B")
    }

    /// Random sequences: every screen's calls follow UIKit's order: a will-call before each did-call, no two
    /// appearances without a disappearance between them (a cancelled transition turns a will-call around).
    @Test func randomSequencesStayBalanced() {
        var random = TestRandom(seed: 11)
        var stack = A(top: "s0")
        var state: [String: String] = ["s0": "appeared"]
        for step in 0..<2_000 {
            let calls: [A.Callback]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: calls = stack.finish()
            case 1: calls = stack.cancel()
            default:
                calls = stack.begin(
                    to: "s\(Int.random(in: 0..<4, using: &random))", animated: Bool.random(using: &random))
            }
            for call in calls {
                let (id, from, to): (String, [String], String)
                switch call {
                case .willAppear(let s): (id, from, to) = (s, ["disappeared", "disappearing", "unknown"], "appearing")
                case .didAppear(let s): (id, from, to) = (s, ["appearing"], "appeared")
                case .willDisappear(let s): (id, from, to) = (s, ["appeared", "appearing"], "disappearing")
                case .didDisappear(let s): (id, from, to) = (s, ["disappearing"], "disappeared")
                }
                #expect(from.contains(state[id] ?? "unknown"), "step \(step): \(call) while \(state[id] ?? "unknown")")
                state[id] = to
            }
        }
    }
}

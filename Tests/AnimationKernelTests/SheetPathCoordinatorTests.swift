import AnimationKernel
import Testing

/// The path binding of a navigation stack inside a sheet, against what the stack shows.
@Suite struct SheetPathCoordinatorTests {
    typealias Coordinator = SheetPathCoordinator<String>

    @Test(arguments: [
        ([String](), ["a"], Coordinator.Action.push("a")),
        (["a"], ["a", "b"], .push("b")),
        (["a", "b"], ["a"], .pop),
        (["a", "b"], [], .setStack([])),
        (["a"], ["b"], .setStack(["b"])),
        (["a"], ["a", "b", "c"], .setStack(["a", "b", "c"])),
        (["a", "a"], ["a", "a", "a"], .push("a")),
    ])
    func appWritesBecomeTheSmallestStackChange(from: [String], to: [String], expected: Coordinator.Action) {
        var coordinator = Coordinator(path: from)
        let response = coordinator.pathChanged(to: to)
        #expect(response.action == expected, "\(from) -> \(to): \(String(describing: response.action))")
        #expect(response.path == nil, "the app's own write is not written back")
        #expect(coordinator.shown == to)
    }

    @Test func writingWhatIsShownDoesNothing() {
        var coordinator = Coordinator(path: ["a"])
        #expect(coordinator.pathChanged(to: ["a"]) == Coordinator.Response())
    }

    @Test func anEdgeSwipeThatPopsIsWrittenBackAndOneThatIsCancelledIsNot() {
        var coordinator = Coordinator(path: ["a", "b"])
        coordinator.popGestureBegan()
        #expect(coordinator.popGestureEnded(popped: false) == Coordinator.Response())
        #expect(coordinator.shown == ["a", "b"])
        coordinator.popGestureBegan()
        let popped = coordinator.popGestureEnded(popped: true)
        #expect(popped.path == ["a"])
        #expect(popped.action == nil, "the gesture already popped")
    }

    @Test func aPathWrittenDuringAPopIsAppliedFromWhereTheReleaseLeftTheStack() {
        var coordinator = Coordinator(path: ["a", "b"])
        coordinator.popGestureBegan()
        #expect(coordinator.pathChanged(to: ["a", "b", "c"]).action == nil, "held while the finger is down")
        let released = coordinator.popGestureEnded(popped: true)
        // The stack is ["a"] after the pop; the app's ["a", "b", "c"] wins and is not overwritten.
        #expect(released.action == .setStack(["a", "b", "c"]))
        #expect(released.path == nil)
        #expect(coordinator.shown == ["a", "b", "c"])

        coordinator.popGestureBegan()
        _ = coordinator.pathChanged(to: ["a", "b", "c", "d"])
        let cancelled = coordinator.popGestureEnded(popped: false)
        #expect(cancelled.action == .push("d"))
    }

    @Test func aVoiceOverPopIsWrittenBackAndNothingPopsAtTheRoot() {
        var coordinator = Coordinator(path: ["a"])
        #expect(coordinator.userPopped().path == [])
        #expect(coordinator.userPopped() == Coordinator.Response(), "at the root there is nothing to pop")
        #expect(coordinator.shown.isEmpty)
    }

    @Test func anUpdateThatRepeatsTheBindingDoesNotUndoAPop() {
        var coordinator = Coordinator(path: ["a", "b"])
        coordinator.popGestureBegan()
        // SwiftUI updates the view while the finger is down; the binding still says ["a", "b"].
        #expect(coordinator.pathChanged(to: ["a", "b"]) == Coordinator.Response())
        let released = coordinator.popGestureEnded(popped: true)
        #expect(released.action == nil, "nothing held: the stack stays where the pop left it")
        #expect(released.path == ["a"])
        #expect(coordinator.path == ["a"])
        // The write-back comes round as the next update: nothing to do.
        #expect(coordinator.pathChanged(to: ["a"]) == Coordinator.Response())
        #expect(coordinator.shown == ["a"])
    }

    @Test func aPopReportedWhileTheFingerHoldsTheGestureIsCountedOnce() {
        var coordinator = Coordinator(path: ["a", "b"])
        coordinator.popGestureBegan()
        #expect(coordinator.userPopped() == Coordinator.Response(), "the gesture's end speaks for it")
        #expect(coordinator.popGestureEnded(popped: true).path == ["a"])
        #expect(coordinator.shown == ["a"])
    }

    @Test(arguments: [
        ([String](), ["a"], 0),
        (["a", "b"], ["a", "c"], 1),
        (["a", "b"], ["a", "b", "c"], 2),
        (["a", "b", "c"], ["a"], 1),
        (["a", "b"], ["b", "a"], 0),
        (["a", "b"], ["a", "b"], 2),
    ])
    func aReplacedStackKeepsTheScreensOfTheCommonBeginning(old: [String], new: [String], kept: Int) {
        let count = Coordinator.keptScreens(from: old, to: new)
        #expect(count == kept, "\(old) -> \(new): kept \(count), expected \(kept)")
    }

    @Test func theBindingHoldsTheAppsLastWriteOrOurs() {
        var coordinator = Coordinator(path: ["a"])
        _ = coordinator.pathChanged(to: ["a", "b"])
        #expect(coordinator.path == ["a", "b"])
        #expect(coordinator.userPopped().path == ["a"])
        #expect(coordinator.path == ["a"], "our write-back is what the binding says now")
    }

    /// A screen: the element it shows and when it was made (to tell a kept screen from a new one).
    struct Screen: Equatable {
        var element: String
        var made: Int
    }

    @Test func theScreensFollowTheActionsKeepingThoseOfTheCommonBeginning() {
        var made = 0
        func make(_ element: String) -> Screen {
            made += 1
            return Screen(element: element, made: made)
        }
        func after(_ action: Coordinator.Action, _ screens: [Screen]) -> [Screen] {
            Coordinator.screens(after: action, from: screens, element: \.element, make: make)
        }
        let pushed = after(.push("b"), after(.push("a"), []))
        #expect(pushed == [Screen(element: "a", made: 1), Screen(element: "b", made: 2)])
        let replaced = after(.setStack(["a", "c", "d"]), pushed)
        #expect(
            replaced == [Screen(element: "a", made: 1), Screen(element: "c", made: 3), Screen(element: "d", made: 4)],
            "a kept, c and d made")
        #expect(after(.pop, replaced) == Array(replaced.prefix(2)))
        #expect(after(.pop, []).isEmpty, "a pop at the root leaves no screens and does not trap")
        #expect(after(.setStack([]), replaced).isEmpty)
    }
}

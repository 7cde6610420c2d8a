import AnimationKernel
import Testing

/// Issue #46 item 7: `SheetNavigationController` is a `UINavigationController` whose push and pop methods run the
/// model; what each request does, what it returns, VoiceOver's escape and who may dismiss are decided here.
@MainActor @Suite struct SheetNavigationStackTests {
    typealias Stack = SheetNavigationStack<String>

    @Test func aPushOfAScreenOnTheStackHasNoEffect() {
        var stack = Stack(root: "A")
        #expect(stack.push("B") == .init(change: .push("B"), removed: [], added: ["B"]))
        #expect(stack.push("B") == .none)
        #expect(stack.push("A") == .none)
        #expect(stack.screens == ["A", "B"])
    }

    @Test func popsReturnWhatUIKitDocuments() {
        var stack = Stack(root: "A")
        #expect(stack.pop() == .none, "the root was popped")
        #expect(stack.popToRoot() == .none)
        for id in ["B", "C", "D"] { _ = stack.push(id) }
        #expect(stack.pop() == .init(change: .pop, removed: ["D"], added: []))
        #expect(stack.pop(to: "X") == nil, "a pop to a screen not on the stack answered")
        #expect(stack.screens == ["A", "B", "C"])
        #expect(stack.pop(to: "C") == Stack.Update.none, "a pop to the top popped")
        #expect(stack.pop(to: "B") == .init(change: .pop, removed: ["C"], added: []), "one screen is a plain pop")
        _ = stack.push("C")
        #expect(stack.popToRoot() == .init(change: .setStack(["A"]), removed: ["B", "C"], added: []))
        #expect(stack.screens == ["A"])
        #expect(stack.leaving == ["D", "B", "C"])
    }

    @Test func aNewStackMustBeNonEmptyAndDistinct() {
        var stack = Stack(root: "A")
        _ = stack.push("B")
        #expect(stack.setStack([]) == .none)
        #expect(stack.setStack(["A", "C", "A"]) == .none)
        #expect(stack.screens == ["A", "B"])
        #expect(
            stack.setStack(["A", "C", "D"])
                == .init(change: .setStack(["A", "C", "D"]), removed: ["B"], added: ["C", "D"]))
        #expect(stack.leaving == ["B"])
        // A leaving screen put back is on the stack, no longer leaving.
        #expect(stack.setStack(["B"]).added == ["B"])
        #expect(stack.leaving == ["A", "C", "D"])
    }

    @Test func leavingScreensGoWhenTheModelStopsDrawingThem() {
        var stack = Stack(root: "A")
        _ = stack.push("B")
        _ = stack.pop()
        #expect(stack.release(drawn: ["A", "B"]).isEmpty, "released while still drawn")
        #expect(stack.release(drawn: ["A"]) == ["B"])
        #expect(stack.leaving.isEmpty)
        _ = stack.push("B")
        _ = stack.pop()
        _ = stack.push("B")
        #expect(stack.leaving.isEmpty, "a screen pushed back is still leaving")
        #expect(stack.held == ["A", "B"])
    }

    @Test func anEdgeSwipeTakesTheTopAndPutsItBackIfCancelled() {
        var stack = Stack(root: "A")
        #expect(stack.interactivePopBegan() == nil, "the root was swiped away")
        _ = stack.push("B")
        #expect(stack.interactivePopBegan() == "B")
        #expect(stack.interactivePopBegan() == nil, "two swipes at once")
        #expect(stack.screens == ["A"])
        #expect(stack.release(drawn: ["A"]).isEmpty, "the screen under the finger was released")
        #expect(stack.interactivePopEnded(modelTop: "B") == .cancelled("B"))
        #expect(stack.screens == ["A", "B"])
        #expect(stack.leaving.isEmpty)
        _ = stack.interactivePopBegan()
        #expect(stack.interactivePopEnded(modelTop: "A") == .popped("B"))
        #expect(stack.screens == ["A"])
        #expect(stack.interactivePopEnded(modelTop: "A") == nil, "a swipe ended twice")
        // The app pushed the screen again under the finger: nothing to report, no screen twice.
        _ = stack.push("B")
        _ = stack.interactivePopBegan()
        _ = stack.push("B")
        #expect(stack.interactivePopEnded(modelTop: "B") == nil)
        #expect(stack.screens == ["A", "B"])
    }

    @Test func escapePopsAboveTheRootAndIsThePresentationsAtIt() {
        var stack = Stack(root: "A")
        #expect(stack.escape == .presentation)
        _ = stack.push("B")
        #expect(stack.escape == .pop)
        _ = stack.pop()
        #expect(stack.escape == .presentation)
    }

    /// Random requests, each change sent to a `SheetNavigation`: the model's stack is the stack's after every one,
    /// and once the model settles every leaving screen is released.
    @Test func theModelFollowsEveryRequest() {
        var random = TestRandom(seed: 46)
        var stack = Stack(root: "s0")
        var model = SheetNavigation(
            root: .init(id: "s0", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea)
        model.present(animated: false, at: 0)
        var t = 0.0
        for step in 0..<3_000 {
            t += 0.05
            let id = "s\(Int.random(in: 0..<8, using: &random))"
            let update: Stack.Update?
            var modelBegan = false
            let request = Int.random(in: 0..<8, using: &random)
            if request < 6, stack.interactivelyPopping != nil {
                // A request during a swipe: the swipe ends where the finger is first, as the layer does.
                model.interactivePopEnded(velocityX: 0, at: t)
                _ = stack.interactivePopEnded(modelTop: model.stack.last?.id)
                #expect(model.stack.map(\.id) == stack.screens, "step \(step): the swipe ended differently")
            }
            switch request {
            case 0, 1: update = stack.push(id)
            case 2: update = stack.pop()
            case 3: update = stack.pop(to: id)
            case 4: update = stack.popToRoot()
            case 5:
                let count = Int.random(in: 0..<4, using: &random)
                update = stack.setStack((0..<count).map { _ in "s\(Int.random(in: 0..<8, using: &random))" })
            case 6:
                modelBegan = model.interactivePopBegan(at: t)
                if modelBegan { #expect(stack.interactivePopBegan() != nil, "step \(step)") }
                update = nil
            default:
                model.interactivePopEnded(velocityX: Double.random(in: -500...500, using: &random), at: t)
                _ = stack.interactivePopEnded(modelTop: model.stack.last?.id)
                update = nil
            }
            switch update?.change {
            case .push(let id)?: model.push(.init(id: id, contentHeight: 300), at: t)
            case .pop?: model.pop(at: t)
            case .setStack(let ids)?: model.setStack(ids.map { .init(id: $0, contentHeight: 300) }, at: t)
            case nil: break
            }
            #expect(model.stack.map(\.id) == stack.screens, "step \(step): the model's stack differs")
            if Int.random(in: 0..<4, using: &random) == 0 {
                t += 2
                _ = model.update(to: t)
                _ = stack.release(drawn: Set(model.stack.map(\.id)))
                #expect(stack.leaving.allSatisfy { $0 == stack.interactivelyPopping }, "step \(step): not released")
            }
        }
    }
}

/// Who may dismiss: the configuration, `isModalInPresentation`, then the delegate, asked last.
@Suite struct UserDismissalRuleTests {
    @Test func everyInputCanRefuseAndTheDelegateIsAskedLast() {
        for configured in [false, true] {
            for modal in [false, true] {
                for delegate in [false, true] {
                    var asked = false
                    let allowed = UserDismissalRule.allows(
                        configured: configured, isModalInPresentation: modal,
                        delegateAllows: {
                            asked = true
                            return delegate
                        })
                    #expect(allowed == (configured && !modal && delegate), "\(configured) \(modal) \(delegate)")
                    #expect(asked == (configured && !modal), "delegate asked: \(asked), \(configured) \(modal)")
                }
            }
        }
    }
}

/// VoiceOver's escape at the root of a presented navigation is the coordinator's: refused while modal in
/// presentation (the delegate is told), a dismissal otherwise.
@MainActor @Suite struct SheetNavigationEscapeTests {
    @Test func escapeAtTheRootFollowsTheDismissalRule() {
        for modal in [true, false] {
            let display = FakeDisplay()
            var actions: [PresentationCoordinator<SheetNavigation>.Action] = []
            var configuration = SheetNavigation.Configuration()
            configuration.sheet.allowsInteractiveDismissal = true
            let coordinator = PresentationCoordinator(
                SheetNavigation(
                    root: .init(id: "A", contentHeight: 300), containerSize: phone, safeArea: phoneSafeArea,
                    configuration: configuration),
                frameSource: display, now: { display.now }, apply: { _ in }, perform: { actions.append($0) })
            coordinator.dismissalAllowed = {
                UserDismissalRule.allows(configured: true, isModalInPresentation: modal, delegateAllows: { true })
            }
            coordinator.runTransition(presenting: true, animated: false)
            var stack = SheetNavigationStack<String>(root: "A")
            _ = stack.push("B")
            coordinator.send { nav, t in nav.push(.init(id: "B", contentHeight: 400), at: t) }
            #expect(stack.escape == .pop)
            _ = stack.pop()
            coordinator.send { nav, t in nav.pop(at: t) }
            display.now += 1
            #expect(stack.escape == .presentation)
            actions = []
            let dismissed = coordinator.escape()
            #expect(dismissed == !modal, "modal \(modal): escape dismissed \(dismissed)")
            #expect(actions.contains(.notifyDidAttemptToDismiss) == modal, "modal \(modal): \(actions)")
            #expect(actions.contains(.notifyWillDismiss) == !modal, "modal \(modal): \(actions)")
        }
    }
}

/// Issue #46 items 1 and 2 for `SheetNavigationController` (presented over the full screen): its own appearance
/// callbacks start and end the presentation only when it is presented or dismissed.
@Suite struct FullScreenPresentationLifecycleTests {
    typealias L = FullScreenPresentationLifecycle

    static func steps(
        _ callback: L.Callback, presented: Bool = false, dismissed: Bool = false, presenterDismissed: Bool = false
    ) -> [L.Step] {
        L.steps(
            for: callback, isBeingPresented: presented, isBeingDismissed: dismissed,
            presenterIsBeingDismissed: presenterDismissed)
    }

    @Test func aNonAnimatedTransitionRunsAtOnceAndAnAnimatedOneWaitsForTheAnimator() {
        #expect(Self.steps(.willAppear(animated: false), presented: true) == [.prepare, .runAtOnce(presenting: true)])
        #expect(Self.steps(.willAppear(animated: true), presented: true) == [.prepare])
        #expect(Self.steps(.willDisappear(animated: false), dismissed: true) == [.runAtOnce(presenting: false)])
        #expect(Self.steps(.willDisappear(animated: true), dismissed: true).isEmpty)
        #expect(Self.steps(.didDisappear, dismissed: true) == [.dismissalDidEnd])
    }

    @Test func aPresentersDismissalEndsItToo() {
        #expect(
            Self.steps(.willDisappear(animated: false), presenterDismissed: true) == [.runAtOnce(presenting: false)])
        #expect(Self.steps(.didDisappear, presenterDismissed: true) == [.dismissalDidEnd])
    }

    /// A controller the sheet presents over the full screen covers it and goes: no dismissal, no second presentation.
    @Test func beingCoveredAndUncoveredChangesNothing() {
        #expect(Self.steps(.willDisappear(animated: false)).isEmpty, "covering dismissed the sheet's model")
        #expect(Self.steps(.didDisappear).isEmpty, "covering tore the sheet down")
        #expect(Self.steps(.willAppear(animated: false)).isEmpty, "uncovering presented the sheet again")
    }
}

import AnimationKernel
import Testing

/// A host as the SwiftUI modifier will be: it forwards the app's writes and the model's milestones to the coordinator
/// and does what it answers, on a real ``BottomSheet``.
private struct Host {
    var sheet: BottomSheet
    var coordinator = SheetBindingCoordinator<Int>()
    /// The bindings as the app sees them.
    var item: Int?
    var selection: BottomSheet.Detent?
    var dismissed: [Int] = []
    var presented: [Int] = []
    var time = 0.0

    init(detents: [BottomSheet.Detent] = [.content, .large], allowsInteractiveDismissal: Bool = true) {
        var configuration = BottomSheet.Configuration()
        configuration.detents = detents
        configuration.allowsInteractiveDismissal = allowsInteractiveDismissal
        sheet = BottomSheet(
            layout: .init(containerSize: Size(width: 390, height: 844), contentHeight: 300),
            configuration: configuration)
    }

    var phase: BottomSheet.Phase { sheet.frame(at: time).phase }

    mutating func apply(_ response: SheetBindingCoordinator<Int>.Response) {
        switch response.action {
        case .present(let id, let detent)?:
            if let detent { sheet.moveToDetent(detent, animated: phase != .dismissed, at: time) }
            // A present that reverses a dismissal continues the same presentation.
            if phase == .dismissed { presented.append(id) }
            sheet.present(at: time)
        case .dismiss?:
            sheet.dismiss(at: time)
        case .moveToDetent(let detent)?:
            sheet.moveToDetent(detent, at: time)
        case nil:
            break
        }
        if case .set(let value) = response.item { item = value }
        if case .set(let value) = response.selection { selection = value }
        if let id = response.dismissed { dismissed.append(id) }
    }

    mutating func appSets(item newItem: Int?) {
        item = newItem
        apply(coordinator.itemChanged(to: newItem))
    }

    mutating func appSets(selection detent: BottomSheet.Detent) {
        selection = detent
        apply(coordinator.selectionChanged(to: detent))
    }

    mutating func advance(by seconds: Double) {
        time += seconds
        let events = sheet.update(to: time)
        apply(coordinator.sheetUpdated(events, phase: phase, selectedDetent: sheet.selectedDetent))
    }

    /// A drag by `translation` points (down positive) released at `velocity`; the app writes `selection` while the
    /// finger holds the sheet, if not nil.
    mutating func drag(by translation: Double, releasing velocity: Double, selection: BottomSheet.Detent? = nil) {
        sheet.dragBegan(at: time)
        coordinator.dragBegan()
        time += 0.05
        sheet.dragChanged(translation: translation, velocity: velocity, at: time)
        if let selection { appSets(selection: selection) }
        time += 0.01
        sheet.dragEnded(velocity: velocity, at: time)
        apply(coordinator.dragEnded(phase: phase))
    }

    /// Runs frames until the sheet is at rest (presented or dismissed) or `limit` seconds pass.
    mutating func settle(limit: Double = 5) {
        let end = time + limit
        repeat { advance(by: 1.0 / 60) } while time < end && phase != .presented && phase != .dismissed
    }
}

@Suite struct SheetBindingCoordinatorTests {
    @Test func settingFalseMidPresentDismissesFromWhereTheSheetIs() {
        var host = Host()
        host.appSets(item: 1)
        host.advance(by: 0.1)
        #expect(host.phase == .presenting)
        host.appSets(item: nil)
        #expect(host.phase == .dismissing, "isPresented = false mid-present leaves the sheet \(host.phase)")
        host.settle()
        #expect(host.phase == .dismissed)
        #expect(host.item == nil)
        #expect(host.dismissed == [1], "on-dismiss calls: \(host.dismissed)")
        #expect(host.presented == [1])
    }

    @Test func settingTheItemAgainMidDismissReversesTheDismissal() {
        var host = Host()
        host.appSets(item: 1)
        host.settle()
        host.appSets(item: nil)
        host.advance(by: 0.1)
        host.appSets(item: 1)
        #expect(host.phase == .presenting, "set again mid-dismiss: \(host.phase)")
        host.settle()
        #expect(host.phase == .presented)
        #expect(host.dismissed.isEmpty, "a reversed dismissal is no dismissal: \(host.dismissed)")
        #expect(host.item == 1)
    }

    @Test func anItemReplacedWhilePresentedDismissesItThenPresentsTheLastOneWritten() {
        var host = Host()
        host.appSets(item: 1)
        host.settle()
        host.appSets(item: 2)
        #expect(host.phase == .dismissing)
        host.advance(by: 0.1)
        host.appSets(item: 3)  // still leaving: the last write wins
        #expect(host.coordinator.shownItem == 1)
        // Sheet 1 finishes leaving, and sheet 3 starts in the same frame.
        while host.dismissed.isEmpty && host.time < 5 { host.advance(by: 1.0 / 60) }
        #expect(host.dismissed == [1])
        #expect(host.phase == .presenting)
        #expect(host.coordinator.shownItem == 3)
        host.settle()
        #expect(host.phase == .presented)
        #expect(host.presented == [1, 3])
        #expect(host.item == 3)
    }

    @Test func aDragThatDismissesWritesTheBindingWhenTheDismissalStarts() {
        var host = Host()
        host.appSets(item: 1)
        host.settle()
        host.drag(by: 400, releasing: 3000)
        #expect(host.phase == .dismissing)
        #expect(host.item == nil, "the binding still says \(String(describing: host.item)) while the sheet leaves")
        #expect(host.dismissed.isEmpty)
        host.settle()
        #expect(host.dismissed == [1])
        #expect(host.presented == [1], "the sheet came back: \(host.presented)")
    }

    @Test func aSelectionSetDuringADragIsWhereTheSheetSettlesAfterTheRelease() {
        var host = Host()
        host.appSets(item: 1)
        host.settle()
        #expect(host.sheet.selectedDetent == .content)
        // A small drag that alone would return to .content.
        host.drag(by: 20, releasing: 0, selection: .large)
        host.settle()
        host.advance(by: 1)
        #expect(host.sheet.selectedDetent == .large)
        #expect(host.selection == .large)
    }

    @Test func aSelectionSetDuringADragThatDismissesIsDropped() {
        var host = Host()
        host.appSets(item: 1)
        host.settle()
        host.drag(by: 400, releasing: 3000, selection: .large)
        #expect(host.phase == .dismissing)
        #expect(host.item == nil)
        host.settle()
        #expect(host.dismissed == [1])
    }

    @Test func aDragOntoAnotherDetentWritesTheSelectionBack() {
        var host = Host()
        host.appSets(selection: .content)
        host.appSets(item: 1)
        host.settle()
        host.drag(by: -600, releasing: -2000)
        host.advance(by: 0.02)
        #expect(host.sheet.selectedDetent == .large)
        #expect(host.selection == .large, "selection binding: \(String(describing: host.selection))")
        host.appSets(selection: .content)
        host.settle()
        host.advance(by: 1)
        #expect(host.sheet.selectedDetent == .content)
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5]

    /// Random writes, drags and frames (and now and then a rest): after every frame the item binding names the sheet
    /// on screen (or, while one leaves, anything but it), the selection binding names the sheet's detent whenever it
    /// rests, and every presentation gets exactly one on-dismiss call.
    @Test(arguments: seeds) func bindingsStayTrueUnderRandomWritesAndDrags(seed: UInt64) {
        var rng = TestRandom(seed: seed)
        var host = Host()
        var checkedFrames = 0
        var restingChecks = 0
        for _ in 0..<600 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                host.appSets(item: [nil, 1, 2, 3].randomElement(using: &rng)!)
                continue
            case 2:
                host.appSets(selection: [.content, .large].randomElement(using: &rng)!)
                continue
            case 3 where host.phase == .presented:
                let selection: BottomSheet.Detent? =
                    Bool.random(using: &rng) ? [.content, .large].randomElement(using: &rng)! : nil
                host.drag(
                    by: Double.random(in: -600...500, using: &rng),
                    releasing: Double.random(in: -3000...3000, using: &rng), selection: selection)
                continue
            case 4:
                host.settle()
                host.advance(by: 1)
            default:
                host.advance(by: Double.random(in: 0.005...0.2, using: &rng))
            }
            checkedFrames += 1
            switch host.phase {
            case .presenting, .presented, .dragging:
                #expect(host.item != nil && host.item == host.coordinator.shownItem, "seed \(seed) at \(host.time)")
                if host.phase == .presented, host.sheet.settleTime <= host.time, let selection = host.selection {
                    #expect(selection == host.sheet.selectedDetent, "seed \(seed) at \(host.time)")
                    restingChecks += 1
                }
            case .dismissed:
                #expect(host.item == nil, "seed \(seed) at \(host.time): nothing shown for \(host.item!)")
            case .dismissing:
                #expect(host.item != host.coordinator.shownItem, "seed \(seed) at \(host.time)")
            }
        }
        host.appSets(item: nil)
        host.settle()
        host.advance(by: 1)
        #expect(checkedFrames > 200)
        #expect(restingChecks > 20, "the selection was checked at rest only \(restingChecks) times")
        #expect(host.presented == host.dismissed, "presented \(host.presented), dismissed \(host.dismissed)")
    }
}

/// The SwiftUI modifier's host over the UIKit layer: the model's frames, but the dismissal ends only when UIKit's
/// transition completes (a few frames after the model rests off screen), and nothing can be presented while a sheet
/// is still on screen.
private struct UIKitHost {
    var host = Host()
    /// When UIKit's completion of the current dismissal arrives (nil: none pending).
    var completionDue: Double?
    /// Presents asked for while a sheet was still on screen (UIKit cannot do them).
    var presentsOnScreen = 0
    /// Completions after which the sheet shown was not the one the binding named.
    var nextNotShown = 0
    var completions = 0

    init() {
        host.coordinator = SheetBindingCoordinator(dismissal: .runsToCompletion)
    }

    var onScreen: Bool { host.phase != .dismissed || completionDue != nil }

    mutating func apply(_ response: SheetBindingCoordinator<Int>.Response) {
        if case .present? = response.action, onScreen { presentsOnScreen += 1 }
        host.apply(response)
    }

    mutating func appSets(item: Int?) {
        host.item = item
        apply(host.coordinator.itemChanged(to: item))
    }

    mutating func appSets(selection: BottomSheet.Detent) {
        host.selection = selection
        apply(host.coordinator.selectionChanged(to: selection))
    }

    mutating func advance(by seconds: Double) {
        host.time += seconds
        var events = host.sheet.update(to: host.time)
        if events.contains(.didDismiss) {
            events.remove(.didDismiss)
            completionDue = host.time + 0.05
        }
        let detent = host.sheet.selectedDetent
        apply(host.coordinator.sheetUpdated(events, phase: host.phase, selectedDetent: detent))
        if let due = completionDue, host.time >= due {
            completionDue = nil
            apply(host.coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: detent))
            // What the binding named while the sheet left is what is shown now (nil: nothing).
            if host.coordinator.shownItem != host.item { nextNotShown += 1 }
            completions += 1
        }
    }
}

/// The coordinator for a host whose dismissal is a UIKit transition (the SwiftUI modifier over the UIKit layer):
/// it cannot be taken back and ends at the transition's completion, not at the model's rest.
@Suite struct SheetBindingCoordinatorUIKitDismissalTests {
    @Test func theLeavingItemWrittenAgainIsPresentedAnewWhenTheDismissalCompletes() {
        var coordinator = SheetBindingCoordinator<Int>(dismissal: .runsToCompletion)
        #expect(coordinator.itemChanged(to: 1).action == .present(1, detent: nil))
        #expect(coordinator.itemChanged(to: nil).action == .dismiss)
        let again = coordinator.itemChanged(to: 1)
        #expect(again.action == nil, "a UIKit dismissal cannot reverse: \(String(describing: again.action))")
        // The model comes to rest off screen before UIKit completes: nothing ends yet, nothing is written.
        let rest = coordinator.sheetUpdated([], phase: .dismissed, selectedDetent: .content)
        #expect(rest == SheetBindingCoordinator<Int>.Response(), "at the model's rest: \(rest)")
        #expect(coordinator.shownItem == 1)
        // The transition's completion: on-dismiss, then the item the binding names again, which stays written.
        let done = coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content)
        #expect(done.dismissed == 1)
        #expect(done.action == .present(1, detent: nil))
        #expect(done.item == .unchanged, "the binding keeps the app's write: \(done.item)")
        #expect(coordinator.item == 1)
    }

    @Test func anotherItemWaitsForTheTransitionsCompletionNotTheModelsRest() {
        var coordinator = SheetBindingCoordinator<Int>(dismissal: .runsToCompletion)
        _ = coordinator.itemChanged(to: 1)
        #expect(coordinator.itemChanged(to: 2).action == .dismiss)
        #expect(coordinator.sheetUpdated([], phase: .dismissed, selectedDetent: .content).action == nil)
        let done = coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content)
        #expect(done.dismissed == 1)
        #expect(done.action == .present(2, detent: nil))
    }

    @Test func aUserDismissalWritesNilAsItBeginsAndEndsAtTheCompletion() {
        var coordinator = SheetBindingCoordinator<Int>(dismissal: .runsToCompletion)
        _ = coordinator.itemChanged(to: 1)
        let begins = coordinator.sheetUpdated([], phase: .dismissing, selectedDetent: .content)
        #expect(begins.item == .set(nil))
        #expect(begins.dismissed == nil)
        let done = coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content)
        #expect(done.dismissed == 1)
        #expect(done.action == nil)
        // A second report of the same end (the completion and the delegate both call) does nothing.
        #expect(coordinator.sheetUpdated([.didDismiss], phase: .dismissed, selectedDetent: .content).dismissed == nil)
    }

    /// Random writes, drags and frames through a UIKit-style host: the item binding names the sheet on screen while
    /// it is there, anything else while it leaves, nil once nothing is shown; nothing is presented over a sheet still
    /// on screen; every presentation gets one on-dismiss call.
    @Test(arguments: SheetBindingCoordinatorTests.seeds) func bindingsStayTrueWithAUIKitDismissal(seed: UInt64) {
        var rng = TestRandom(seed: seed)
        var uikit = UIKitHost()
        var checkedFrames = 0
        for _ in 0..<600 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                uikit.appSets(item: [nil, 1, 2, 3].randomElement(using: &rng)!)
                continue
            case 2:
                uikit.appSets(selection: [.content, .large].randomElement(using: &rng)!)
                continue
            case 3 where uikit.host.phase == .presented:
                uikit.host.drag(
                    by: Double.random(in: -600...500, using: &rng),
                    releasing: Double.random(in: -3000...3000, using: &rng))
                continue
            default:
                uikit.advance(by: Double.random(in: 0.005...0.2, using: &rng))
            }
            checkedFrames += 1
            let host = uikit.host
            switch host.phase {
            case .presenting, .presented, .dragging:
                #expect(host.item != nil && host.item == host.coordinator.shownItem, "seed \(seed) at \(host.time)")
            case .dismissed where uikit.completionDue == nil:
                #expect(host.item == nil, "seed \(seed) at \(host.time): nothing shown for \(host.item!)")
            case .dismissing, .dismissed:
                // Leaving: the binding names what comes next, which may be the leaving item written again.
                #expect(host.item == host.coordinator.item, "seed \(seed) at \(host.time)")
            }
        }
        uikit.appSets(item: nil)
        for _ in 0..<400 { uikit.advance(by: 1.0 / 60) }
        #expect(checkedFrames > 200)
        #expect(uikit.completions > 2, "seed \(seed): \(uikit.completions) dismissals completed")
        #expect(uikit.nextNotShown == 0, "seed \(seed): \(uikit.nextNotShown) completions showed another item")
        #expect(uikit.presentsOnScreen == 0, "seed \(seed): \(uikit.presentsOnScreen) presents over a sheet on screen")
        #expect(uikit.host.presented.count > 2, "seed \(seed): only \(uikit.host.presented) presented")
        #expect(
            uikit.host.presented == uikit.host.dismissed,
            "presented \(uikit.host.presented), dismissed \(uikit.host.dismissed)")
    }
}

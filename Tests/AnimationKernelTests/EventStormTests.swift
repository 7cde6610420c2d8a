import AnimationKernel
import Testing

/// Seeded random storms of public calls (valid and degenerate arguments, equal, out-of-order and non-finite times)
/// interleaved with frames, over every model: no call traps, and every frame is well formed (finite numbers,
/// non-negative sizes, alphas and progress in [0, 1]).
@Suite struct EventStorm {
    static let eventsPerModel = 6_000

    /// Random arguments, mostly plausible, sometimes degenerate.
    struct Arguments {
        var random: TestRandom
        var now = 0.0

        init(seed: UInt64) { random = TestRandom(seed: seed) }

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

        /// A number on the scale of `typical` points; 1 in 12 is NaN, an infinity, huge, tiny, negative or 0.
        mutating func number(_ typical: Double) -> Double {
            if chance(1.0 / 12) {
                let degenerate: [Double] = [
                    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300,
                    1e-310,
                    -1e-310, 0, -typical,
                ]
                return degenerate[Int.random(in: 0..<degenerate.count, using: &random)]
            }
            return Double.random(in: -0.2 * typical...1.2 * typical, using: &random)
        }

        mutating func length(_ typical: Double) -> Double { chance(0.9) ? abs(number(typical)) : number(typical) }

        /// The next event time: mostly a few milliseconds on, sometimes equal, earlier, or not finite.
        mutating func time() -> Double {
            switch Int.random(in: 0..<40, using: &random) {
            case 0: return now  // equal to the previous event
            case 1: return now - Double.random(in: 0...0.5, using: &random)  // out of order
            case 2: return [Double.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &random)]
            case 3:
                now += Double.random(in: 0.5...3, using: &random)  // a pause: everything settles
                return now
            default:
                now += Double.random(in: 0...0.05, using: &random)
                return now
            }
        }

        /// A time to read a frame at: near the latest event, sometimes far ahead or non-finite.
        mutating func frameTime() -> Double {
            switch Int.random(in: 0..<30, using: &random) {
            case 0: return [Double.nan, .infinity, -.infinity, 1e300][Int.random(in: 0..<4, using: &random)]
            default: return now + Double.random(in: -0.01...0.1, using: &random)
            }
        }

        mutating func rect() -> Rect {
            Rect(x: number(390), y: number(844), width: length(390), height: length(300))
        }

        mutating func size() -> Size {
            chance(0.7) ? Size(width: 390, height: 844) : Size(width: length(844), height: length(844))
        }

        mutating func insets() -> EdgeInsets {
            chance(0.5) ? EdgeInsets(top: 47, bottom: 34) : EdgeInsets(top: length(60), bottom: length(60))
        }

        mutating func curve() -> TimingCurve {
            [TimingCurve.linear, .easeOut, .easeInEaseOut][Int.random(in: 0..<3, using: &random)]
        }

        mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

        mutating func detents() -> [BottomSheet.Detent] {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                pick([.content, .large, .fraction(number(0.6)), .height(number(500))])
            }
        }

        mutating func sheetConfiguration() -> BottomSheet.Configuration {
            var configuration = BottomSheet.Configuration()
            configuration.reduceMotion = chance(0.25)
            configuration.allowsInteractiveDismissal = chance(0.5)
            configuration.detents = detents()
            if chance(0.2) { configuration.settleSpring = .bouncy }
            if chance(0.1) { configuration.presentDuration = number(0.35) }
            return configuration
        }
    }

    /// The well-formedness every frame of every model promises, with the first violation as the message.
    static func check(_ frame: BottomSheet.Frame, _ where_: String) -> String? {
        for (name, rect) in [("sheet", frame.sheet), ("contentArea", frame.contentArea)] {
            if let problem = check(rect, name) { return "\(where_): \(problem)" }
        }
        let numbers = [
            ("navigationBarHeight", frame.navigationBarHeight), ("keyboardHeight", frame.keyboardHeight),
        ]
        for (name, value) in numbers where !value.isFinite || value < 0 { return "\(where_): \(name) \(value)" }
        for (name, value) in [
            ("dimmingAlpha", frame.dimmingAlpha), ("sheetAlpha", frame.sheetAlpha),
            ("presentation", frame.presentation),
        ] where !(0...1).contains(value) {
            return "\(where_): \(name) \(value) outside [0, 1]"
        }
        return nil
    }

    static func check(_ rect: Rect, _ name: String) -> String? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else {
            return "\(name) \(rect) is not finite"
        }
        guard rect.width >= 0, rect.height >= 0 else { return "\(name) \(rect) has a negative size" }
        return nil
    }

    static func unit(_ value: Double, _ name: String) -> String? {
        (0...1).contains(value) ? nil : "\(name) \(value) outside [0, 1]"
    }

    /// Runs `count` random events through `step` (which applies one and returns a problem, if any); stops at the
    /// first problem and reports it with the event number.
    static func storm(_ model: String, seed: UInt64, _ step: (inout Arguments, Int) -> String?) -> Int {
        var arguments = Arguments(seed: seed)
        for event in 0..<eventsPerModel {
            if let problem = step(&arguments, event) {
                Issue.record("\(model), seed \(seed), event \(event): \(problem)")
                return event
            }
        }
        return eventsPerModel
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func bottomSheet(seed: UInt64) {
        var a = Arguments(seed: seed &* 31)
        var sheet = BottomSheet(
            layout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(300)),
            configuration: a.sheetConfiguration())
        let count = Self.storm("BottomSheet", seed: seed) { a, _ in
            let t = a.time()
            switch Int.random(in: 0..<12, using: &a.random) {
            case 0: sheet.present(at: t)
            case 1: sheet.dismiss(at: t)
            case 2: sheet.setContentHeight(a.length(400), at: t)
            case 3: sheet.setContainer(a.size(), safeArea: a.insets(), at: t)
            case 4:
                let frame: Rect? = a.chance(0.3) ? nil : Rect(x: 0, y: a.number(844), width: 390, height: 300)
                sheet.keyboardWillChange(to: frame, duration: a.number(0.25), curve: a.curve(), at: t)
            case 5: sheet.setDetents(a.detents(), at: t)
            case 6: sheet.trackContentHeight(a.length(400), velocity: a.number(3000), at: t)
            case 7: sheet.dragBegan(at: t)
            case 8: sheet.dragChanged(translation: a.number(400), velocity: a.number(3000), at: t)
            case 9: sheet.dragEnded(velocity: a.number(3000), at: t)
            default: _ = sheet.update(to: t)
            }
            if sheet.settleTime.isNaN { return "settleTime is NaN" }
            let frameTime = a.frameTime()
            return Self.check(sheet.frame(at: frameTime), "frame at \(frameTime)")
        }
        print("BottomSheet storm, seed \(seed): \(count) events, \(count) frames checked")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func sheetNavigation(seed: UInt64) {
        var a = Arguments(seed: seed &* 37)
        var configuration = SheetNavigation.Configuration()
        configuration.reduceMotion = a.chance(0.25)
        configuration.sheet = a.sheetConfiguration()
        configuration.popReleaseRule = a.chance(0.5) ? .progress(minimum: 0.1) : .projected(rate: 0.998)
        var nav = SheetNavigation(
            root: .init(id: "root", contentHeight: a.length(300)), containerSize: a.size(), safeArea: a.insets(),
            configuration: configuration)
        let count = Self.storm("SheetNavigation", seed: seed) { a, _ in
            let t = a.time()
            // A few ids, so the same screen value is pushed again and again.
            let screen = SheetNavigation.Screen(
                id: "s\(Int.random(in: 0..<4, using: &a.random))", contentHeight: a.length(400),
                showsNavigationBar: a.chance(0.7))
            switch Int.random(in: 0..<13, using: &a.random) {
            case 0: nav.present(at: t)
            case 1: nav.dismiss(at: t)
            case 2, 3: nav.push(screen, animated: a.chance(0.8), at: t)
            case 4, 5: nav.pop(animated: a.chance(0.8), at: t)
            case 6:
                let depth = Int.random(in: 0...3, using: &a.random)
                nav.setStack(Array(repeating: screen, count: depth), animated: a.chance(0.7), at: t)
            case 7: nav.setContainer(a.size(), safeArea: a.insets(), at: t)
            case 8:
                let frame: Rect? = a.chance(0.3) ? nil : Rect(x: 0, y: a.number(844), width: 390, height: 300)
                nav.keyboardWillChange(to: frame, duration: a.number(0.25), curve: a.curve(), at: t)
            case 9: nav.interactivePopBegan(at: t)
            case 10: nav.interactivePopChanged(translationX: a.number(390), velocityX: a.number(2000), at: t)
            case 11: nav.interactivePopEnded(velocityX: a.number(2000), at: t)
            default: _ = nav.update(to: t)
            }
            if nav.stack.isEmpty { return "empty stack" }
            if nav.settleTime.isNaN { return "settleTime is NaN" }
            let frameTime = a.frameTime()
            let frame = nav.frame(at: frameTime)
            let at = "frame at \(frameTime)"
            if let problem = Self.check(frame.sheet, at) { return problem }
            for screen in frame.screens {
                if let problem = Self.check(screen.rect, "screen \(screen.id)") { return "\(at): \(problem)" }
                if let problem = Self.unit(screen.alpha, "screen \(screen.id) alpha") { return "\(at): \(problem)" }
            }
            if let problem = Self.unit(frame.navigationBarProgress, "navigationBarProgress") {
                return "\(at): \(problem)"
            }
            if let problem = Self.unit(frame.navigationBarAlpha, "navigationBarAlpha") { return "\(at): \(problem)" }
            if !frame.navigationBarHeight.isFinite || frame.navigationBarHeight < 0 {
                return "\(at): navigationBarHeight \(frame.navigationBarHeight)"
            }
            return nil
        }
        print("SheetNavigation storm, seed \(seed): \(count) events, \(count) frames checked")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func cardLift(seed: UInt64) {
        var a = Arguments(seed: seed &* 41)
        var configuration = CardLift.Configuration()
        configuration.reduceMotion = a.chance(0.25)
        configuration.modal = a.sheetConfiguration()
        if a.chance(0.3) { configuration.spring = .bouncy }
        var card = CardLift(
            source: a.rect(), target: a.rect(),
            modalLayout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(500)),
            configuration: configuration)
        let count = Self.storm("CardLift", seed: seed) { a, _ in
            let t = a.time()
            switch Int.random(in: 0..<7, using: &a.random) {
            case 0: card.open(at: t)
            case 1: card.close(at: t)
            case 2: card.setSourceRect(a.rect(), at: t)
            case 3: card.setTargetRect(a.rect(), at: t)
            case 4: card.setContainer(a.size(), safeArea: a.insets(), at: t)
            default: _ = card.update(to: t)
            }
            if card.settleTime.isNaN { return "settleTime is NaN" }
            let frameTime = a.frameTime()
            let frame = card.frame(at: frameTime)
            let at = "frame at \(frameTime)"
            if let problem = Self.check(frame.modal, at) { return problem }
            if let problem = Self.check(frame.card, "card") { return "\(at): \(problem)" }
            if let problem = Self.unit(frame.cardAlpha, "cardAlpha") { return "\(at): \(problem)" }
            let numbers = [
                frame.cornerRadius, frame.lift, frame.elevation.shadowRadius, frame.elevation.shadowOpacity,
            ]
            if !numbers.allSatisfy(\.isFinite) { return "\(at): corner, lift or elevation not finite: \(frame)" }
            return nil
        }
        print("CardLift storm, seed \(seed): \(count) events, \(count) frames checked")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func pullToDismiss(seed: UInt64) {
        var a = Arguments(seed: seed &* 43)
        var configuration = PullToDismiss.Configuration()
        configuration.reduceMotion = a.chance(0.25)
        configuration.axis = a.pick([.vertical, .edgeSwipe(.leftToRight), .edgeSwipe(.rightToLeft)])
        configuration.releaseRule = a.pick([
            .progress(minimum: 0.1), .distance(fraction: 0.33), .projected(rate: 0.998),
        ])
        configuration.backdrop = a.chance(0.5) ? .pullToDismissBlur : .pullToDismissShadow
        var pull = PullToDismiss(containerSize: a.size(), configuration: configuration)
        let count = Self.storm("PullToDismiss", seed: seed) { a, _ in
            let t = a.time()
            switch Int.random(in: 0..<8, using: &a.random) {
            case 0: pull.setContent(offset: a.number(600), minimum: a.number(40) - 40, maximum: a.length(2000))
            case 1: pull.setContainerSize(a.size(), at: t)
            case 2: pull.dragBegan(at: t)
            case 3, 4:
                pull.dragChanged(translation: a.number(500), velocity: a.chance(0.5) ? a.number(2000) : nil, at: t)
            case 5: pull.dragEnded(velocity: a.chance(0.5) ? a.number(2000) : nil, at: t)
            case 6: pull.dismiss(at: t)
            default: _ = pull.update(to: t)
            }
            if pull.settleTime.isNaN { return "settleTime is NaN" }
            let frameTime = a.frameTime()
            let frame = pull.frame(at: frameTime)
            let at = "frame at \(frameTime)"
            if let problem = Self.check(frame.screen, "screen") { return "\(at): \(problem)" }
            if !frame.offset.isFinite || frame.offset < 0 { return "\(at): offset \(frame.offset)" }
            if !frame.contentOffset.isFinite { return "\(at): contentOffset \(frame.contentOffset)" }
            for (name, value) in [
                ("progress", frame.progress), ("backdropRate", frame.backdropRate), ("alpha", frame.alpha),
            ] {
                if let problem = Self.unit(value, name) { return "\(at): \(problem)" }
            }
            return nil
        }
        print("PullToDismiss storm, seed \(seed): \(count) events, \(count) frames checked")
    }
}

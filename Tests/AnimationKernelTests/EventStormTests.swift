import AnimationKernel
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `STORM_DEBUG=1 swift test --filter EventStorm` prints both models around the first jump of each kind.
private let debugStorms = getenv("STORM_DEBUG") != nil

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

        mutating func insets() -> Insets {
            chance(0.5) ? Insets(top: 47, bottom: 34) : Insets(top: length(60), bottom: length(60))
        }

        mutating func curve() -> KeyboardCurve {
            pick([.keyboard, .timing(.linear), .timing(.easeOut), .timing(.easeInEaseOut)])
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
            if chance(0.3), let detent = configuration.detents.first { configuration.largestUndimmedDetent = detent }
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

    /// What a storm step did: the event's name and time, and whether the event itself defines a jump (so positions
    /// may change across it). `time` is the time the event was sent at (nil for an event that takes none); a late or
    /// non-finite one applies at the latest event's time, and its continuity is checked there.
    struct Applied {
        var name: String
        var time: Double?
        var definesJump = false
        /// The event sets a velocity (a finger grabs or lets go, an explicit initial velocity): positions stay
        /// continuous, velocities may change.
        var definesVelocity = false
    }

    /// Named numbers read from a frame; compared by name across an event. A reading named `... shows` (how much of a
    /// screen shows: alpha x visible width) reads 0 where the screen is not drawn; other names missing on one side
    /// are skipped.
    typealias Readings = [String: Double]

    /// How far a reading may snap where a channel settles (``SettleRule``), plus rounding.
    static func settleSnap(_ name: String, _ value: Double) -> Double {
        1e-9 * max(1, abs(value)) + (name.lowercased().hasSuffix("alpha") ? SettleRule.fraction : SettleRule.points)
    }

    /// Continuity across one event at `t`, with one-sided differences on each side (h = 1e-6):
    /// - position: the frame after the event at `t` equals the frame before it, and every reading at t + h lies
    ///   within |velocity| x 2h of the reading at t - h, the velocity estimated on each side separately;
    /// - velocity, for readings that follow one channel (`followsOneChannel`), unless the event sets a velocity or
    ///   an earlier event shares `t` (`velocityKnown`): a reading that was moving before the event moves at the same
    ///   speed after it (within 2 % + 2 units/s), so an interruption keeps the velocity it interrupts. A reading
    ///   made of several channels (a content area between a moving keyboard and a sheet at rest) may change its
    ///   velocity by design when one of them starts from rest, so it is not compared.
    /// Returns the worst violation.
    static func jump(
        event: String, at t: Double, velocityKnown: Bool, followsOneChannel: (String) -> Bool,
        before: (Double) -> Readings, after: (Double) -> Readings
    ) -> String? {
        let h = 1e-6
        let (bm2, bm1, b0) = (before(t - 2 * h), before(t - h), before(t))
        let (a0, a1, a2) = (after(t), after(t + h), after(t + 2 * h))
        var worst: (excess: Double, message: String)?
        func record(_ excess: Double, _ message: @autoclosure () -> String) {
            if excess > 0 && excess > (worst?.excess ?? 0) { worst = (excess, message()) }
        }
        for name in Set(bm1.keys).union(a1.keys) {
            func read(_ r: Readings) -> Double? { r[name] ?? (name.hasSuffix(" shows") ? 0 : nil) }
            guard let xbb = read(bm2), let x = read(bm1), let xb = read(b0), let y0 = read(a0), let y = read(a1),
                let ya = read(a2)
            else { continue }
            let snap = settleSnap(name, x)
            let (vBefore, vAfter) = ((xb - x) / h, (ya - y) / h)
            let speed = max(abs(x - xbb), abs(xb - x), abs(y - y0), abs(ya - y)) / h
            record(abs(y - x) - (speed * 2 * h + 1e-6 + snap), "\(event) at \(t): \(name) jumps from \(x) to \(y)")
            record(abs(y0 - xb) - (1e-6 + snap), "\(event) at \(t): \(name) jumps from \(xb) to \(y0)")
            let moving = abs(vBefore) > (name.lowercased().hasSuffix("alpha") ? 0.01 : 1)
            guard velocityKnown, moving, followsOneChannel(name) else { continue }
            // The one-sided differences read the velocity 1.5 h from the event: allow what the acceleration on each
            // side changes in 3 h.
            let acceleration = max(abs(xb - 2 * x + xbb), abs(ya - 2 * y + y0)) / (h * h)
            record(
                abs(vAfter - vBefore) - (0.02 * max(abs(vBefore), abs(vAfter)) + 2 + 3 * h * acceleration),
                "\(event) at \(t): \(name) velocity jumps from \(vBefore) to \(vAfter)")
        }
        return worst?.message
    }

    /// Frames must not depend on how often the host calls `update(to:)`: after an update the frames at and after
    /// `t` are those of the model before it.
    static func updateChanged(at t: Double, before: (Double) -> Readings, after: (Double) -> Readings) -> String? {
        for probe in [t, t + 0.001, t + 0.1] {
            let (x, y) = (before(probe), after(probe))
            for (name, value) in x
            where y[name].map({ abs($0 - value) > 1e-9 * max(1, abs(value)) }) ?? false {
                return "update(to: \(t)) changed \(name) at \(probe) from \(value) to \(y[name]!)"
            }
        }
        return nil
    }

    static func add(_ rect: Rect, _ name: String, to readings: inout Readings) {
        readings[name + ".x"] = rect.minX
        readings[name + ".y"] = rect.minY
        readings[name + ".width"] = rect.width
        readings[name + ".height"] = rect.height
    }

    /// A sheet's readings; `layout` tells where it is hidden (below the keyboard's top or the container's bottom).
    static func readings(_ frame: BottomSheet.Frame, _ layout: BottomSheet.Layout, prefix: String = "") -> Readings {
        var r: Readings = [:]
        // A sheet drawn at alpha 0, or wholly hidden, can move anywhere: only its alphas count then.
        if frame.sheetAlpha > 0, frame.sheet.minY < layout.containerSize.height - frame.keyboardHeight {
            add(frame.sheet, prefix + "sheet", to: &r)
            add(frame.contentArea, prefix + "contentArea", to: &r)
            r[prefix + "sheetAlpha"] = frame.sheetAlpha
        }
        r[prefix + "dimmingAlpha"] = frame.dimmingAlpha
        return r
    }

    /// Tallies of one storm: events, frames, and continuity violations by event name (the first of each kept).
    struct Tally {
        var events = 0
        var frames = 0
        var jumps: [String: (count: Int, first: String)] = [:]

        mutating func jump(_ name: String, _ message: String) {
            jumps[name, default: (0, message)].count += 1
        }

        var summary: String {
            jumps.isEmpty
                ? "no jumps"
                : jumps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.count)x" }.joined(separator: ", ")
        }
    }

    /// Runs random events through `step` (which applies one to the model and reports what it did), checking each
    /// frame's well-formedness (`malformed`) and each in-order event's continuity (`readings`); stops at the first
    /// malformed frame, counts jumps. Prints the tally.
    static func storm<Model>(
        _ name: String, seed: UInt64, model: inout Model, arguments a: inout Arguments,
        step: (inout Model, inout Arguments, Double) -> Applied,
        frame: (Model, Double) -> Readings, malformed: (Model, Double) -> String?,
        settleTime: (Model) -> Double, followsOneChannel: (String) -> Bool = { _ in false },
        events: Int = eventsPerModel
    ) -> Tally {
        var tally = Tally()
        // The model's event clock: the time its latest event applied at (events without a time leave it).
        var clockLatest = -Double.infinity
        for event in 0..<events {
            let before = model
            let t = a.time()
            let applied = step(&model, &a, t)
            tally.events += 1
            if settleTime(model).isNaN {
                Issue.record("\(name), seed \(seed), event \(event) (\(applied.name)): settleTime is NaN")
                break
            }
            let frameTime = a.frameTime()
            tally.frames += 1
            if let problem = malformed(model, frameTime) {
                Issue.record(
                    "\(name), seed \(seed), event \(event) (\(applied.name)): frame at \(frameTime): \(problem)")
                break
            }
            // A late or non-finite event applies at the latest event's time: its continuity is checked there.
            guard let requested = applied.time else { continue }
            let at = requested.isFinite && requested >= clockLatest ? requested : clockLatest
            let velocityKnown = !applied.definesVelocity && clockLatest < at - 1e-5
            clockLatest = at
            guard at.isFinite, !applied.definesJump else { continue }
            let after = model
            let problem =
                applied.name == "update"
                ? updateChanged(at: at, before: { frame(before, $0) }, after: { frame(after, $0) })
                : jump(
                    event: applied.name, at: at, velocityKnown: velocityKnown, followsOneChannel: followsOneChannel,
                    before: { frame(before, $0) }, after: { frame(after, $0) })
            if let problem {
                if debugStorms, tally.jumps[applied.name] == nil {
                    print("DEBUG \(name) event \(event) \(problem)\n  before: \(before)\n  after: \(after)")
                }
                tally.jump(applied.name, "event \(event): \(problem)")
            }
        }
        print("\(name) storm, seed \(seed): \(tally.events) events, \(tally.frames) frames checked; \(tally.summary)")
        for (event, jumps) in tally.jumps.sorted(by: { $0.key < $1.key }) { print("  \(event): \(jumps.first)") }
        return tally
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func bottomSheet(seed: UInt64) {
        var a = Arguments(seed: seed &* 31)
        var sheet = BottomSheet(
            layout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(300)),
            configuration: a.sheetConfiguration())
        let tally = Self.storm(
            "BottomSheet", seed: seed, model: &sheet, arguments: &a,
            step: { sheet, a, t in
                switch Int.random(in: 0..<16, using: &a.random) {
                case 14:
                    sheet.setInteractiveDismissal(allowed: a.chance(0.5), at: t)
                    return Applied(name: "setInteractiveDismissal", time: t)
                case 15:
                    sheet.setReduceMotion(a.chance(0.5), at: t)
                    return Applied(name: "setReduceMotion", time: t)
                case 13:
                    let detents = sheet.configuration.detents
                    let detent = detents[Int.random(in: 0..<detents.count, using: &a.random)]
                    let animated = a.chance(0.8)
                    sheet.moveToDetent(detent, animated: animated, at: t)
                    return Applied(name: "moveToDetent", time: t, definesJump: !animated)
                case 12:
                    sheet.setContent(offset: a.number(300), minimum: a.number(40) - 40, maximum: a.length(1500))
                    return Applied(name: "setContent", time: nil)
                case 0: sheet.present(at: t); return Applied(name: "present", time: t)
                case 1: sheet.dismiss(at: t); return Applied(name: "dismiss", time: t)
                case 2: sheet.setContentHeight(a.length(400), at: t); return Applied(name: "setContentHeight", time: t)
                case 3:
                    let size = a.size()
                    let resized = size != sheet.layout.containerSize
                    sheet.setContainer(size, safeArea: a.insets(), at: t)
                    return Applied(name: "setContainer", time: t, definesJump: resized)
                case 4:
                    let frame: Rect? = a.chance(0.3) ? nil : Rect(x: 0, y: a.number(844), width: 390, height: 300)
                    let duration = a.number(0.25)
                    sheet.keyboardWillChange(to: frame, duration: duration, curve: a.curve(), at: t)
                    return Applied(
                        name: "keyboardWillChange", time: t, definesJump: !(duration.isFinite && duration > 0))
                case 5: sheet.setDetents(a.detents(), at: t); return Applied(name: "setDetents", time: t)
                case 6:
                    sheet.trackContentHeight(a.length(400), velocity: a.number(3000), at: t)
                    return Applied(name: "trackContentHeight", time: t, definesJump: true)
                case 7: sheet.dragBegan(at: t); return Applied(name: "dragBegan", time: t, definesVelocity: true)
                case 8:
                    sheet.dragChanged(translation: a.number(400), velocity: a.number(3000), at: t)
                    return Applied(name: "dragChanged", time: t, definesJump: true)
                case 9:
                    sheet.dragEnded(velocity: a.number(3000), at: t);
                    return Applied(name: "dragEnded", time: t, definesVelocity: true)
                default: _ = sheet.update(to: t); return Applied(name: "update", time: t)
                }
            },
            frame: { Self.readings($0.frame(at: $1), $0.layout) }, malformed: { Self.check($0.frame(at: $1), "sheet") },
            settleTime: \.settleTime)
        #expect(tally.jumps.isEmpty, "BottomSheet jumps: \(tally.summary)")
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
        let tally = Self.storm(
            "SheetNavigation", seed: seed, model: &nav, arguments: &a,
            step: { nav, a, t in
                // A few ids, so the same screen value is pushed again and again.
                let screen = SheetNavigation.Screen(
                    id: "s\(Int.random(in: 0..<4, using: &a.random))", contentHeight: a.length(400),
                    showsNavigationBar: a.chance(0.7))
                let animated = a.chance(0.8)
                switch Int.random(in: 0..<19, using: &a.random) {
                case 17:
                    nav.setInteractiveDismissal(allowed: a.chance(0.5), at: t)
                    return Applied(name: "setInteractiveDismissal", time: t)
                case 18:
                    nav.setReduceMotion(a.chance(0.5), at: t)
                    return Applied(name: "setReduceMotion", time: t)
                case 16:
                    let direction: ReadingDirection = a.chance(0.5) ? .leftToRight : .rightToLeft
                    let flips = direction != nav.configuration.layoutDirection
                    nav.setLayoutDirection(direction, at: t)
                    return Applied(name: "setLayoutDirection", time: t, definesJump: flips)
                case 13: nav.dragBegan(at: t); return Applied(name: "dragBegan", time: t, definesVelocity: true)
                case 14:
                    nav.dragChanged(translation: a.number(400), velocity: a.number(3000), at: t)
                    return Applied(name: "dragChanged", time: t, definesJump: true)
                case 15:
                    nav.dragEnded(velocity: a.number(3000), at: t);
                    return Applied(name: "dragEnded", time: t, definesVelocity: true)
                case 0: nav.present(at: t); return Applied(name: "present", time: t)
                case 1: nav.dismiss(at: t); return Applied(name: "dismiss", time: t)
                case 2, 3:
                    nav.push(screen, animated: animated, at: t)
                    return Applied(name: "push", time: t, definesJump: !animated)
                case 4, 5:
                    nav.pop(animated: animated, at: t)
                    return Applied(name: "pop", time: t, definesJump: !animated)
                case 6:
                    let depth = Int.random(in: 0...3, using: &a.random)
                    nav.setStack(Array(repeating: screen, count: depth), animated: animated, at: t)
                    return Applied(name: "setStack", time: t, definesJump: !animated)
                case 7:
                    let size = a.size()
                    let resized = size != nav.sheet.layout.containerSize
                    nav.setContainer(size, safeArea: a.insets(), at: t)
                    return Applied(name: "setContainer", time: t, definesJump: resized)
                case 8:
                    let frame: Rect? = a.chance(0.3) ? nil : Rect(x: 0, y: a.number(844), width: 390, height: 300)
                    let duration = a.number(0.25)
                    nav.keyboardWillChange(to: frame, duration: duration, curve: a.curve(), at: t)
                    return Applied(
                        name: "keyboardWillChange", time: t, definesJump: !(duration.isFinite && duration > 0))
                case 9:
                    nav.interactivePopBegan(at: t);
                    return Applied(name: "interactivePopBegan", time: t, definesVelocity: true)
                case 10:
                    nav.interactivePopChanged(translationX: a.number(390), velocityX: a.number(2000), at: t)
                    return Applied(name: "interactivePopChanged", time: t, definesJump: true)
                case 11:
                    nav.interactivePopEnded(velocityX: a.number(2000), at: t)
                    return Applied(name: "interactivePopEnded", time: t, definesVelocity: true)
                default: _ = nav.update(to: t); return Applied(name: "update", time: t)
                }
            },
            frame: { nav, t in
                let frame = nav.frame(at: t)
                var r = Self.readings(frame.sheet, nav.sheet.layout)
                // Screens of a hidden sheet (no sheet readings) show nothing either.
                let shown = r["sheet.y"] != nil
                let sheet = frame.sheet.sheet
                for screen in frame.screens where shown && screen.alpha > 0 {
                    Self.add(screen.rect, "screen \(screen.instance)", to: &r)
                    r["screen \(screen.instance).alpha"] = screen.alpha
                    r["screen \(screen.instance).titleAlpha"] = screen.titleAlpha
                    // What of it shows inside the sheet: a screen appearing or vanishing counts with this.
                    let visible = max(0, min(screen.rect.maxX, sheet.maxX) - max(screen.rect.minX, sheet.minX))
                    r["screen \(screen.instance) shows"] = screen.alpha * visible
                }
                r["navigationBarAlpha"] = frame.navigationBarAlpha
                if frame.navigationBarAlpha > 0 { r["navigationBarHeight"] = frame.navigationBarHeight }
                return r
            },
            malformed: { nav, t in
                if nav.stack.isEmpty { return "empty stack" }
                let frame = nav.frame(at: t)
                if let problem = Self.check(frame.sheet, "sheet") { return problem }
                for screen in frame.screens {
                    if let problem = Self.check(screen.rect, "screen \(screen.id)") { return problem }
                    if let problem = Self.unit(screen.alpha, "screen \(screen.id) alpha") { return problem }
                }
                if let problem = Self.unit(frame.navigationBarAlpha, "navigationBarAlpha") { return problem }
                if !frame.navigationBarHeight.isFinite || frame.navigationBarHeight < 0 {
                    return "navigationBarHeight \(frame.navigationBarHeight)"
                }
                return nil
            },
            settleTime: \.settleTime, followsOneChannel: { $0.hasPrefix("screen ") && $0.hasSuffix(".x") })
        #expect(tally.jumps.isEmpty, "SheetNavigation jumps: \(tally.summary)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func cardLift(seed: UInt64) {
        var a = Arguments(seed: seed &* 41)
        var configuration = CardLift.Configuration()
        configuration.reduceMotion = a.chance(0.25)
        configuration.modal = a.sheetConfiguration()
        if a.chance(0.3) { configuration.spring = .bouncy }
        if a.chance(0.3) { configuration.curve = (.easeInEaseOut, duration: a.number(0.35)) }
        var model = CardUnderTest(
            card: CardLift(
                source: a.rect(), target: a.rect(),
                modalLayout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(500)),
                configuration: configuration))
        let tally = Self.storm(
            "CardLift", seed: seed, model: &model, arguments: &a,
            step: { model, a, t in
                let wasClosing = model.card.phase == .closing
                defer {
                    // A close fades iff Reduce Motion is on when it starts.
                    if model.card.phase == .closing, !wasClosing {
                        model.fadedHome = model.card.configuration.reduceMotion
                    }
                }
                switch Int.random(in: 0..<12, using: &a.random) {
                case 10:
                    model.card.setReduceMotion(a.chance(0.5), at: t)
                    return Applied(name: "setReduceMotion", time: t)
                case 11:
                    model.card.setInteractiveDismissal(allowed: a.chance(0.5), at: t)
                    return Applied(name: "setInteractiveDismissal", time: t)
                case 7: model.card.dragBegan(at: t); return Applied(name: "dragBegan", time: t, definesVelocity: true)
                case 8:
                    model.card.dragChanged(translation: a.number(400), velocity: a.number(3000), at: t)
                    return Applied(name: "dragChanged", time: t, definesJump: true)
                case 9:
                    model.card.dragEnded(velocity: a.number(3000), at: t);
                    return Applied(name: "dragEnded", time: t, definesVelocity: true)
                case 0:
                    // With Reduce Motion the lifted card appears at the target while the list cell stays visible.
                    let fromList = model.card.frame(at: t).phase == .resting && model.card.configuration.reduceMotion
                    model.card.open(at: t, initialVelocity: Point(x: a.number(300), y: a.number(2000)))
                    return Applied(name: "open", time: t, definesJump: fromList, definesVelocity: true)
                case 1: model.card.close(at: t); return Applied(name: "close", time: t)
                case 2:
                    // At rest in the list the card follows its cell at once.
                    let resting = model.card.frame(at: t).phase == .resting
                    model.card.setSourceRect(a.rect(), at: t)
                    return Applied(name: "setSourceRect", time: t, definesJump: resting)
                case 3:
                    model.card.setTargetRect(a.rect(), at: t)
                    return Applied(name: "setTargetRect", time: t)
                case 4:
                    let size = a.size()
                    let resized = size != model.card.modal.layout.containerSize
                    model.card.setContainer(size, safeArea: a.insets(), at: t)
                    return Applied(name: "setContainer", time: t, definesJump: resized)
                default: _ = model.card.update(to: t); return Applied(name: "update", time: t)
                }
            },
            frame: { model, t in
                let frame = model.card.frame(at: t)
                var r = Self.readings(frame.modal, model.card.modal.layout, prefix: "modal ")
                // A card that faded home (Reduce Motion) rests as the list cell itself, which the host shows whenever
                // the lifted card is not opaque: what shows of the lifted card is nothing at rest, and only an alpha
                // otherwise.
                let hidden = frame.phase == .resting && model.fadedHome
                let alpha = hidden ? 0 : frame.cardAlpha
                if alpha > 1.0 / 510 {
                    Self.add(frame.card, "card", to: &r)
                    r["cornerRadius"] = frame.cornerRadius
                }
                r["cardAlpha"] = alpha
                return r
            },
            malformed: { model, t in
                let frame = model.card.frame(at: t)
                if let problem = Self.check(frame.modal, "modal") { return problem }
                if let problem = Self.check(frame.card, "card") { return problem }
                if let problem = Self.unit(frame.cardAlpha, "cardAlpha") { return problem }
                let numbers = [
                    frame.cornerRadius, frame.lift, frame.elevation.shadowRadius, frame.elevation.shadowOpacity,
                ]
                return numbers.allSatisfy(\.isFinite) ? nil : "corner, lift or elevation not finite: \(frame)"
            },
            settleTime: \.card.settleTime, followsOneChannel: { $0.hasPrefix("card.") })
        #expect(tally.jumps.isEmpty, "CardLift jumps: \(tally.summary)")
    }

    static let pullAxes: [PullToDismiss.Axis] = [.vertical, .edgeSwipe(.leftToRight), .edgeSwipe(.rightToLeft)]
    static let pullRules: [PullToDismiss.ReleaseRule] = [
        .projected(rate: 0.998), .progress(minimum: 0.1), .distance(fraction: 0.33),
    ]

    /// Every axis with every release rule, a third of the events each; a dismissed screen is replaced by a fresh one
    /// (the host presents the next), so storms go on past a dismissal.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func pullToDismiss(seed: UInt64) {
        for (index, (axis, rule)) in Self.pullAxes.flatMap({ axis in Self.pullRules.map { (axis, $0) } }).enumerated() {
            pullToDismiss(seed: seed &* 43 &+ UInt64(index), axis: axis, rule: rule)
        }
    }

    func pullToDismiss(seed: UInt64, axis: PullToDismiss.Axis, rule: PullToDismiss.ReleaseRule) {
        var a = Arguments(seed: seed)
        var configuration = PullToDismiss.Configuration()
        configuration.reduceMotion = a.chance(0.25)
        configuration.axis = axis
        configuration.releaseRule = rule
        configuration.allowsInteractiveDismissal = a.chance(0.5)
        configuration.backdrop = a.chance(0.5) ? .pullToDismissBlur : .pullToDismissShadow
        var pull = PullToDismiss(containerSize: a.size(), configuration: configuration)
        let tally = Self.storm(
            "PullToDismiss \(axis) \(rule)", seed: seed, model: &pull, arguments: &a,
            step: { pull, a, t in
                if pull.frame(at: t).phase == .dismissed, a.chance(0.2) {
                    pull = PullToDismiss(containerSize: pull.containerSize, configuration: pull.configuration)
                    // Its clock starts at this event, as the storm's does.
                    pull.setReduceMotion(pull.configuration.reduceMotion, at: t)
                    return Applied(name: "fresh screen", time: t, definesJump: true)
                }
                switch Int.random(in: 0..<10, using: &a.random) {
                case 8:
                    pull.setInteractiveDismissal(allowed: a.chance(0.5), at: t)
                    return Applied(name: "setInteractiveDismissal", time: t)
                case 9:
                    pull.setReduceMotion(a.chance(0.5), at: t)
                    return Applied(name: "setReduceMotion", time: t)
                case 0:
                    pull.setContent(offset: a.number(600), minimum: a.number(40) - 40, maximum: a.length(2000))
                    return Applied(name: "setContent", time: nil, definesJump: true)
                case 1:
                    let size = a.size()
                    let resized = size != pull.containerSize
                    pull.setContainer(size, at: t)
                    return Applied(name: "setContainer", time: t, definesJump: resized)
                case 2: pull.dragBegan(at: t); return Applied(name: "dragBegan", time: t, definesVelocity: true)
                case 3, 4:
                    pull.dragChanged(translation: a.number(500), velocity: a.chance(0.5) ? a.number(2000) : nil, at: t)
                    return Applied(name: "dragChanged", time: t, definesJump: true)
                case 5:
                    pull.dragEnded(velocity: a.chance(0.5) ? a.number(2000) : nil, at: t)
                    return Applied(name: "dragEnded", time: t, definesVelocity: true)
                case 6:
                    // With Reduce Motion a dismissal fades in place: the screen stops where it is.
                    let fades = pull.configuration.reduceMotion
                    pull.dismiss(at: t)
                    return Applied(name: "dismiss", time: t, definesVelocity: fades)
                default: _ = pull.update(to: t); return Applied(name: "update", time: t)
                }
            },
            frame: { pull, t in
                let frame = pull.frame(at: t)
                var r: Readings = ["backdropRate": frame.backdropRate]
                // A screen that has left (or faded out) can move anywhere.
                let dimension =
                    pull.configuration.axis == .vertical ? pull.containerSize.height : pull.containerSize.width
                if frame.alpha > 0, frame.offset < dimension {
                    Self.add(frame.screen, "screen", to: &r)
                    r["alpha"] = frame.alpha
                }
                return r
            },
            malformed: { pull, t in
                let frame = pull.frame(at: t)
                if let problem = Self.check(frame.screen, "screen") { return problem }
                if !frame.offset.isFinite || frame.offset < 0 { return "offset \(frame.offset)" }
                if !frame.contentOffset.isFinite { return "contentOffset \(frame.contentOffset)" }
                for (name, value) in [
                    ("progress", frame.progress), ("backdropRate", frame.backdropRate), ("alpha", frame.alpha),
                ] {
                    if let problem = Self.unit(value, name) { return problem }
                }
                return nil
            },
            settleTime: \.settleTime, followsOneChannel: { $0 == "screen.x" || $0 == "screen.y" },
            events: Self.eventsPerModel / 3)
        #expect(tally.jumps.isEmpty, "PullToDismiss jumps: \(tally.summary)")
    }

    /// A card lift and whether its latest close cross-faded (so at rest it is the list cell the host showed under it).
    struct CardUnderTest {
        var card: CardLift
        var fadedHome = false
    }
}

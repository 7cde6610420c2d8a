import AnimationKernel
import Testing

/// The models' two promises to a host, checked on random event sequences for all four models:
/// - a frame depends only on the events and the time asked for: at every frame a host draws, the model it keeps
///   updating gives exactly the frame of a copy that received the same events and never an `update(to:)`;
/// - milestones depend only on the events and the time covered: hosts at 60, 120 and 240 Hz, with jitter and with
///   most frames dropped, receive the same milestones, each as often.
@Suite struct FrameRateIndependence {
    /// One scripted event: its time and what it does.
    typealias Script<Model> = [(time: Double, apply: (inout Model, Double) -> Void)]

    /// How a host samples: its rate, a timestamp jitter (seconds, either way) and the share of frames it drops.
    struct Host: CustomStringConvertible {
        var hz: Double
        var jitter = 0.0
        var drops = 0.0
        var description: String { "\(Int(hz)) Hz, jitter \(jitter * 1000) ms, \(Int(drops * 100)) % dropped" }
    }

    static let hosts = [
        Host(hz: 60), Host(hz: 120), Host(hz: 240), Host(hz: 120, jitter: 0.002), Host(hz: 60, drops: 0.5),
        Host(hz: 240, jitter: 0.002, drops: 0.9),
    ]

    /// Event times in order: mostly a few milliseconds apart (within one frame, or between frames), sometimes a
    /// pause in which everything settles.
    static func times(count: Int, random: inout TestRandom) -> [Double] {
        var now = 0.0
        return (0..<count).map { _ in
            switch Int.random(in: 0..<20, using: &random) {
            case 0: now += Double.random(in: 0.5...2, using: &random)
            case 1: break  // the same time as the previous event
            default: now += Double.random(in: 0...0.08, using: &random)
            }
            return now
        }
    }

    /// Runs `script` for `host`, updating every frame it draws, and checks each drawn frame against a copy that never
    /// updates. Returns the milestones delivered in each window of 0.1 s and the first frame mismatch.
    static func run<Model: TransitionModel>(
        _ model: Model, _ script: Script<Model>, host: Host, seed: UInt64
    ) -> (milestones: [TransitionEvents], mismatch: String?) where Model.Frame: Equatable {
        var updated = model
        var untouched = model
        var random = TestRandom(seed: seed)
        // Milestones by window of a tenth of a second: every host draws exactly at each multiple of 0.1 s, so the
        // milestones reached in a window are delivered within it whatever the rate (a set per window, as
        // `update(to:)` reports a set).
        var windows: [TransitionEvents] = []
        var mismatch: String?
        precondition(Int(host.hz) % 10 == 0, "a host's rate is a multiple of 10 Hz")
        let end = (script.last?.time ?? 0) + 8
        var next = 0
        var tick = 0
        var drawn = -Double.infinity
        while true {
            tick += 1
            let nominal = Double(tick) / host.hz
            let perWindow = Int(host.hz) / 10
            let sync = tick % perWindow == 0
            let jitter = host.jitter > 0 ? Double.random(in: -host.jitter...host.jitter, using: &random) : 0
            let drop = Double.random(in: 0..<1, using: &random) < host.drops
            let last = nominal >= end
            if !sync, drop { continue }
            let time = sync ? nominal : max(nominal + jitter, drawn)
            while next < script.count, script[next].time <= time {
                script[next].apply(&updated, script[next].time)
                script[next].apply(&untouched, script[next].time)
                next += 1
            }
            let window = (tick - 1) / perWindow
            if windows.count <= window {
                windows.append(contentsOf: repeatElement([], count: window + 1 - windows.count))
            }
            windows[window].formUnion(updated.update(to: time))
            drawn = time
            if mismatch == nil, updated.frame(at: time) != untouched.frame(at: time) {
                mismatch =
                    "at \(time) (\(host)): updated \(updated.frame(at: time)) vs never updated \(untouched.frame(at: time))"
            }
            if last, sync { break }
        }
        return (windows, mismatch)
    }

    /// Checks both promises for `script` on every host.
    static func check<Model: TransitionModel>(_ name: String, _ model: Model, _ script: Script<Model>, seed: UInt64)
    where Model.Frame: Equatable {
        var reference: (host: Host, milestones: [TransitionEvents])?
        for (index, host) in hosts.enumerated() {
            let (milestones, mismatch) = run(model, script, host: host, seed: seed &* 7 &+ UInt64(index))
            #expect(mismatch == nil, "\(name), seed \(seed): update(to:) changed a frame \(mismatch ?? "")")
            if let reference {
                let differing = zip(milestones, reference.milestones).enumerated().first {
                    $0.element.0 != $0.element.1
                }
                #expect(
                    differing == nil && milestones.count == reference.milestones.count,
                    """
                    \(name), seed \(seed): milestones between \(Double(differing?.offset ?? 0) / 10) s and 0.1 s later: \
                    \(differing?.element.0.rawValue ?? 0) at \(host), \(differing?.element.1.rawValue ?? 0) at \(reference.host)
                    """)
            } else {
                reference = (host, milestones)
            }
        }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    @Test(arguments: seeds) func bottomSheet(seed: UInt64) {
        var a = EventStorm.Arguments(seed: seed &* 101)
        var random = TestRandom(seed: seed)
        let sheet = BottomSheet(
            layout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(300)),
            configuration: a.sheetConfiguration())
        let script: Script<BottomSheet> = Self.times(count: 300, random: &random).map { time in
            (time, Self.sheetEvent(&a))
        }
        Self.check("BottomSheet", sheet, script, seed: seed)
    }

    /// A random sheet event (present and dismiss more often, so the lifecycle runs).
    static func sheetEvent(_ a: inout EventStorm.Arguments) -> (inout BottomSheet, Double) -> Void {
        switch Int.random(in: 0..<17, using: &a.random) {
        case 0, 1: return { $0.present(at: $1) }
        case 2: return { $0.dismiss(at: $1) }
        case 3, 4:
            let height = a.length(400)
            let driver: AnimatedValue.Driver? = a.chance(0.3) ? .curve(.easeOut, duration: 0.01) : nil
            return { $0.setContentHeight(height, at: $1, using: driver) }
        case 5:
            let (size, insets) = (a.size(), a.insets())
            return { $0.setContainer(size, safeArea: insets, at: $1) }
        case 6:
            let frame: Rect? = a.chance(0.3) ? nil : Rect(x: 0, y: a.number(844), width: 390, height: 300)
            let (duration, curve) = (a.number(0.25), a.curve())
            return { $0.keyboardWillChange(to: frame, duration: duration, curve: curve, at: $1) }
        case 7:
            let detents = a.detents()
            return { $0.setDetents(detents, at: $1) }
        case 8:
            let (height, velocity) = (a.length(400), a.number(3000))
            return { $0.trackContentHeight(height, velocity: velocity, at: $1) }
        case 9: return { $0.dragBegan(at: $1) }
        case 10, 11:
            let (translation, velocity) = (a.number(400), a.number(3000))
            return { $0.dragChanged(translation: translation, velocity: velocity, at: $1) }
        case 12:
            let velocity = a.number(3000)
            return { $0.dragEnded(velocity: velocity, at: $1) }
        case 13:
            let (pick, animated) = (Int.random(in: 0..<4, using: &a.random), a.chance(0.8))
            return { sheet, t in
                let detents = sheet.configuration.detents
                sheet.moveToDetent(detents[pick % detents.count], animated: animated, at: t)
            }
        case 14:
            let allowed = a.chance(0.5)
            return { $0.setInteractiveDismissal(allowed: allowed, at: $1) }
        case 15:
            let on = a.chance(0.5)
            return { $0.setReduceMotion(on, at: $1) }
        default:
            let (offset, minimum, maximum) = (a.number(300), a.number(40) - 40, a.length(1500))
            return { sheet, _ in sheet.setContent(offset: offset, minimum: minimum, maximum: maximum) }
        }
    }

    @Test(arguments: seeds) func sheetNavigation(seed: UInt64) {
        var a = EventStorm.Arguments(seed: seed &* 103)
        var random = TestRandom(seed: seed)
        var configuration = SheetNavigation.Configuration()
        configuration.reduceMotion = a.chance(0.3)
        configuration.sheet = a.sheetConfiguration()
        configuration.popReleaseRule = a.chance(0.5) ? .progress(minimum: 0.1) : .projected(rate: 0.998)
        let nav = SheetNavigation(
            root: .init(id: "root", contentHeight: a.length(300)), containerSize: a.size(), safeArea: a.insets(),
            configuration: configuration)
        let script: Script<SheetNavigation> = Self.times(count: 300, random: &random).map { time in
            let screen = SheetNavigation.Screen(
                id: "s\(Int.random(in: 0..<4, using: &a.random))", contentHeight: a.length(400),
                showsNavigationBar: a.chance(0.7))
            let animated = a.chance(0.85)
            let event: (inout SheetNavigation, Double) -> Void
            switch Int.random(in: 0..<16, using: &a.random) {
            case 0: event = { $0.present(at: $1) }
            case 1: event = { $0.dismiss(at: $1) }
            case 2, 3: event = { $0.push(screen, animated: animated, at: $1) }
            case 4, 5: event = { $0.pop(animated: animated, at: $1) }
            case 6:
                let depth = Int.random(in: 1...4, using: &a.random)
                event = { $0.setStack(Array(repeating: screen, count: depth), animated: animated, at: $1) }
            case 7:
                let height = a.length(400)
                event = { $0.setContentHeight(height, at: $1) }
            case 8:
                let (size, insets) = (a.size(), a.insets())
                event = { $0.setContainer(size, safeArea: insets, at: $1) }
            case 9: event = { $0.interactivePopBegan(at: $1) }
            case 10, 11:
                let (translation, velocity) = (a.number(390), a.number(2000))
                event = { $0.interactivePopChanged(translationX: translation, velocityX: velocity, at: $1) }
            case 12:
                let velocity = a.number(2000)
                event = { $0.interactivePopEnded(velocityX: velocity, at: $1) }
            case 13:
                let on = a.chance(0.5)
                event = { $0.setReduceMotion(on, at: $1) }
            case 14: event = { $0.dragBegan(at: $1) }
            default:
                let velocity = a.number(3000)
                event = { $0.dragEnded(velocity: velocity, at: $1) }
            }
            return (time, event)
        }
        Self.check("SheetNavigation", nav, script, seed: seed)
    }

    @Test(arguments: seeds) func cardLift(seed: UInt64) {
        var a = EventStorm.Arguments(seed: seed &* 107)
        var random = TestRandom(seed: seed)
        var configuration = CardLift.Configuration()
        configuration.reduceMotion = a.chance(0.3)
        configuration.modal = a.sheetConfiguration()
        if a.chance(0.3) { configuration.spring = .bouncy }
        if a.chance(0.3) { configuration.curve = (.easeInEaseOut, duration: 0.3) }
        let lift = CardLift(
            source: a.rect(), target: a.rect(),
            modalLayout: .init(containerSize: a.size(), safeArea: a.insets(), contentHeight: a.length(500)),
            configuration: configuration)
        let script: Script<CardLift> = Self.times(count: 300, random: &random).map { time in
            let event: (inout CardLift, Double) -> Void
            switch Int.random(in: 0..<11, using: &a.random) {
            case 0, 1:
                let velocity = Point(x: a.number(300), y: a.number(2000))
                event = { $0.open(at: $1, initialVelocity: velocity) }
            case 2, 3: event = { $0.close(at: $1) }
            case 4:
                let rect = a.rect()
                event = { $0.setSourceRect(rect, at: $1) }
            case 5:
                let rect = a.rect()
                event = { $0.setTargetRect(rect, at: $1) }
            case 6:
                let (size, insets) = (a.size(), a.insets())
                event = { $0.setContainer(size, safeArea: insets, at: $1) }
            case 7: event = { $0.dragBegan(at: $1) }
            case 8:
                let (translation, velocity) = (a.number(400), a.number(3000))
                event = { $0.dragChanged(translation: translation, velocity: velocity, at: $1) }
            case 9:
                let velocity = a.number(3000)
                event = { $0.dragEnded(velocity: velocity, at: $1) }
            default:
                let on = a.chance(0.5)
                event = { $0.setReduceMotion(on, at: $1) }
            }
            return (time, event)
        }
        Self.check("CardLift", lift, script, seed: seed)
    }

    @Test(arguments: seeds) func pullToDismiss(seed: UInt64) {
        var a = EventStorm.Arguments(seed: seed &* 109)
        var random = TestRandom(seed: seed)
        var configuration = PullToDismiss.Configuration()
        configuration.reduceMotion = a.chance(0.3)
        configuration.axis = a.pick([.vertical, .edgeSwipe(.leftToRight), .edgeSwipe(.rightToLeft)])
        configuration.releaseRule = a.pick([
            .progress(minimum: 0.1), .distance(fraction: 0.33), .projected(rate: 0.998),
        ])
        configuration.allowsInteractiveDismissal = a.chance(0.7)
        let pull = PullToDismiss(containerSize: a.size(), configuration: configuration)
        let script: Script<PullToDismiss> = Self.times(count: 300, random: &random).map { time in
            let event: (inout PullToDismiss, Double) -> Void
            switch Int.random(in: 0..<10, using: &a.random) {
            case 0, 1: event = { $0.dragBegan(at: $1) }
            case 2, 3, 4:
                let (translation, velocity) = (a.number(500), a.chance(0.5) ? a.number(2000) : nil)
                event = { $0.dragChanged(translation: translation, velocity: velocity, at: $1) }
            case 5, 6:
                let velocity = a.chance(0.5) ? a.number(2000) : nil
                event = { $0.dragEnded(velocity: velocity, at: $1) }
            case 7: event = { $0.dismiss(at: $1) }
            case 8 where a.chance(0.5):
                // Back from a dismissal: the host presents a fresh screen (decided by the frame, which both copies share).
                event = { pull, t in
                    if pull.frame(at: t).phase == .dismissed {
                        pull = PullToDismiss(containerSize: pull.containerSize, configuration: pull.configuration)
                    }
                }
            case 8:
                let allowed = a.chance(0.7)
                event = { $0.setInteractiveDismissal(allowed: allowed, at: $1) }
            default:
                let on = a.chance(0.5)
                event = { $0.setReduceMotion(on, at: $1) }
            }
            return (time, event)
        }
        Self.check("PullToDismiss", pull, script, seed: seed)
    }
}

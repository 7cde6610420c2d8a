/// A navigation stack inside a ``BottomSheet`` (after Koshelek's bottom-sheet navigation controller): push and pop
/// slide screens horizontally while the sheet's height animates from the old content height to the new one.
///
/// Each screen has its own offset channel (a fraction of the sheet's width: 0 on screen, 1 off the trailing edge,
/// -0.3 parked behind its successor), so a push or pop during another transition retargets every screen from where
/// it is, with no jump, and up to three screens can be on the move at once. Right-to-left layouts mirror every
/// horizontal motion. ``frame(at:)`` is pure and allocates nothing.
///
/// Screens are identified by strings (short identifiers are stored inline, so frames copy them without allocating).
/// The model is deliberately not generic over the identifier type: a generic model is not specialised across the
/// module boundary, and its frame path then spends most of its time looking up generic metadata.
public struct SheetNavigation: Sendable {
    /// Identifies a screen in frames; keep it short (up to 15 UTF-8 bytes is stored inline).
    public typealias ScreenID = String

    /// One screen of the stack.
    public struct Screen: Sendable, Hashable {
        /// The caller's identifier, echoed in frames.
        public var id: ScreenID
        /// Preferred content height in points (clamped to the container height minus the top safe area). The model
        /// stores a non-finite or negative height as 0, so a screen it was given compares equal to itself.
        public var contentHeight: Double
        /// Whether the screen shows the navigation bar.
        public var showsNavigationBar: Bool

        /// Creates a screen.
        public init(id: ScreenID, contentHeight: Double, showsNavigationBar: Bool = true) {
            self.id = id
            self.contentHeight = contentHeight
            self.showsNavigationBar = showsNavigationBar
        }
    }

    /// When a released interactive pop finishes rather than cancels.
    public enum PopReleaseRule: Sendable, Hashable {
        /// minne's rule: cancel if the velocity points back (< 0) or progress is below `minimum` (default 0.1).
        case progress(minimum: Double)
        /// Finish if the progress projected with the deceleration `rate` (0.998) passes one half.
        case projected(rate: Double)
    }

    /// Tunables; defaults from Koshelek's sheet navigation.
    public struct Configuration: Sendable {
        /// Navigation bar height in a sheet: 56 points.
        public var navigationBarHeight: Double = 56
        /// The bar is never shorter than this during a transition: 44 points (UIKit's compact bar).
        public var minimumNavigationBarHeight: Double = 44
        /// Push and pop timing: cubic-bezier(0.2, 1, 0.42, 1) ...
        public var curve: TimingCurve = navigationCurve
        /// ... over 0.35 s.
        public var duration: Double = 0.35
        /// Where the covered screen parks, as a fraction of the width: -0.3.
        public var parallax: Double = -0.3
        /// Reading direction; right-to-left mirrors every horizontal motion.
        public var layoutDirection: LayoutDirection = .leftToRight
        /// Release rule for the interactive edge-swipe pop. Default `.progress(minimum: 0.1)`.
        public var popReleaseRule: PopReleaseRule = .progress(minimum: 0.1)
        /// Reduce Motion: pushes and pops cross-fade in place (0.2 s) instead of sliding.
        public var reduceMotion = false
        /// The sheet's own tunables.
        public var sheet = BottomSheet.Configuration()

        /// The defaults.
        public init() {}
    }

    /// Where one visible screen is.
    public struct ScreenFrame: Sendable, Hashable {
        /// The screen's identifier.
        public var id: ScreenID
        /// Its rectangle in container coordinates (below the bar if it shows one).
        public var rect: Rect
        /// Its alpha (1 except during a Reduce Motion cross-fade).
        public var alpha: Double
        /// Stacking order: larger is in front.
        public var zIndex: Int
    }

    /// Up to four visible screens, back to front, in inline storage (reading a frame allocates nothing).
    public struct ScreenFrames: RandomAccessCollection, Sendable, Hashable {
        /// The most screens drawn at once (front ones win; a back screen is dropped only when all these show).
        public static var capacity: Int { 4 }
        // Unused slots hold `empty` rather than being optional: a frame is copied a few times on its way to the
        // caller, and copying optionals of a type with a string costs a branchy outlined copy per slot.
        private static var empty: ScreenFrame { ScreenFrame(id: "", rect: .zero, alpha: 0, zIndex: 0) }
        private var a = Self.empty
        private var b = Self.empty
        private var c = Self.empty
        private var d = Self.empty
        /// How many screens are visible.
        public private(set) var count = 0
        /// 0.
        public var startIndex: Int { 0 }
        /// ``count``.
        public var endIndex: Int { count }

        /// The screen at `index` (back to front).
        public subscript(index: Int) -> ScreenFrame {
            switch index {
            case 0: return a
            case 1: return b
            case 2: return c
            default: return d
            }
        }

        /// Adds a screen behind every screen added so far (callers go front to back); when full, further screens
        /// are dropped: the front ones win. Call ``finishFrontToBack()`` once after the last one.
        mutating func appendBehind(_ frame: ScreenFrame) {
            guard count < Self.capacity else { return }
            set(count, frame)
            count += 1
        }

        /// Turns the front-to-back order of ``appendBehind(_:)`` into the collection's back-to-front order.
        mutating func finishFrontToBack() {
            switch count {
            case 2: swap(&a, &b)
            case 3: swap(&a, &c)
            case 4:
                swap(&a, &d)
                swap(&b, &c)
            default: break
            }
        }

        private mutating func set(_ index: Int, _ frame: ScreenFrame) {
            switch index {
            case 0: a = frame
            case 1: b = frame
            case 2: c = frame
            default: d = frame
            }
        }
    }

    /// Everything a renderer needs for one frame.
    public struct Frame: Sendable, Hashable {
        /// Visible screens, back to front.
        public var screens: ScreenFrames
        /// The sheet around them (rect, dimming, phase).
        public var sheet: BottomSheet.Frame
        /// Progress of the current push or pop for the bar's own transition (0 old title, 1 new title).
        public var navigationBarProgress: Double
        /// The bar's alpha (it fades when only one side of the transition shows it).
        public var navigationBarAlpha: Double
        /// The bar's height (0 when neither side shows it; never below the minimum during a transition).
        public var navigationBarHeight: Double
    }

    /// The tunables in force.
    public let configuration: Configuration
    /// The screens, root first; the last is on top (or becoming so).
    public private(set) var stack: [Screen]
    /// The sheet that hosts the stack.
    public private(set) var sheet: BottomSheet

    private struct Entry: Sendable {
        var screen: Screen
        var offset: AnimatedValue
        var alpha: AnimatedValue
        var zIndex: Int
        var leaving: Bool
    }

    private var entries: [Entry]
    private var barProgress = AnimatedValue(1)
    private var barFrom = true
    private var barTo = true
    private var nextZ = 0
    private var interactive = false
    private var pending: TransitionEvents = []
    /// Orders events and reads in time (see ``EventClock``).
    private var clock = EventClock()
    private var navigating = false
    /// zIndex of the screens the latest transition goes from and to (entries are identified by zIndex).
    private var transitionFromZ = -1
    private var transitionToZ = -1

    /// A dismissed sheet holding `root`, laid out in `containerSize` with `safeArea`.
    public init(
        root: Screen, containerSize: Size, safeArea: EdgeInsets = .zero, configuration: Configuration = Configuration()
    ) {
        self.configuration = configuration
        let root = Self.sanitized(root)
        self.stack = [root]
        let bar = root.showsNavigationBar ? Self.barHeight(configuration) : 0
        var sheetConfiguration = configuration.sheet
        sheetConfiguration.reduceMotion = sheetConfiguration.reduceMotion || configuration.reduceMotion
        let layout = BottomSheet.Layout(
            containerSize: containerSize, safeArea: safeArea,
            contentHeight: Self.clampedContent(root.contentHeight, containerSize, safeArea), navigationBarHeight: bar)
        self.sheet = BottomSheet(layout: layout, configuration: sheetConfiguration)
        self.entries = [
            Entry(screen: root, offset: AnimatedValue(0), alpha: AnimatedValue(1), zIndex: 0, leaving: false)
        ]
        self.barFrom = root.showsNavigationBar
        self.barTo = root.showsNavigationBar
        self.nextZ = 1
    }

    // MARK: - Events

    /// Presents the sheet (see ``BottomSheet/present(at:)``).
    public mutating func present(at time: Double) { sheet.present(at: clock.event(time)) }

    /// Dismisses the sheet (see ``BottomSheet/dismiss(at:)``).
    public mutating func dismiss(at time: Double) { sheet.dismiss(at: clock.event(time)) }

    /// Pushes `screen` at `time`: it enters from the trailing edge while the old top moves to -30 % of the width and
    /// the sheet's height animates to the new content height, all on cubic-bezier(0.2, 1, 0.42, 1) over 0.35 s.
    /// `animated: false` jumps. During another transition, everything retargets from where it is.
    public mutating func push(_ screen: Screen, animated: Bool = true, at time: Double) {
        let time = clock.event(time)
        let screen = Self.sanitized(screen)
        finishInteractiveIfNeeded(at: time)
        let from = stack.last!
        stack.append(screen)
        transition(from: from, to: screen, forward: true, animated: animated, at: time)
    }

    /// Pops the top screen at `time` (mirror of ``push(_:animated:at:)``, the leaving screen in front).
    /// Popping the root does nothing and returns false.
    @discardableResult
    public mutating func pop(animated: Bool = true, at time: Double) -> Bool {
        let time = clock.event(time)
        guard stack.count > 1 else { return false }
        finishInteractiveIfNeeded(at: time)
        let from = stack.removeLast()
        transition(from: from, to: stack.last!, forward: false, animated: animated, at: time)
        return true
    }

    /// Replaces the whole stack, transitioning from the old top to the new top like a push. An empty `screens` does
    /// nothing and returns false.
    @discardableResult
    public mutating func setStack(_ screens: [Screen], animated: Bool = true, at time: Double) -> Bool {
        let time = clock.event(time)
        let screens = screens.map(Self.sanitized)
        guard let newTop = screens.last else { return false }
        finishInteractiveIfNeeded(at: time)
        let from = stack.last!
        stack = screens
        transition(from: from, to: newTop, forward: true, animated: animated, at: time)
        return true
    }

    /// Applies a new container size and safe area (rotation) at `time`; everything in flight retargets.
    public mutating func setContainer(_ size: Size, safeArea: EdgeInsets, at time: Double) {
        let time = clock.event(time)
        sheet.setContainer(size, safeArea: safeArea, at: time)
        let top = stack.last!
        sheet.setContentHeight(clampedContent(top.contentHeight), at: time)
    }

    /// Forwards a keyboard change to the sheet (see ``BottomSheet/keyboardWillChange(to:duration:curve:at:)``).
    public mutating func keyboardWillChange(to frame: Rect?, duration: Double, curve: TimingCurve, at time: Double) {
        let time = clock.event(time)
        sheet.keyboardWillChange(to: frame, duration: duration, curve: curve, at: time)
    }

    // MARK: Interactive pop (edge swipe)

    /// An edge swipe began at `time`. Returns false (and does nothing) at the root.
    @discardableResult
    public mutating func interactivePopBegan(at time: Double) -> Bool {
        let time = clock.event(time)
        guard stack.count > 1, !interactive else { return false }
        interactive = true
        let from = stack.removeLast()
        beginTransition(from: from, to: stack.last!, forward: false, at: time)
        interactivePopChanged(translationX: 0, velocityX: 0, at: time)
        return true
    }

    /// The finger moved `translationX` points (positive toward the trailing edge in either direction) with
    /// `velocityX` points per second. Progress = translation / width, clamped to [0, 1].
    public mutating func interactivePopChanged(translationX: Double, velocityX: Double, at time: Double) {
        let time = clock.event(time)
        guard interactive, let (top, below) = transitionIndices() else { return }
        let width = max(sheet.frame(at: time).sheet.width, 1)
        let progress = Sanitize.clamp(translationX / width, 0, 1)
        let vp = Sanitize.finite(velocityX, or: 0) / width
        entries[top].offset.track(progress, velocity: vp, at: time)
        entries[below].offset.track(
            configuration.parallax * (1 - progress), velocity: -configuration.parallax * vp, at: time)
        barProgress.track(progress, velocity: vp, at: time)
        // The sheet's height follows the progress between the two screens' full heights (content + bar).
        let fromTotal = total(of: entries[top].screen)
        let toTotal = total(of: entries[below].screen)
        sheet.trackContentHeight(
            lerp(fromTotal, toTotal, progress), navigationBarHeight: 0, velocity: (toTotal - fromTotal) * vp, at: time)
    }

    /// The finger lifted with `velocityX` points per second. Finishes or cancels by ``Configuration/popReleaseRule``;
    /// the rest of the motion is a spring that starts with the release velocity (no linear tail).
    public mutating func interactivePopEnded(velocityX: Double, at time: Double) {
        let time = clock.event(time)
        guard interactive, let (top, below) = transitionIndices() else { return }
        interactive = false
        let progress = entries[top].offset.value(at: time)
        let v = Sanitize.finite(velocityX, or: 0)
        let finish: Bool
        switch configuration.popReleaseRule {
        case .progress(let minimum):
            finish = !(v < 0 || progress < minimum)
        case .projected(let rate):
            let width = max(sheet.frame(at: time).sheet.width, 1)
            finish = progress + projectedDistance(velocity: v / width, decelerationRate: rate) > 0.5
        }
        let spring = uiKitSpring(duration: configuration.duration, dampingRatio: 1)
        let topScreen = entries[top].screen
        let belowScreen = entries[below].screen
        if finish {
            entries[top].offset.animate(to: 1, using: .spring(spring), at: time)
            entries[top].leaving = true
            entries[below].offset.animate(to: 0, using: .spring(spring), at: time)
            barProgress.animate(to: 1, using: .spring(spring), at: time)
            sheet.setContentHeight(
                clampedContent(belowScreen.contentHeight), navigationBarHeight: barHeightFor(belowScreen), at: time,
                using: .spring(spring))
        } else {
            stack.append(topScreen)
            entries[top].offset.animate(to: 0, using: .spring(spring), at: time)
            entries[below].offset.animate(to: configuration.parallax, using: .spring(spring), at: time)
            barProgress.animate(to: 0, using: .spring(spring), at: time)
            sheet.setContentHeight(
                clampedContent(topScreen.contentHeight), navigationBarHeight: barHeightFor(topScreen), at: time,
                using: .spring(spring))
            pending.insert(.didCancel)
        }
    }

    // MARK: - Reading

    /// The frame at `time`: pure, no allocation.
    public func frame(at time: Double) -> Frame {
        let time = clock.read(time)
        let sheetFrame = sheet.frame(at: time)
        let sign = configuration.layoutDirection.sign
        let width = sheetFrame.sheet.width
        let bar = Self.barHeight(configuration)
        var screens = ScreenFrames()
        // Front to back (entries are kept sorted by zIndex). Screens are opaque and as wide as the sheet: one at
        // offset p covers [p, p + 1] of the sheet's [0, 1]; a screen wholly inside the opaque cover in front of it
        // is not drawn. The cover is tracked as one interval (a gap only makes it smaller: never hides too much).
        var coverLow = 0.0
        var coverHigh = 0.0
        // Read the entries in place through a buffer pointer: Array's subscript getter returns a copy of the element,
        // and an entry is a few hundred bytes whose channels carry their curves (reference counted).
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices.reversed() {
                let offset = entries[index].offset.value(at: time)
                let alpha = Sanitize.clamp(entries[index].alpha.value(at: time), 0, 1)
                guard alpha > 0, offset > -1, offset < 1 else { continue }
                // The part of the screen inside the sheet (the sheet clips it) is all that can show.
                if coverLow < coverHigh, coverLow <= max(offset, 0), min(offset + 1, 1) <= coverHigh { continue }
                let screen = entries[index].screen  // just the screen: copying the whole entry copies its channels
                let y = sheetFrame.sheet.minY + (screen.showsNavigationBar ? bar : 0)
                let rect = Rect(
                    x: sheetFrame.sheet.minX + sign * offset * width, y: y, width: width,
                    height: clampedContent(screen.contentHeight))
                screens.appendBehind(
                    ScreenFrame(id: screen.id, rect: rect, alpha: alpha, zIndex: entries[index].zIndex))
                guard alpha == 1 else { continue }
                if coverLow == coverHigh {
                    (coverLow, coverHigh) = (offset, offset + 1)
                } else if offset <= coverHigh && offset + 1 >= coverLow {
                    (coverLow, coverHigh) = (min(coverLow, offset), max(coverHigh, offset + 1))
                }
            }
        }
        screens.finishFrontToBack()
        let progress = Sanitize.clamp(barProgress.value(at: time), 0, 1)
        let barAlpha = lerp(barFrom ? 1 : 0, barTo ? 1 : 0, progress)
        return Frame(
            screens: screens, sheet: sheetFrame, navigationBarProgress: progress, navigationBarAlpha: barAlpha,
            navigationBarHeight: barFrom || barTo ? bar : 0)
    }

    /// Advances the lifecycle to `time`: drops screens that finished leaving, and returns milestones once each.
    public mutating func update(to time: Double) -> TransitionEvents {
        let time = clock.event(time)
        var events = sheet.update(to: time).union(pending)
        pending = []
        let finished = { (entry: Entry) in
            entry.leaving && entry.offset.isSettled(at: time) && entry.alpha.isSettled(at: time)
        }
        // Checked before mutating: removeAll always takes the array's mutation path, even when nothing goes.
        if entries.contains(where: finished) { entries.removeAll(where: finished) }
        if navigating, !interactive,
            entries.allSatisfy({ $0.offset.isSettled(at: time) && $0.alpha.isSettled(at: time) })
        {
            navigating = false
            events.insert(.didFinishNavigation)
        }
        return events
    }

    /// The time from which nothing moves; `-infinity` when at rest.
    public var settleTime: Double {
        entries.reduce(max(sheet.settleTime, barProgress.settleTime)) {
            max($0, $1.offset.settleTime, $1.alpha.settleTime)
        }
    }

    // MARK: - Transitions

    private mutating func transition(from: Screen, to: Screen, forward: Bool, animated: Bool, at time: Double) {
        beginTransition(from: from, to: to, forward: forward, at: time)
        let driver: AnimatedValue.Driver = .curve(
            configuration.curve, duration: Sanitize.duration(configuration.duration, or: 0.35))
        let reduce = configuration.reduceMotion
        if let (fromIndex, toIndex) = transitionIndices() {
            if forward {
                move(toIndex, to: 0, alphaTo: 1, animated: animated, driver: driver, at: time)
                move(
                    fromIndex, to: reduce ? 0 : configuration.parallax, alphaTo: reduce ? 0 : 1, animated: animated,
                    driver: driver, at: time)
            } else {
                entries[fromIndex].leaving = true
                move(
                    fromIndex, to: reduce ? 0 : 1, alphaTo: reduce ? 0 : 1, animated: animated, driver: driver, at: time
                )
                move(toIndex, to: 0, alphaTo: 1, animated: animated, driver: driver, at: time)
            }
        }
        if animated { barProgress.animate(to: 1, using: driver, at: time) } else { barProgress.jump(to: 1, at: time) }
        sheet.setContentHeight(
            clampedContent(to.contentHeight), navigationBarHeight: barHeightFor(to), at: time,
            using: animated ? driver : .immediate)
        // Screens no longer in the stack (after setStack) leave once they stop moving.
        for i in entries.indices where !stack.contains(entries[i].screen) { entries[i].leaving = true }
    }

    /// Arranges `entries` so the two screens of the transition are the last two, in z-order, with the right start
    /// positions for screens that were not on the move.
    private mutating func beginTransition(from: Screen, to: Screen, forward: Bool, at time: Double) {
        navigating = true
        barFrom = from.showsNavigationBar
        barTo = to.showsNavigationBar
        barProgress.jump(to: 0, at: time)
        let reduce = configuration.reduceMotion
        // Screens that are neither side of this transition and not moving are parked; moving ones keep going.
        if forward {
            // The incoming screen enters in front of everything (it starts off screen, so nothing jumps); every
            // other screen keeps its place in the z-order, so a screen still leaving from an earlier pop stays in front
            // of the one it revealed.
            let start = reduce ? 0.0 : 1.0
            let incoming = Entry(
                screen: to, offset: AnimatedValue(start), alpha: AnimatedValue(reduce ? 0 : 1), zIndex: nextZ,
                leaving: false)
            transitionFromZ = entries.last { $0.screen == from && !$0.leaving }?.zIndex ?? -1
            transitionToZ = nextZ
            entries.append(incoming)
            nextZ += 2
            // Any other screen still visible is sent behind, to the parked position.
            for i in entries.indices.dropLast(2) where !entries[i].leaving {
                entries[i].offset.retarget(to: reduce ? 0 : configuration.parallax, at: time)
                entries[i].alpha.retarget(to: reduce ? 0 : 1, at: time)
            }
        } else {
            // The leaving screen keeps its z (screens popped before it stay in front of it); the revealed one is
            // directly behind it: its existing entry if it is still around, else a new one parked behind.
            let leavingZ = entries.last { $0.screen == from && !$0.leaving }?.zIndex ?? (nextZ - 1)
            transitionFromZ = leavingZ
            transitionToZ = leavingZ - 1
            if let revealedIndex = entries.lastIndex(where: { $0.screen == to && !$0.leaving }) {
                if entries[revealedIndex].zIndex >= leavingZ {
                    entries[revealedIndex].zIndex = leavingZ - 1
                } else {
                    transitionToZ = entries[revealedIndex].zIndex
                }
            } else {
                entries.append(
                    Entry(
                        screen: to, offset: AnimatedValue(reduce ? 0 : configuration.parallax),
                        alpha: AnimatedValue(reduce ? 0 : 1), zIndex: leavingZ - 1, leaving: false))
            }
        }
        // Frames read entries front to back; keeping them sorted here keeps the frame path free of sorting.
        entries.sort { $0.zIndex < $1.zIndex }
    }

    /// Indices of the latest transition's (from, to) entries, if both are still there.
    private func transitionIndices() -> (Int, Int)? {
        guard let from = entries.firstIndex(where: { $0.zIndex == transitionFromZ }),
            let to = entries.firstIndex(where: { $0.zIndex == transitionToZ })
        else { return nil }
        return (from, to)
    }

    private mutating func move(
        _ index: Int, to offset: Double, alphaTo alpha: Double, animated: Bool, driver: AnimatedValue.Driver,
        at time: Double
    ) {
        guard entries.indices.contains(index) else { return }
        if animated {
            entries[index].offset.animate(to: offset, using: driver, at: time)
            let fade: AnimatedValue.Driver = .curve(.easeInEaseOut, duration: configuration.sheet.crossFadeDuration)
            entries[index].alpha.animate(to: alpha, using: configuration.reduceMotion ? fade : driver, at: time)
        } else {
            entries[index].offset.jump(to: offset, at: time)
            entries[index].alpha.jump(to: alpha, at: time)
        }
    }

    private mutating func finishInteractiveIfNeeded(at time: Double) {
        if interactive { interactivePopEnded(velocityX: 0, at: time) }
    }

    /// `screen` with a representable content height (NaN would make it unequal to itself, and screens are matched by
    /// value).
    private static func sanitized(_ screen: Screen) -> Screen {
        Screen(
            id: screen.id, contentHeight: Sanitize.length(screen.contentHeight),
            showsNavigationBar: screen.showsNavigationBar)
    }

    private func total(of screen: Screen) -> Double { clampedContent(screen.contentHeight) + barHeightFor(screen) }

    private func barHeightFor(_ screen: Screen) -> Double {
        screen.showsNavigationBar ? Self.barHeight(configuration) : 0
    }

    private static func barHeight(_ configuration: Configuration) -> Double {
        max(
            Sanitize.length(configuration.navigationBarHeight),
            Sanitize.length(configuration.minimumNavigationBarHeight))
    }

    private func clampedContent(_ height: Double) -> Double {
        Self.clampedContent(height, sheet.layout.containerSize, sheet.layout.safeArea)
    }

    /// Content is at most the container height minus the top safe area.
    private static func clampedContent(_ height: Double, _ container: Size, _ safeArea: EdgeInsets) -> Double {
        Sanitize.clamp(height, 0, max(0, container.height - safeArea.top))
    }
}

/// The in-sheet navigation curve: cubic-bezier(0.2, 1, 0.42, 1).
let navigationCurve: TimingCurve = (try? TimingCurve.cubicBezier(0.2, 1, 0.42, 1)) ?? .easeOut

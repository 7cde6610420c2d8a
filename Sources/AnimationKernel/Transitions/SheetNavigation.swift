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
        public var layoutDirection: ReadingDirection = .leftToRight
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
        /// Which pushed instance this is: unique per push (and per screen a `setStack` adds), stable while the
        /// screen stays on the stack, so a screen pushed twice is drawn by two views.
        public var instance: Int
        /// Its rectangle in container coordinates (below the bar if it shows one), inside the sheet.
        public var rect: Rect
        /// Its alpha (1 except during a Reduce Motion cross-fade).
        public var alpha: Double
        /// The alpha of its title in the navigation bar: 1 on screen, falling to 0 as it slides off or to its
        /// parked place behind its successor (and with its alpha); 0 for a screen without the bar.
        public var titleAlpha: Double
        /// Stacking order among the frame's screens: its index in ``ScreenFrames`` (back to front), so larger is in
        /// front and a frame does not depend on screens that no longer show.
        public var zIndex: Int
    }

    /// Up to four visible screens, back to front, in inline storage (reading a frame allocates nothing).
    public struct ScreenFrames: RandomAccessCollection, Sendable, Hashable {
        /// The most screens drawn at once (front ones win; a back screen is dropped only when all these show).
        public static var capacity: Int { 4 }
        // Unused slots hold `empty` rather than being optional: a frame is copied a few times on its way to the
        // caller, and copying optionals of a type with a string costs a branchy outlined copy per slot.
        private static var empty: ScreenFrame {
            ScreenFrame(id: "", instance: 0, rect: .zero, alpha: 0, titleAlpha: 0, zIndex: 0)
        }
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
            (a.zIndex, b.zIndex, c.zIndex, d.zIndex) = (0, 1, 2, 3)
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
        /// The bar's alpha: the largest title alpha of the screens that show the bar (it fades when only one side of
        /// a transition shows it).
        public var navigationBarAlpha: Double
        /// The bar's height while it shows (``navigationBarAlpha`` above 0), else 0.
        public var navigationBarHeight: Double
    }

    /// The tunables in force.
    public private(set) var configuration: Configuration
    /// The screens, root first; the last is on top (or becoming so).
    public private(set) var stack: [Screen]
    /// The sheet that hosts the stack.
    public private(set) var sheet: BottomSheet

    /// One pushed instance of a screen and its channels. Entries are identified by `instance`, never by the screen's
    /// value: the same screen may be on the stack twice.
    private struct Entry: Sendable {
        var instance: Int
        var screen: Screen
        /// 0 on screen, 1 off the trailing edge, ``Configuration/parallax`` parked behind its successor.
        var offset: AnimatedValue
        var alpha: AnimatedValue
        /// How far below the sheet's top the screen starts: the bar's height if it shows the bar, else 0 (animated
        /// when a `setStack` changes that).
        var top: AnimatedValue
        /// No longer on the stack: dropped once it stops moving (it is then off screen, transparent or covered).
        var leaving: Bool

        /// Whether it has left the stack and stopped: off screen, transparent, or parked behind the screens in front
        /// of it. Frames skip it and ``update(to:)`` drops it.
        func hasFinishedLeaving(at time: Double) -> Bool {
            leaving && offset.isSettled(at: time) && alpha.isSettled(at: time) && top.isSettled(at: time)
        }
    }

    /// Every screen that may be drawn, back to front (the array order is the z-order).
    private var entries: [Entry]
    /// The entry instance of each stack position, for the positions that have an entry (`nil`: never shown yet,
    /// e.g. the lower screens of a `setStack`; created when a pop reveals it).
    private var stackInstances: [Int?]
    private var nextInstance = 0
    /// The interactive pop in progress: the entries it moves, and where it began (progress p0, the revealed screen's
    /// offset and the sheet's content and bar heights then), so the gesture continues from wherever the screens were.
    private var interactive: InteractivePop?
    private var pending: TransitionEvents = []
    /// Orders events and reads in time (see ``EventClock``).
    private var clock = EventClock()
    private var navigating = false

    private struct InteractivePop: Sendable {
        var from: Int
        var to: Int
        var popped: Screen
        var startProgress: Double
        var startTop: Double
        var startRevealed: Double
        var startContent: Double
        var startBar: Double
    }

    /// A dismissed sheet holding `root`, laid out in `containerSize` with `safeArea`.
    public init(
        root: Screen, containerSize: Size, safeArea: Insets = .zero, configuration: Configuration = Configuration()
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
            Entry(
                instance: 0, screen: root, offset: Self.offsetChannel(0),
                alpha: AnimatedValue(1, settleTolerance: SettleRule.fraction),
                top: AnimatedValue(bar, settleTolerance: SettleRule.points), leaving: false)
        ]
        self.stackInstances = [0]
        self.nextInstance = 1
    }

    // MARK: - Events

    /// Presents the sheet (see ``BottomSheet/present(at:)``).
    public mutating func present(at time: Double) { sheet.present(at: event(time)) }

    /// Dismisses the sheet (see ``BottomSheet/dismiss(at:)``).
    public mutating func dismiss(at time: Double) { sheet.dismiss(at: event(time)) }

    /// Presents the sheet, at once with `animated: false` (see ``BottomSheet/present(animated:at:)``).
    public mutating func present(animated: Bool, at time: Double) { sheet.present(animated: animated, at: event(time)) }

    /// Dismisses the sheet, at once with `animated: false` (see ``BottomSheet/dismiss(animated:at:)``).
    public mutating func dismiss(animated: Bool, at time: Double) { sheet.dismiss(animated: animated, at: event(time)) }

    /// Pushes `screen` at `time`: it enters from the trailing edge while the old top moves to -30 % of the width and
    /// the sheet's height animates to the new content height, all on cubic-bezier(0.2, 1, 0.42, 1) over 0.35 s.
    /// `animated: false` jumps. During another transition, everything retargets from where it is.
    public mutating func push(_ screen: Screen, animated: Bool = true, at time: Double) {
        let time = event(time)
        let screen = Self.sanitized(screen)
        finishInteractiveIfNeeded(at: time)
        let from = topInstance(at: time)
        let incoming = makeEntry(screen, offset: configuration.reduceMotion ? 0 : 1, inFront: true)
        stack.append(screen)
        stackInstances.append(incoming)
        transition(from: from, to: incoming, forward: true, animated: animated, at: time)
    }

    /// Pops the top screen at `time` (mirror of ``push(_:animated:at:)``, the leaving screen in front).
    /// Popping the root does nothing and returns false.
    @discardableResult
    public mutating func pop(animated: Bool = true, at time: Double) -> Bool {
        let time = event(time)
        guard stack.count > 1 else { return false }
        finishInteractiveIfNeeded(at: time)
        let from = topInstance(at: time)
        stack.removeLast()
        stackInstances.removeLast()
        let to = topInstance(at: time, behind: from)
        transition(from: from, to: to, forward: false, animated: animated, at: time)
        return true
    }

    /// Replaces the whole stack at `time`, as `UINavigationController.setViewControllers` does: screens that stay
    /// at the same place with the same id keep their views; if the new top was already on the stack below the old top
    /// the change animates like a pop to it, if it is the old top its new content height animates in place, and
    /// otherwise like a push. An empty `screens` does nothing and returns false.
    @discardableResult
    public mutating func setStack(_ screens: [Screen], animated: Bool = true, at time: Double) -> Bool {
        let time = event(time)
        let screens = screens.map(Self.sanitized)
        guard !screens.isEmpty else { return false }
        finishInteractiveIfNeeded(at: time)
        let from = topInstance(at: time)
        let oldCount = stack.count
        var kept = 0
        while kept < min(oldCount, screens.count), stack[kept].id == screens[kept].id { kept += 1 }
        var instances = Array(stackInstances.prefix(kept))
        instances.append(contentsOf: repeatElement(nil, count: screens.count - kept))
        stack = screens
        stackInstances = instances
        for i in 0..<kept {
            guard let instance = instances[i], let index = entryIndex(instance) else { continue }
            entries[index].screen = screens[i]
            let top = barHeightFor(screens[i])
            if animated {
                entries[index].top.animate(to: top, using: transitionDriver, at: time)
            } else {
                entries[index].top.jump(to: top, at: time)
            }
        }
        let top = screens.count - 1
        if top == oldCount - 1, top < kept {
            // The same top screen: only its content (height, bar) changed.
            let screen = screens[top]
            sheet.setContentHeight(
                clampedContent(screen.contentHeight), navigationBarHeight: barHeightFor(screen), at: time,
                using: animated ? transitionDriver : .immediate)
        } else if top < kept {
            transition(
                from: from, to: topInstance(at: time, behind: from), forward: false, animated: animated, at: time)
        } else {
            let incoming = makeEntry(screens[top], offset: configuration.reduceMotion ? 0 : 1, inFront: true)
            stackInstances[top] = incoming
            transition(from: from, to: incoming, forward: true, animated: animated, at: time)
        }
        markEntriesOffTheStack()
        return true
    }

    /// The top screen's content height changed (Dynamic Type, content loaded late) at `time`: the sheet's height
    /// animates to it from where it is, as ``BottomSheet/setContentHeight(_:navigationBarHeight:at:using:)`` does.
    public mutating func setContentHeight(_ contentHeight: Double, at time: Double) {
        let time = event(time)
        var screen = stack[stack.count - 1]
        screen.contentHeight = Sanitize.length(contentHeight)
        stack[stack.count - 1] = screen
        if let instance = stackInstances[stack.count - 1], let index = entryIndex(instance) {
            entries[index].screen = screen
        }
        guard interactive == nil else { return }
        sheet.setContentHeight(clampedContent(screen.contentHeight), at: time)
    }

    /// Applies a new container size and safe area (rotation) at `time`; everything in flight retargets.
    public mutating func setContainer(_ size: Size, safeArea: Insets, at time: Double) {
        let time = event(time)
        sheet.setContainer(size, safeArea: safeArea, at: time)
        guard interactive == nil else { return }
        sheet.setContentHeight(clampedContent(stack[stack.count - 1].contentHeight), at: time)
    }

    /// Forwards a keyboard change to the sheet (see ``BottomSheet/keyboardWillChange(to:duration:curve:at:)``).
    public mutating func keyboardWillChange(to frame: Rect?, duration: Double, curve: KeyboardCurve, at time: Double) {
        let time = event(time)
        sheet.keyboardWillChange(to: frame, duration: duration, curve: curve, at: time)
    }

    /// The reading direction from `time` on (the system's changed): every horizontal position mirrors at once,
    /// which is the one jump this event defines; motion in flight continues mirrored.
    public mutating func setLayoutDirection(_ direction: ReadingDirection, at time: Double) {
        _ = event(time)
        configuration.layoutDirection = direction
    }

    /// Whether a drag may dismiss the sheet from `time` on (see ``BottomSheet/setInteractiveDismissal(allowed:at:)``).
    public mutating func setInteractiveDismissal(allowed: Bool, at time: Double) {
        sheet.setInteractiveDismissal(allowed: allowed, at: event(time))
    }

    /// Reduce Motion from `time` on, for the navigation and the sheet: the next push, pop or stack change
    /// cross-fades (or slides), and so do the sheet's next present and dismiss; motion in flight finishes as it began.
    public mutating func setReduceMotion(_ on: Bool, at time: Double) {
        let time = event(time)
        configuration.reduceMotion = on
        sheet.setReduceMotion(on, at: time)
    }

    // MARK: Dragging the sheet

    /// A vertical drag on the sheet began at `time` (see ``BottomSheet/dragBegan(at:)``): the same rules as a bottom
    /// sheet's (detents, rubber band, dismissal when ``BottomSheet/Configuration/allowsInteractiveDismissal``).
    public mutating func dragBegan(at time: Double) { sheet.dragBegan(at: event(time)) }

    /// The finger moved `translation` points down with `velocity` points per second (see
    /// ``BottomSheet/dragChanged(translation:velocity:at:)``).
    public mutating func dragChanged(translation: Double, velocity: Double, at time: Double) {
        sheet.dragChanged(translation: translation, velocity: velocity, at: event(time))
    }

    /// The finger lifted with `velocity` points per second (see ``BottomSheet/dragEnded(velocity:at:)``).
    public mutating func dragEnded(velocity: Double, at time: Double) {
        sheet.dragEnded(velocity: velocity, at: event(time))
    }

    // MARK: Interactive pop (edge swipe)

    /// An edge swipe began at `time`. Returns false (and does nothing) at the root. The gesture takes the screens
    /// from wherever they are: begun during a push, the swipe starts at the push's current progress.
    @discardableResult
    public mutating func interactivePopBegan(at time: Double) -> Bool {
        let time = event(time)
        guard stack.count > 1, interactive == nil else { return false }
        let from = topInstance(at: time)
        let popped = stack.removeLast()
        stackInstances.removeLast()
        let to = topInstance(at: time, behind: from)
        navigating = true
        let fromIndex = entryIndex(from)!
        // A top screen still coming back from its parked place (offset below 0) starts the swipe at progress 0.
        let topOffset = entries[fromIndex].offset.value(at: time)
        let p0 = Sanitize.clamp(topOffset, 0, 1)
        // The sheet follows the change of its resting height from where it is (see BottomSheet.trackContentHeight).
        interactive = InteractivePop(
            from: from, to: to, popped: popped, startProgress: p0, startTop: topOffset,
            startRevealed: entries[entryIndex(to)!].offset.value(at: time), startContent: sheet.layout.contentHeight,
            startBar: sheet.layout.navigationBarHeight)
        interactivePopChanged(translationX: 0, velocityX: 0, at: time)
        return true
    }

    /// The finger moved `translationX` points (positive toward the trailing edge in either direction) since the swipe
    /// began, with `velocityX` points per second. Progress = the progress at the start + translation / width, clamped
    /// to [0, 1].
    public mutating func interactivePopChanged(translationX: Double, velocityX: Double, at time: Double) {
        let time = event(time)
        guard let pop = interactive, let top = entryIndex(pop.from), let below = entryIndex(pop.to) else { return }
        let width = max(sheet.frame(at: time).sheet.width, 1)
        let p0 = pop.startProgress
        let progress = Sanitize.clamp(p0 + Sanitize.finite(translationX, or: 0) / width, 0, 1)
        let vp = Sanitize.finite(velocityX, or: 0) / width
        let (offset, offsetSlope) = Self.through(p0, pop.startTop, low: pop.startTop, high: 1, at: progress)
        entries[top].offset.track(offset, velocity: offsetSlope * vp, at: time)
        // Everything else moves along lines through where it was at the start (p0) and where it is at either end
        // (p = 0: the swipe undone, p = 1: the pop finished), so nothing jumps when the swipe begins.
        let toContent = clampedContent(entries[below].screen.contentHeight)
        let fromContent = clampedContent(pop.popped.contentHeight)
        let (revealed, revealedSlope) = Self.through(
            p0, pop.startRevealed, low: configuration.parallax, high: 0, at: progress)
        entries[below].offset.track(revealed, velocity: revealedSlope * vp, at: time)
        let (content, contentSlope) = Self.through(
            p0, pop.startContent, low: fromContent, high: toContent, at: progress)
        let (bar, _) = Self.through(
            p0, pop.startBar, low: barHeightFor(pop.popped), high: barHeightFor(entries[below].screen), at: progress)
        sheet.trackContentHeight(content, navigationBarHeight: bar, velocity: contentSlope * vp, at: time)
    }

    /// The finger lifted with `velocityX` points per second. Finishes or cancels by ``Configuration/popReleaseRule``;
    /// the rest of the motion is a spring that starts with the release velocity (no linear tail).
    public mutating func interactivePopEnded(velocityX: Double, at time: Double) {
        let time = event(time)
        guard let pop = interactive, let top = entryIndex(pop.from), let below = entryIndex(pop.to) else { return }
        interactive = nil
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
        let spring = Self.uiKit(configuration)
        let shown = finish ? entries[below].screen : pop.popped
        if finish {
            entries[top].offset.animate(to: 1, using: .spring(spring), at: time)
            entries[top].leaving = true
            entries[below].offset.animate(to: 0, using: .spring(spring), at: time)
        } else {
            stack.append(pop.popped)
            stackInstances.append(pop.from)
            entries[top].offset.animate(to: 0, using: .spring(spring), at: time)
            entries[below].offset.animate(to: configuration.parallax, using: .spring(spring), at: time)
            pending.insert(.didCancel)
        }
        sheet.setContentHeight(
            clampedContent(shown.contentHeight), navigationBarHeight: barHeightFor(shown), at: time,
            using: .spring(spring))
    }

    // MARK: - Reading

    /// The frame at `time`: pure, no allocation.
    public func frame(at time: Double) -> Frame {
        let time = clock.read(time)
        let sheetFrame = sheet.frame(at: time)
        let sign = configuration.layoutDirection.sign
        let width = sheetFrame.sheet.width
        let bar = Self.barHeight(configuration)
        let parallax = configuration.parallax
        var screens = ScreenFrames()
        var barAlpha = 0.0
        // Front to back. Screens are opaque and as wide as the sheet: one at offset p in (-1, 1) covers
        // [max(p, 0), min(p + 1, 1)] of the sheet's [0, 1], an interval that touches one edge. So what the opaque
        // screens in front cover is exactly [0, coverLeading] and [coverTrailing, 1]; a screen inside it is not drawn.
        var coverLeading = 0.0
        var coverTrailing = 1.0
        // Read the entries in place through a buffer pointer: Array's subscript getter returns a copy of the element,
        // and an entry is a few hundred bytes whose channels carry their curves (reference counted).
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices.reversed() {
                // A screen that has finished leaving shows nothing, whether or not `update(to:)` has dropped it yet.
                if entries[index].hasFinishedLeaving(at: time) { continue }
                let offset = entries[index].offset.value(at: time)
                let alpha = Sanitize.clamp(entries[index].alpha.value(at: time), 0, 1)
                let screen = entries[index].screen  // just the screen: copying the whole entry copies its channels
                // The title fades with the screen's bar inset too, so a `setStack` that adds or removes its bar fades it.
                let top = entries[index].top.value(at: time)
                let title =
                    alpha * Self.titlePresence(offset, parallax: parallax) * Sanitize.clamp(top / max(bar, 1), 0, 1)
                barAlpha = max(barAlpha, title)
                // What shows less than half an 8-bit level, or a strip narrower than the settle tolerance, is not
                // drawn: it must not take one of the four slots from a screen that shows.
                let (low, high) = (max(offset, 0), min(offset + 1, 1))
                guard alpha >= Self.minimumAlpha, (high - low) * width >= SettleRule.points else { continue }
                // The part of the screen inside the sheet (the sheet clips it) is all that can show.
                if coverTrailing <= coverLeading || high <= coverLeading || low >= coverTrailing { continue }
                let y = sheetFrame.sheet.minY + top
                // A screen fills the sheet below its bar (so it stays inside the sheet, and follows its height).
                let height = max(0, sheetFrame.sheet.maxY - y)
                let rect = Rect(x: sheetFrame.sheet.minX + sign * offset * width, y: y, width: width, height: height)
                screens.appendBehind(
                    ScreenFrame(
                        id: screen.id, instance: entries[index].instance, rect: rect, alpha: alpha, titleAlpha: title,
                        zIndex: index))
                guard alpha == 1 else { continue }
                if offset <= 0 {
                    coverLeading = max(coverLeading, high)
                } else {
                    coverTrailing = min(coverTrailing, low)
                }
            }
        }
        screens.finishFrontToBack()
        return Frame(
            screens: screens, sheet: sheetFrame, navigationBarAlpha: barAlpha,
            navigationBarHeight: barAlpha > 0 ? bar : 0)
    }

    /// Advances the lifecycle to `time`: drops screens that finished leaving, and returns milestones once each.
    public mutating func update(to time: Double) -> TransitionEvents {
        let time = event(time)
        let events = sheet.update(to: time).union(pending)
        pending = []
        let finished = { (entry: Entry) in entry.hasFinishedLeaving(at: time) }
        // Checked before mutating: removeAll always takes the array's mutation path, even when nothing goes.
        if entries.contains(where: finished) { entries.removeAll(where: finished) }
        return events
    }

    /// Orders an event in time (see ``EventClock``) and brings the lifecycle up to it; returns the time it applies at.
    private mutating func event(_ time: Double) -> Double {
        let time = clock.event(time)
        advance(to: time)
        return time
    }

    /// Queues `.didFinishNavigation` if the navigation in flight has finished by `time`. Every event calls it first,
    /// so the milestone depends on the events and the time they cover, not on how often ``update(to:)`` is called.
    private mutating func advance(to time: Double) {
        if navigating, interactive == nil,
            entries.allSatisfy({ $0.offset.isSettled(at: time) && $0.alpha.isSettled(at: time) })
        {
            navigating = false
            pending.insert(.didFinishNavigation)
        }
    }

    /// The time from which nothing moves; `-infinity` when at rest.
    public var settleTime: Double {
        entries.reduce(sheet.settleTime) { max($0, $1.offset.settleTime, $1.alpha.settleTime, $1.top.settleTime) }
    }

    // MARK: - Transitions

    private var transitionDriver: AnimatedValue.Driver {
        .curve(configuration.curve, duration: Sanitize.duration(configuration.duration, or: 0.35))
    }

    /// Moves entry `from` out and entry `to` in (forward: `to` enters from the trailing edge in front and `from`
    /// parks behind it; backward: `from` leaves to the trailing edge in front of `to`), every other entry that is not
    /// leaving to its parked place, and the sheet to `to`'s height.
    private mutating func transition(from: Int, to: Int, forward: Bool, animated: Bool, at time: Double) {
        navigating = true
        if !forward { reveal(to, behind: from, at: time) }
        let driver = transitionDriver
        let reduce = configuration.reduceMotion
        let parked = reduce ? 0.0 : configuration.parallax
        for i in entries.indices where entries[i].instance != to && !entries[i].leaving {
            let isFrom = entries[i].instance == from
            if isFrom && !forward {
                entries[i].leaving = true
                move(i, to: reduce ? 0 : 1, alphaTo: reduce ? 0 : 1, animated: animated, driver: driver, at: time)
            } else if isFrom || !entries[i].offset.isSettled(at: time) || entries[i].offset.target != parked {
                move(i, to: parked, alphaTo: reduce ? 0 : 1, animated: animated, driver: driver, at: time)
            }
        }
        if let index = entryIndex(to) {
            entries[index].leaving = false
            move(index, to: 0, alphaTo: 1, animated: animated, driver: driver, at: time)
        }
        let screen = stack[stack.count - 1]
        sheet.setContentHeight(
            clampedContent(screen.contentHeight), navigationBarHeight: barHeightFor(screen), at: time,
            using: animated ? driver : .immediate)
        markEntriesOffTheStack()
    }

    /// Moves every entry between `revealed` and `front` in z-order that shows nothing at `time` behind `revealed`, so
    /// a pop over several screens (`setStack`) reveals the new top and not a covered screen that leaves with the old
    /// one. Entries that show stay in front (reordering them would be a visible jump).
    private mutating func reveal(_ revealed: Int, behind front: Int, at time: Double) {
        guard var target = entryIndex(revealed), let frontIndex = entryIndex(front), target < frontIndex else { return }
        let screens = frame(at: time).screens
        for i in (target + 1)..<frontIndex where !screens.contains(where: { $0.instance == entries[i].instance }) {
            let entry = entries.remove(at: i)
            entries.insert(entry, at: target)
            target += 1
        }
    }

    /// Entries whose instance is no longer on the stack leave once they stop moving.
    private mutating func markEntriesOffTheStack() {
        for i in entries.indices where !entries[i].leaving && !stackInstances.contains(entries[i].instance) {
            entries[i].leaving = true
        }
    }

    /// The entry instance of the stack's top, creating a parked entry if that screen was never shown: directly
    /// behind `behind` (a pop reveals it from behind the leaving screen), or behind everything.
    private mutating func topInstance(at time: Double, behind: Int? = nil) -> Int {
        let position = stack.count - 1
        if let instance = stackInstances[position], entryIndex(instance) != nil { return instance }
        let offset = configuration.reduceMotion ? 0.0 : configuration.parallax
        let instance = makeEntry(stack[position], offset: offset, inFront: false, behind: behind)
        stackInstances[position] = instance
        // Its parked place may show already (the screen in front is still entering): then it starts transparent and
        // fades in with the transition instead of appearing in one frame.
        if frame(at: time).screens.contains(where: { $0.instance == instance }), let index = entryIndex(instance) {
            entries[index].alpha.jump(to: 0, at: time)
        }
        return instance
    }

    /// A new entry for `screen` at `offset`: in front of everything, or directly behind entry `behind` (or at the
    /// back). Returns its instance.
    private mutating func makeEntry(_ screen: Screen, offset: Double, inFront: Bool, behind: Int? = nil) -> Int {
        let instance = nextInstance
        nextInstance += 1
        let reduce = configuration.reduceMotion
        let entry = Entry(
            instance: instance, screen: screen, offset: Self.offsetChannel(offset),
            alpha: AnimatedValue(reduce ? 0 : 1, settleTolerance: SettleRule.fraction),
            top: AnimatedValue(barHeightFor(screen), settleTolerance: SettleRule.points), leaving: false)
        if inFront {
            entries.append(entry)
        } else {
            entries.insert(entry, at: behind.flatMap(entryIndex) ?? 0)
        }
        return instance
    }

    private func entryIndex(_ instance: Int) -> Int? { entries.firstIndex { $0.instance == instance } }

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
        if interactive != nil { interactivePopEnded(velocityX: 0, at: time) }
    }

    /// An offset channel: a fraction of the sheet's width (``SettleRule/fraction``).
    private static func offsetChannel(_ offset: Double) -> AnimatedValue {
        AnimatedValue(offset, settleTolerance: SettleRule.fraction)
    }

    /// The least alpha a drawn screen has: below it a screen changes no 8-bit pixel by half a level.
    static let minimumAlpha = 1.0 / 512

    /// How much of a title shows for a screen at `offset`: 1 on screen, 0 off the trailing edge or parked.
    private static func titlePresence(_ offset: Double, parallax: Double) -> Double {
        offset >= 0 ? Sanitize.clamp(1 - offset, 0, 1) : Sanitize.clamp(1 - offset / min(parallax, -1e-9), 0, 1)
    }

    /// The value at `p` of the piecewise-linear function through (0, `low`), (`p0`, `start`) and (1, `high`), with
    /// its slope.
    private static func through(
        _ p0: Double, _ start: Double, low: Double, high: Double, at p: Double
    ) -> (value: Double, slope: Double) {
        if p >= p0 {
            let slope = p0 < 1 ? (high - start) / (1 - p0) : 0
            return (start + slope * (p - p0), slope)
        }
        let slope = (start - low) / p0
        return (low + slope * p, slope)
    }

    private static func uiKit(_ configuration: Configuration) -> DampedSpring {
        uiKitSpring(duration: configuration.duration, dampingRatio: 1)
    }

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
    private static func clampedContent(_ height: Double, _ container: Size, _ safeArea: Insets) -> Double {
        Sanitize.clamp(height, 0, max(0, container.height - safeArea.top))
    }

    /// `screen` with a representable content height.
    private static func sanitized(_ screen: Screen) -> Screen {
        Screen(
            id: screen.id, contentHeight: Sanitize.length(screen.contentHeight),
            showsNavigationBar: screen.showsNavigationBar)
    }
}

/// The in-sheet navigation curve: cubic-bezier(0.2, 1, 0.42, 1).
let navigationCurve: TimingCurve = (try? TimingCurve.cubicBezier(0.2, 1, 0.42, 1)) ?? .easeOut

// MARK: - Render-server handover

extension SheetNavigation {
    /// What a host hands to Core Animation for the sheet and its screens once no finger holds them (see
    /// ``LayerAnimation``).
    public struct LayerAnimations: Sendable, Hashable {
        /// The sheet around the screens.
        public var sheet: BottomSheet.LayerAnimations
        /// The screens that may be drawn from the handover on (those that have not finished leaving), back to front.
        public var screens: [ScreenAnimations]
        /// The navigation bar's alpha (a fraction).
        public var navigationBarAlpha: LayerAnimation

        /// Every property: the sheet's, then each screen's, then the bar's.
        public var all: [LayerAnimation] { sheet.all + screens.flatMap(\.all) + [navigationBarAlpha] }
    }

    /// One screen's layer animations.
    public struct ScreenAnimations: Sendable, Hashable {
        /// The pushed instance (``ScreenFrame/instance``) the animations belong to.
        public var instance: Int
        /// The screen's origin x in points in container coordinates (the layer's `position.x` with its anchor point
        /// at (0, 0)). A screen that stops being drawn meanwhile (it slid off or was covered) keeps moving where
        /// its channel says, under the sheet's clip or its successor.
        public var x: LayerAnimation
        /// The screen's origin y in points (it follows the sheet's top and the bar inset).
        public var y: LayerAnimation
        /// The screen's height in points (from below the bar to the sheet's bottom).
        public var height: LayerAnimation
        /// The screen's alpha (a fraction; moves only in a Reduce Motion cross-fade).
        public var alpha: LayerAnimation

        /// Every property, in declaration order.
        public var all: [LayerAnimation] { [x, y, height, alpha] }
    }

    /// The layer animations from `time` until the sheet and every screen settle; nil while a finger holds the sheet
    /// or a screen.
    public func layerAnimations(from time: Double) -> LayerAnimations? {
        guard settleTime < .infinity else { return nil }
        let time = clock.read(time)
        var segments = sheet.motionSegments
        for entry in entries {
            segments += [entry.offset.motionSegment, entry.alpha.motionSegment, entry.top.motionSegment]
        }
        let points = LayerAnimation.pointTolerance
        let fraction = LayerAnimation.fractionTolerance
        let showing = entries.filter { !$0.hasFinishedLeaving(at: time) }
        // A screen's properties read its channels at the frame's time (as the frame does where it draws the screen,
        // and also where it does not).
        typealias Reading = (time: Double, frame: Frame)
        var properties = BottomSheet.LayerAnimations.properties { (reading: Reading) in reading.frame.sheet }
        for entry in showing {
            let rect = { (reading: Reading) in
                Self.screenRect(entry, at: reading.time, in: reading.frame, self.configuration)
            }
            properties += [
                LayerProperty(read: { rect($0).minX }, maximumError: points),
                LayerProperty(read: { rect($0).minY }, maximumError: points),
                LayerProperty(read: { rect($0).height }, maximumError: points),
                LayerProperty(read: { Sanitize.clamp(entry.alpha.value(at: $0.time), 0, 1) }, maximumError: fraction),
            ]
        }
        properties.append(LayerProperty(read: { $0.frame.navigationBarAlpha }, maximumError: fraction))
        let all = LayerAnimation.handover(
            from: time, until: settleTime, segments: segments, properties: properties,
            frame: { (time: clock.read($0), frame: frame(at: $0)) })
        var screens: [ScreenAnimations] = []
        for (k, entry) in showing.enumerated() {
            let i = 6 + 4 * k
            screens.append(
                ScreenAnimations(
                    instance: entry.instance, x: all[i], y: all[i + 1], height: all[i + 2], alpha: all[i + 3]))
        }
        return LayerAnimations(
            sheet: BottomSheet.LayerAnimations(all[0..<6]), screens: screens, navigationBarAlpha: all[all.count - 1])
    }

    /// The rect `entry`'s screen has at `time` (in `frame`, the frame at that time) by ``frame(at:)``'s formula, also
    /// while it is not drawn.
    private static func screenRect(_ entry: Entry, at time: Double, in frame: Frame, _ configuration: Configuration)
        -> Rect
    {
        let sheetRect = frame.sheet.sheet
        let width = sheetRect.width
        let y = sheetRect.minY + entry.top.value(at: time)
        let x = sheetRect.minX + configuration.layoutDirection.sign * entry.offset.value(at: time) * width
        return Rect(x: x, y: y, width: width, height: max(0, sheetRect.maxY - y))
    }
}

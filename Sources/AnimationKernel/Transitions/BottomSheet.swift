/// A headless bottom sheet whose height follows its content: present, dismiss, content and keyboard changes,
/// rotation, and (optionally) dragging between detents.
///
/// Behaviour follows production sheets (Mercari's BottomHalfModal, UISheetPresentationController, PanModal,
/// FloatingPanel). The model takes geometry, timestamps (seconds, as a display link gives them) and gesture samples,
/// and ``frame(at:)`` returns where everything is: a pure function of time that allocates nothing, so any renderer
/// at any frame rate draws the same motion.
///
/// Two animated channels describe the sheet: the *extent* `E` (how far its top stands above the bottom edge of the
/// available area, i.e. the keyboard's top or the container's bottom) and its *height* `H`. The sheet's top is at
/// `containerHeight - keyboard - E` and it is `max(H, E)` tall, so sliding (presenting, dismissing, dragging) moves
/// `E` alone, while content changes move both together. Each channel is an ``AnimatedValue``, so every event starts
/// from the exact position and velocity of the moment: nothing ever jumps.
public struct BottomSheet: Sendable {
    /// A resting height for the sheet.
    public enum Detent: Sendable, Hashable {
        /// The content's preferred height plus the navigation bar and the bottom safe area (the default).
        case content
        /// A fraction of the maximum height (clamped to [0, 1]).
        case fraction(Double)
        /// A fixed height in points (clamped to the maximum height).
        case height(Double)
        /// The maximum height.
        case large

        /// Half the maximum height (UIKit's `.medium()`). A detent is its own identifier: compare detents, store
        /// them, or pass one to ``BottomSheet/moveToDetent(_:animated:at:)``.
        public static let medium = Detent.fraction(0.5)
    }

    /// What the sheet is doing.
    public enum Phase: Sendable, Hashable {
        /// Off screen (before presenting, after dismissing).
        case dismissed
        /// Animating in.
        case presenting
        /// At rest, or animating between detents or layouts.
        case presented
        /// Following a finger.
        case dragging
        /// Animating out.
        case dismissing
    }

    /// Tunables; every default comes from the production sheets named in the type's documentation.
    public struct Configuration: Sendable {
        /// Widest the sheet gets, in points; on wider containers it is centred. Default 700.
        public var maximumWidth: Double = 700
        /// Gap kept between the top safe area and the tallest sheet, in points. Default 0.
        public var topMargin: Double = 0
        /// The top never rises above this many points from the container's top (with a keyboard shown, the content
        /// area shrinks instead). Default 40.
        public var minimumTopInset: Double = 40
        /// Dimming alpha when fully presented (Mercari: 0.4).
        public var dimmingAlpha: Double = 0.4
        /// Present: UIKit spring over this many seconds (0.35) ...
        public var presentDuration: Double = 0.35
        /// ... with this damping ratio (1.0) ...
        public var presentDampingRatio: Double = 1.0
        /// ... and this initial velocity, normalised to the distance (0.5).
        public var presentInitialVelocity: Double = 0.5
        /// Dismiss: slide down over this many seconds (0.85: Mercari's present duration + 0.5 s), a critically damped
        /// UIKit spring; the sheet stays opaque and only the dimming fades ...
        public var dismissDuration: Double = 0.85
        /// ... starting from rest with this initial velocity, normalised to the distance (Mercari: 0.5).
        public var dismissInitialVelocity: Double = 0.5
        /// Animation for content-height and rotation changes. Default: a critically damped spring of 0.35 s.
        public var layoutDriver: AnimatedValue.Driver = .spring(uiKitSpring(duration: 0.35, dampingRatio: 1))
        /// The spring that carries a released drag to its detent (or off screen), starting with the release velocity.
        public var settleSpring: DampedSpring = uiKitSpring(duration: 0.5, dampingRatio: 1)
        /// Resting heights, any number of them (an empty list reads as `[.content]`). Default `[.content]`.
        public var detents: [Detent] = [.content]
        /// The detent the sheet presents at, if it is one of ``detents``; `nil` (default): the smallest, as UIKit's
        /// sheets without a selected detent.
        public var initialDetent: Detent?
        /// The largest detent at or below which nothing behind the sheet is dimmed (UIKit's
        /// `largestUndimmedDetentIdentifier`): above it the dimming ramps in up to the next larger detent. `nil`
        /// (default): dimmed at every detent.
        public var largestUndimmedDetent: Detent?
        /// Chooses where a released drag goes instead of the default rule (the detent nearest the projected position,
        /// or dismissal when allowed and the projection passes the midpoint to off screen). `nil`: the default.
        public var detentForRelease: (@Sendable (DetentRelease) -> DetentRelease.Choice)?
        /// Whether a downward drag may dismiss. Off by default: money flows must not close by accident.
        public var allowsInteractiveDismissal = false
        /// Deceleration rate per millisecond for projecting a release velocity (UIScrollView `.normal`: 0.998).
        public var decelerationRate: Double = 0.998
        /// Rubber-band coefficient past the first and last detents (UIScrollView: 0.55).
        public var rubberBandCoefficient: Double = 0.55
        /// With a scroll view in the sheet (``BottomSheet/setContent(offset:minimum:maximum:)``): whether dragging up
        /// with the content at its top first expands the sheet to its highest detent and only then scrolls (UIKit's
        /// `prefersScrollingExpandsWhenScrolledToEdge`, on by default).
        public var prefersScrollingExpandsWhenScrolledToEdge = true
        /// Reduce Motion: present and dismiss cross-fade in place over ``crossFadeDuration`` instead of sliding.
        public var reduceMotion = false
        /// Cross-fade length for Reduce Motion, in seconds. Default 0.2.
        public var crossFadeDuration: Double = 0.2

        /// The defaults.
        public init() {}
    }

    /// Geometry the sheet lays out in. Non-finite or negative values are read as 0.
    public struct Layout: Sendable, Hashable {
        /// The container (window or presenting view), in points.
        public var containerSize: Size
        /// The container's safe-area insets.
        public var safeArea: Insets
        /// The current content's preferred height, without bar and safe area.
        public var contentHeight: Double
        /// Height of a navigation bar above the content (0 for none).
        public var navigationBarHeight: Double

        /// Creates a layout.
        public init(
            containerSize: Size, safeArea: Insets = .zero, contentHeight: Double, navigationBarHeight: Double = 0
        ) {
            self.containerSize = containerSize
            self.safeArea = safeArea
            self.contentHeight = contentHeight
            self.navigationBarHeight = navigationBarHeight
        }
    }

    /// Everything a renderer needs for one frame.
    public struct Frame: Sendable, Hashable {
        /// The sheet, in container coordinates. Parts below the container or the keyboard are hidden by them.
        public var sheet: Rect
        /// The area for content: below the navigation bar, above the bottom safe area or keyboard, within `sheet`.
        public var contentArea: Rect
        /// Height of the navigation bar at the sheet's top.
        public var navigationBarHeight: Double
        /// Alpha of the dimming view behind the sheet.
        public var dimmingAlpha: Double
        /// Alpha of the sheet itself (1 except during a Reduce Motion cross-fade).
        public var sheetAlpha: Double
        /// Presentation progress: 0 off screen, 1 at or above the lowest detent.
        public var presentation: Double
        /// What the sheet is doing at this time.
        public var phase: Phase
        /// How far the keyboard rises into the container at this time, in points (0 when hidden).
        public var keyboardHeight: Double
        /// Where the sheet stands among its detents, sorted by height: `k` at the k-th (from 0), fractions between two
        /// (the fraction between them), from -1 off screen to 0 at the lowest.
        public var detentPosition: Double
        /// The content scroll view's offset to apply (see ``BottomSheet/setContent(offset:minimum:maximum:)``): a drag
        /// scrolls it to its top before it moves the sheet down, and expands the sheet before it scrolls up.
        public var contentOffset: Double
    }

    /// The tunables in force.
    public private(set) var configuration: Configuration
    /// The layout in force (the latest applied).
    public private(set) var layout: Layout
    /// The phase as of the latest event or ``update(to:)``.
    public private(set) var phase: Phase = .dismissed

    private var extent: AnimatedValue
    private var height: AnimatedValue
    private var keyboard: AnimatedValue
    private var fade: AnimatedValue
    /// How far below the container's top the sheet's top may rise (points): the top safe area plus the top margin, or
    /// the minimum top inset. Animated, so a safe-area change moves a sheet held at that limit smoothly.
    private var topLimit: AnimatedValue
    /// The bottom safe area (points) the content stays above, animated like ``topLimit``.
    private var bottomInset: AnimatedValue
    /// The navigation bar's height (points), animated with the content height it comes with.
    private var barHeight: AnimatedValue
    /// Whether the present or dismiss in flight is a Reduce Motion cross-fade (fixed when it starts, so changing
    /// ``Configuration/reduceMotion`` mid-flight changes nothing on screen).
    private var fading = false
    /// Index into ``Configuration/detents`` of the detent the sheet rests at (or heads for).
    private var detentIndex = 0
    /// The finger's unbanded extent during a drag, and its translation at the latest sample.
    private var dragExtent = 0.0
    private var lastTranslation = 0.0
    /// Whether the latest drag movement scrolled the content rather than moving the sheet.
    private var lastMoveScrolled = false
    private var contentOffset = 0.0
    private var contentMinimum = 0.0
    private var contentMaximum = 0.0
    private var pending: TransitionEvents = []
    /// Orders events and reads in time (see ``EventClock``).
    private var clock = EventClock()

    /// A dismissed sheet laid out in `layout`.
    public init(layout: Layout, configuration: Configuration = Configuration()) {
        var configuration = configuration
        if configuration.detents.isEmpty { configuration.detents = [.content] }
        self.configuration = configuration
        self.layout = Self.sanitized(layout)
        self.extent = AnimatedValue(0, settleTolerance: Self.settleTolerance)
        self.height = AnimatedValue(0, settleTolerance: Self.settleTolerance)
        self.keyboard = AnimatedValue(0, settleTolerance: Self.settleTolerance)
        self.fade = AnimatedValue(configuration.reduceMotion ? 0 : 1, settleTolerance: SettleRule.fraction)
        self.topLimit = AnimatedValue(0, settleTolerance: Self.settleTolerance)
        self.bottomInset = AnimatedValue(0, settleTolerance: Self.settleTolerance)
        self.barHeight = AnimatedValue(self.layout.navigationBarHeight, settleTolerance: Self.settleTolerance)
        topLimit.jump(to: targetTopLimit, at: 0)
        bottomInset.jump(to: self.layout.safeArea.bottom, at: 0)
        // Presented at the initial detent, or the smallest, as UIKit does when no detent is selected.
        detentIndex =
            configuration.initialDetent.flatMap { configuration.detents.firstIndex(of: $0) }
            ?? nearestDetent(to: detentRange(keyboard: 0).lowest, keyboard: 0)
        let h = restingHeight(detent: detentIndex, keyboard: 0)
        height.jump(to: h, at: 0)
        extent.jump(to: offscreenExtent(keyboard: 0), at: 0)
    }

    // MARK: - Events

    /// Presents the sheet at `time`: a UIKit spring (0.35 s, damping 1, initial velocity 0.5) to the first detent,
    /// or a cross-fade in place with Reduce Motion. Presenting while dismissing reverses from the current state.
    /// With `animated: false` the sheet is presented at once (`.didPresent` at `time`).
    public mutating func present(animated: Bool, at time: Double) {
        let time = clock.event(time)
        present(at: time)
        if !animated { finishMotion(at: time) }
    }

    /// Dismisses the sheet at `time` (see ``dismiss(at:)``); with `animated: false` it is gone at once
    /// (`.didDismiss` at `time`).
    public mutating func dismiss(animated: Bool, at time: Double) {
        let time = clock.event(time)
        dismiss(at: time)
        if !animated { finishMotion(at: time) }
    }

    /// Puts the sheet's own channels at their targets at `time` (the keyboard follows the real one), and brings the
    /// lifecycle there.
    private mutating func finishMotion(at time: Double) {
        for keyPath in [\Self.extent, \.height, \.fade, \.topLimit, \.bottomInset, \.barHeight] {
            self[keyPath: keyPath].jump(to: self[keyPath: keyPath].target, at: time)
        }
        advance(to: time)
    }

    /// Presents the sheet at `time` (see ``present(animated:at:)``).
    public mutating func present(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .dismissed || phase == .dismissing else { return }
        let kb = keyboardHeight(at: time)
        let target = restingHeight(detent: detentIndex, keyboard: kb)
        if configuration.reduceMotion {
            phase = .presenting
            fading = true
            if extent.value(at: time) <= offscreenExtent(keyboard: kb) + Self.settleTolerance {
                // From off screen it appears in place, starting invisible (whatever a fade-out had left).
                height.jump(to: target, at: time)
                extent.jump(to: target, at: time)
                fade.jump(to: 0, at: time)
            }
            fade.animate(to: 1, using: .curve(.easeInEaseOut, duration: configuration.crossFadeDuration), at: time)
            return
        }
        fading = false
        if fade.target < 1 {
            // A cross-fade had left the sheet transparent (Reduce Motion was on): off screen it becomes opaque at
            // once, on screen it fades back in.
            if phase == .dismissed {
                fade.jump(to: 1, at: time)
            } else {
                fade.animate(to: 1, using: .curve(.easeInEaseOut, duration: configuration.crossFadeDuration), at: time)
            }
        }
        if phase == .dismissed {
            height.jump(to: target, at: time)  // off screen: no one sees the size change
            extent.jump(to: offscreenExtent(keyboard: kb), at: time)
        } else {
            height.animate(to: target, using: configuration.layoutDriver, at: time)
        }
        phase = .presenting
        let distance = target - extent.value(at: time)
        let spring = uiKitSpring(
            duration: configuration.presentDuration, dampingRatio: configuration.presentDampingRatio,
            initialVelocity: configuration.presentInitialVelocity)
        // From rest the UIKit velocity applies; reversing a dismissal keeps the velocity the sheet has.
        let startVelocity =
            extent.isSettled(at: time)
            ? DampedSpring.pointsPerSecond(normalizedVelocity: configuration.presentInitialVelocity, distance: distance)
            : nil
        extent.animate(to: target, using: .spring(spring), at: time, initialVelocity: startVelocity)
    }

    /// Dismisses the sheet at `time`: it slides down over 0.85 s while only the dimming fades (or cross-fades out
    /// with Reduce Motion). Dismissing while presenting or dragging reverses from the current state.
    public mutating func dismiss(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase != .dismissed && phase != .dismissing else { return }
        startDismissal(velocity: nil, at: time)
    }

    /// Slides the sheet off screen from where it is (or fades it out in place with Reduce Motion): with `velocity`
    /// (a release), else with the configured UIKit spring's initial velocity from rest, or the velocity it has.
    private mutating func startDismissal(velocity: Double?, at time: Double) {
        phase = .dismissing
        fading = configuration.reduceMotion
        if configuration.reduceMotion {
            // A finger may still hold the sheet: it stays where it is while it fades.
            if extent.isTracking { extent.jump(to: extent.value(at: time), at: time) }
            fade.animate(to: 0, using: .curve(.easeInEaseOut, duration: configuration.crossFadeDuration), at: time)
            return
        }
        let kb = keyboardHeight(at: time)
        let target = offscreenExtent(keyboard: kb)
        let spring = uiKitSpring(
            duration: configuration.dismissDuration, dampingRatio: 1,
            initialVelocity: configuration.dismissInitialVelocity)
        let fromRest =
            extent.isSettled(at: time)
            ? DampedSpring.pointsPerSecond(
                normalizedVelocity: configuration.dismissInitialVelocity, distance: target - extent.value(at: time))
            : nil
        extent.animate(to: target, using: .spring(spring), at: time, initialVelocity: velocity ?? fromRest)
    }

    /// Applies a new content height (e.g. after a push inside the sheet) at `time`. The height retargets from its
    /// current position and velocity, never beyond the maximum height.
    ///
    /// - Parameters:
    ///   - contentHeight: the new preferred content height in points (negative or non-finite: 0).
    ///   - navigationBarHeight: the bar height to use from now on (`nil` keeps the current one).
    ///   - time: when the change applies, in seconds on the clock of every other event.
    ///   - driver: how to animate; `nil` uses ``Configuration/layoutDriver``.
    public mutating func setContentHeight(
        _ contentHeight: Double, navigationBarHeight: Double? = nil, at time: Double,
        using driver: AnimatedValue.Driver? = nil
    ) {
        let time = clock.event(time)
        advance(to: time)
        layout.contentHeight = Sanitize.length(contentHeight)
        let driver = driver ?? configuration.layoutDriver
        if let navigationBarHeight {
            layout.navigationBarHeight = Sanitize.length(navigationBarHeight)
            if phase == .dismissed {
                barHeight.jump(to: layout.navigationBarHeight, at: time)
            } else {
                barHeight.animate(to: layout.navigationBarHeight, using: driver, at: time)
            }
        }
        relayout(at: time, using: driver)
    }

    /// Applies a new container size and safe area (rotation, window resize) at `time`: everything in flight retargets
    /// from where it is. A container change never dismisses the sheet.
    public mutating func setContainer(_ size: Size, safeArea: Insets, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        layout.containerSize = Sanitize.size(size)
        layout.safeArea = Sanitize.insets(safeArea)
        if phase == .dismissed {
            topLimit.jump(to: targetTopLimit, at: time)
            bottomInset.jump(to: layout.safeArea.bottom, at: time)
        } else {
            topLimit.animate(to: targetTopLimit, using: configuration.layoutDriver, at: time)
            bottomInset.animate(to: layout.safeArea.bottom, using: configuration.layoutDriver, at: time)
        }
        relayout(at: time, using: configuration.layoutDriver)
    }

    /// The keyboard will move to `frame` (container coordinates; `nil` or a frame below the container: hidden),
    /// over `duration` seconds with `curve` (the keyboard notification's values; UIKit's curve 7 is
    /// ``KeyboardCurve/keyboard``, see ``KeyboardCurve/init(uiKitRawValue:)``). The sheet's bottom rides on the
    /// keyboard's top with the same timing; if the sheet no longer fits, its top stops at the minimum top inset and
    /// the content area shrinks. A duration that is not positive moves the keyboard at once.
    public mutating func keyboardWillChange(to frame: Rect?, duration: Double, curve: KeyboardCurve, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        let overlap = frame.map { layout.containerSize.height - $0.minY } ?? 0
        let kb = Sanitize.clamp(overlap, 0, layout.containerSize.height)
        let keyboardDriver = curve.driver(duration: duration)
        let driver = keyboardDriver ?? .spring(.smooth)
        let keyboardVelocity = keyboard.velocity(at: time)
        if let keyboardDriver {
            keyboard.animate(to: kb, using: keyboardDriver, at: time)
        } else {
            keyboard.jump(to: kb, at: time)
        }
        // The top is at containerHeight - keyboard - extent: a sheet already in motion takes up the change in the
        // keyboard's velocity, so its top keeps its velocity (a sheet at rest rides on the keyboard's own timing).
        let shift = extent.isSettled(at: time) ? nil : -(keyboard.velocity(at: time) - keyboardVelocity)
        relayout(at: time, keyboardTarget: kb, using: driver, extentVelocityShift: shift)
    }

    /// Replaces the detents at `time`; the sheet moves to the nearest new detent (`.didChangeDetent` if that is
    /// another detent than before). An empty list means `[.content]`; there is no limit on the count.
    public mutating func setDetents(_ detents: [Detent], at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        let previous = selectedDetent
        configuration.detents = detents.isEmpty ? [.content] : detents
        detentIndex = nearestDetent(to: extent.value(at: time), keyboard: keyboard.target)
        if selectedDetent != previous, phase != .dismissed { pending.insert(.didChangeDetent) }
        relayout(at: time, using: configuration.layoutDriver)
    }

    /// Whether a downward drag may dismiss, from `time` on (UIKit's `isModalInPresentation`, inverted). A release
    /// that would have dismissed while it is off reports `.didAttemptDismiss` instead (UIKit's
    /// `presentationControllerDidAttemptToDismiss`). Changed during a drag, the sheet stays where it is: below the
    /// lowest detent it now rubber-bands from there, or follows the finger again.
    public mutating func setInteractiveDismissal(allowed: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard allowed != configuration.allowsInteractiveDismissal else { return }
        configuration.allowsInteractiveDismissal = allowed
        guard phase == .dragging else { return }
        let e = extent.value(at: time)
        let lowest = detentRange(keyboard: keyboardHeight(at: time)).lowest
        let d = layout.containerSize.height
        let c = configuration.rubberBandCoefficient
        dragExtent = !allowed && e < lowest ? lowest - inverseRubberBand(lowest - e, dimension: d, coefficient: c) : e
    }

    /// Reduce Motion from `time` on: the next present and dismiss cross-fade (or slide); one in flight finishes as
    /// it began.
    public mutating func setReduceMotion(_ on: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        configuration.reduceMotion = on
    }

    /// The largest undimmed detent from `time` on (see ``Configuration/largestUndimmedDetent``). The dimming is read
    /// from the layout at every frame, so it changes at once, as UIKit's does.
    public mutating func setLargestUndimmedDetent(_ detent: Detent?, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        configuration.largestUndimmedDetent = detent
    }

    /// Whether the finger's latest movement scrolled the content while the sheet held still (see
    /// ``setContent(offset:minimum:maximum:)``): then a release's velocity belongs to the scroll view's deceleration,
    /// else to the sheet.
    public var contentOwnsMovement: Bool { lastMoveScrolled }

    /// Whether a touch outside the sheet reaches what is behind it at `frame` (UIKit's background interaction): with
    /// a ``Configuration/largestUndimmedDetent``, wherever the sheet leaves the behind undimmed; else the touch is
    /// the dimming's (a tap there dismisses when a drag could).
    public func passesTouchesBehind(_ frame: Frame) -> Bool {
        configuration.largestUndimmedDetent != nil && frame.dimmingAlpha <= 0
    }

    /// The next taller (`upward`) or shorter detent than the selected one, by their heights in the current layout; nil
    /// at the end. What an adjustable grabber moves to (VoiceOver's swipe up and down).
    public func adjacentDetent(upward: Bool) -> Detent? {
        let kb = keyboard.target
        let current = restingHeight(detent: detentIndex, keyboard: kb)
        var best: (detent: Detent, height: Double)?
        for detent in configuration.detents {
            let h = height(of: detent, keyboard: kb)
            guard upward ? h > current : h < current else { continue }
            if best.map({ upward ? h < $0.height : h > $0.height }) ?? true { best = (detent, h) }
        }
        return best?.detent
    }

    /// The detent the sheet rests at or heads for (one of ``Configuration/detents``).
    public var selectedDetent: Detent { configuration.detents[min(detentIndex, configuration.detents.count - 1)] }

    /// Moves the sheet to `detent` at `time` from where it is, on ``Configuration/settleSpring`` (interruptible like
    /// every animation; `animated: false` jumps). Returns false, doing nothing, if `detent` is not one of the
    /// detents. Reports `.didChangeDetent` when the detent changes.
    @discardableResult
    public mutating func moveToDetent(_ detent: Detent, animated: Bool = true, at time: Double) -> Bool {
        let time = clock.event(time)
        advance(to: time)
        guard let index = configuration.detents.firstIndex(of: detent) else { return false }
        if index != detentIndex, phase != .dismissed { pending.insert(.didChangeDetent) }
        detentIndex = index
        if phase == .dragging { phase = .presented }
        relayout(at: time, using: animated ? .spring(configuration.settleSpring) : .immediate)
        return true
    }

    /// Follows a content height driven by a gesture elsewhere (an interactive pop inside the sheet): the change in the
    /// resting height is applied directly to where the sheet is, with `velocity` (points per second) kept for the
    /// animation that follows. A sheet that is not at rest on its detents (presenting, dragged, leaving) animates to
    /// the new height instead.
    public mutating func trackContentHeight(
        _ contentHeight: Double, navigationBarHeight: Double? = nil, velocity: Double, at time: Double
    ) {
        let time = clock.event(time)
        advance(to: time)
        let before = restingHeight(detent: detentIndex, keyboard: keyboard.target)
        let barBefore = layout.navigationBarHeight
        layout.contentHeight = Sanitize.length(contentHeight)
        if let navigationBarHeight { layout.navigationBarHeight = Sanitize.length(navigationBarHeight) }
        let barShift = layout.navigationBarHeight - barBefore
        guard phase == .presented else {
            barHeight.animate(to: layout.navigationBarHeight, using: configuration.layoutDriver, at: time)
            relayout(at: time, using: configuration.layoutDriver)
            return
        }
        let shift = restingHeight(detent: detentIndex, keyboard: keyboard.target) - before
        let v = Sanitize.finite(velocity, or: 0)
        extent.track(extent.value(at: time) + shift, velocity: v, at: time)
        height.track(height.value(at: time) + shift, velocity: v, at: time)
        barHeight.track(barHeight.value(at: time) + barShift, velocity: 0, at: time)
    }

    // MARK: Drag

    /// A vertical drag began at `time` (translation measured from here on, down positive). Grabbing the sheet
    /// mid-flight takes over from its exact position. Ignored while dismissed.
    public mutating func dragBegan(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase != .dismissed else { return }
        let e = extent.value(at: time)
        extent.track(e, velocity: extent.velocity(at: time), at: time)
        // The finger's unbanded position: a grab already in a rubber-band zone starts from the inverse band, so
        // the first move continues from exactly where the sheet is.
        let kb = keyboardHeight(at: time)
        let (lowest, highest) = detentRange(keyboard: kb)
        let d = layout.containerSize.height
        let c = configuration.rubberBandCoefficient
        var raw = e
        if e > highest {
            raw = highest + inverseRubberBand(e - highest, dimension: d, coefficient: c)
        } else if e < lowest, !configuration.allowsInteractiveDismissal {
            raw = lowest - inverseRubberBand(lowest - e, dimension: d, coefficient: c)
        }
        dragExtent = raw
        lastTranslation = 0
        lastMoveScrolled = false
        phase = .dragging
    }

    /// The scroll view inside the sheet: its content `offset` and the range it scrolls in (`minimum` is its top, e.g.
    /// `-adjustedContentInset.top`; `maximum` its bottom). Call it before a drag begins and whenever the scroll view
    /// moved on its own; without it the content does not scroll (range 0...0). Non-finite values are ignored (but
    /// `maximum` may be +infinity: unbounded); `maximum` below `minimum` reads as `minimum`.
    public mutating func setContent(offset: Double, minimum: Double = 0, maximum: Double = .infinity) {
        guard offset.isFinite, minimum.isFinite, !maximum.isNaN else { return }
        contentMinimum = Sanitize.finite(minimum, or: 0)
        contentMaximum = max(contentMinimum, Sanitize.finite(maximum, or: RepresentableRange.maximumMagnitude))
        contentOffset = Sanitize.clamp(offset, contentMinimum, contentMaximum)
    }

    /// The finger moved: `translation` points downward since ``dragBegan(at:)``, `velocity` in points per second
    /// (down positive). Past the first and last detents the sheet rubber-bands; below the lowest it slides down only
    /// if interactive dismissal is allowed.
    ///
    /// With a scroll view (``setContent(offset:minimum:maximum:)``) each movement is split: pulling down first
    /// scrolls the content back to its top, then moves the sheet; pushing up first expands the sheet to its highest
    /// detent (if ``Configuration/prefersScrollingExpandsWhenScrolledToEdge`` and the content is at its top), then
    /// scrolls the content, and past its end moves the sheet on (rubber band). ``Frame/contentOffset`` carries the
    /// scroll position to write back.
    public mutating func dragChanged(translation: Double, velocity: Double, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .dragging, translation.isFinite else { return }
        let translation = Sanitize.finite(translation, or: 0)
        let kb = keyboardHeight(at: time)
        let (lowest, highest) = detentRange(keyboard: kb)
        let delta = translation - lastTranslation
        lastTranslation = translation
        if delta > 0 {
            // Down: the content scrolls back to its top first.
            let scroll = min(delta, max(0, contentOffset - contentMinimum))
            contentOffset -= scroll
            dragExtent -= delta - scroll
            lastMoveScrolled = scroll == delta
        } else if delta < 0 {
            // Up: the sheet expands to its highest detent first (content at its top), then the content scrolls.
            var up = -delta
            if configuration.prefersScrollingExpandsWhenScrolledToEdge, contentOffset <= contentMinimum {
                let rise = min(up, max(0, highest - dragExtent))
                dragExtent += rise
                up -= rise
            }
            let scroll = min(up, max(0, contentMaximum - contentOffset))
            contentOffset += scroll
            dragExtent += up - scroll
            // The finger ends on the content if it scrolled after the sheet had risen (and did not pass its end).
            lastMoveScrolled = scroll > 0 && scroll == up
        }
        let raw = dragExtent
        let d = layout.containerSize.height
        let c = configuration.rubberBandCoefficient
        var e = raw
        var slope = 1.0
        if raw > highest {
            e = highest + rubberBand(raw - highest, dimension: d, coefficient: c)
            slope = 1 / ((raw - highest) * c / d + 1) / ((raw - highest) * c / d + 1)
        } else if raw < lowest && !configuration.allowsInteractiveDismissal {
            e = lowest - rubberBand(lowest - raw, dimension: d, coefficient: c)
            slope = 1 / ((lowest - raw) * c / d + 1) / ((lowest - raw) * c / d + 1)
        }
        e = max(e, offscreenExtent(keyboard: kb))
        // While the finger scrolls the content, the sheet holds still.
        let v = lastMoveScrolled ? 0 : -Sanitize.finite(velocity, or: 0) * slope
        extent.track(e, velocity: v, at: time)
    }

    /// The finger lifted with `velocity` points per second (down positive). The release velocity is projected
    /// (`v / 1000 * r / (1 - r)`) to choose the nearest detent, or dismissal when allowed and the projection falls
    /// below the midpoint between the lowest detent and off screen; the settle spring starts with the release velocity.
    public mutating func dragEnded(velocity: Double, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .dragging else { return }
        // Extent grows upward; a release while the finger was scrolling belongs to the scroll view's deceleration.
        let v = lastMoveScrolled ? 0 : -Sanitize.finite(velocity, or: 0)
        let kb = keyboardHeight(at: time)
        let e = extent.value(at: time)
        let projected = e + projectedDistance(velocity: v, decelerationRate: configuration.decelerationRate)
        let off = offscreenExtent(keyboard: kb)
        var choice = DetentRelease.Choice.nearest
        if let policy = configuration.detentForRelease {
            let heights = configuration.detents.map { height(of: $0, keyboard: kb) }
            choice = policy(DetentRelease(extent: e, velocity: v, projectedExtent: projected, detentHeights: heights))
        }
        let dismisses: Bool
        switch choice {
        case .dismiss: dismisses = configuration.allowsInteractiveDismissal
        case .detent: dismisses = false
        case .nearest:
            dismisses =
                configuration.allowsInteractiveDismissal && projected < (detentRange(keyboard: kb).lowest + off) / 2
        }
        if dismisses {
            if configuration.reduceMotion {
                startDismissal(velocity: v, at: time)
            } else {
                phase = .dismissing
                fading = false
                extent.animate(to: off, using: .spring(configuration.settleSpring), at: time, initialVelocity: v)
            }
            return
        }
        if choice == .nearest, !configuration.allowsInteractiveDismissal,
            projected < (detentRange(keyboard: kb).lowest + off) / 2
        {
            pending.insert(.didAttemptDismiss)
        }
        let previous = detentIndex
        if case .detent(let index) = choice, configuration.detents.indices.contains(index) {
            detentIndex = index
        } else {
            detentIndex = nearestDetent(to: projected, keyboard: kb)
        }
        let target = restingHeight(detent: detentIndex, keyboard: kb)
        phase = .presented
        pending.insert(detentIndex == previous ? .didCancel : .didChangeDetent)
        extent.animate(to: target, using: .spring(configuration.settleSpring), at: time, initialVelocity: v)
        height.animate(to: target, using: .spring(configuration.settleSpring), at: time)
    }

    // MARK: - Reading

    /// The frame at `time`. Pure: reads the channels' closed forms; allocates nothing.
    public func frame(at time: Double) -> Frame {
        let time = clock.read(time)
        let W = layout.containerSize.width
        let Hc = layout.containerSize.height
        let kb = keyboardHeight(at: time)
        let phase = phase(at: time)
        // Once dismissed the sheet waits just below the container or the keyboard: a cross-fade out leaves it where it
        // faded, and the next event or update parks it there (``advance(to:)``); a frame reads it parked already.
        let extentValue = extent.value(at: time)
        let e = phase == .dismissed && fading ? offscreenExtent(keyboard: keyboard.target) : extentValue
        // Springs that keep a fast velocity may overshoot; the sheet never rises above the top limit.
        let insets = (top: topLimit.value(at: time), bottom: bottomInset.value(at: time))
        let limit = maxExtent(keyboard: kb, topLimit: insets.top)
        let visible = min(e, limit)
        // While presented, height and extent usually follow the same spring (content changes move both).
        let heightValue = height.hasSameMotion(as: extent) ? extentValue : height.value(at: time)
        let h = min(max(heightValue, visible), max(limit, 0))
        let width = min(W, max(0, configuration.maximumWidth))
        let top = Hc - kb - visible
        // A spring that undershoots a height of 0 (a fling onto a zero detent) draws an empty sheet, not a negative one.
        let sheet = Rect(x: (W - width) / 2, y: top, width: width, height: max(0, h, visible))
        let bar = max(0, barHeight.value(at: time))
        let bottomPadding = max(0, insets.bottom - kb)
        let contentBottom = min(sheet.maxY, Hc - kb - bottomPadding)
        let content = Rect(x: sheet.minX, y: top + bar, width: width, height: max(0, contentBottom - top - bar))
        // How much of the sheet shows above the keyboard or container bottom: 1 fully shown, 0 once its top is a
        // settle tolerance below that edge (a sheet parked off screen, or behind a keyboard still moving), so a sheet
        // of any height, 0 included, presents and dismisses continuously.
        let tolerance = Self.settleTolerance
        let presentation = Sanitize.clamp((visible + tolerance) / max(sheet.height + tolerance, tolerance), 0, 1)
        let alpha = Sanitize.clamp(fade.value(at: time), 0, 1)
        var undimmed = 1.0
        if let detent = configuration.largestUndimmedDetent {
            let floor = height(of: detent, keyboard: kb, insets: insets)
            var next = Double.infinity
            for other in configuration.detents {
                let h = height(of: other, keyboard: kb, insets: insets)
                if h > floor { next = min(next, h) }
            }
            undimmed = next < .infinity ? Sanitize.clamp((visible - floor) / (next - floor), 0, 1) : 0
        }
        return Frame(
            sheet: sheet, contentArea: content, navigationBarHeight: bar,
            dimmingAlpha: Sanitize.clamp(configuration.dimmingAlpha, 0, 1) * presentation * alpha * undimmed,
            sheetAlpha: alpha,
            presentation: presentation, phase: phase, keyboardHeight: kb,
            detentPosition: detentPosition(of: visible, keyboard: kb, insets: insets), contentOffset: contentOffset)
    }

    /// Advances the lifecycle to `time` and returns the milestones reached since the last call (each once).
    public mutating func update(to time: Double) -> TransitionEvents {
        let time = clock.event(time)
        advance(to: time)
        let events = pending
        pending = []
        return events
    }

    /// Brings the lifecycle up to `time`, queuing for ``update(to:)`` every milestone reached since the previous
    /// event or update: a presentation or dismissal that finished, and `.didSettle` where the sheet came to rest on a
    /// detent after moving there while presented (or after a finger let go). Every event calls it first, and each
    /// milestone is placed at the instant it happens (a channel's settle time), so milestones depend on the events
    /// and the span of time covered, never on how often the host calls ``update(to:)``.
    private mutating func advance(to time: Double) {
        // The instant the sheet's detent channels stop; they have not changed since the previous event.
        let rest = max(extent.settleTime, height.settleTime)
        if phase == .dragging || (phase == .presented && rest > advancedTo) { awaitingRest = true }
        let now = phase(at: time)
        if now != phase {
            switch (phase, now) {
            case (.presenting, .presented):
                pending.insert(.didPresent)
                // Still moving after the presentation ended (a layout change during it): it settles later.
                awaitingRest = rest > (fading ? fade.settleTime : extent.settleTime)
            case (.dismissing, .dismissed):
                pending.insert(.didDismiss)
            default: break
            }
            if now == .dismissed, fading {
                // Faded out where it was: park it off screen (invisible, so nothing jumps).
                extent.jump(to: offscreenExtent(keyboard: keyboard.target), at: time)
            }
            phase = now
        }
        if phase != .presented && phase != .dragging { awaitingRest = false }
        if awaitingRest, phase == .presented, rest <= time {
            pending.insert(.didSettle)
            awaitingRest = false
        }
        advancedTo = time
    }

    /// The time ``advance(to:)`` last brought the lifecycle to.
    private var advancedTo = -Double.infinity
    /// Whether the sheet has moved on its detents (or been held) since it last came to rest: `.didSettle` is due.
    private var awaitingRest = false

    /// The time from which nothing moves (for scheduling the last frame); `-infinity` if at rest already.
    public var settleTime: Double {
        max(
            extent.settleTime, height.settleTime, keyboard.settleTime, fade.settleTime, topLimit.settleTime,
            bottomInset.settleTime, barHeight.settleTime)
    }

    // MARK: - Layout rules

    /// The phase the channels imply at `time` (settling turns presenting into presented, dismissing into dismissed).
    private func phase(at time: Double) -> Phase {
        switch phase {
        case .presenting:
            let done = fading ? fade.isSettled(at: time) : extent.isSettled(at: time)
            return done ? .presented : .presenting
        case .dismissing:
            let done = fading ? fade.isSettled(at: time) : extent.isSettled(at: time)
            return done ? .dismissed : .dismissing
        default:
            return phase
        }
    }

    /// How far the keyboard rises into the container at `time`: its channel clamped to the container (a spring that
    /// hands a keyboard curve over may undershoot 0).
    private func keyboardHeight(at time: Double) -> Double {
        Sanitize.clamp(keyboard.value(at: time), 0, layout.containerSize.height)
    }

    /// Distance in points under which a channel counts as settled (``SettleRule/points``).
    static let settleTolerance = SettleRule.points

    /// Extent of a dismissed sheet: its top half a point below the container's bottom edge, so a slide out ends
    /// off screen in finite time (a spring only approaches its target) and settling there changes nothing visible.
    private func offscreenExtent(keyboard kb: Double) -> Double { -kb - 0.5 }

    /// The top limit the layout asks for: max(safe top + top margin, minimum top inset).
    private var targetTopLimit: Double {
        max(
            layout.safeArea.top + Sanitize.length(configuration.topMargin),
            Sanitize.length(configuration.minimumTopInset))
    }

    /// Tallest extent: the top stays `topLimit` below the container's top (by default the limit the layout heads
    /// for, as rest positions use).
    private func maxExtent(keyboard kb: Double, topLimit: Double? = nil) -> Double {
        max(0, layout.containerSize.height - kb - (topLimit ?? self.topLimit.target))
    }

    /// The content detent: content + bar + what of the bottom safe area the keyboard does not cover, capped.
    private func contentExtent(keyboard kb: Double, insets: SheetInsets? = nil) -> Double {
        let bottom = insets?.bottom ?? layout.safeArea.bottom
        let desired = layout.contentHeight + layout.navigationBarHeight + max(0, bottom - kb)
        return min(desired, maxExtent(keyboard: kb, topLimit: insets?.top))
    }

    /// The top limit and bottom safe area as they are at a frame's time (events use their targets).
    private typealias SheetInsets = (top: Double, bottom: Double)

    private func height(of detent: Detent, keyboard kb: Double, insets: SheetInsets? = nil) -> Double {
        let maxE = maxExtent(keyboard: kb, topLimit: insets?.top)
        switch detent {
        case .content: return contentExtent(keyboard: kb, insets: insets)
        case .fraction(let f): return Sanitize.clamp(f, 0, 1) * maxE
        case .height(let h): return Sanitize.clamp(h, 0, maxE)
        case .large: return maxE
        }
    }

    /// The height of detent `index` (into ``Configuration/detents``, clamped to it).
    private func restingHeight(detent index: Int, keyboard kb: Double) -> Double {
        let detents = configuration.detents
        return height(of: detents[min(max(index, 0), detents.count - 1)], keyboard: kb)
    }

    /// The lowest and highest detent heights (one pass over the detents, no allocation).
    private func detentRange(keyboard kb: Double) -> (lowest: Double, highest: Double) {
        var range = (lowest: Double.infinity, highest: -Double.infinity)
        for detent in configuration.detents {
            let h = height(of: detent, keyboard: kb)
            range = (min(range.lowest, h), max(range.highest, h))
        }
        return range
    }

    /// The detent whose height is nearest `value` (the first of equals).
    private func nearestDetent(to value: Double, keyboard kb: Double) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (index, detent) in configuration.detents.enumerated() {
            let distance = abs(height(of: detent, keyboard: kb) - value)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// Where `extent` stands among the detents' heights sorted ascending: `k` at the k-th, fractions between two,
    /// from -1 (off screen) to 0 below the lowest, and the highest's rank above it. Two passes over the detents, no
    /// storage (equal heights count once each, in the rank).
    private func detentPosition(of extent: Double, keyboard kb: Double, insets: SheetInsets) -> Double {
        var lower = -Double.infinity
        var upper = Double.infinity
        for detent in configuration.detents {
            let h = height(of: detent, keyboard: kb, insets: insets)
            if h <= extent { lower = max(lower, h) } else { upper = min(upper, h) }
        }
        guard lower > -Double.infinity else {
            let off = offscreenExtent(keyboard: kb)
            return Sanitize.clamp((extent - upper) / max(upper - off, 1e-9), -1, 0)
        }
        var rank = 0.0
        if configuration.detents.count > 1 {
            for detent in configuration.detents where height(of: detent, keyboard: kb, insets: insets) < lower {
                rank += 1
            }
        }
        guard upper < Double.infinity else { return rank }
        return rank + (extent - lower) / max(upper - lower, 1e-9)
    }

    /// Retargets the resting height after a layout change, from the current state of every channel.
    /// `extentVelocityShift` changes the extent's velocity at `time` (a keyboard change keeping the top's velocity).
    private mutating func relayout(
        at time: Double, keyboardTarget: Double? = nil, using driver: AnimatedValue.Driver,
        extentVelocityShift: Double? = nil
    ) {
        let kb = keyboardTarget ?? keyboard.target
        let target = restingHeight(detent: detentIndex, keyboard: kb)
        let extentVelocity = extentVelocityShift.map { extent.velocity(at: time) + $0 }
        switch phase {
        case .presenting, .presented:
            // With Reduce Motion too: a sheet fading in is visible, so it moves rather than jumps.
            extent.animate(to: target, using: driver, at: time, initialVelocity: extentVelocity)
            height.animate(to: target, using: driver, at: time)
        case .dragging:
            height.animate(to: target, using: driver, at: time)
        case .dismissing:
            // A sheet fading out (Reduce Motion) stays where it is.
            if !fading {
                extent.animate(to: offscreenExtent(keyboard: kb), using: driver, at: time)
            }
        case .dismissed:
            height.jump(to: target, at: time)
            extent.jump(to: offscreenExtent(keyboard: kb), at: time)
        }
    }

    private static func sanitized(_ layout: Layout) -> Layout {
        Layout(
            containerSize: Sanitize.size(layout.containerSize), safeArea: Sanitize.insets(layout.safeArea),
            contentHeight: Sanitize.length(layout.contentHeight),
            navigationBarHeight: Sanitize.length(layout.navigationBarHeight))
    }
}

/// What a custom release rule (``BottomSheet/Configuration/detentForRelease``) sees, in points upward from the
/// keyboard's top or the container's bottom (the sheet's extent), and what it may choose.
public struct DetentRelease: Sendable {
    /// Where a released drag goes.
    public enum Choice: Sendable, Hashable {
        /// The default rule.
        case nearest
        /// Detent `index` of ``BottomSheet/Configuration/detents``.
        case detent(Int)
        /// Off screen (only if interactive dismissal is allowed; otherwise the default rule).
        case dismiss
    }

    /// The sheet's extent at release.
    public var extent: Double
    /// Its velocity, points per second, positive upward.
    public var velocity: Double
    /// Where the velocity would carry it under UIScrollView deceleration.
    public var projectedExtent: Double
    /// Each detent's height, in the order of ``BottomSheet/Configuration/detents``.
    public var detentHeights: [Double]
}

// MARK: - Render-server handover

extension BottomSheet {
    /// What a host hands to Core Animation for the sheet once no finger holds it (see ``LayerAnimation``).
    public struct LayerAnimations: Sendable, Hashable {
        /// The sheet's frame origin x in points, in container coordinates (the layer's `position.x` with its anchor
        /// point at (0, 0)).
        public var x: LayerAnimation
        /// The sheet's frame origin y in points (`position.y` with the anchor point at (0, 0)).
        public var y: LayerAnimation
        /// The sheet's width in points (`bounds.size.width`).
        public var width: LayerAnimation
        /// The sheet's height in points (`bounds.size.height`).
        public var height: LayerAnimation
        /// The dimming view's alpha (a fraction).
        public var dimmingAlpha: LayerAnimation
        /// The sheet's alpha (a fraction; moves only in a Reduce Motion cross-fade).
        public var sheetAlpha: LayerAnimation

        /// Every property, in declaration order.
        public var all: [LayerAnimation] { [x, y, width, height, dimmingAlpha, sheetAlpha] }

        /// The properties, in declaration order, of the sheet frame `sheet` reads from a model's frame (a sheet
        /// alone, or the one inside a ``SheetNavigation`` or a ``CardLift``).
        static func properties<Outer>(_ sheet: @escaping (Outer) -> Frame) -> [LayerProperty<Outer>] {
            let points = LayerAnimation.pointTolerance
            let fraction = LayerAnimation.fractionTolerance
            return [
                LayerProperty(read: { sheet($0).sheet.minX }, maximumError: points),
                LayerProperty(read: { sheet($0).sheet.minY }, maximumError: points),
                LayerProperty(read: { sheet($0).sheet.width }, maximumError: points),
                LayerProperty(read: { sheet($0).sheet.height }, maximumError: points),
                LayerProperty(read: { sheet($0).dimmingAlpha }, maximumError: fraction),
                LayerProperty(read: { sheet($0).sheetAlpha }, maximumError: fraction),
            ]
        }

        /// The animations of ``properties(_:)``, in their order.
        init(_ animations: ArraySlice<LayerAnimation>) {
            var next = animations.makeIterator()
            func take() -> LayerAnimation { next.next() ?? .rest(0) }
            (x, y, width, height, dimmingAlpha, sheetAlpha) = (take(), take(), take(), take(), take(), take())
        }
    }

    /// The sheet's layer animations from `time` until it settles: a spring or curve where a property follows one
    /// channel, keyframes where it combines several (e.g. a content change while presenting) or clamps one, rest
    /// where it does not move. Nil while a finger holds the sheet (it never settles by itself). Costs a few hundred
    /// frame evaluations, once per handover.
    public func layerAnimations(from time: Double) -> LayerAnimations? {
        guard settleTime < .infinity else { return nil }
        let all = LayerAnimation.handover(
            from: clock.read(time), until: settleTime, segments: motionSegments,
            properties: LayerAnimations.properties { $0 }, frame: frame(at:))
        return LayerAnimations(all[...])
    }

    /// Every channel's current segment (the candidates a property may be one spring or curve of).
    var motionSegments: [MotionSegment] {
        [extent, height, keyboard, fade, topLimit, bottomInset, barHeight].map(\.motionSegment)
    }
}

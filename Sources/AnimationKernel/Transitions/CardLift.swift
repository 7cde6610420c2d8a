/// A card that lifts out of a list to the top of the screen while a detail modal rises from the bottom, and drops
/// back on close (after Money Forward's asset cards).
///
/// The card's rect is four ``AnimatedValue`` channels (x, y, width, height) on one spring, and a fifth channel, the
/// *lift* (0 in the list, 1 lifted), drives the corner radius and the elevation. The modal is a ``BottomSheet``
/// presented and dismissed at the same instants. Because every channel starts each event from its exact position and
/// velocity, closing while still lifting reverses from where the card is and how fast it moves, and a source rect
/// that moves during the close (the list scrolled) retargets the flight with no jump.
///
/// The card's *host layer* follows the app's trick of moving the card view between hierarchies: it sits in the
/// ``HostLayer/list`` before, flies in the ``HostLayer/overlay`` above everything, and moves into the
/// ``HostLayer/modal`` once the modal has presented; on close it flies in the overlay again and returns to the list
/// once it has landed. ``frame(at:)`` is pure and allocates nothing.
public struct CardLift: Sendable {
    /// Where the card view lives for a frame.
    public enum HostLayer: Sendable, Hashable {
        /// In its list cell (before lifting, after landing).
        case list
        /// In the window above everything, while flying.
        case overlay
        /// In the presented modal.
        case modal
    }

    /// What the card is doing.
    public enum Phase: Sendable, Hashable {
        /// In the list.
        case resting
        /// Flying to the target with the modal rising.
        case lifting
        /// At the target (still settling, possibly) with the modal presented.
        case open
        /// Flying back to the source with the modal going down.
        case closing
    }

    /// Shadow under the card.
    public struct Elevation: Sendable, Hashable {
        /// Shadow blur radius in points.
        public var shadowRadius: Double
        /// Shadow opacity, 0...1.
        public var shadowOpacity: Double

        /// Creates an elevation.
        public init(shadowRadius: Double, shadowOpacity: Double) {
            self.shadowRadius = shadowRadius
            self.shadowOpacity = shadowOpacity
        }
    }

    /// Tunables. The spring is Money Forward's spring mode (response 0.4, damping ratio 0.8: a small overshoot);
    /// corner radii and shadows are not published by the app, so those defaults are ours.
    public struct Configuration: Sendable {
        /// The card's flight spring. Default ``CardLift/defaultSpring`` (response 0.4 s, damping ratio 0.8); use
        /// ``CardLift/nonBouncingSpring`` for no overshoot.
        public var spring: DampedSpring = CardLift.defaultSpring
        /// Fly on a timing curve over a duration instead of the spring (Money Forward's non-spring mode), e.g.
        /// `(.easeInEaseOut, 0.35)`. A flight that starts while the card still moves hands over to a critically damped
        /// spring that settles in the same time, keeping position and velocity (as ``AnimatedValue`` does).
        /// Default `nil`: the spring.
        public var curve: (TimingCurve, duration: Double)?
        /// Corner radius in the list, in points. Default 12.
        public var listCornerRadius: Double = 12
        /// Corner radius when lifted, in points. Default 16.
        public var liftedCornerRadius: Double = 16
        /// Shadow in the list. Default radius 2, opacity 0.08.
        public var listElevation = Elevation(shadowRadius: 2, shadowOpacity: 0.08)
        /// Shadow when lifted. Default radius 16, opacity 0.24.
        public var liftedElevation = Elevation(shadowRadius: 16, shadowOpacity: 0.24)
        /// Reduce Motion: the card does not fly; it cross-fades in at the target (and out on close) over
        /// ``crossFadeDuration``, and the modal cross-fades too. Hosts keep the list cell's own content visible while
        /// ``Frame/cardAlpha`` is below 1, so the fading card is a cross-fade rather than a disappearance.
        public var reduceMotion = false
        /// Cross-fade length for Reduce Motion, in seconds. Default 0.2 (as the bottom sheet).
        public var crossFadeDuration: Double = 0.2
        /// The detail modal's tunables (its `reduceMotion` is turned on with ours).
        public var modal = BottomSheet.Configuration()

        /// The defaults.
        public init() {}
    }

    /// Everything a renderer needs for one frame.
    public struct Frame: Sendable, Hashable {
        /// The card, in container coordinates.
        public var card: Rect
        /// The card's corner radius in points.
        public var cornerRadius: Double
        /// The card's shadow.
        public var elevation: Elevation
        /// The card's alpha (1 except during a Reduce Motion cross-fade).
        public var cardAlpha: Double
        /// Which hierarchy hosts the card view.
        public var hostLayer: HostLayer
        /// The lift, 0 in the list to 1 lifted (may pass 1 on an overshoot; corner radius and elevation use it
        /// clamped to [0, 1]).
        public var lift: Double
        /// The detail modal (its rect is `modal.sheet`, its dimming `modal.dimmingAlpha`).
        public var modal: BottomSheet.Frame
        /// What the card is doing at this time.
        public var phase: Phase
    }

    /// Money Forward's spring mode: response 0.4 s, damping ratio 0.8 (a small overshoot).
    public static let defaultSpring = DampedSpring(validatedAngularFrequency: 2 * Double.pi / 0.4, dampingRatio: 0.8)
    /// The same response without overshoot: response 0.4 s, damping ratio 1.
    public static let nonBouncingSpring = DampedSpring(validatedAngularFrequency: 2 * Double.pi / 0.4, dampingRatio: 1)

    /// The tunables in force (Reduce Motion changes at run time with ``setReduceMotion(_:at:)``).
    public private(set) var configuration: Configuration
    /// The card's rect in the list (container coordinates), as of the latest ``setSourceRect(_:at:)``.
    public private(set) var sourceRect: Rect
    /// Where the card flies to, as of the latest ``setTargetRect(_:at:)``.
    public private(set) var targetRect: Rect
    /// The detail modal.
    public private(set) var modal: BottomSheet
    /// The phase as of the latest event or ``update(to:)``.
    public private(set) var phase: Phase = .resting

    /// x, y, width, height (points) and lift, on the card's spring.
    private var lanes: SpringLanes
    private var fade: AnimatedValue
    private var pending: TransitionEvents = []
    /// Orders events and reads in time (see ``EventClock``).
    private var clock = EventClock()

    /// A card resting in the list at `source`, which will fly to `target`, with a detail modal laid out in
    /// `modalLayout`. Rects are in container coordinates (convert the list cell's frame first); non-finite
    /// components read as 0 and negative sizes as 0.
    public init(
        source: Rect, target: Rect, modalLayout: BottomSheet.Layout, configuration: Configuration = Configuration()
    ) {
        self.configuration = configuration
        let source = Sanitize.rect(source)
        self.sourceRect = source
        self.targetRect = Sanitize.rect(target)
        var modalConfiguration = configuration.modal
        modalConfiguration.reduceMotion = modalConfiguration.reduceMotion || configuration.reduceMotion
        self.modal = BottomSheet(layout: modalLayout, configuration: modalConfiguration)
        self.lanes = SpringLanes(
            Self.lanes(source, lift: 0), spring: configuration.spring,
            curve: configuration.curve.map { ($0.0, Sanitize.duration($0.duration, or: 0.35)) },
            tolerance: SIMD8(
                SettleRule.points, SettleRule.points, SettleRule.points, SettleRule.points, SettleRule.fraction, 1, 1,
                1))
        self.fade = AnimatedValue(1, settleTolerance: SettleRule.fraction)
    }

    // MARK: - Events

    /// Opens at `time`: the card flies from where it is to the target on the spring, the lift rises, and the modal
    /// presents. Opening while closing reverses from the current position and velocity. With Reduce Motion the card
    /// cross-fades in at the target instead.
    ///
    /// - Parameters:
    ///   - time: when the card opens, in seconds on the clock of every other event.
    ///   - initialVelocity: the card's velocity in the list when it is tapped, in points per second (the list may
    ///     still be scrolling): the flight starts with it, so the card leaves the list without a kink. Default
    ///     zero; ignored when reopening mid-close, where the card keeps the velocity it has.
    public mutating func open(at time: Double, initialVelocity: Point = .zero) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .resting || phase == .closing else { return }
        let fromList = phase == .resting
        var velocity: SIMD8<Double>?
        if fromList {
            // Landed cards are drawn at the source exactly (their springs only came within the settle tolerance):
            // start from what was drawn, moving with the list.
            lanes.jump(to: Self.lanes(sourceRect, lift: 0), at: time)
            velocity = SIMD8(
                Sanitize.finite(initialVelocity.x, or: 0), Sanitize.finite(initialVelocity.y, or: 0), 0, 0, 0, 0, 0, 0)
        }
        phase = .lifting
        modal.present(at: time)
        if configuration.reduceMotion {
            // From the list the lifted card starts invisible at the target, so nothing jumps on screen; mid-close
            // it is still visible and moves to the target from where it is.
            if fromList {
                fade.jump(to: 0, at: time)
                lanes.jump(to: Self.lanes(targetRect, lift: 1), at: time)
            } else {
                lanes.animate(to: Self.lanes(targetRect, lift: 1), at: time)
            }
            fade.animate(to: 1, using: .curve(.easeInEaseOut, duration: crossFade), at: time)
            return
        }
        lanes.animate(to: Self.lanes(targetRect, lift: 1), at: time, velocity: velocity)
        // Reopened during a Reduce Motion fade-out (Reduce Motion turned off since): the card fades back in.
        if fade.target < 1 { fade.animate(to: 1, using: .curve(.easeInEaseOut, duration: crossFade), at: time) }
    }

    /// Closes at `time`: the card flies back to the source rect (which may have moved since it lifted: pass the new
    /// one with ``setSourceRect(_:at:)``), the lift falls and the modal dismisses. Closing while lifting reverses from
    /// the current position and velocity. With Reduce Motion the card cross-fades out at the target.
    public mutating func close(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .lifting || phase == .open else { return }
        modal.dismiss(at: time)
        closeCard(at: time)
    }

    /// Opens (see ``open(at:initialVelocity:)``); with `animated: false` the card is at the target and the modal
    /// presented at once (`.didPresent` at `time`).
    public mutating func open(animated: Bool, at time: Double, initialVelocity: Point = .zero) {
        let time = clock.event(time)
        open(at: time, initialVelocity: initialVelocity)
        if !animated { finishMotion(at: time) }
    }

    /// Closes (see ``close(at:)``); with `animated: false` the card is back in the list and the modal gone at once
    /// (`.didDismiss` at `time`).
    public mutating func close(animated: Bool, at time: Double) {
        let time = clock.event(time)
        close(at: time)
        if !animated { finishMotion(at: time) }
    }

    /// Puts the card and the modal at the end of the motion in flight at `time`, and brings the lifecycle there.
    private mutating func finishMotion(at time: Double) {
        lanes.jump(to: lanes.targets, at: time)
        fade.jump(to: fade.target, at: time)
        switch modal.phase {
        case .presenting: modal.present(animated: false, at: time)
        case .dismissing: modal.dismiss(animated: false, at: time)
        default: break
        }
        advance(to: time)
    }

    /// The card's half of closing: it flies back to the source (or fades out with Reduce Motion).
    private mutating func closeCard(at time: Double) {
        phase = .closing
        if configuration.reduceMotion {
            fade.animate(to: 0, using: .curve(.easeInEaseOut, duration: crossFade), at: time)
            return
        }
        lanes.animate(to: Self.lanes(sourceRect, lift: 0), at: time)
    }

    /// The card's place in the list moved (the list scrolled or relaid out) at `time`. While closing, the flight
    /// retargets from its current position and velocity; at rest in the list the card follows at once.
    public mutating func setSourceRect(_ rect: Rect, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        sourceRect = Sanitize.rect(rect)
        switch phase {
        // A card flying home retargets; one fading out where it is (Reduce Motion) stays.
        case .closing where fade.target > 0: lanes.retarget(to: Self.lanes(sourceRect, lift: 0), at: time)
        case .resting: lanes.jump(to: Self.lanes(sourceRect, lift: 0), at: time)
        default: break
        }
    }

    /// The target moved (rotation, safe-area change) at `time`. While lifting or open, the card retargets from its
    /// current position and velocity (with Reduce Motion too: a layout change is not a transition).
    public mutating func setTargetRect(_ rect: Rect, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        targetRect = Sanitize.rect(rect)
        guard phase == .lifting || phase == .open else { return }
        lanes.animate(to: Self.lanes(targetRect, lift: 1), at: time)
    }

    /// Reduce Motion from `time` on, for the card and its modal: the next open or close cross-fades (or flies);
    /// motion in flight finishes as it began.
    public mutating func setReduceMotion(_ on: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        configuration.reduceMotion = on
        modal.setReduceMotion(on, at: time)
    }

    /// Whether a drag on the modal may dismiss it (closing the card) from `time` on (see
    /// ``BottomSheet/setInteractiveDismissal(allowed:at:)``).
    public mutating func setInteractiveDismissal(allowed: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        modal.setInteractiveDismissal(allowed: allowed, at: time)
    }

    /// A new container size and safe area for the modal (see ``BottomSheet/setContainer(_:safeArea:at:)``); pass the
    /// new target with ``setTargetRect(_:at:)`` too.
    public mutating func setContainer(_ size: Size, safeArea: Insets, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        modal.setContainer(size, safeArea: safeArea, at: time)
    }

    // MARK: Dragging the modal

    /// A vertical drag on the detail modal began at `time` (see ``BottomSheet/dragBegan(at:)``; the modal follows the
    /// bottom sheet's rules, its ``Configuration/modal`` configuration included).
    public mutating func dragBegan(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .lifting || phase == .open else { return }
        modal.dragBegan(at: time)
    }

    /// The finger moved `translation` points down with `velocity` points per second.
    public mutating func dragChanged(translation: Double, velocity: Double, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        modal.dragChanged(translation: translation, velocity: velocity, at: time)
    }

    /// The finger lifted with `velocity` points per second: the modal settles on a detent, or, when it allows
    /// interactive dismissal and the release dismisses it, the card closes with it (``close(at:)``).
    public mutating func dragEnded(velocity: Double, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        modal.dragEnded(velocity: velocity, at: time)
        if modal.phase == .dismissing, phase == .lifting || phase == .open { closeCard(at: time) }
    }

    // MARK: - Reading

    /// The frame at `time`. Pure: reads the channels' closed forms; allocates nothing.
    public func frame(at time: Double) -> Frame {
        let time = clock.read(time)
        let phase = phase(at: time)
        let modalFrame = modal.frame(at: time)
        let card: Rect
        let liftValue: Double
        let alpha: Double
        if phase == .resting {
            card = sourceRect
            liftValue = 0
            alpha = 1
        } else {
            let v = lanes.value(at: time)
            card = Rect(x: v[0], y: v[1], width: max(0, v[2]), height: max(0, v[3]))
            liftValue = v[4]
            alpha = Sanitize.clamp(fade.value(at: time), 0, 1)
        }
        let l = Sanitize.clamp(liftValue, 0, 1)
        let c = configuration
        let elevation = Elevation(
            shadowRadius: lerp(c.listElevation.shadowRadius, c.liftedElevation.shadowRadius, l),
            shadowOpacity: lerp(c.listElevation.shadowOpacity, c.liftedElevation.shadowOpacity, l))
        let layer: HostLayer
        switch phase {
        case .resting: layer = .list
        case .closing: layer = .overlay
        case .lifting, .open: layer = modalFrame.phase == .presented ? .modal : .overlay
        }
        return Frame(
            card: card, cornerRadius: lerp(c.listCornerRadius, c.liftedCornerRadius, l), elevation: elevation,
            cardAlpha: alpha, hostLayer: layer, lift: liftValue, modal: modalFrame, phase: phase)
    }

    /// Advances the lifecycle to `time` and returns the milestones reached since the last call (each once):
    /// `.didPresent` when the card and the modal have come to rest open, `.didDismiss` when the card has landed in the
    /// list and the modal is gone; and from the modal, `.didChangeDetent` and `.didAttemptDismiss`.
    public mutating func update(to time: Double) -> TransitionEvents {
        let time = clock.event(time)
        advance(to: time)
        let modalEvents = modal.update(to: time).intersection([.didChangeDetent, .didAttemptDismiss])
        let events = pending.union(modalEvents)
        pending = []
        return events
    }

    /// Brings the stored phase up to `time` (a lift or a landing that has finished by then), queuing its milestone
    /// for ``update(to:)``. Every event calls it first: an event that moves the modal's settle time must not undo a
    /// landing that already happened.
    private mutating func advance(to time: Double) {
        let now = phase(at: time)
        guard now != phase else { return }
        switch (phase, now) {
        case (.lifting, .open): pending.insert(.didPresent)
        case (.closing, .resting): pending.insert(.didDismiss)
        default: break
        }
        phase = now
    }

    /// The time from which nothing moves (for scheduling the last frame); `-infinity` when at rest.
    public var settleTime: Double {
        max(lanes.settleTime, fade.settleTime, modal.settleTime)
    }

    // MARK: - Channels

    private var crossFade: Double { Sanitize.duration(configuration.crossFadeDuration, or: 0.2) }

    private var cardSettleTime: Double {
        max(lanes.settleTime, fade.settleTime)
    }

    /// The phase the channels imply at `time`: lifting becomes open once card and modal rest; closing becomes
    /// resting once the card has landed and the modal is gone.
    private func phase(at time: Double) -> Phase {
        switch phase {
        case .lifting:
            return time >= cardSettleTime && time >= modal.settleTime ? .open : .lifting
        case .closing:
            return time >= cardSettleTime && time >= modal.settleTime ? .resting : .closing
        default:
            return phase
        }
    }

    private static func lanes(_ rect: Rect, lift: Double) -> SIMD8<Double> {
        SIMD8(rect.minX, rect.minY, rect.width, rect.height, lift, 0, 0, 0)
    }
}

/// Up to eight channels on one spring (or one timing curve) whose segments always start together (every card event
/// moves them all), in inline storage.
///
/// The spring's closed form is linear in the initial state: with `es` and `ec` the sine-like and cosine-like basis at
/// time t, x(t) = x0 ec + (v0 + ζω x0) es and v(t) = v0 ec - (ω² x0 + ζω v0) es. So one evaluation (`ck_spring_eval`
/// from displacement 0 and velocity 1, which returns `es` and `ec - ζω es`) moves every lane: a frame costs one closed
/// form instead of one per ``AnimatedValue``, the same semantics otherwise (each event starts from the exact state).
/// With a curve, every lane interpolates from where it started by the curve's one value, so a frame costs one curve
/// evaluation; a flight that starts in motion hands over to the spring ``AnimatedValue`` uses for curves.
struct SpringLanes: Sendable {
    private(set) var targets: SIMD8<Double>
    private var x0 = SIMD8<Double>()
    private var v0 = SIMD8<Double>()
    private var start = -Double.infinity
    private var moving = false
    /// The spring of the segment in flight (the configured one, or a curve's hand-over spring).
    private var spring: DampedSpring
    private let flightSpring: DampedSpring
    /// The configured curve and duration, if the lanes fly on a curve; `curving` while such a segment is in flight.
    private let curve: (TimingCurve, duration: Double)?
    private var curving = false
    let tolerance: SIMD8<Double>
    /// When every lane is within its tolerance for good; `-infinity` at rest.
    private(set) var settleTime = -Double.infinity

    init(
        _ values: SIMD8<Double>, spring: DampedSpring, curve: (TimingCurve, duration: Double)? = nil,
        tolerance: SIMD8<Double>
    ) {
        self.targets = values
        self.spring = spring
        self.flightSpring = spring
        self.curve = curve
        self.tolerance = tolerance
    }

    /// The lanes at `time`; from ``settleTime`` on, exactly the targets (so a card that has landed is drawn where
    /// it rests, and the next segment starts from there).
    func state(at time: Double) -> (value: SIMD8<Double>, velocity: SIMD8<Double>) {
        guard moving, time < settleTime else { return (targets, SIMD8()) }
        let t = Sanitize.elapsed(since: start, at: time)
        if curving, let (timing, duration) = curve {
            // x0 holds the start values here: value = from + (target - from) * y(t / duration).
            guard t < duration else { return (targets, SIMD8()) }
            let progress = t / duration
            let distance = targets - x0
            return (x0 + distance * timing.value(at: progress), distance * (timing.slope(at: progress) / duration))
        }
        let basis = spring.evaluate(displacement: 0, velocity: 1, at: t)
        let w = spring.angularFrequency
        let a = spring.dampingRatio * w
        let es = basis.displacement
        let ec = basis.velocity + a * es
        let x = x0 * ec + (v0 + a * x0) * es
        let v = v0 * ec - (w * w * x0 + a * v0) * es
        return (targets + x, v)
    }

    func value(at time: Double) -> SIMD8<Double> { state(at: time).value }

    /// Every lane moves from its state at `time` (with `velocity` instead of its own, if given) to `newTargets`: on
    /// the curve from rest, else on the spring (the curve's hand-over spring while it flies on a curve).
    mutating func animate(to newTargets: SIMD8<Double>, at time: Double, velocity: SIMD8<Double>? = nil) {
        let now = eventTime(time)
        let (x, current) = state(at: now)
        let v = velocity ?? current
        let wasMoving = moving && now < settleTime
        targets = newTargets
        start = now
        moving = true
        if let (_, duration) = curve {
            if !wasMoving, v == SIMD8() {
                curving = true
                x0 = x
                v0 = SIMD8()
                settleTime = now + duration
                return
            }
            spring = AnimatedValue.handoffSpring(duration: duration)
        } else {
            spring = flightSpring
        }
        curving = false
        x0 = x - newTargets
        v0 = v
        var settle = 0.0
        for i in 0..<SIMD8<Double>.scalarCount {
            let lane = spring.settlingTime(displacement: x0[i], velocity: v0[i], epsilon: tolerance[i])
            settle = max(settle, lane.isNaN ? 0 : lane)
        }
        settleTime = now + settle
    }

    /// New targets from the state at `time`: the same as ``animate(to:at:)`` while moving, a jump at rest.
    mutating func retarget(to newTargets: SIMD8<Double>, at time: Double) {
        if moving { animate(to: newTargets, at: time) } else { jump(to: newTargets, at: time) }
    }

    /// Every lane rests at `values` from `time` on.
    mutating func jump(to values: SIMD8<Double>, at time: Double) {
        targets = values
        start = eventTime(time)
        moving = false
        curving = false
        settleTime = -.infinity
    }

    /// Lane `index`'s current segment (all lanes share the start, the settle time and the spring or curve).
    func motionSegment(lane index: Int) -> MotionSegment {
        let target = targets[index]
        guard moving else {
            return MotionSegment(kind: .rest, target: target, startTime: start, settleTime: settleTime)
        }
        let kind: MotionSegment.Kind
        if curving, let (timing, duration) = curve {
            kind = .curve(timing, from: x0[index], duration: duration)
        } else {
            kind = .spring(spring, x0: x0[index], v0: v0[index])
        }
        return MotionSegment(kind: kind, target: target, startTime: start, settleTime: settleTime)
    }

    /// As ``AnimatedValue``: events apply in time order (a late one moves to the segment's start).
    private func eventTime(_ time: Double) -> Double { Sanitize.eventTime(time, after: start) }
}

// MARK: - Render-server handover

extension CardLift {
    /// What a host hands to Core Animation for the card and its modal once no finger holds them (see
    /// ``LayerAnimation``).
    public struct LayerAnimations: Sendable, Hashable {
        /// The card's frame origin x in points, in container coordinates (the layer's `position.x` with its anchor
        /// point at (0, 0)).
        public var x: LayerAnimation
        /// The card's frame origin y in points (`position.y` with the anchor point at (0, 0)).
        public var y: LayerAnimation
        /// The card's width in points (`bounds.size.width`).
        public var width: LayerAnimation
        /// The card's height in points (`bounds.size.height`).
        public var height: LayerAnimation
        /// The card's corner radius in points. Corner radius and shadow follow the lift clamped to [0, 1]: where an
        /// overshooting lift's clamp shows (beyond half the tolerance) they are keyframes.
        public var cornerRadius: LayerAnimation
        /// The card's shadow radius in points.
        public var shadowRadius: LayerAnimation
        /// The card's shadow opacity (a fraction).
        public var shadowOpacity: LayerAnimation
        /// The card's alpha (a fraction; moves only in a Reduce Motion cross-fade).
        public var alpha: LayerAnimation
        /// The detail modal's sheet.
        public var modal: BottomSheet.LayerAnimations
        /// The card's shadow path (``Frame/shadowPath``, on the card layer): keyframes of paths while the card's
        /// size or corner radius changes.
        public var shadowPath: RoundedRectAnimation

        /// The animation of `key` (the clip's are the card's width, height and corner radius; its origin rests at
        /// 0).
        public func animation(for key: LayerKey) -> LayerAnimation {
            switch key {
            case .cardX: return x
            case .cardY: return y
            case .cardWidth, .clipWidth: return width
            case .cardHeight, .clipHeight: return height
            case .shadowRadius: return shadowRadius
            case .shadowOpacity: return shadowOpacity
            case .cardOpacity: return alpha
            case .clipX, .clipY: return .rest(0)
            case .clipCornerRadius: return cornerRadius
            }
        }

        /// Every property, the modal's last.
        public var all: [LayerAnimation] {
            [x, y, width, height, cornerRadius, shadowRadius, shadowOpacity, alpha] + modal.all
        }
    }

    /// The card's and the modal's layer animations from `time` until both settle; nil while a finger holds the
    /// modal.
    public func layerAnimations(from time: Double) -> LayerAnimations? {
        guard settleTime < .infinity else { return nil }
        let segments = (0..<5).map { lanes.motionSegment(lane: $0) } + [fade.motionSegment] + modal.motionSegments
        let points = LayerAnimation.pointTolerance
        let fraction = LayerAnimation.fractionTolerance
        let card: [LayerProperty<Frame>] = [
            LayerProperty(read: { $0.card.minX }, maximumError: points),
            LayerProperty(read: { $0.card.minY }, maximumError: points),
            LayerProperty(read: { $0.card.width }, maximumError: points),
            LayerProperty(read: { $0.card.height }, maximumError: points),
            LayerProperty(read: { $0.cornerRadius }, maximumError: points),
            LayerProperty(read: { $0.elevation.shadowRadius }, maximumError: points),
            LayerProperty(read: { $0.elevation.shadowOpacity }, maximumError: fraction),
            LayerProperty(read: { $0.cardAlpha }, maximumError: fraction),
        ]
        let all = LayerAnimation.handover(
            from: clock.read(time), until: settleTime, segments: segments,
            properties: card + BottomSheet.LayerAnimations.properties { $0.modal }, frame: frame(at:))
        let share = LayerAnimation.pointTolerance * RoundedRectAnimation.partShare
        let parts = LayerAnimation.handover(
            from: clock.read(time), until: settleTime, segments: segments,
            properties: [
                LayerProperty(read: { $0.shadowPath.rect.minX }, maximumError: share),
                LayerProperty(read: { $0.shadowPath.rect.minY }, maximumError: share),
                LayerProperty(read: { $0.shadowPath.rect.width }, maximumError: share),
                LayerProperty(read: { $0.shadowPath.rect.height }, maximumError: share),
                LayerProperty(read: { $0.shadowPath.cornerRadius }, maximumError: share),
            ], frame: frame(at:))
        let path = RoundedRectAnimation.handover(from: clock.read(time), until: settleTime, parts: parts) {
            frame(at: $0).shadowPath
        }
        return LayerAnimations(
            x: all[0], y: all[1], width: all[2], height: all[3], cornerRadius: all[4], shadowRadius: all[5],
            shadowOpacity: all[6], alpha: all[7], modal: BottomSheet.LayerAnimations(all[8...]), shadowPath: path)
    }

    /// The two layers a host draws the card with (their anchor points at (0, 0), so a position is a frame's
    /// origin): the card, which casts the shadow from a path and does not clip (a layer that clips also clips its
    /// own shadow), and the clip inside it, which fills the card's bounds and rounds the snapshot's corners.
    public enum CardLayer: Sendable, Hashable {
        /// The card: its frame in the container, its shadow and its alpha.
        case card
        /// The clip: the snapshot, clipped to the card's corners.
        case clip
    }

    /// Every number a frame sets on the card's two layers, with the layer and the Core Animation key path that
    /// shows it: the host sets these each frame, and hands over ``LayerAnimations/animation(for:)`` for each.
    public enum LayerKey: Sendable, Hashable, CaseIterable {
        /// The card's frame origin x (`position.x`).
        case cardX
        /// The card's frame origin y (`position.y`).
        case cardY
        /// The card's width (`bounds.size.width`).
        case cardWidth
        /// The card's height (`bounds.size.height`).
        case cardHeight
        /// The card's shadow radius (`shadowRadius`).
        case shadowRadius
        /// The card's shadow opacity (`shadowOpacity`).
        case shadowOpacity
        /// The card's alpha (`opacity`).
        case cardOpacity
        /// The clip's origin x in the card (`position.x`): 0.
        case clipX
        /// The clip's origin y in the card (`position.y`): 0.
        case clipY
        /// The clip's width, the card's (`bounds.size.width`).
        case clipWidth
        /// The clip's height, the card's (`bounds.size.height`).
        case clipHeight
        /// The clip's corner radius, the card's (`cornerRadius`).
        case clipCornerRadius

        /// The layer the key is on.
        public var layer: CardLayer {
            switch self {
            case .cardX, .cardY, .cardWidth, .cardHeight, .shadowRadius, .shadowOpacity, .cardOpacity: return .card
            case .clipX, .clipY, .clipWidth, .clipHeight, .clipCornerRadius: return .clip
            }
        }

        /// The layer's key path (`CALayer` key-value coding).
        public var keyPath: String {
            switch self {
            case .cardX, .clipX: return "position.x"
            case .cardY, .clipY: return "position.y"
            case .cardWidth, .clipWidth: return "bounds.size.width"
            case .cardHeight, .clipHeight: return "bounds.size.height"
            case .shadowRadius: return "shadowRadius"
            case .shadowOpacity: return "shadowOpacity"
            case .cardOpacity: return "opacity"
            case .clipCornerRadius: return "cornerRadius"
            }
        }

        /// The value `frame` shows at this key.
        public func value(in frame: Frame) -> Double {
            switch self {
            case .cardX: return frame.card.minX
            case .cardY: return frame.card.minY
            case .cardWidth, .clipWidth: return frame.card.width
            case .cardHeight, .clipHeight: return frame.card.height
            case .shadowRadius: return frame.elevation.shadowRadius
            case .shadowOpacity: return frame.elevation.shadowOpacity
            case .cardOpacity: return frame.cardAlpha
            case .clipX, .clipY: return 0
            case .clipCornerRadius: return frame.cornerRadius
            }
        }
    }
}

extension CardLift.Frame {
    /// The card's shadow path, in the card layer's coordinates: its bounds with the corner radius (at most half the
    /// shorter side).
    public var shadowPath: RoundedRect {
        RoundedRect(rect: Rect(x: 0, y: 0, width: card.width, height: card.height), cornerRadius: cornerRadius)
    }
}

/// A headless pull-to-dismiss for a presented screen, with a scroll view inside it (after minne's pull-down close and
/// sgr-ksmt/PullToDismiss), or an edge swipe from the leading edge (minne's horizontal close).
///
/// **Scroll handoff.** While the content is scrolled, the drag scrolls it; once the content is at its top and the
/// finger pulls on, the screen moves and the content offset stays pinned; pushing back up first returns the screen to
/// 0 and then resumes scrolling. Each finger movement is split this way, so both outputs (the screen's offset and the
/// content offset) follow the finger continuously.
///
/// **Release.** The finger's velocity comes from a ``VelocityTracker`` fed by the drag samples, or from the caller.
/// A ``ReleaseRule`` decides between cancelling and dismissing; then a spring carries the release velocity to 0 or off
/// screen. Grabbing again mid-flight continues from the exact position.
///
/// **Background.** The backdrop's strength is `rate = clamp(1 - offset / (dimension * 0.33), 0, 1)` (PullToDismiss's
/// formula, clamped: the library lets it go negative).
///
/// The screen offset is an ``AnimatedValue``, so ``frame(at:)`` is a pure function of time that allocates nothing,
/// and every frame rate draws the same motion.
public struct PullToDismiss: Sendable {
    /// Which way the screen leaves.
    public enum Axis: Sendable, Hashable {
        /// Pulled down (positive y), with the scroll handoff.
        case vertical
        /// Swiped from the leading edge toward the trailing edge (positive x left to right, negative x right to left);
        /// progress = translation.x / width. There is no scroll view on this axis.
        case edgeSwipe(ReadingDirection)
    }

    /// When a released drag dismisses rather than cancels. In every rule a screen that was not pulled at all
    /// (offset 0) cancels: the drag only scrolled.
    public enum ReleaseRule: Sendable, Hashable {
        /// minne: cancel if the velocity points back (< 0) or progress (offset / dimension) is below `minimum`
        /// (minne uses 0.1); otherwise dismiss.
        case progress(minimum: Double)
        /// sgr-ksmt/PullToDismiss: dismiss when the offset is past `fraction` of the dimension (the library uses
        /// 0.33), or on any flick in the dismissing direction (velocity > 0) once the screen has moved.
        case distance(fraction: Double)
        /// Dismiss when the offset projected with UIScrollView deceleration (`v / 1000 * r / (1 - r)`, `rate` per
        /// millisecond; `.normal` is 0.998) passes ``Configuration/dismissalFraction`` of the dimension.
        case projected(rate: Double)
    }

    /// What the screen is doing.
    public enum Phase: Sendable, Hashable {
        /// Presented and still (or still scrolling with the screen at 0).
        case idle
        /// Following a finger.
        case dragging
        /// Released and returning to 0.
        case cancelling
        /// Released (or ``dismiss(at:)``) and leaving.
        case dismissing
        /// Gone: the host can remove it.
        case dismissed
    }

    /// Tunables; every default comes from the apps and library named in the type's documentation.
    public struct Configuration: Sendable {
        /// Vertical pull (default) or edge swipe.
        public var axis: Axis = .vertical
        /// Release rule. Default `.projected(rate: 0.998)`.
        public var releaseRule: ReleaseRule = .projected(rate: 0.998)
        /// Fraction of the dimension at which the backdrop has faded out and past which `.projected` dismisses:
        /// 0.33 (PullToDismiss's `dismissableHeightPercentage`).
        public var dismissalFraction: Double = 0.33
        /// The spring that carries the release velocity to 0 or off screen: the bottom sheet's settle spring, a critically
        /// damped UIKit spring of 0.5 s.
        public var settleSpring: DampedSpring = uiKitSpring(duration: 0.5, dampingRatio: 1)
        /// Reduce Motion: a dismissal cross-fades the screen out where it is (over ``crossFadeDuration``) instead of
        /// sliding it off; the drag itself still follows the finger and a cancel still springs back.
        public var reduceMotion = false
        /// Whether a drag may dismiss (default true). When false (UIKit's `isModalInPresentation`), the screen
        /// follows the finger with rubber-band resistance, a release always returns it to 0, and a release that would
        /// have dismissed reports `.didAttemptDismiss`. ``dismiss(at:)`` still dismisses.
        public var allowsInteractiveDismissal = true
        /// Resistance while dismissal is refused: a pull `x` points long moves the screen
        /// `(1 - 1 / (x * c / d + 1)) * d` for the dimension `d`. Default 0.55 (UIScrollView's).
        public var rubberBandCoefficient: Double = 0.55
        /// Cross-fade length for Reduce Motion, in seconds. Default 0.2 (as the bottom sheet).
        public var crossFadeDuration: Double = 0.2
        /// Tracker settings for velocities the caller does not pass (least squares over 0.1 s).
        public var velocityWindow: Double = 0.1
        /// What happens behind the screen at full strength (rate 1); frames carry it interpolated by the rate.
        /// Default ``BackdropEffect/pullToDismissShadow`` (black at 0.8, PullToDismiss's `ShadowEffect.default`).
        public var backdrop: BackdropEffect = .pullToDismissShadow

        /// The defaults.
        public init() {}
    }

    /// Everything a renderer needs for one frame.
    public struct Frame: Sendable, Hashable {
        /// The presented screen's rect in container coordinates (the container's bounds moved by the offset).
        public var screen: Rect
        /// How far the screen has moved along its axis, in points (>= 0; toward the bottom, or toward the trailing
        /// edge for an edge swipe).
        public var offset: Double
        /// The scroll view's content offset to apply (points along the axis; pinned at its top while the screen
        /// moves). Always 0 for an edge swipe.
        public var contentOffset: Double
        /// `offset / dimension`, clamped to [0, 1].
        public var progress: Double
        /// Backdrop strength `clamp(1 - offset / (dimension * dismissalFraction), 0, 1)`, times the screen's alpha.
        public var backdropRate: Double
        /// ``Configuration/backdrop`` interpolated by ``backdropRate`` (shadow: alpha x rate; blur: radius and tint
        /// alpha x rate, saturation `(s - 1) x rate + 1`). Draw it with a ``BackdropRenderer``.
        public var backdrop: BackdropEffect
        /// The screen's alpha (1 except during a Reduce Motion dismissal).
        public var alpha: Double
        /// What the screen is doing at this time.
        public var phase: Phase
    }

    /// The tunables in force (change them at run time with ``setInteractiveDismissal(allowed:at:)`` and
    /// ``setReduceMotion(_:at:)``).
    public private(set) var configuration: Configuration
    /// The container (the presented screen's size), in points.
    public private(set) var containerSize: Size
    /// The phase as of the latest event or ``update(to:)``.
    public private(set) var phase: Phase = .idle

    private var offset: AnimatedValue
    private var fade: AnimatedValue
    private var contentOffset = 0.0
    private var contentMinimum = 0.0
    private var contentMaximum = 0.0
    private var lastTranslation = 0.0
    /// Where the finger has put the screen during a drag, before any rubber band (points along the axis, >= 0).
    private var pull = 0.0
    /// Whether the dismissal in flight (or done) cross-fades: Reduce Motion as it was when it started.
    private var dismissalFades = false
    private var tracker: VelocityTracker
    private var pending: TransitionEvents = []
    /// Orders events and reads in time (see ``EventClock``).
    private var clock = EventClock()

    /// A presented screen of `containerSize` at rest.
    public init(containerSize: Size, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.containerSize = Sanitize.size(containerSize)
        self.offset = AnimatedValue(0, settleTolerance: SettleRule.points)
        self.fade = AnimatedValue(1, settleTolerance: SettleRule.fraction)
        self.tracker = VelocityTracker(window: configuration.velocityWindow)
    }

    // MARK: - Events

    /// The scroll view's state: its content `offset` and the range it scrolls in (`minimum` is the top, e.g.
    /// `-adjustedContentInset.top`; `maximum` the bottom). Call before a drag begins, and whenever the scroll view
    /// moved on its own (deceleration) or changed size. Without a call the content does not scroll (range 0...0).
    /// Non-finite values are ignored (but `maximum` may be +infinity: unbounded) and finite ones clamped to
    /// ±``RepresentableRange/maximumMagnitude``; `maximum` below `minimum` reads as `minimum`. Ignored for an edge
    /// swipe.
    public mutating func setContent(offset: Double, minimum: Double = 0, maximum: Double = .infinity) {
        guard case .vertical = configuration.axis, offset.isFinite, minimum.isFinite, !maximum.isNaN else { return }
        contentMinimum = Sanitize.finite(minimum, or: 0)
        contentMaximum = max(contentMinimum, Sanitize.finite(maximum, or: RepresentableRange.maximumMagnitude))
        contentOffset = Sanitize.clamp(offset, contentMinimum, contentMaximum)
    }

    /// A new container size (rotation) at `time`: an offset in flight keeps its distance; a dismissal retargets to the
    /// new off-screen position.
    public mutating func setContainer(_ size: Size, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        containerSize = Sanitize.size(size)
        if phase == .dismissing, !dismissalFades {
            offset.retarget(to: offscreenOffset, at: time)
        }
    }

    /// The finger went down at `time`. Grabbing the screen mid-flight (cancelling or dismissing) takes over from its
    /// exact position. Ignored once dismissed.
    public mutating func dragBegan(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase != .dismissed else { return }
        let state = offset.state(at: time)
        offset.track(max(0, state.value), velocity: state.velocity, at: time)
        pull = pullShowing(max(0, state.value))
        // A grab during a Reduce Motion fade-out brings the screen back, fading in from where the fade is.
        if fade.target < 1 {
            fade.animate(to: 1, using: .curve(.easeInEaseOut, duration: crossFade), at: time)
        }
        lastTranslation = 0
        tracker.reset()
        tracker.addSample(0, at: time)
        phase = .dragging
    }

    /// The finger moved: `translation` points since ``dragBegan(at:)`` along the axis in screen coordinates (y down
    /// for the vertical pull, x for an edge swipe: right-to-left swipes have negative x), and optionally its
    /// `velocity` (points per second, same axis); without one the tracker's least-squares estimate is used.
    ///
    /// The movement since the last call is split: pulling toward dismissal first scrolls the content back to its top,
    /// then moves the screen; pushing back first returns the screen to 0, then scrolls.
    public mutating func dragChanged(translation: Double, velocity: Double? = nil, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .dragging, translation.isFinite else { return }
        let along = Sanitize.finite(translation, or: 0) * directionSign
        tracker.addSample(along, at: time)
        let delta = along - lastTranslation
        lastTranslation = along
        var screen = pull
        var content = contentOffset
        if delta > 0 {
            // Toward dismissal: the content scrolls back to its top first (the finger drags it down).
            let scroll = min(delta, max(0, content - contentMinimum))
            content -= scroll
            screen += delta - scroll
        } else if delta < 0 {
            // Back: the screen returns to 0 first, then the content scrolls on.
            let back = min(-delta, screen)
            screen -= back
            content = min(content + (-delta - back), contentMaximum)
        }
        contentOffset = content
        pull = screen
        let v = velocity.map { Sanitize.finite($0, or: 0) * directionSign } ?? tracker.velocity(at: time)
        // The screen moves with the finger only while it is off 0 (pinned content); else the content takes it.
        offset.track(shown(pull: screen), velocity: screen > 0 ? v * resistance(pull: screen) : 0, at: time)
    }

    /// The finger lifted at `time`, with `velocity` (points per second along the axis in screen coordinates; `nil`:
    /// the tracker's estimate). The release rule decides; a spring then carries the release velocity to 0 (cancel)
    /// or off screen (dismiss), or with Reduce Motion a dismissal cross-fades out in place.
    public mutating func dragEnded(velocity: Double? = nil, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase == .dragging else { return }
        let v = velocity.map { Sanitize.finite($0, or: 0) * directionSign } ?? tracker.velocity(at: time)
        let position = max(0, offset.value(at: time))
        let dismisses = Self.shouldDismiss(
            offset: pull, velocity: v, dimension: dimension, rule: configuration.releaseRule,
            dismissalFraction: configuration.dismissalFraction)
        if dismisses, configuration.allowsInteractiveDismissal {
            startDismissal(velocity: v, at: time)
        } else if position > 0 {
            phase = .cancelling
            let shownVelocity = v * resistance(pull: pull)
            offset.animate(to: 0, using: .spring(configuration.settleSpring), at: time, initialVelocity: shownVelocity)
            pending.insert(dismisses ? [.didCancel, .didAttemptDismiss] : .didCancel)
        } else {
            // The drag only scrolled: the screen stays; the velocity belongs to the scroll view's deceleration.
            phase = .idle
            offset.jump(to: 0, at: time)
        }
    }

    /// Dismisses without a gesture (a close button) at `time`: the same spring from the current state off screen,
    /// or the Reduce Motion cross-fade.
    public mutating func dismiss(at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        guard phase != .dismissing, phase != .dismissed else { return }
        startDismissal(velocity: nil, at: time)
    }

    /// VoiceOver's escape gesture at `time`: dismisses as ``dismiss(at:)`` does when a drag may dismiss
    /// (``Configuration/allowsInteractiveDismissal``), else refuses and reports `.didAttemptDismiss` (as a refused
    /// pull does). Returns whether the screen is leaving, what `accessibilityPerformEscape` returns: true for a
    /// dismissal already in flight; false once dismissed, and while a finger holds the screen (the escape is not
    /// the user's dismissal then).
    @discardableResult
    public mutating func accessibilityEscape(at time: Double) -> Bool {
        let time = clock.event(time)
        advance(to: time)
        switch phase {
        case .dismissing: return true
        case .dismissed, .dragging: return false
        case .idle, .cancelling: break
        }
        guard configuration.allowsInteractiveDismissal else {
            pending.insert(.didAttemptDismiss)
            return false
        }
        startDismissal(velocity: nil, at: time)
        return true
    }

    /// Whether a drag may dismiss from `time` on (see ``Configuration/allowsInteractiveDismissal``). A screen being
    /// dragged stays where it is: the finger's further movement is read with or without resistance from there.
    public mutating func setInteractiveDismissal(allowed: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        let shown = shown(pull: pull)
        configuration.allowsInteractiveDismissal = allowed
        pull = pullShowing(shown)
    }

    /// Reduce Motion from `time` on: the next dismissal cross-fades (or slides); one in flight finishes as it began.
    public mutating func setReduceMotion(_ on: Bool, at time: Double) {
        let time = clock.event(time)
        advance(to: time)
        configuration.reduceMotion = on
    }

    /// Whether a release at `offset` points with `velocity` points per second (both along the dismissal direction)
    /// dismisses under `rule`, for a screen `dimension` points long. The published decision table is in the tests.
    public static func shouldDismiss(
        offset: Double, velocity: Double, dimension: Double, rule: ReleaseRule, dismissalFraction: Double = 0.33
    ) -> Bool {
        guard offset.isFinite, offset > 0 else { return false }
        let v = Sanitize.finite(velocity, or: 0)
        let d = max(Sanitize.length(dimension), 1e-9)
        switch rule {
        case .progress(let minimum):
            return !(v < 0 || offset / d < Sanitize.finite(minimum, or: 0.1))
        case .distance(let fraction):
            return offset > Sanitize.clamp(fraction, 0, 1) * d || v > 0
        case .projected(let rate):
            return offset + projectedDistance(velocity: v, decelerationRate: rate)
                > Sanitize.clamp(dismissalFraction, 0, 1) * d
        }
    }

    // MARK: - Reading

    /// The frame at `time`. Pure: reads the channels' closed forms; allocates nothing.
    public func frame(at time: Double) -> Frame {
        let time = clock.read(time)
        let phase = phase(at: time)
        let d = dimension
        // The screen never moves against the dismissal direction (a spring returning fast may overshoot 0).
        let o = phase == .dismissed && !dismissalFades ? offscreenOffset : max(0, offset.value(at: time))
        let alpha = phase == .dismissed ? 0 : Sanitize.clamp(fade.value(at: time), 0, 1)
        let fraction = Sanitize.clamp(configuration.dismissalFraction, 0, 1)
        let rate = Sanitize.clamp(1 - o / max(d * fraction, 1e-9), 0, 1) * alpha
        var screen = Rect(x: 0, y: 0, width: containerSize.width, height: containerSize.height)
        switch configuration.axis {
        case .vertical: screen.origin.y = o
        case .edgeSwipe(let direction): screen.origin.x = direction.sign * o
        }
        return Frame(
            screen: screen, offset: o, contentOffset: contentOffset, progress: Sanitize.clamp(o / max(d, 1e-9), 0, 1),
            backdropRate: rate, backdrop: configuration.backdrop.interpolated(rate: rate), alpha: alpha, phase: phase)
    }

    /// Advances the lifecycle to `time` and returns the milestones reached since the last call (each once):
    /// `.didCancel` at a release that cancels, `.didDismiss` once the screen is off screen (or faded out).
    public mutating func update(to time: Double) -> TransitionEvents {
        let time = clock.event(time)
        advance(to: time)
        let events = pending
        pending = []
        return events
    }

    /// Brings the stored phase up to `time` (a cancel or dismissal that has finished by then), queuing
    /// `.didDismiss` for ``update(to:)``. Every event calls it first, so what an event does never depends on how
    /// often the host called ``update(to:)``.
    private mutating func advance(to time: Double) {
        let now = phase(at: time)
        guard now != phase else { return }
        if now == .dismissed { pending.insert(.didDismiss) }
        phase = now
    }

    /// The time from which nothing moves (for scheduling the last frame); `-infinity` at rest, `+infinity` while a
    /// finger holds the screen.
    public var settleTime: Double { max(offset.settleTime, fade.settleTime) }

    // MARK: - Rules

    private var directionSign: Double {
        switch configuration.axis {
        case .vertical: return 1
        case .edgeSwipe(let direction): return direction.sign
        }
    }

    /// Length of the axis the screen leaves along: the height, or the width for an edge swipe.
    private var dimension: Double {
        switch configuration.axis {
        case .vertical: return containerSize.height
        case .edgeSwipe: return containerSize.width
        }
    }

    private var crossFade: Double { Sanitize.duration(configuration.crossFadeDuration, or: 0.2) }

    /// Half a point past the edge, so a spring (which only approaches its target) ends off screen in finite time.
    private var offscreenOffset: Double { dimension + 0.5 }

    /// Where the screen shows for a finger pull of `pull` points: the pull itself, or rubber-banded while dismissal is
    /// refused.
    private func shown(pull: Double) -> Double {
        guard !configuration.allowsInteractiveDismissal else { return pull }
        return rubberBand(pull, dimension: dimension, coefficient: bandCoefficient)
    }

    /// The pull that shows the screen at `shown` points (the inverse of ``shown(pull:)``).
    private func pullShowing(_ shown: Double) -> Double {
        guard !configuration.allowsInteractiveDismissal else { return shown }
        return inverseRubberBand(shown, dimension: dimension, coefficient: bandCoefficient)
    }

    /// ``Configuration/rubberBandCoefficient``; not finite reads as 0.55.
    private var bandCoefficient: Double { Sanitize.finite(configuration.rubberBandCoefficient, or: 0.55) }

    /// d shown / d pull at `pull`: 1, or the rubber band's slope `c / (x c / d + 1)^2`.
    private func resistance(pull: Double) -> Double {
        let d = dimension
        let c = bandCoefficient
        guard !configuration.allowsInteractiveDismissal, d > 0, c > 0 else { return 1 }
        let q = pull * c / d + 1
        return c / (q * q)
    }

    private mutating func startDismissal(velocity: Double?, at time: Double) {
        phase = .dismissing
        dismissalFades = configuration.reduceMotion
        if dismissalFades {
            let position = max(0, offset.value(at: time))
            offset.jump(to: position, at: time)
            fade.animate(to: 0, using: .curve(.easeInEaseOut, duration: crossFade), at: time)
        } else {
            offset.animate(
                to: offscreenOffset, using: .spring(configuration.settleSpring), at: time, initialVelocity: velocity)
        }
    }

    /// The phase the channels imply at `time` (settling turns cancelling into idle, dismissing into dismissed).
    private func phase(at time: Double) -> Phase {
        switch phase {
        case .cancelling:
            return offset.isSettled(at: time) ? .idle : .cancelling
        case .dismissing:
            let done = dismissalFades ? fade.isSettled(at: time) : offset.isSettled(at: time)
            return done ? .dismissed : .dismissing
        default:
            return phase
        }
    }
}

extension BackdropEffect {
    /// PullToDismiss's `ShadowEffect.default`: black at alpha 0.8.
    public static let pullToDismissShadow = BackdropEffect.shadow(color: .black, alpha: 0.8)
    /// PullToDismiss's `BlurEffect.default`: radius 20 points, saturation 1.8, no tint.
    public static let pullToDismissBlur = BackdropEffect.blur(
        radius: 20, tint: .clear, tintAlpha: 0, saturation: 1.8)
    /// PullToDismiss's `BlurEffect.extraLight`: radius 20, saturation 1.8, tint white 0.97 at alpha 0.82.
    public static let pullToDismissExtraLightBlur = BackdropEffect.blur(
        radius: 20, tint: RGBAColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.82), tintAlpha: 1, saturation: 1.8)
    /// PullToDismiss's `BlurEffect.light`: radius 30, saturation 1.8, tint white at alpha 0.3.
    public static let pullToDismissLightBlur = BackdropEffect.blur(
        radius: 30, tint: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.3), tintAlpha: 1, saturation: 1.8)
    /// PullToDismiss's `BlurEffect.dark`: radius 20, saturation 1.8, tint white 0.11 at alpha 0.73.
    public static let pullToDismissDarkBlur = BackdropEffect.blur(
        radius: 20, tint: RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73), tintAlpha: 1, saturation: 1.8)
}

// MARK: - Render-server handover

extension PullToDismiss {
    /// What a host hands to Core Animation for the presented screen once no finger holds it (see
    /// ``LayerAnimation``).
    public struct LayerAnimations: Sendable, Hashable {
        /// The screen's origin x in points in container coordinates (the layer's `position.x` with its anchor point
        /// at (0, 0)): it moves for an edge swipe.
        public var x: LayerAnimation
        /// The screen's origin y in points (`position.y` with the anchor point at (0, 0)): it moves for a vertical
        /// pull.
        public var y: LayerAnimation
        /// The screen's alpha (a fraction; moves only in a Reduce Motion dismissal).
        public var alpha: LayerAnimation
        /// A shadow backdrop's alpha (``Frame/backdrop``'s: the effect's alpha times the rate), the opacity of the
        /// view that shows it; 0 for a blur or no backdrop.
        public var backdropAlpha: LayerAnimation
        /// The backdrop's strength (``Frame/backdropRate``). A blur's radius, tint and saturation follow it, and a
        /// blur is pixels a host renders, not a layer property the render server can animate: see
        /// ``blurChanges``.
        public var backdropRate: LayerAnimation
        /// Whether a blur backdrop changes between the handover and the settle time (``backdropRate`` moves). The
        /// render server cannot draw it then: the host keeps drawing frames itself (it does not hand over) until
        /// ``blurSteadyTime``, and hands over from there. False for a shadow or no backdrop.
        public var blurChanges: Bool
        /// The time from which a changing blur stays as it is (within half an 8-bit level of its strength) until
        /// the settle time: a leaving screen has passed the dismissal fraction for good, a returning one is back
        /// within a fraction of a point. The host tries the handover again then. `-infinity` when it does not
        /// change.
        public var blurSteadyTime: Double

        /// Every layer property, in declaration order (``backdropRate`` drives pixels, not a layer).
        public var all: [LayerAnimation] { [x, y, alpha, backdropAlpha] }
    }

    /// The screen's layer animations from `time` until it settles (a cancel springing back, a dismissal sliding
    /// off); nil while a finger holds it.
    public func layerAnimations(from time: Double) -> LayerAnimations? {
        guard settleTime < .infinity else { return nil }
        let all = LayerAnimation.handover(
            from: clock.read(time), until: settleTime, segments: [offset.motionSegment, fade.motionSegment],
            properties: [
                LayerProperty(read: { $0.screen.minX }, maximumError: LayerAnimation.pointTolerance),
                LayerProperty(read: { $0.screen.minY }, maximumError: LayerAnimation.pointTolerance),
                LayerProperty(read: { $0.alpha }, maximumError: LayerAnimation.fractionTolerance),
                LayerProperty(read: { $0.backdrop.shadowAlpha }, maximumError: LayerAnimation.fractionTolerance),
                LayerProperty(read: { $0.backdropRate }, maximumError: LayerAnimation.fractionTolerance),
            ], frame: frame(at:))
        var blur = false
        if case .blur = configuration.backdrop { blur = all[4].animationCount > 0 }
        return LayerAnimations(
            x: all[0], y: all[1], alpha: all[2], backdropAlpha: all[3], backdropRate: all[4], blurChanges: blur,
            blurSteadyTime: blur ? backdropSteadyTime(from: clock.read(time)) : -.infinity)
    }

    /// The first time on the handover's grid from which the backdrop's rate stays within half its tolerance of its
    /// final value (as the handover tells a moving property from a resting one).
    private func backdropSteadyTime(from time: Double) -> Double {
        let end = settleTime
        guard time.isFinite, end.isFinite, end > time else { return time }
        let tolerance = LayerAnimation.fractionTolerance / 2
        let final = frame(at: end).backdropRate
        let step = max(1.0 / 240, (end - time) / Double(LayerAnimation.maximumChecks))
        var steady = end
        var k = LayerAnimation.maximumChecks - 1
        while k >= 0 {
            let t = time + Double(k) * step
            if t < end {
                guard abs(frame(at: min(t, end.nextDown)).backdropRate - final) <= tolerance else { break }
                steady = t
            }
            k -= 1
        }
        return steady
    }
}

extension BackdropEffect {
    /// A shadow's alpha; 0 for any other effect.
    var shadowAlpha: Double {
        if case .shadow(_, let alpha) = self { return alpha }
        return 0
    }
}

/// When a pull goes to the render server: as soon as no finger holds it, unless its blur backdrop still changes
/// (pixels the host renders each frame), and then from the frame at which the blur comes to rest
/// (``PullToDismiss/LayerAnimations/blurSteadyTime``). A host asks it at every handover its ``TransitionDriver``
/// offers, and after every frame it draws whether to offer one again (with an empty event).
public struct PullToDismissHandover: Sendable {
    /// When the blur comes to rest and the handover is to be offered again; `infinity`: not pending.
    public private(set) var retryTime = Double.infinity

    /// Nothing pending.
    public init() {}

    /// The animations to hand over for `pull` at `time`, or nil to keep drawing frames: a finger holds it, or its
    /// blur still changes (``retryTime`` is then when it stops).
    public mutating func animations(for pull: PullToDismiss, at time: Double) -> PullToDismiss.LayerAnimations? {
        retryTime = .infinity
        guard let animations = pull.layerAnimations(from: time) else { return nil }
        guard !animations.blurChanges else {
            retryTime = animations.blurSteadyTime
            return nil
        }
        return animations
    }

    /// An event is about to change the model: what was pending no longer holds.
    public mutating func eventWillChangeModel() {
        retryTime = .infinity
    }

    /// Whether, after drawing the frame at `time`, the host offers the handover again (once per pending retry).
    public mutating func retries(afterFrameAt time: Double) -> Bool {
        guard time >= retryTime else { return false }
        retryTime = .infinity
        return true
    }
}

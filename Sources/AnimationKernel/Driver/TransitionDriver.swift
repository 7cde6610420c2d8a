/// Owns a transition model and runs it against a display: every event goes through ``send(at:_:)``, which starts
/// the frame source if the model moves; each frame applies `model.frame(at:)` through `apply` and delivers the
/// milestones of `model.update(to:)` through `events`, each exactly once and in time order; once the model has
/// settled the last frame is applied and the source stops, until the next event.
///
/// The driver decides nothing about the transition: the model does. Frames depend only on the times the source
/// reports, never on how many frames it delivers, so 60, 120 or 240 Hz, jitter and dropped frames all draw the same
/// motion.
@MainActor
public final class TransitionDriver<Model: TransitionModel> {
    /// The model as of the latest event or frame.
    public private(set) var model: Model
    /// Whether the frame source is running.
    public private(set) var isRunning = false
    /// The time of the latest frame applied, or `-infinity` before the first.
    public private(set) var lastFrameTime = -Double.infinity

    /// Receives each frame to apply (set by the owner, e.g. a coordinator that is created after its driver).
    public var apply: @MainActor (Model.Frame) -> Void
    /// Receives the milestones of each frame.
    public var events: @MainActor (TransitionEvents) -> Void
    /// Hands a settling model to the render server (the layer's animations): called after each event with the model
    /// and the event's time; returns whether the host added animations that draw the motion until the model's
    /// `settleTime` (the model decides: its `layerAnimations(from:)` is nil while a finger holds it). From then on the
    /// frames of the display still bring the lifecycle up to date (milestones on time) but apply nothing, until the
    /// first frame at or after `settleTime`, which applies the resting frame. Nil (default): every frame applies.
    public var handOver: (@MainActor (Model, Double) -> Bool)?
    /// Called before an event changes a model whose motion was handed over: the host removes the render server's
    /// animations, and the frames apply again from the model's exact state.
    public var takeBack: (@MainActor () -> Void)?
    /// Whether the render server draws the motion in flight (see ``handOver``).
    public private(set) var isHandedOver = false

    private let source: any FrameSource
    private let now: @MainActor () -> Double

    /// A driver of `model` that draws with `apply` on the frames of `frameSource`. `now` reads the clock that the
    /// frame source and the gesture timestamps share (in an app, `CACurrentMediaTime()`); `events` receives the
    /// milestones.
    public init(
        _ model: Model, frameSource: any FrameSource, now: @escaping @MainActor () -> Double,
        apply: @escaping @MainActor (Model.Frame) -> Void,
        events: @escaping @MainActor (TransitionEvents) -> Void = { _ in }
    ) {
        self.model = model
        self.source = frameSource
        self.now = now
        self.apply = apply
        self.events = events
    }

    /// Applies `event` to the model at `time` (a gesture's timestamp; default: now) and starts the frame source if
    /// it is stopped: the next frame draws what the event changed (a jump too) and delivers what it caused, and the
    /// source runs on while the model moves.
    public func send(at time: Double? = nil, _ event: (inout Model, Double) -> Void) {
        let time = time ?? now()
        if isHandedOver {
            isHandedOver = false
            takeBack?()
        }
        event(&model, time)
        if let handOver, model.settleTime.isFinite, model.settleTime > time {
            isHandedOver = handOver(model, time)
        }
        guard !isRunning else { return }
        isRunning = true
        // The source must not outlive its use: a tick after the driver is gone stops it.
        source.start { [weak self, weak source] time in
            if let self { self.frame(at: time) } else { source?.stop() }
        }
    }

    /// Stops the frame source now (the host tears the transition down); the next event starts it again.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        source.stop()
    }

    /// The current time on the driver's clock.
    public var currentTime: Double { now() }

    /// Draws the frame at `time` now, without waiting for the source (for example when the host lays out).
    public func applyFrame(at time: Double? = nil) {
        frame(at: time ?? now())
    }

    /// One frame: milestones up to `time`, the frame, a stop once the model rests, then the milestones (last, so a
    /// handler that sends an event restarts a stopped source).
    private func frame(at time: Double) {
        // A source whose timestamps jitter backwards (or are not finite) still draws time forwards.
        let t = time.isFinite ? max(time, lastFrameTime) : lastFrameTime
        lastFrameTime = t
        let events = model.update(to: t)
        if isHandedOver, t >= model.settleTime { isHandedOver = false }
        if !isHandedOver { apply(model.frame(at: t)) }
        if isRunning, t >= model.settleTime {
            isRunning = false
            source.stop()
        }
        if !events.isEmpty { self.events(events) }
    }
}

/// Something that calls back once per display frame while started: `CADisplayLink` in an app, a fake clock in tests.
///
/// The time passed to the callback is when the frame will be shown (`CADisplayLink.targetTimestamp`), in seconds on
/// the same clock as the driver's `now` and the gesture timestamps the host forwards.
@MainActor
public protocol FrameSource: AnyObject {
    /// Starts calling `tick` once per frame with the frame's presentation time. Called only while stopped.
    func start(_ tick: @escaping @MainActor (Double) -> Void)
    /// Stops calling back. Called only while started.
    func stop()
}

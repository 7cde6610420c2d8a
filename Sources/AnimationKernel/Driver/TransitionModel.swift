/// What every transition model offers: frames as a pure function of time, milestones once each, and the time from
/// which nothing moves. ``BottomSheet``, ``SheetNavigation``, ``CardLift`` and ``PullToDismiss`` adopt it, so a
/// ``TransitionDriver``, tests, the preview and the benchmarks treat them alike.
public protocol TransitionModel: Sendable {
    /// Everything a renderer needs for one frame.
    associatedtype Frame: Sendable

    /// The frame at `time` (seconds). Pure and allocation-free.
    func frame(at time: Double) -> Frame

    /// Advances the lifecycle to `time` and returns the milestones reached since the last call, each once.
    mutating func update(to time: Double) -> TransitionEvents

    /// The time from which nothing moves: `-infinity` at rest, `+infinity` while a finger holds the model.
    var settleTime: Double { get }
}

extension BottomSheet: TransitionModel {}
extension SheetNavigation: TransitionModel {}
extension CardLift: TransitionModel {}
extension PullToDismiss: TransitionModel {}

extension TransitionModel {
    /// How long the model moves after `event` at `time`, in seconds (0 when it does not move, or never settles by
    /// itself): what UIKit's `transitionDuration(using:)` reports, so animations alongside end with the model.
    public func duration(after event: (inout Self, Double) -> Void, at time: Double) -> Double {
        var copy = self
        event(&copy, time)
        let duration = copy.settleTime - time
        return duration.isFinite ? max(0, duration) : 0
    }
}

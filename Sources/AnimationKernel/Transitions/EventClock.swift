/// The time rule every model shares, as ``AnimatedValue`` applies it to one channel.
///
/// - Events apply in time order: an event earlier than the latest one, or at a non-finite time, applies at the
///   latest event's time (a late event must not rewrite the past; there is no event at infinity).
/// - Reads show the present or the future: a time before the latest event, NaN or -infinity reads the frame at the
///   latest event (a model keeps no history); +infinity reads the far future, where everything has settled.
/// - `update(to:)` counts as an event for this ordering (it advances the lifecycle).
struct EventClock: Sendable, Hashable {
    /// The latest event's time (`-infinity` before the first).
    private(set) var latest = -Double.infinity

    /// The time an event at `time` applies at; it becomes the latest.
    mutating func event(_ time: Double) -> Double {
        latest = Sanitize.eventTime(time, after: latest)
        return latest
    }

    /// The time a read at `time` shows.
    func read(_ time: Double) -> Double { Sanitize.readTime(time, after: latest) }
}

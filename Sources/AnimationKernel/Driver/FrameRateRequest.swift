/// The display rates a host asks for while a transition draws, in frames per second (what `CADisplayLink`'s
/// `preferredFrameRateRange` takes). The models are exact at any rate; the request only decides how smooth it looks.
public struct FrameRateRequest: Sendable, Hashable {
    /// The lowest rate the host accepts.
    public var minimum: Double
    /// The highest rate the host accepts.
    public var maximum: Double
    /// The rate the host prefers within `minimum...maximum`.
    public var preferred: Double

    /// A request for `minimum...maximum` preferring `preferred`, normalised so that
    /// `0 < minimum <= preferred <= maximum`: non-finite or non-positive values become the transition default's,
    /// an inverted range is reordered and `preferred` is clamped into it.
    public init(minimum: Double, maximum: Double, preferred: Double) {
        let fallback = Self.transition
        let low = minimum.isFinite && minimum > 0 ? minimum : fallback.minimum
        let high = maximum.isFinite && maximum > 0 ? maximum : fallback.maximum
        self.minimum = min(low, high)
        self.maximum = max(low, high)
        let wanted = preferred.isFinite && preferred > 0 ? preferred : self.maximum
        self.preferred = Sanitize.clamp(wanted, self.minimum, self.maximum)
    }

    private init(exactly minimum: Double, _ maximum: Double, _ preferred: Double) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// What a transition asks for: 80 to 120 Hz, preferably 120. The system's default keeps ProMotion iPhones at
    /// 60 Hz while the scrolling beside the transition runs at 120; a minimum above 60 leaves the system room to
    /// lower the rate under load without falling to 60.
    public static let transition = FrameRateRequest(exactly: 80, 120, 120)
}

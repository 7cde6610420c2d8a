import CKernel

/// A timing curve: maps input progress (the fraction of a transition's duration that has elapsed) to
/// output progress (the fraction of the way from the start value to the target).
///
/// Three kinds, each with its CSS Easing Level 2 semantics, including input outside `[0, 1]`:
/// - cubic béziers (`cubicBezier(_:_:_:_:)`, the CoreAnimation and CSS names), evaluated by the C kernel
///   (`ck_bezier_value`), exact at the ends and within 1e-12 of the true curve in between;
/// - `steps(_:_:)`, piecewise constant;
/// - `linear(_:)`, piecewise linear through stops.
///
/// A value type: copying it is cheap (a bézier's precomputed tables are shared, immutable storage), and
/// evaluating it never allocates.
public struct TimingCurve: Sendable, Hashable {
    /// Where the jumps of a `steps(_:_:)` curve sit (CSS `<step-position>`).
    public enum StepPosition: Sendable, Hashable {
        /// The first jump happens at input 0 (CSS `jump-start`, alias `start`).
        case jumpStart
        /// The last jump happens at input 1 (CSS `jump-end`, alias `end`; the CSS default).
        case jumpEnd
        /// No jump at either end: the output holds 0 and 1 for a step each (CSS `jump-none`).
        case jumpNone
        /// Jumps at both ends (CSS `jump-both`).
        case jumpBoth
    }

    /// One stop of a `linear(_:)` curve (CSS `<linear-stop>`): an output value and up to two input
    /// positions.
    ///
    /// Input positions are fractions of the duration (CSS percentage / 100: `50%` is `0.5`). A stop
    /// without a position gets one from the CSS rules in `linear(_:)`; a stop with two positions holds its
    /// output between them.
    public struct LinearStop: Sendable, Hashable {
        /// The output progress at this stop.
        public var output: Double
        /// The input position (fraction of the duration), or `nil` to let `linear(_:)` place it.
        public var input: Double?
        /// A second input position: the output stays at `output` from `input` to this one.
        /// Ignored when `input` is `nil`.
        public var inputEnd: Double?

        /// A stop with `output` at input position `input` (a fraction, `nil`: placed automatically).
        public init(_ output: Double, at input: Double? = nil) {
            self.output = output
            self.input = input
            self.inputEnd = nil
        }

        /// A stop that holds `output` from input position `start` to `end` (fractions of the duration).
        public init(_ output: Double, from start: Double, to end: Double) {
            self.output = output
            self.input = start
            self.inputEnd = end
        }
    }

    let kind: Kind

    /// A CSS / CoreAnimation `cubic-bezier(x1, y1, x2, y2)` from (0, 0) to (1, 1) (`ck_bezier_init`).
    ///
    /// - Parameters:
    ///   - x1: First control point's input coordinate, in `[0, 1]`.
    ///   - y1: First control point's output coordinate, any finite value (outside `[0, 1]` overshoots).
    ///   - x2: Second control point's input coordinate, in `[0, 1]`.
    ///   - y2: Second control point's output coordinate, any finite value.
    /// - Throws: ``KernelError/invalidArgument(_:)`` when `x1` or `x2` is outside `[0, 1]` or any
    ///   coordinate is not finite.
    ///
    /// Curves with `x1 == y1` and `x2 == y2` are exactly the identity and are stored as ``linear``.
    public static func cubicBezier(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) throws(KernelError) -> TimingCurve {
        let storage = try BezierStorage(x1, y1, x2, y2)
        if x1 == y1 && x2 == y2 { return .linear }
        return TimingCurve(kind: .bezier(storage))
    }

    /// The identity: output equals input, also outside `[0, 1]` (CSS `linear`, CoreAnimation
    /// `.linear`).
    public static let linear = TimingCurve(kind: .identity)

    /// CoreAnimation's default timing function, `cubic-bezier(0.25, 0.1, 0.25, 1)` (the same curve as
    /// CSS ``ease``).
    public static let `default` = bezierConstant(0.25, 0.1, 0.25, 1)
    /// CoreAnimation `easeIn`, `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = bezierConstant(0.42, 0, 1, 1)
    /// CoreAnimation `easeOut`, `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = bezierConstant(0, 0, 0.58, 1)
    /// CoreAnimation `easeInEaseOut`, `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = bezierConstant(0.42, 0, 0.58, 1)

    /// CSS keyword `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)` (the CSS initial value).
    public static let ease = bezierConstant(0.25, 0.1, 0.25, 1)
    /// CSS keyword `ease-in`, `cubic-bezier(0.42, 0, 1, 1)` (the same curve as ``easeIn``).
    public static let cssEaseIn = bezierConstant(0.42, 0, 1, 1)
    /// CSS keyword `ease-out`, `cubic-bezier(0, 0, 0.58, 1)` (the same curve as ``easeOut``).
    public static let cssEaseOut = bezierConstant(0, 0, 0.58, 1)
    /// CSS keyword `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)` (the same curve as ``easeInEaseOut``).
    public static let cssEaseInOut = bezierConstant(0.42, 0, 0.58, 1)

    /// CSS `steps(count, position)`: a staircase of `count` equal intervals.
    ///
    /// - Parameters:
    ///   - count: Number of intervals: at least 1, at least 2 for `.jumpNone`.
    ///   - position: Where the jumps are; CSS's default is `.jumpEnd`.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for a count below that minimum.
    public static func steps(_ count: Int, _ position: StepPosition = .jumpEnd) throws(KernelError) -> TimingCurve {
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw .invalidArgument("steps count \(count) must be at least \(minimum) for \(position)")
        }
        return TimingCurve(kind: .steps(count, position))
    }

    /// CSS `linear(stops)`: straight segments through the stops.
    ///
    /// Missing positions are filled in as CSS Easing 2 specifies: the first stop defaults to 0 and the
    /// last to 1; a position smaller than an earlier one is raised to it (positions never decrease); runs
    /// of stops without positions are spread evenly between their neighbours. Before the first and after
    /// the last stop the curve continues along its first and last segment.
    /// - Parameter stops: At least two stops with finite outputs and positions.
    /// - Throws: ``KernelError/invalidArgument(_:)`` for fewer than two stops or a non-finite number.
    public static func linear(_ stops: [LinearStop]) throws(KernelError) -> TimingCurve {
        TimingCurve(kind: .piecewiseLinear(try PiecewiseLinear(stops)))
    }

    /// Output progress at input `progress` (fraction of the duration).
    ///
    /// Not clamped: beyond `[0, 1]` béziers continue along their end tangents, steps keep stepping and
    /// linear curves extend their end segments, as CSS specifies. NaN gives NaN. Bézier curves call
    /// `ck_bezier_value`: finite input gives a finite value, also for end tangents steeper than the double
    /// range (`cubicBezier(0.5, .greatestFiniteMagnitude, 0.5, .greatestFiniteMagnitude)` just past 1), and
    /// a value beyond the double range saturates at `±.greatestFiniteMagnitude`. Never allocates.
    public func value(at progress: Double) -> Double {
        switch kind {
        case .identity: return progress
        case .bezier(let storage): return ck_bezier_value(storage.curve, progress)
        case .steps(let count, let position): return Self.stepValue(progress, count, position)
        case .piecewiseLinear(let curve): return curve.value(at: progress)
        }
    }

    /// The derivative d(output)/d(input) at input `progress`: the velocity (in output units per unit of
    /// input progress) needed to hand a curve over to a spring.
    ///
    /// Béziers call `ck_bezier_slope`: the end gradient outside `(0, 1)`, `±infinity` at a vertical
    /// tangent, and `±.greatestFiniteMagnitude` for a finite slope beyond the double range. Steps are flat between their jumps, so their slope is 0. Linear curves give the slope
    /// of the segment `value(at:)` uses (a jump between coinciding positions counts as flat). NaN gives
    /// NaN.
    public func slope(at progress: Double) -> Double {
        switch kind {
        case .identity: return progress.isNaN ? progress : 1
        case .bezier(let storage): return ck_bezier_slope(storage.curve, progress)
        case .steps: return progress.isNaN ? progress : 0
        case .piecewiseLinear(let curve): return curve.slope(at: progress)
        }
    }

    /// Output progress for a batch of float inputs, written to `output` (`ck_bezier_value_n` for bézier
    /// curves, whose float results are within 5e-7 of exact). A finite input whose value is beyond the float
    /// range gives `±Float.greatestFiniteMagnitude`, for every kind. Allocates nothing.
    ///
    /// Processes `min(progress.count, output.count)` values. `output` may be the same memory as
    /// `progress`; other overlaps are handled element by element in a safe order.
    public func values(at progress: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        let count = min(progress.count, output.count)
        guard count > 0, let input = progress.baseAddress, let result = output.baseAddress else { return }
        if case .bezier(let storage) = kind, ck_bezier_value_n(storage.curve, input, result, count) == CK_OK {
            return
        }
        // Other kinds, or overlapping buffers the kernel refuses: one value at a time, in the direction
        // that reads every input before it is overwritten.
        if UnsafeRawPointer(result) > UnsafeRawPointer(input) {
            for index in stride(from: count - 1, through: 0, by: -1) {
                result[index] = Self.saturatingFloat(value(at: Double(input[index])))
            }
        } else {
            for index in 0..<count { result[index] = Self.saturatingFloat(value(at: Double(input[index]))) }
        }
    }

    // MARK: - Implementation

    enum Kind: Sendable, Hashable {
        case identity
        case bezier(BezierStorage)
        case steps(Int, StepPosition)
        case piecewiseLinear(PiecewiseLinear)
    }

    /// `value` rounded to Float, a finite value beyond the float range saturated as `ck_bezier_value_n` does.
    static func saturatingFloat(_ value: Double) -> Float {
        guard value.isFinite else { return Float(value) }
        let largest = Double(Float.greatestFiniteMagnitude)
        return Float(min(max(value, -largest), largest))
    }

    /// The named curves' control points are valid constants, so their construction cannot fail.
    private static func bezierConstant(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
        do {
            return try cubicBezier(x1, y1, x2, y2)
        } catch {
            return .linear  // unreachable: every named curve has x1 and x2 in [0, 1]
        }
    }

    /// CSS Easing 2 step easing function (without the "before flag", which belongs to an animation's
    /// before phase, not to a curve). Computed in Double so that huge or infinite inputs cannot trap.
    static func stepValue(_ progress: Double, _ count: Int, _ position: StepPosition) -> Double {
        guard !progress.isNaN else { return progress }
        let steps = Double(count)
        var current = (progress * steps).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { current += 1 }
        if progress >= 0 && current < 0 { current = 0 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = steps
        case .jumpNone: jumps = steps - 1
        case .jumpBoth: jumps = steps + 1
        }
        if progress <= 1 && current > jumps { current = jumps }
        return current / jumps
    }
}

/// The C kernel's precomputed curve (`ck_bezier`, a few kilobytes of precomputed tables), allocated once and never mutated after
/// `ck_bezier_init`, so sharing it between copies and threads is safe.
final class BezierStorage: @unchecked Sendable, Hashable {
    let curve: UnsafeMutablePointer<ck_bezier>

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(KernelError) {
        let curve = UnsafeMutablePointer<ck_bezier>.allocate(capacity: 1)
        let status = ck_bezier_init(curve, x1, y1, x2, y2)
        guard status == CK_OK else {
            curve.deallocate()
            throw .invalidArgument(
                "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) needs x1 and x2 in [0, 1] and all four finite")
        }
        self.curve = curve
    }

    deinit { curve.deallocate() }

    static func == (lhs: BezierStorage, rhs: BezierStorage) -> Bool {
        let a = lhs.curve.pointee, b = rhs.curve.pointee
        return a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    func hash(into hasher: inout Hasher) {
        let c = curve.pointee
        hasher.combine(c.x1)
        hasher.combine(c.y1)
        hasher.combine(c.x2)
        hasher.combine(c.y2)
    }
}

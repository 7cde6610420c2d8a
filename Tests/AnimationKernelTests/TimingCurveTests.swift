import AnimationKernel
import Testing

@Suite struct TimingCurveTests {
    /// Named curve, then exact outputs (mpmath, 40 digits) at inputs 0.25, 0.5 and 0.75.
    static let namedCurves: [(TimingCurve, [Double])] = [
        (.default, [0.40851059135539586, 0.802403387584857, 0.9604589783489741]),
        (.ease, [0.40851059135539586, 0.802403387584857, 0.9604589783489741]),
        (.easeIn, [0.09346465071882486, 0.31535681257253934, 0.6218618691748902]),
        (.cssEaseIn, [0.09346465071882486, 0.31535681257253934, 0.6218618691748902]),
        (.easeOut, [0.37813813082510983, 0.6846431874274607, 0.9065353492811752]),
        (.cssEaseOut, [0.37813813082510983, 0.6846431874274607, 0.9065353492811752]),
        (.easeInEaseOut, [0.12916193104731982, 0.5, 0.8708380689526802]),
        (.cssEaseInOut, [0.12916193104731982, 0.5, 0.8708380689526802]),
        (.linear, [0.25, 0.5, 0.75]),
    ]

    @Test(arguments: namedCurves)
    func namedCurvesMatchTheirControlPoints(entry: (TimingCurve, [Double])) {
        let (curve, expected) = entry
        for (input, output) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(curve.value(at: input) - output) <= 1e-12)
        }
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
    }

    @Test func aliasesAreEqualAndIdentityBeziersAreLinear() throws {
        #expect(TimingCurve.ease == TimingCurve.default)
        #expect(TimingCurve.cssEaseIn == TimingCurve.easeIn)
        #expect(TimingCurve.cssEaseInOut.hashValue == TimingCurve.easeInEaseOut.hashValue)
        #expect(TimingCurve.easeIn != TimingCurve.easeOut)
        #expect(try TimingCurve.cubicBezier(0.3, 0.3, 0.7, 0.7) == .linear)
        #expect(try TimingCurve.cubicBezier(0.2, 1, 0.42, 1) == TimingCurve.cubicBezier(0.2, 1, 0.42, 1))
    }

    static let invalidBeziers: [[Double]] = [
        [-0.1, 0, 1, 1], [0, 0, 1.1, 1], [.nan, 0, 1, 1], [0, .infinity, 1, 1], [0, 0, 1, -.infinity],
    ]

    @Test(arguments: invalidBeziers)
    func cubicBezierRejectsInvalidControlPoints(p: [Double]) {
        #expect(throws: KernelError.self) { try TimingCurve.cubicBezier(p[0], p[1], p[2], p[3]) }
    }

    @Test func bezierExtrapolatesAlongItsEndTangents() throws {
        // (0.2, 1, 0.42, 1): start gradient y1/x1 = 5, end gradient (y2-1)/(x2-1) = 0.
        let curve = try TimingCurve.cubicBezier(0.2, 1, 0.42, 1)
        #expect(abs(curve.value(at: -0.1) + 0.5) <= 1e-15)
        #expect(curve.value(at: 1.5) == 1)
        #expect(curve.slope(at: -0.1) == 5)
        #expect(curve.slope(at: 2) == 0)
        #expect(TimingCurve.linear.value(at: -0.5) == -0.5)
        #expect(TimingCurve.linear.slope(at: 3) == 1)
    }

    /// Issue #48: a curve whose end gradients are beyond the double range stays finite just past its ends, where
    /// a caller lands by adding 0.05 twenty times (1 + 2^-52): the exact value there is -DBL_MAX · 2^-51.
    @Test func bezierWithHugeOrdinatesStaysFiniteJustPastItsEnds() throws {
        let largest = Double.greatestFiniteMagnitude
        let curve = try TimingCurve.cubicBezier(0.5, largest, 0.5, largest)
        let progress = (0..<20).reduce(0.0) { sum, _ in sum + 0.05 }
        #expect(curve.value(at: progress) == -largest * 0x1p-51)
        #expect(curve.value(at: -0x1p-52) == -largest * 0x1p-51)
        #expect(curve.slope(at: progress) == -largest)
        let falling = try TimingCurve.cubicBezier(0.5, -largest, 0.5, -largest)
        #expect(falling.value(at: progress) == largest * 0x1p-51)
        #expect(falling.slope(at: -1) == -largest)
        let input: [Float] = [1 + 0x1p-23, -0x1p-23, 0.5]
        var output = [Float](repeating: .nan, count: input.count)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { curve.values(at: source, into: $0) }
        }
        #expect(output == [-.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .greatestFiniteMagnitude])
    }

    @Test func bezierSlopeIsTheDerivative() throws {
        let curve = try TimingCurve.cubicBezier(0.34, 1.56, 0.64, 1)
        for step in 1..<20 {
            let x = Double(step) / 20
            let numeric = (curve.value(at: x + 1e-6) - curve.value(at: x - 1e-6)) / 2e-6
            #expect(abs(curve.slope(at: x) - numeric) <= 1e-5 * max(1, abs(numeric)))
        }
        #expect(try TimingCurve.cubicBezier(1, 0, 0, 1).slope(at: 0.5) == .infinity)
    }

    @Test func nanPropagatesForEveryKind() throws {
        let curves: [TimingCurve] = [
            .linear, .ease, try .steps(3), try .linear([.init(0), .init(1)]),
        ]
        for curve in curves {
            #expect(curve.value(at: .nan).isNaN)
            #expect(curve.slope(at: .nan).isNaN)
        }
    }

    /// steps(count, position), input, expected output (CSS Easing 2, "step easing function").
    static let stepCases: [(Int, TimingCurve.StepPosition, Double, Double)] = [
        (4, .jumpEnd, 0, 0), (4, .jumpEnd, 0.3, 0.25), (4, .jumpEnd, 0.9999, 0.75), (4, .jumpEnd, 1, 1),
        (4, .jumpStart, 0, 0.25), (4, .jumpStart, 0.3, 0.5), (4, .jumpStart, 0.75, 1), (4, .jumpStart, 1, 1),
        (5, .jumpNone, 0, 0), (5, .jumpNone, 0.3, 0.25), (5, .jumpNone, 0.85, 1), (5, .jumpNone, 1, 1),
        (3, .jumpBoth, 0, 0.25), (3, .jumpBoth, 0.5, 0.5), (3, .jumpBoth, 0.99, 0.75), (3, .jumpBoth, 1, 1),
        // Outside [0, 1] the staircase continues (no clamping), as the spec's algorithm gives.
        (4, .jumpEnd, -0.3, -0.5), (4, .jumpEnd, 1.3, 1.25), (4, .jumpStart, -0.1, 0), (4, .jumpStart, -0.3, -0.25),
        (1, .jumpEnd, 0.5, 0), (1, .jumpStart, 0.5, 1),
    ]

    @Test(arguments: stepCases)
    func stepsFollowCSSEasing2(entry: (Int, TimingCurve.StepPosition, Double, Double)) throws {
        let (count, position, input, expected) = entry
        let curve = try TimingCurve.steps(count, position)
        #expect(curve.value(at: input) == expected, "steps(\(count), \(position)) at \(input)")
        #expect(curve.slope(at: input) == 0)
    }

    @Test func stepsRejectTooFewIntervalsAndSurviveHugeInputs() throws {
        #expect(throws: KernelError.self) { try TimingCurve.steps(0) }
        #expect(throws: KernelError.self) { try TimingCurve.steps(-3, .jumpStart) }
        #expect(throws: KernelError.self) { try TimingCurve.steps(1, .jumpNone) }
        let curve = try TimingCurve.steps(Int.max)
        #expect(curve.value(at: .infinity) == .infinity)
        #expect(try TimingCurve.steps(3).value(at: -.infinity) == -.infinity)
        #expect(try TimingCurve.steps(2).value(at: 1e300) == 1e300)
    }

    /// Stops, then (input, output) pairs (CSS Easing 2, "linear easing function" and its examples).
    static let linearCases: [([TimingCurve.LinearStop], [(Double, Double)])] = [
        // linear(0, 0.25, 1) == linear(0 0%, 0.25 50%, 1 100%)
        ([.init(0), .init(0.25), .init(1)], [(0.25, 0.125), (0.5, 0.25), (0.75, 0.625), (1, 1)]),
        // linear(0, 0.25 75%, 1)
        ([.init(0), .init(0.25, at: 0.75), .init(1)], [(0.375, 0.125), (0.75, 0.25), (0.875, 0.625)]),
        // A run of unplaced stops is spread evenly: linear(0, 0.1, 0.2, 0.9 90%, 1) puts 0.1 at 30%, 0.2 at 60%.
        ([.init(0), .init(0.1), .init(0.2), .init(0.9, at: 0.9), .init(1)], [(0.3, 0.1), (0.6, 0.2), (0.95, 0.95)]),
        // A position before an earlier one is raised to it: linear(0, 1 50%, 0 20%, 1) holds 1 then drops at 50%.
        ([.init(0), .init(1, at: 0.5), .init(0, at: 0.2), .init(1)], [(0.25, 0.5), (0.5, 0), (0.75, 0.5)]),
        // Two positions hold the output: linear(0, 0.5 25% 75%, 1).
        ([.init(0), .init(0.5, from: 0.25, to: 0.75), .init(1)], [(0.125, 0.25), (0.5, 0.5), (0.875, 0.75)]),
        // The last stop defaults to max(1, largest position): linear(0, 1 120%) has slope 1/1.2.
        ([.init(0), .init(1, at: 1.2)], [(0.6, 0.5), (1.2, 1)]),
        // Beyond the ends the first and last segments continue.
        ([.init(0), .init(0.5, at: 0.5), .init(0.75)], [(-0.5, -0.5), (1.5, 1)]),
    ]

    @Test(arguments: linearCases)
    func linearFillsPositionsAndInterpolatesPerCSSEasing2(
        entry: ([TimingCurve.LinearStop], [(Double, Double)])
    ) throws {
        let curve = try TimingCurve.linear(entry.0)
        for (input, output) in entry.1 {
            #expect(abs(curve.value(at: input) - output) <= 1e-15, "at \(input): \(curve.value(at: input))")
        }
    }

    @Test func linearSlopeIsTheSegmentSlope() throws {
        let curve = try TimingCurve.linear([.init(0), .init(0.25, at: 0.5), .init(1)])
        #expect(curve.slope(at: 0.25) == 0.5)
        #expect(curve.slope(at: 0.75) == 1.5)
        #expect(curve.slope(at: -1) == 0.5)
        #expect(curve.slope(at: 2) == 1.5)
    }

    @Test func linearRejectsTooFewStopsAndNonFiniteNumbers() {
        #expect(throws: KernelError.self) { try TimingCurve.linear([]) }
        #expect(throws: KernelError.self) { try TimingCurve.linear([.init(0.5)]) }
        #expect(throws: KernelError.self) { try TimingCurve.linear([.init(0), .init(.nan)]) }
        #expect(throws: KernelError.self) { try TimingCurve.linear([.init(0), .init(1, at: .infinity)]) }
        #expect(throws: KernelError.self) { try TimingCurve.linear([.init(0, from: 0, to: .nan), .init(1)]) }
    }

    @Test func batchValuesMatchSingleValuesForEveryKind() throws {
        let curves: [TimingCurve] = [
            .easeInEaseOut, .linear, try .cubicBezier(0.68, -0.6, 0.32, 1.6), try .steps(5, .jumpBoth),
            try .linear([.init(0), .init(0.8, at: 0.3), .init(1)]),
        ]
        let inputs: [Float] = (0...100).map { Float($0) / 80 - 0.1 } + [.nan]
        for curve in curves {
            var outputs = [Float](repeating: 0, count: inputs.count)
            inputs.withUnsafeBufferPointer { input in
                outputs.withUnsafeMutableBufferPointer { curve.values(at: input, into: $0) }
            }
            for (input, output) in zip(inputs, outputs) {
                let expected = curve.value(at: Double(input))
                #expect(expected.isNaN ? output.isNaN : abs(Double(output) - expected) <= 5e-7 + 1e-7 * abs(expected))
            }
            // In place, and a shorter output buffer: only min(count) values are written.
            var buffer = inputs
            buffer.withUnsafeMutableBufferPointer { mutable in
                curve.values(at: UnsafeBufferPointer(mutable), into: mutable)
            }
            #expect(zip(buffer, outputs).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
            var short = [Float](repeating: -7, count: 3)
            inputs.withUnsafeBufferPointer { input in
                short.withUnsafeMutableBufferPointer { curve.values(at: input, into: $0) }
            }
            #expect(Array(short) == Array(outputs.prefix(3)))
        }
    }

    @Test func overlappingBatchBuffersReadEveryInputBeforeWritingIt() {
        var buffer: [Float] = (0..<40).map { Float($0) / 40 }
        let expected = buffer.map { Float(TimingCurve.ease.value(at: Double($0))) }
        buffer.withUnsafeMutableBufferPointer { all in
            let input = UnsafeBufferPointer(rebasing: all[0..<39])
            let output = UnsafeMutableBufferPointer(rebasing: all[1..<40])
            TimingCurve.ease.values(at: input, into: output)
        }
        #expect(Array(buffer[1...]) == Array(expected[..<39]))
    }
}

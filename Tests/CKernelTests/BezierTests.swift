import CKernel
import TestSupport
import Testing

/// A curve initialised by the kernel; tests fail (not crash) if the control points are rejected.
func makeBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> ck_bezier {
    var curve = ck_bezier()
    let status = ck_bezier_init(&curve, x1, y1, x2, y2)
    #expect(status == CK_OK, "ck_bezier_init(\(x1), \(y1), \(x2), \(y2)) returned \(status)")
    return curve
}

/// The reference points grouped by curve, in file order.
struct ReferenceCurve: Sendable {
    var points: (x1: Double, y1: Double, x2: Double, y2: Double)
    var indices: [Int]

    static let all: [ReferenceCurve] = {
        var curves: [ReferenceCurve] = []
        let r = BezierReference.self
        for index in r.x.indices {
            let points = (r.x1[index], r.y1[index], r.x2[index], r.y2[index])
            if let last = curves.last, last.points == points {
                curves[curves.count - 1].indices.append(index)
            } else {
                curves.append(ReferenceCurve(points: points, indices: [index]))
            }
        }
        return curves
    }()

    func contains(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        points == (x1, y1, x2, y2)
    }
}

/// The contract's named and corner curves, which every ISA must get right.
let requiredCurves: [(Double, Double, Double, Double)] = [
    (0, 0, 1, 1), (1, 0, 0, 1), (0, 0, 1.0 / 3.0, 1), (0.34, 1.56, 0.64, 1), (0.68, -0.6, 0.32, 1.6),
    (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.2, 1, 0.42, 1),
]

@Suite struct BezierReferenceData {
    @Test func coversAThousandCurvesIncludingTheRequiredOnes() {
        let curves = ReferenceCurve.all
        #expect(Set(curves.map { "\($0.points)" }).count >= 1000)
        for (x1, y1, x2, y2) in requiredCurves {
            #expect(curves.contains { $0.contains(x1, y1, x2, y2) }, "missing (\(x1), \(y1), \(x2), \(y2))")
        }
        #expect(curves.contains { $0.points.x1 == 0 && $0.points.x2 != 1 })
        #expect(curves.contains { $0.points.x2 == 1 && $0.points.x1 != 0 })
    }
}

extension ISASwitching {
    @Suite struct Bezier {
        @Test(arguments: availableISAs)
        func referencePointsMeetTheContractBound(isa: ck_isa) {
            withISA(isa) {
                let r = BezierReference.self
                var worstDouble = 0.0
                var worstFloat = 0.0
                for reference in ReferenceCurve.all {
                    let p = reference.points
                    var curve = makeBezier(p.x1, p.y1, p.x2, p.y2)
                    let xs = reference.indices.map { Float(r.x[$0]) }
                    var ys = [Float](repeating: .nan, count: xs.count)
                    #expect(ck_bezier_value_n(&curve, xs, &ys, xs.count) == CK_OK)
                    for (slot, index) in reference.indices.enumerated() {
                        let y = ck_bezier_value(&curve, r.x[index])
                        let excess = abs(y - r.y[index]) - r.bandDouble[index]
                        worstDouble = max(worstDouble, excess)
                        #expect(excess <= 1e-12, "\(p) at x = \(r.x[index]): \(y) vs \(r.y[index])")
                        // Float inputs are rounded x; bandFloat covers a 1e-7 move of x, which includes that.
                        let floatExcess = abs(Double(ys[slot]) - r.y[index]) - r.bandFloat[index]
                        worstFloat = max(worstFloat, floatExcess)
                        #expect(floatExcess <= 5e-7, "\(p) at x = \(r.x[index]) in float: \(ys[slot]) vs \(r.y[index])")
                    }
                }
                #expect(worstDouble <= 1e-12 && worstFloat <= 5e-7)
            }
        }

        @Test(arguments: availableISAs)
        func batchMatchesScalarOnLongRunsWithTails(isa: ck_isa) {
            for (x1, y1, x2, y2) in requiredCurves {
                var curve = makeBezier(x1, y1, x2, y2)
                // Every length up to 19 exercises the shared tail padding; specials sit in the first block.
                var xs: [Float] = [-0.5, 1.5, .nan, 0, 1, -.infinity, .infinity]
                for index in 0..<500 { xs.append(Float(index) / 499) }
                var scalar = [Float](repeating: 0, count: xs.count)
                withISA(CK_ISA_SCALAR) { _ = ck_bezier_value_n(&curve, xs, &scalar, xs.count) }
                withISA(isa) {
                    for count in [1, 2, 3, 5, 8, 9, 15, 16, 17, 19, xs.count] {
                        var ys = [Float](repeating: 0, count: count)
                        #expect(ck_bezier_value_n(&curve, xs, &ys, count) == CK_OK)
                        for index in 0..<count {
                            let same = ys[index] == scalar[index] || (ys[index].isNaN && scalar[index].isNaN)
                            let close = abs(ys[index] - scalar[index]) <= 1e-6 * max(1, abs(scalar[index]))
                            #expect(same || close, "\(isa) x = \(xs[index]): \(ys[index]) vs \(scalar[index])")
                        }
                    }
                    var inPlace = xs
                    inPlace.withUnsafeMutableBufferPointer { buffer in
                        #expect(
                            ck_bezier_value_n(&curve, buffer.baseAddress, buffer.baseAddress, buffer.count) == CK_OK)
                    }
                    var outOfPlace = [Float](repeating: 0, count: xs.count)
                    _ = ck_bezier_value_n(&curve, xs, &outOfPlace, xs.count)
                    #expect(zip(inPlace, outOfPlace).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
                }
            }
        }

        @Test(arguments: availableISAs)
        func batchIsMonotoneWhereTheCurveIs(isa: ck_isa) {
            withISA(isa) {
                for reference in ReferenceCurve.all.prefix(200) {
                    let p = reference.points
                    guard (0...1).contains(p.y1) && (0...1).contains(p.y2) else { continue }
                    var curve = makeBezier(p.x1, p.y1, p.x2, p.y2)
                    let xs = (0...4096).map { Float($0) / 4096 }
                    var ys = [Float](repeating: 0, count: xs.count)
                    _ = ck_bezier_value_n(&curve, xs, &ys, xs.count)
                    let decreasing = zip(ys, ys.dropFirst()).first { $0.1 < $0.0 }
                    #expect(decreasing == nil, "\(p) decreases in float: \(String(describing: decreasing))")
                }
            }
        }

        /// Ordinates beyond float range: the batch gives what converting the exact value to float gives,
        /// saturated at the largest finite float (finite input never gives infinity).
        @Test(arguments: availableISAs)
        func batchSaturatesHugeOrdinatesAtTheFloatRange(isa: ck_isa) {
            withISA(isa) {
                for ordinate in BezierScalar.hugeOrdinates {
                    var curve = makeBezier(0.42, ordinate, 0.58, ordinate)
                    let xs: [Float] = [0, 0.5, 1, 0.25, 0.5, 0.75, 0.5, 0.5, 0.5]
                    var ys = [Float](repeating: .nan, count: xs.count)
                    #expect(ck_bezier_value_n(&curve, xs, &ys, xs.count) == CK_OK)
                    let exact = 0.75 * ordinate + 0.125
                    let largest = Double(Float.greatestFiniteMagnitude)
                    let expected = Float(min(max(exact, -largest), largest))
                    #expect(ys[0] == 0 && ys[2] == 1 && ys.allSatisfy { $0.isFinite })
                    for index in [1, 4, 6, 7, 8] {
                        let close = abs(Double(ys[index]) - Double(expected)) <= 1e-6 * abs(Double(expected))
                        #expect(ys[index] == expected || close, "\(isa) \(ordinate): \(ys[index]) vs \(expected)")
                    }
                }
            }
        }

        /// Issue #48: the end gradient of cubic-bezier(0.5, ±DBL_MAX, 0.5, ±DBL_MAX), (y2 - 1) / (x2 - 1), and the
        /// start gradient y1 / x1 are beyond the double range, but the extension next to the ends is finite:
        /// 1 + 2^-52 (0.05 added twenty times) gives ∓DBL_MAX · 2^-51, exactly (every step is a power of two
        /// or rounds away the 1), and so does -2^-52. The slope reports the gradient saturated; the float
        /// batch saturates at the float range.
        @Test(arguments: availableISAs)
        func steepEndTangentsStayFinite(isa: ck_isa) {
            let twentySteps = (0..<20).reduce(0.0) { sum, _ in sum + 0.05 }
            #expect(twentySteps == 1 + 0x1p-52)
            withISA(isa) {
                for sign in [1.0, -1.0] {
                    let ordinate = sign * Double.greatestFiniteMagnitude
                    var curve = makeBezier(0.5, ordinate, 0.5, ordinate)
                    let expected = -sign * Double.greatestFiniteMagnitude * 0x1p-51
                    #expect(ck_bezier_value(&curve, twentySteps) == expected, "\(isa) after the end: sign \(sign)")
                    #expect(ck_bezier_value(&curve, -0x1p-52) == expected, "\(isa) before the start: sign \(sign)")
                    let further = -sign * Double.greatestFiniteMagnitude * (2 * (1.05 - 1))
                    #expect(abs(ck_bezier_value(&curve, 1.05) / further - 1) <= 0x1p-51, "\(isa) at 1.05: sign \(sign)")
                    #expect(ck_bezier_slope(&curve, twentySteps) == -ordinate)
                    #expect(ck_bezier_slope(&curve, -0x1p-52) == ordinate)
                    let xs: [Float] = [1 + 0x1p-23, -0x1p-23, 1.5, -1, 0.5, .greatestFiniteMagnitude]
                    var ys = [Float](repeating: .nan, count: xs.count)
                    #expect(ck_bezier_value_n(&curve, xs, &ys, xs.count) == CK_OK)
                    let saturated = Float(-sign) * .greatestFiniteMagnitude
                    #expect(ys == [saturated, saturated, saturated, saturated, -saturated, saturated], "\(isa): \(ys)")
                }
            }
        }

        @Test(arguments: availableISAs)
        func batchEndsAreExactAndNaNPropagates(isa: ck_isa) {
            withISA(isa) {
                for (x1, y1, x2, y2) in requiredCurves {
                    var curve = makeBezier(x1, y1, x2, y2)
                    let xs: [Float] = [0, 1, .nan, 0, 1, .nan, 0, 1, .nan]
                    var ys = [Float](repeating: 7, count: xs.count)
                    #expect(ck_bezier_value_n(&curve, xs, &ys, xs.count) == CK_OK)
                    for index in xs.indices {
                        #expect(xs[index].isNaN ? ys[index].isNaN : ys[index] == xs[index])
                    }
                }
            }
        }
    }
}

@Suite struct BezierScalar {
    @Test func valueIsMonotoneWhereTheCurveIs() {
        for reference in ReferenceCurve.all.prefix(300) {
            let p = reference.points
            guard (0...1).contains(p.y1) && (0...1).contains(p.y2) else { continue }
            var curve = makeBezier(p.x1, p.y1, p.x2, p.y2)
            var previous = 0.0
            // A fine grid, then a walk of tiny steps near each end where x'(t) may vanish.
            let grid: [Double] = (0...5000).map { Double($0) / 5000 }
            let nearStart: [Double] = (1...2000).map { Double($0) * 1e-9 }
            let nearEnd: [Double] = (0..<2000).map { 1 - Double(2000 - $0) * 1e-9 }
            let inputs: [Double] = (grid + nearStart + nearEnd).sorted()
            for x in inputs {
                let y = ck_bezier_value(&curve, x)
                #expect(y >= previous, "\(p) decreases at \(x)")
                previous = y
            }
        }
    }

    @Test(arguments: requiredCurves.map { [$0.0, $0.1, $0.2, $0.3] })
    func endsAreExactAndNaNPropagates(p: [Double]) {
        var curve = makeBezier(p[0], p[1], p[2], p[3])
        #expect(ck_bezier_value(&curve, 0) == 0)
        #expect(ck_bezier_value(&curve, 1) == 1)
        #expect(ck_bezier_value(&curve, -0.0) == 0)
        #expect(ck_bezier_value(&curve, .nan).isNaN)
        #expect(ck_bezier_slope(&curve, .nan).isNaN)
    }

    /// One row per gradient rule of the contract: control points, start gradient, end gradient.
    static let gradientRules: [([Double], Double, Double)] = [
        ([0.25, 0.1, 0.25, 1], 0.1 / 0.25, 0),  // y1/x1 ; (y2-1)/(x2-1)
        ([0, 0, 0.5, 0.8], 0.8 / 0.5, (0.8 - 1) / (0.5 - 1)),  // x1 == 0, y1 == 0, x2 > 0: y2/x2
        ([0, 0, 0, 0], 1, 1),  // x1 == x2 == 0, y1 == y2 == 0: 1 ; x2 < 1: (0-1)/(0-1)
        ([0, 0.5, 0.5, 1], 0, 0),  // x1 == 0, y1 != 0: 0
        ([0.5, 0.2, 1, 1], 0.2 / 0.5, (0.2 - 1) / (0.5 - 1)),  // x2 == 1, y2 == 1, x1 < 1: (y1-1)/(x1-1)
        ([1, 1, 1, 1], 1, 1),  // x1 == x2 == 1, y1 == y2 == 1: 1
        ([0.3, 0.3, 1, 0.5], 1, 0),  // x2 == 1, y2 != 1: 0
        ([1, 0.5, 1, 1], 0.5, 0),  // x1 == 1, y2 == 1 but x1 == 1 and y1 != 1: 0
    ]

    @Test(arguments: gradientRules)
    func extrapolatesAlongTheContractsEndGradients(rule: ([Double], Double, Double)) {
        let (p, start, end) = rule
        var curve = makeBezier(p[0], p[1], p[2], p[3])
        for x in [-2.0, -0.5, -1e-9] {
            #expect(abs(ck_bezier_value(&curve, x) - start * x) <= 1e-15 * abs(x))
            #expect(ck_bezier_slope(&curve, x) == start)
        }
        for x in [1 + 1e-9, 1.5, 3.0] {
            #expect(abs(ck_bezier_value(&curve, x) - (1 + end * (x - 1))) <= 1e-15 * x)
            #expect(ck_bezier_slope(&curve, x) == end)
        }
        #expect(ck_bezier_slope(&curve, 0) == start)
        #expect(ck_bezier_slope(&curve, 1) == end)
        // A zero gradient holds the end value exactly, even at infinity.
        #expect(ck_bezier_value(&curve, -.infinity) == (start == 0 ? 0 : -.infinity))
        #expect(ck_bezier_value(&curve, .infinity) == (end == 0 ? 1 : .infinity))
    }

    @Test func slopeIsTheDerivativeInside() {
        for (x1, y1, x2, y2) in requiredCurves where x1 != 1 {
            var curve = makeBezier(x1, y1, x2, y2)
            for step in 1..<50 {
                let x = Double(step) / 50
                let h = 1e-6
                let numeric = (ck_bezier_value(&curve, x + h) - ck_bezier_value(&curve, x - h)) / (2 * h)
                let slope = ck_bezier_slope(&curve, x)
                #expect(abs(slope - numeric) <= 1e-5 * max(1, abs(slope)), "(\(x1), \(y1), \(x2), \(y2)) at \(x)")
            }
        }
    }

    @Test func slopeIsInfiniteAtAVerticalTangent() {
        // x1 == 1, x2 == 0: x'(1/2) == 0 and y'(1/2) == 3/4 (1 - y1 + y2), so the sign follows y2 - y1 + 1.
        var rising = makeBezier(1, 0, 0, 1)
        #expect(ck_bezier_slope(&rising, 0.5) == .infinity)
        var falling = makeBezier(1, 1, 0, -1)
        #expect(ck_bezier_slope(&falling, 0.5) == -.infinity)
        // Where x' and y' vanish together the slope is their limit ratio (here y == x: 1).
        var identity = makeBezier(1, 1, 0, 0)
        #expect(abs(ck_bezier_slope(&identity, 0.5) - 1) <= 1e-12)
    }

    /// Invalid control points: each must be rejected with CK_ERR_ARGUMENT.
    static let badControlPoints: [[Double]] = [
        [-0.01, 0, 1, 1], [0, 0, 1.01, 1], [.nan, 0, 1, 1], [0, .nan, 1, 1], [0, 0, .nan, 1], [0, 0, 1, .nan],
        [0, .infinity, 1, 1], [0, 0, 1, -.infinity], [.infinity, 0, 1, 1], [2, 0, 0.5, 1], [0.5, 0, -1e-300, 1],
    ]

    @Test(arguments: badControlPoints)
    func initRejectsBadControlPoints(p: [Double]) {
        var curve = ck_bezier()
        #expect(ck_bezier_init(&curve, p[0], p[1], p[2], p[3]) == CK_ERR_ARGUMENT)
    }

    @Test func nullPointersAreReported() {
        #expect(ck_bezier_init(nil, 0, 0, 1, 1) == CK_ERR_NULL)
        #expect(ck_bezier_value(nil, 0.5).isNaN)
        #expect(ck_bezier_slope(nil, 0.5).isNaN)
        var curve = makeBezier(0.25, 0.1, 0.25, 1)
        var xs: [Float] = [0.1, 0.2, 0.3, 0.4]
        var ys = [Float](repeating: 0, count: 4)
        #expect(ck_bezier_value_n(nil, xs, &ys, 4) == CK_ERR_NULL)
        #expect(ck_bezier_value_n(&curve, nil, &ys, 4) == CK_ERR_NULL)
        #expect(ck_bezier_value_n(&curve, xs, nil, 4) == CK_ERR_NULL)
        #expect(ck_bezier_value_n(&curve, nil, nil, 0) == CK_OK)
        xs.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            #expect(ck_bezier_value_n(&curve, base, base + 1, 3) == CK_ERR_OVERLAP)
            #expect(ck_bezier_value_n(&curve, base + 1, base, 3) == CK_ERR_OVERLAP)
        }
    }

    @Test func anyFiniteOutputCoordinateIsAccepted() {
        var curve = makeBezier(0.5, -1e6, 0.5, 1e6)
        #expect(ck_bezier_value(&curve, 0.5).isFinite)
    }

    /// Ordinates near the double range (a fuzz finding: 3 y overflowed and value / slope gave NaN).
    static let hugeOrdinates: [Double] = [6e307, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, 1e30]

    @Test(arguments: hugeOrdinates)
    func valueAndSlopeStayFiniteForOrdinatesNearTheDoubleRange(ordinate: Double) {
        // x1 + x2 == 1 puts x = 1/2 at t = 1/2, where y = 3/4 * ordinate + 1/8 exactly.
        var curve = makeBezier(0.42, ordinate, 0.58, ordinate)
        let exact = 0.75 * ordinate + 0.125
        #expect(abs(ck_bezier_value(&curve, 0.5) - exact) <= 1e-14 * abs(exact))
        var asymmetric = makeBezier(0.42, 0, 0.58, ordinate)
        #expect(abs(ck_bezier_value(&asymmetric, 0.5) - (0.375 * ordinate + 0.125)) <= 1e-14 * abs(ordinate))
        for step in 0...40 {
            let x = Double(step) / 40
            #expect(ck_bezier_value(&curve, x).isFinite && ck_bezier_value(&asymmetric, x).isFinite)
            #expect(!ck_bezier_slope(&curve, x).isNaN && !ck_bezier_slope(&asymmetric, x).isNaN)
        }
    }
}

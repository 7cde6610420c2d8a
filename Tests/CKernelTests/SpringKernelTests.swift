import CKernel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The contract's amplitude scale for displacement: |x0| + |v0| / omega0.
private func scaleX(_ w: Double, _ x0: Double, _ v0: Double) -> Double { abs(x0) + abs(v0) / w }

/// The contract's scale for velocity: |v0| + 2 max(1, zeta) omega0 |x0|.
private func scaleV(_ w: Double, _ z: Double, _ x0: Double, _ v0: Double) -> Double {
    abs(v0) + 2 * max(1, z) * w * abs(x0)
}

/// One reference case: inputs and the exact state.
private struct SpringCase {
    var w, z, x0, v0, t, x, v: Double
}

private func cases(
    _ w: [Double], _ z: [Double], _ x0: [Double], _ v0: [Double], _ t: [Double], _ x: [Double], _ v: [Double]
) -> [SpringCase] {
    w.indices.map { SpringCase(w: w[$0], z: z[$0], x0: x0[$0], v0: v0[$0], t: t[$0], x: x[$0], v: v[$0]) }
}

private let jsonCases: [SpringCase] = {
    typealias R = SpringReference.JSON
    return cases(R.omega0, R.zeta, R.x0, R.v0, R.t, R.x, R.v)
}()

private let hardCases: [SpringCase] = {
    typealias R = SpringReference.Hard
    return cases(R.omega0, R.zeta, R.x0, R.v0, R.t, R.x, R.v)
}()

/// The double closed form and everything built in double: they do not dispatch, so no ISA switching.
@Suite struct SpringDoubleKernel {
    @Test(arguments: ["json", "hard"])
    func evalMeetsContractBoundAgainstMpmath(table: String) {
        let all = table == "json" ? jsonCases : hardCases
        var worst = 0.0
        for c in all {
            var x = 0.0
            var v = 0.0
            #expect(ck_spring_eval(ck_spring(omega0: c.w, zeta: c.z), c.x0, c.v0, c.t, &x, &v) == CK_OK)
            let allowance = 1e-12 + 4e-16 * c.w * c.t
            let ex = abs(x - c.x) - allowance * scaleX(c.w, c.x0, c.v0)
            let ev = abs(v - c.v) - allowance * scaleV(c.w, c.z, c.x0, c.v0)
            worst = max(worst, abs(x - c.x))
            #expect(ex <= 0 && ev <= 0, "w \(c.w) z \(c.z) x0 \(c.x0) v0 \(c.v0) t \(c.t): \(x) \(v) vs \(c.x) \(c.v)")
        }
        #expect(worst.isFinite, "the comparison ran")
    }

    /// Near critical damping the textbook closed forms cancel: the over-damped one subtracts two exponentials whose
    /// weights grow like 1 / sqrt(zeta^2 - 1), losing half the digits at zeta = 1 + 1e-12. The exact state there is
    /// the critical one plus (zeta - 1) times its derivative in zeta, with u = omega0 t and b = v0 / omega0 + x0:
    ///     dx/dzeta = e^-u u^2 (b u / 3 - v0 / omega0),
    ///     dv/dzeta = omega0 e^-u (b u^2 - 2 u v0 / omega0 - b u^3 / 3 + u^2 v0 / omega0),
    /// whose neglected second-order term is below 1e-18 S for |zeta - 1| <= 1e-9. Every zeta within 1e-9 of 1 (down to
    /// one ulp) must meet the contract's bound against it, as the mpmath cases must.
    @Test func evalHasNoSpikeAcrossCriticalDamping() {
        let offsets: [Double] = [1e-9, 3e-11, 1e-12, 1e-14, 1e-15, 0x1p-52]
        var worst = (excess: -Double.infinity, at: "")
        for w in [2.0, 37.3] {
            for (x0, v0) in [(1.0, -5.0), (1.0, 0.0), (0.0, 3 * w), (-0.7, 2.1 * w)] {
                let b = v0 / w + x0
                for zeta in offsets.flatMap({ [1 + $0, 1 - $0] }) {
                    let delta = zeta - 1  // exact (Sterbenz)
                    for u in stride(from: 0.0, through: 60.0, by: 0.37) {
                        let e = exp(-u)
                        let xCritical = e * (x0 + b * u)
                        let vCritical = w * e * (v0 / w - b * u)
                        let dx = e * u * u * (b * u / 3 - v0 / w)
                        let dv = w * e * (b * u * u - 2 * u * v0 / w - b * u * u * u / 3 + u * u * v0 / w)
                        var x = 0.0
                        var v = 0.0
                        _ = ck_spring_eval(ck_spring(omega0: w, zeta: zeta), x0, v0, u / w, &x, &v)
                        let allowance = 1e-12 + 4e-16 * u
                        let excess = max(
                            abs(x - (xCritical + delta * dx)) / (allowance * scaleX(w, x0, v0)),
                            abs(v - (vCritical + delta * dv)) / (allowance * scaleV(w, zeta, x0, v0)))
                        if excess > worst.excess {
                            worst = (excess, "w \(w) x0 \(x0) v0 \(v0) zeta 1 + \(delta) omega0 t \(u): x \(x) v \(v)")
                        }
                    }
                }
            }
        }
        #expect(worst.excess <= 1, "error \(worst.excess) times the contract's bound at \(worst.at)")
    }

    @Test func evalIsFiniteForHugeFiniteTimes() {
        for z in [0, 0.3, 1, 1 + 1e-9, 7] {
            var x = 0.0
            var v = 0.0
            #expect(ck_spring_eval(ck_spring(omega0: 50, zeta: z), 3, -4, .greatestFiniteMagnitude, &x, &v) == CK_OK)
            #expect(x.isFinite && v.isFinite)
            if z > 0 { #expect(x == 0 && v == 0) }
        }
    }

    @Test func settlingTimeIsWithinAMicrosecondOfTheExactLastCrossing() {
        typealias R = SpringReference.Settling
        for i in R.t.indices {
            var t = -1.0
            let spring = ck_spring(omega0: R.omega0[i], zeta: R.zeta[i])
            #expect(ck_spring_settling_time(spring, R.x0[i], R.v0[i], R.epsilon[i], &t) == CK_OK)
            #expect(abs(t - R.t[i]) <= 1e-6, "case \(i) w \(R.omega0[i]) z \(R.zeta[i]): \(t) vs \(R.t[i])")
        }
    }

    @Test func settlingTimeEdgeCases() {
        var t = -1.0
        _ = ck_spring_settling_time(ck_spring(omega0: 3, zeta: 0), 1, 0, 0.001, &t)
        #expect(t == .infinity, "undamped and moving never settles")
        _ = ck_spring_settling_time(ck_spring(omega0: 3, zeta: 0), 0.0005, 0, 0.001, &t)
        #expect(t == 0, "an undamped amplitude below epsilon is settled from the start")
        _ = ck_spring_settling_time(ck_spring(omega0: 3, zeta: 0.5), 0, 0, 0.001, &t)
        #expect(t == 0, "at rest")
        _ = ck_spring_settling_time(ck_spring(omega0: 3, zeta: 2), 0.0001, 0, 0.001, &t)
        #expect(t == 0, "never above epsilon")
    }

    @Test(arguments: [0.0, 1.0 / 240, 1.0 / 60, 0.5, 30])
    func propagatorColumnsAreTheClosedFormFromUnitStates(dt: Double) {
        for z in [0, 0.4, 1, 1 + 1e-9, 30] {
            let spring = ck_spring(omega0: 9, zeta: z)
            var p = ck_propagator()
            #expect(ck_propagator_make(spring, dt, &p) == CK_OK)
            var x = 0.0
            var v = 0.0
            _ = ck_spring_eval(spring, 1, 0, dt, &x, &v)
            #expect(p.a == Float(x) && p.c == Float(v))
            _ = ck_spring_eval(spring, 0, 1, dt, &x, &v)
            #expect(p.b == Float(x) && p.d == Float(v))
        }
    }
}

private let ok = ck_spring(omega0: 10, zeta: 0.5)
private func make(_ m: Double, _ k: Double, _ c: Double) -> ck_status {
    var s = ck_spring()
    return ck_spring_make(m, k, c, &s)
}
private func response(_ r: Double, _ z: Double) -> ck_status {
    var s = ck_spring()
    return ck_spring_from_response(r, z, &s)
}
private func duration(_ d: Double, _ b: Double) -> ck_status {
    var s = ck_spring()
    return ck_spring_from_duration(d, b, &s)
}
private func eval(_ s: ck_spring, _ x0: Double, _ v0: Double, _ t: Double) -> ck_status {
    var x = 0.0
    var v = 0.0
    return ck_spring_eval(s, x0, v0, t, &x, &v)
}
private func settle(_ s: ck_spring, _ x0: Double, _ v0: Double, _ e: Double) -> ck_status {
    var t = 0.0
    return ck_spring_settling_time(s, x0, v0, e, &t)
}
private func prop(_ s: ck_spring, _ dt: Double) -> ck_status {
    var p = ck_propagator()
    return ck_propagator_make(s, dt, &p)
}

/// Every bad input of every spring entry point, with the status the contract gives it.
@Suite struct SpringBadInput {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: ck_status
        let call: @Sendable () -> ck_status
        var testDescription: String { name }
    }

    static let table: [Case] = {
        let nan = Double.nan
        let inf = Double.infinity
        return [
            Case(name: "make NULL", expected: CK_ERR_NULL) { ck_spring_make(1, 1, 1, nil) },
            Case(name: "make mass 0", expected: CK_ERR_ARGUMENT) { make(0, 1, 1) },
            Case(name: "make mass NaN", expected: CK_ERR_ARGUMENT) { make(nan, 1, 1) },
            Case(name: "make stiffness 0", expected: CK_ERR_ARGUMENT) { make(1, 0, 1) },
            Case(name: "make stiffness inf", expected: CK_ERR_ARGUMENT) { make(1, inf, 1) },
            Case(name: "make damping < 0", expected: CK_ERR_ARGUMENT) { make(1, 1, -1) },
            Case(name: "make damping NaN", expected: CK_ERR_ARGUMENT) { make(1, 1, nan) },
            Case(name: "make valid", expected: CK_OK) { make(1, 100, 10) },
            Case(name: "response NULL", expected: CK_ERR_NULL) { ck_spring_from_response(1, 1, nil) },
            Case(name: "response 0", expected: CK_ERR_ARGUMENT) { response(0, 1) },
            Case(name: "response inf", expected: CK_ERR_ARGUMENT) { response(inf, 1) },
            Case(name: "response ratio < 0", expected: CK_ERR_ARGUMENT) { response(1, -0.1) },
            Case(name: "response ratio NaN", expected: CK_ERR_ARGUMENT) { response(1, nan) },
            Case(name: "duration NULL", expected: CK_ERR_NULL) { ck_spring_from_duration(1, 0, nil) },
            Case(name: "duration 0", expected: CK_ERR_ARGUMENT) { duration(0, 0) },
            Case(name: "duration NaN", expected: CK_ERR_ARGUMENT) { duration(nan, 0) },
            Case(name: "bounce -1", expected: CK_ERR_ARGUMENT) { duration(1, -1) },
            Case(name: "bounce above 1", expected: CK_ERR_ARGUMENT) { duration(1, 1.0000001) },
            Case(name: "bounce 1", expected: CK_OK) { duration(1, 1) },
            Case(name: "eval x NULL", expected: CK_ERR_NULL) {
                var v = 0.0
                return ck_spring_eval(ok, 1, 0, 1, nil, &v)
            },
            Case(name: "eval v NULL", expected: CK_ERR_NULL) {
                var x = 0.0
                return ck_spring_eval(ok, 1, 0, 1, &x, nil)
            },
            Case(name: "eval omega0 0", expected: CK_ERR_ARGUMENT) { eval(ck_spring(omega0: 0, zeta: 1), 1, 0, 1) },
            Case(name: "eval omega0 inf", expected: CK_ERR_ARGUMENT) { eval(ck_spring(omega0: inf, zeta: 1), 1, 0, 1) },
            Case(name: "eval zeta < 0", expected: CK_ERR_ARGUMENT) { eval(ck_spring(omega0: 1, zeta: -1), 1, 0, 1) },
            Case(name: "eval zeta NaN", expected: CK_ERR_ARGUMENT) { eval(ck_spring(omega0: 1, zeta: nan), 1, 0, 1) },
            Case(name: "eval x0 NaN", expected: CK_ERR_ARGUMENT) { eval(ok, nan, 0, 1) },
            Case(name: "eval v0 inf", expected: CK_ERR_ARGUMENT) { eval(ok, 1, -inf, 1) },
            Case(name: "eval t < 0", expected: CK_ERR_ARGUMENT) { eval(ok, 1, 0, -1e-300) },
            Case(name: "eval t inf", expected: CK_ERR_ARGUMENT) { eval(ok, 1, 0, inf) },
            Case(name: "settling NULL", expected: CK_ERR_NULL) { ck_spring_settling_time(ok, 1, 0, 0.1, nil) },
            Case(name: "settling epsilon 0", expected: CK_ERR_ARGUMENT) { settle(ok, 1, 0, 0) },
            Case(name: "settling epsilon inf", expected: CK_ERR_ARGUMENT) { settle(ok, 1, 0, inf) },
            Case(name: "settling x0 NaN", expected: CK_ERR_ARGUMENT) { settle(ok, nan, 0, 0.1) },
            Case(name: "settling bad spring", expected: CK_ERR_ARGUMENT) {
                settle(ck_spring(omega0: -1, zeta: 1), 1, 0, 0.1)
            },
            Case(name: "propagator NULL", expected: CK_ERR_NULL) { ck_propagator_make(ok, 0.1, nil) },
            Case(name: "propagator dt < 0", expected: CK_ERR_ARGUMENT) { prop(ok, -0.1) },
            Case(name: "propagator dt NaN", expected: CK_ERR_ARGUMENT) { prop(ok, nan) },
            Case(name: "propagator bad spring", expected: CK_ERR_ARGUMENT) { prop(ck_spring(omega0: nan, zeta: 1), 1) },
            Case(name: "propagate n 0 with NULL", expected: CK_OK) { ck_propagate_n(nil, 0, nil, nil, 0) },
            Case(name: "propagate p NULL", expected: CK_ERR_NULL) {
                var x: Float = 0
                var v: Float = 0
                return ck_propagate_n(nil, 1, &x, &v, 1)
            },
            Case(name: "propagate x NULL", expected: CK_ERR_NULL) {
                var q = ck_propagator()
                var v: Float = 0
                return ck_propagate_n(&q, 1, nil, &v, 1)
            },
            Case(name: "propagate np neither 1 nor n", expected: CK_ERR_SIZE) {
                var q = [ck_propagator](repeating: ck_propagator(), count: 3)
                var x = [Float](repeating: 0, count: 4)
                var v = [Float](repeating: 0, count: 4)
                return ck_propagate_n(&q, 3, &x, &v, 4)
            },
            Case(name: "propagate x overlaps v", expected: CK_ERR_OVERLAP) {
                var q = ck_propagator()
                var xv = [Float](repeating: 0, count: 8)
                return xv.withUnsafeMutableBufferPointer {
                    ck_propagate_n(&q, 1, $0.baseAddress, $0.baseAddress! + 2, 4)
                }
            },
            Case(name: "eval_n n 0 with NULL", expected: CK_OK) {
                ck_spring_eval_n(nil, nil, nil, nil, nil, nil, nil, 0)
            },
            Case(name: "eval_n input NULL", expected: CK_ERR_NULL) {
                var a: [Float] = [1]
                var x: [Float] = [0]
                var v: [Float] = [0]
                return ck_spring_eval_n(a, a, nil, a, a, &x, &v, 1)
            },
            Case(name: "eval_n output NULL", expected: CK_ERR_NULL) {
                let a: [Float] = [1]
                var x: [Float] = [0]
                return ck_spring_eval_n(a, a, a, a, a, &x, nil, 1)
            },
            Case(name: "eval_n x and v overlap", expected: CK_ERR_OVERLAP) {
                let a: [Float] = [1, 1]
                var xv = [Float](repeating: 0, count: 3)
                return xv.withUnsafeMutableBufferPointer {
                    ck_spring_eval_n(a, a, a, a, a, $0.baseAddress, $0.baseAddress! + 1, 2)
                }
            },
            Case(name: "eval_n output partly overlaps an input", expected: CK_ERR_OVERLAP) {
                var buffer = [Float](repeating: 1, count: 8)
                return buffer.withUnsafeMutableBufferPointer {
                    let p = $0.baseAddress!
                    return ck_spring_eval_n(p, p, p, p, p, p + 1, p + 5, 2)
                }
            },
            Case(name: "eval_n outputs equal to inputs (in place)", expected: CK_OK) {
                var w: [Float] = [3, 4]
                var z: [Float] = [0.5, 2]
                let x0: [Float] = [1, 1]
                let v0: [Float] = [0, 0]
                let t: [Float] = [0.1, 0.1]
                return ck_spring_eval_n(w, z, x0, v0, t, &w, &z, 2)
            },
            Case(name: "eval_n invalid lane", expected: CK_ERR_ARGUMENT) {
                let w: [Float] = [1, -1]
                let a: [Float] = [1, 1]
                var x: [Float] = [0, 0]
                var v: [Float] = [0, 0]
                return ck_spring_eval_n(w, a, a, a, a, &x, &v, 2)
            },
        ]
    }()

    @Test(arguments: table)
    func everyEntryPointReportsItsStatus(_ c: Case) {
        #expect(c.call() == c.expected)
    }
}

extension ISASwitching {
    /// The vectorised spring kernels on every ISA this machine has.
    @Suite struct Springs {
        private func evalN(_ all: [SpringCase]) -> (x: [Float], v: [Float], status: ck_status) {
            let w = all.map { Float($0.w) }
            let z = all.map { Float($0.z) }
            let x0 = all.map { Float($0.x0) }
            let v0 = all.map { Float($0.v0) }
            let t = all.map { Float($0.t) }
            var x = [Float](repeating: 0, count: all.count)
            var v = [Float](repeating: 0, count: all.count)
            let status = ck_spring_eval_n(w, z, x0, v0, t, &x, &v, all.count)
            return (x, v, status)
        }

        @Test(arguments: availableISAs)
        func evalNMeetsContractBoundAgainstMpmath(isa: ck_isa) {
            // Float lanes, omega0 t up to 1e4 (beyond it float time itself has no phase left).
            let all = (jsonCases + hardCases).filter { $0.w * $0.t <= 1e4 }
            let (x, v, status) = withISA(isa) { evalN(all) }
            #expect(status == CK_OK)
            for (i, c) in all.enumerated() {
                let allowance = 1e-6 * (4 + c.w * c.t)
                let ex = abs(Double(x[i]) - c.x) - allowance * scaleX(c.w, c.x0, c.v0)
                let ev = abs(Double(v[i]) - c.v) - allowance * scaleV(c.w, c.z, c.x0, c.v0)
                #expect(ex <= 0 && ev <= 0, "case \(i) w \(c.w) z \(c.z) t \(c.t): \(x[i]) \(v[i]) vs \(c.x) \(c.v)")
            }
        }

        @Test(arguments: availableISAs)
        func evalNAgreesWithScalarPath(isa: ck_isa) {
            let all = (jsonCases + hardCases).filter { $0.w * $0.t <= 1e4 }
            let scalar = withISA(CK_ISA_SCALAR) { evalN(all) }
            let simd = withISA(isa) { evalN(all) }
            for (i, c) in all.enumerated() {
                let allowance = 1e-6 * (4 + c.w * c.t)
                #expect(abs(simd.x[i] - scalar.x[i]) <= Float(allowance * scaleX(c.w, c.x0, c.v0)))
                #expect(abs(simd.v[i] - scalar.v[i]) <= Float(allowance * scaleV(c.w, c.z, c.x0, c.v0)))
            }
        }

        @Test(arguments: availableISAs)
        func evalNMarksInvalidLanesNaNAndStillComputesTheRest(isa: ck_isa) {
            let n = 19
            var w = [Float](repeating: 6, count: n)
            var z = [Float](repeating: 0.3, count: n)
            var x0 = [Float](repeating: 1, count: n)
            var v0 = [Float](repeating: -2, count: n)
            var t = [Float](repeating: 0.4, count: n)
            w[0] = 0
            w[4] = .infinity
            z[6] = -0.5
            x0[9] = .nan
            v0[12] = -.infinity
            t[15] = -1
            t[18] = .nan
            let bad: Set = [0, 4, 6, 9, 12, 15, 18]
            var x = [Float](repeating: 0, count: n)
            var v = [Float](repeating: 0, count: n)
            let status = withISA(isa) { ck_spring_eval_n(w, z, x0, v0, t, &x, &v, n) }
            #expect(status == CK_ERR_ARGUMENT)
            var expectedX = 0.0
            var expectedV = 0.0
            _ = ck_spring_eval(
                ck_spring(omega0: 6, zeta: Double(Float(0.3))), 1, -2, Double(Float(0.4)), &expectedX, &expectedV)
            for i in 0..<n {
                if bad.contains(i) {
                    #expect(x[i].isNaN && v[i].isNaN, "lane \(i)")
                } else {
                    #expect(abs(Double(x[i]) - expectedX) <= 1e-5 && abs(Double(v[i]) - expectedV) <= 1e-4, "lane \(i)")
                }
            }
        }

        /// Lanes of several springs stepped for 2 s; compared with the double closed form.
        private func stepTwoSeconds(isa: ck_isa, spring: ck_spring, dts: [[Double]]) -> (
            x: [Float], expected: [Double], scale: [Double]
        ) {
            let n = dts.count
            let x0 = (0..<n).map { Float(1 - 0.15 * Double($0)) }
            let v0 = (0..<n).map { Float(3 * Double($0) - 5) }
            var x = x0
            var v = v0
            var p = [ck_propagator](repeating: ck_propagator(), count: n)
            withISA(isa) {
                for step in dts[0].indices {
                    for lane in 0..<n { _ = ck_propagator_make(spring, dts[lane][step], &p[lane]) }
                    _ = ck_propagate_n(p, n, &x, &v, n)
                }
            }
            var expected: [Double] = []
            var scale: [Double] = []
            for lane in 0..<n {
                var xe = 0.0
                var ve = 0.0
                let total = dts[lane].reduce(0, +)
                _ = ck_spring_eval(spring, Double(x0[lane]), Double(v0[lane]), total, &xe, &ve)
                expected.append(xe)
                scale.append(scaleX(spring.omega0, Double(x0[lane]), Double(v0[lane])))
            }
            return (x, expected, scale)
        }

        static let springs = [
            ck_spring(omega0: 4 * Double.pi, zeta: 0), ck_spring(omega0: 4 * Double.pi, zeta: 0.7),
            ck_spring(omega0: 25, zeta: 1), ck_spring(omega0: 25, zeta: 1 + 1e-9), ck_spring(omega0: 6, zeta: 4),
        ]

        @Test(arguments: availableISAs, [30.0, 60.0, 120.0, 240.0])
        func propagatorLandsOnClosedFormAtEveryFrameRate(isa: ck_isa, hertz: Double) {
            for spring in Self.springs {
                var p = ck_propagator()
                _ = ck_propagator_make(spring, 1 / hertz, &p)
                let n = 13  // not a multiple of any width: the tail path runs too
                let x0 = (0..<n).map { Float(1 - 0.15 * Double($0)) }
                let v0 = (0..<n).map { Float(3 * Double($0) - 5) }
                var x = x0
                var v = v0
                withISA(isa) {
                    for _ in 0..<Int(2 * hertz) { _ = ck_propagate_n(&p, 1, &x, &v, n) }
                }
                for lane in 0..<n {
                    var xe = 0.0
                    var ve = 0.0
                    _ = ck_spring_eval(spring, Double(x0[lane]), Double(v0[lane]), 2, &xe, &ve)
                    let scale = scaleX(spring.omega0, Double(x0[lane]), Double(v0[lane]))
                    #expect(abs(Double(x[lane]) - xe) <= 1e-4 * scale, "\(spring) lane \(lane)")
                }
            }
        }

        @Test(arguments: availableISAs)
        func perLanePropagatorsWithJitteredStepsLandOnClosedForm(isa: ck_isa) {
            var rng = SpringTestRandom(seed: 7)
            for spring in Self.springs {
                // Each lane its own +-50 % jittered 60 Hz frame times, 2 s in total.
                let dts: [[Double]] = (0..<11).map { _ in
                    var steps = (0..<120).map { _ in (0.5 + rng.unit()) / 60 }
                    let total = steps.reduce(0, +)
                    steps = steps.map { $0 * 2 / total }
                    return steps
                }
                let (x, expected, scale) = stepTwoSeconds(isa: isa, spring: spring, dts: dts)
                for lane in x.indices {
                    #expect(abs(Double(x[lane]) - expected[lane]) <= 1e-4 * scale[lane], "\(spring) lane \(lane)")
                }
            }
        }
    }
}

/// A tiny deterministic generator (xorshift) so the jitter is the same on every run.
struct SpringTestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func unit() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Double(state >> 11) * 0x1p-53
    }
}

import CKernel
import TestSupport
import Testing

extension ISASwitching {
    /// Phases up to omega0 t = 1e7 rad (omega0 1e4, t 1e3: the contract's domain) keep the float bound on every
    /// ISA. A float reduction of n pi/2 lost the phase past about 1e6 rad (found by fuzzing).
    @Suite struct SpringLargePhase {
        @Test(arguments: availableISAs)
        func evalNKeepsTheBoundAtLargePhases(isa: ck_isa) {
            var w: [Float] = []
            var z: [Float] = []
            var t: [Float] = []
            for i in 0..<64 {
                w.append(i % 2 == 0 ? 10_000 : 2_982.2)
                z.append(i % 4 < 2 ? 0 : 1e-4)
                t.append(Float(50 + Double(i) * 15.7))  // omega0 t from 1.5e5 to 1e7 rad
            }
            w.append(10_000)
            z.append(0)
            t.append(161.032_547)  // the fuzzer's lane
            expectEvalNWithinTheFloatBound(isa: isa, omega0: w, zeta: z, time: t, x0: 0.5, v0: 2.963)
        }

        /// Underdamped phases on both sides of 8192 rad, where the float Cody-Waite reduction hands over to the double
        /// one, interleaved with overdamped, critical and series lanes in the same blocks (blocks with and without a
        /// lane past the bound), keep the float bound on every ISA.
        @Test(arguments: availableISAs)
        func evalNKeepsTheBoundAcrossTheReductionHandOver(isa: ck_isa) {
            var w: [Float] = []
            var z: [Float] = []
            var t: [Float] = []
            let zetas: [Float] = [0.3, 4, 1, 0]
            for i in 0..<160 {
                w.append(100)
                z.append(i < 80 && i % 8 == 7 ? 1.5 : zetas[i % 4])
                t.append(Float(78 + Double(i) * 0.05))  // omega0 t from 7800 to 8595 rad
            }
            expectEvalNWithinTheFloatBound(isa: isa, omega0: w, zeta: z, time: t, x0: -0.75, v0: 40)
        }

        /// `ck_spring_eval_n` on `isa` against the double `ck_spring_eval`, lane by lane, within the contract's float
        /// bound: 1e-6 (4 + omega0 t) times |x0| + |v0| / omega0 for x and |v0| + 2 max(1, zeta) omega0 |x0| for v.
        func expectEvalNWithinTheFloatBound(
            isa: ck_isa, omega0 w: [Float], zeta z: [Float], time t: [Float], x0: Float, v0: Float
        ) {
            let n = w.count
            let x0s = [Float](repeating: x0, count: n)
            let v0s = [Float](repeating: v0, count: n)
            var x = [Float](repeating: 0, count: n)
            var v = [Float](repeating: 0, count: n)
            let status = withISA(isa) { ck_spring_eval_n(w, z, x0s, v0s, t, &x, &v, n) }
            #expect(status == CK_OK)
            let (ax, av) = (abs(Double(x0)), abs(Double(v0)))
            for i in 0..<n {
                var xe = 0.0
                var ve = 0.0
                _ = ck_spring_eval(
                    ck_spring(omega0: Double(w[i]), zeta: Double(z[i])), Double(x0), Double(v0), Double(t[i]), &xe, &ve)
                let s = ax + av / Double(w[i])
                let sv = av + 2 * max(1, Double(z[i])) * Double(w[i]) * ax
                let g = 1e-6 * (4 + Double(w[i]) * Double(t[i]))
                #expect(abs(Double(x[i]) - xe) <= g * s, "lane \(i) x: \(x[i]) vs \(xe)")
                #expect(abs(Double(v[i]) - ve) <= g * sv, "lane \(i) v: \(v[i]) vs \(ve)")
            }
        }
    }
}

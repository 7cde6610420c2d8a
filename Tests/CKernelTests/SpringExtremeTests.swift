import CKernel
import Testing

/// Valid parameters far outside the accuracy domain (found by fuzzing) still give meaningful answers: never a
/// silent 0 or NaN where the exact value is a finite time or a state that has barely moved.
@Suite struct SpringExtremeParameters {
    @Test(arguments: [
        (1e-300, 1.0, 9.233_413_476e300), (1e-300, 2.0, 2.605_814_851_562_864e301), (10.0, 1e155, 1.381_551e155),
    ])
    func settlingTimeScalesWithTheSpring(omega0: Double, zeta: Double, expected: Double) {
        var t = 0.0
        #expect(ck_spring_settling_time(ck_spring(omega0: omega0, zeta: zeta), 1, 0, 1e-3, &t) == CK_OK)
        #expect(abs(t / expected - 1) < 1e-6)
    }

    @Test func settlingTimeBeyondDoubleRangeIsInfinite() {
        var t = 0.0
        #expect(ck_spring_settling_time(ck_spring(omega0: 0x1p-1022, zeta: 0.73), 1, 0, 1e-3, &t) == CK_OK)
        #expect(t == .infinity)
    }

    @Test func hugeDampingBarelyMovesInsteadOfHalving() {
        var x = 0.0
        var v = 0.0
        #expect(ck_spring_eval(ck_spring(omega0: 10, zeta: 1e155), 1, 0, 1e-6, &x, &v) == CK_OK)
        #expect(abs(x - 1) < 1e-12)
        #expect(ck_spring_eval(ck_spring(omega0: 10, zeta: 1e155), 1, 0, 0, &x, &v) == CK_OK)
        #expect(x == 1 && v == 0)
    }

    @Test func hugeMassStiffnessAndDampingKeepTheirRatio() {
        var s = ck_spring(omega0: 0, zeta: 0)
        #expect(ck_spring_make(1e200, 1e200, 1e200, &s) == CK_OK)
        #expect(abs(s.zeta - 0.5) < 1e-15 && abs(s.omega0 - 1) < 1e-15)
        #expect(ck_spring_make(1e-200, 1e-200, 1e-200, &s) == CK_OK)
        #expect(abs(s.zeta - 0.5) < 1e-15)
    }
}

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

    /// Damping ratios near DBL_MAX with velocities whose zeta * v0 / omega0 overflows (found by fuzzing: the
    /// settling time was 0). Expected: ln(|A| / epsilon) * 2 zeta / omega0 with A = x0 + v0 / (2 zeta omega0),
    /// the slow decay after the fast phase; the third case crosses epsilon inside the fast phase, at
    /// ln(|k| / (epsilon - A)) / (2 zeta omega0) with k = v0 / (2 zeta omega0).
    @Test(arguments: [
        (5e153, 1e154, 0.0, 1e308, 27.631_021_115_928_547),
        (0x1p1022, Double.greatestFiniteMagnitude, 1.0, Double.greatestFiniteMagnitude, 55.262_042_231_857_087),
        (1e100, 1e200, 1.0, -1.9998e300, 3.506_507_894_819_815e-300),
    ])
    func settlingTimeForDampingNearTheDoubleLimit(
        omega0: Double, zeta: Double, x0: Double, v0: Double, expected: Double
    ) {
        var t = 0.0
        #expect(ck_spring_settling_time(ck_spring(omega0: omega0, zeta: zeta), x0, v0, 1e-3, &t) == CK_OK)
        #expect(abs(t / expected - 1) < 1e-12)
    }

    @Test func settlingTimeOfAnEffectivelyFrozenSpringIsInfinite() {
        var t = 0.0
        #expect(
            ck_spring_settling_time(ck_spring(omega0: 6.283, zeta: .greatestFiniteMagnitude), -0.4197, 1e6, 1.95e-4, &t)
                == CK_OK)
        #expect(t == .infinity)
    }

    /// An epsilon 1e600 times below the start needs the comparison in logs: twice the time of a 1e300 ratio.
    @Test(arguments: [0.5, 2.0])
    func settlingTimeForRatiosBeyondTheDoubleRange(zeta: Double) {
        var near = 0.0
        var far = 0.0
        let spring = ck_spring(omega0: 1, zeta: zeta)
        #expect(ck_spring_settling_time(spring, 1, 0, 1e-300, &near) == CK_OK)
        #expect(ck_spring_settling_time(spring, 1e300, 0, 1e-300, &far) == CK_OK)
        // Underdamped, the crossings may sit at different phases of the oscillation (up to one period apart);
        // overdamped, both are on the pure slow exponential.
        let rate = zeta < 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
        let tolerance = zeta < 1 ? 2 * .pi / (1 - zeta * zeta).squareRoot() : 1e-6
        #expect(abs((far - near) - 300 * 2.302_585_092_994_046 / rate) < tolerance)
    }

    @Test func dampingNearTheDoubleLimitEvaluatesWithoutNaN() {
        var x = 0.0
        var v = 0.0
        #expect(ck_spring_eval(ck_spring(omega0: 1e300, zeta: 1e300), 1, 0, 2, &x, &v) == CK_OK)
        #expect(abs(x - 0.367_879_441_171_442_33) < 1e-15 && abs(v + 0.183_939_720_585_721_17) < 1e-15)
        #expect(
            ck_spring_eval(
                ck_spring(omega0: 6.283e-4, zeta: .greatestFiniteMagnitude), 0.4776, .greatestFiniteMagnitude, 2.519e93,
                &x, &v)
                == CK_OK)
        #expect(x.isFinite && v.isFinite && x > 0.4776)
        #expect(
            ck_spring_eval(
                ck_spring(omega0: 1.267e307, zeta: .greatestFiniteMagnitude), -0.05851, 0.001054,
                .greatestFiniteMagnitude, &x, &v) == CK_OK)
        #expect(x == 0 && v == 0)
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
        // sqrt(k) sqrt(m) overflows here although zeta = 0.5 does not.
        let big = Double.greatestFiniteMagnitude
        #expect(ck_spring_make(big, big, big, &s) == CK_OK)
        #expect(abs(s.zeta - 0.5) < 1e-15)
    }
}

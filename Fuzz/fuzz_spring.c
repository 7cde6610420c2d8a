/*
 * Fuzzes the double-precision spring entry points: ck_spring_make, ck_spring_from_response,
 * ck_spring_from_duration, ck_spring_eval, ck_spring_settling_time and ck_propagator_make.
 *
 * For every input: the status is one the contract allows for those arguments; a valid call gives a
 * valid spring / finite outputs; eval at t = 0 returns the start state; eval is a flow (stepping t1
 * then t2 lands where stepping t1 + t2 does); the settling time is a last crossing (|x| == epsilon
 * there, <= epsilon afterwards); the propagator matches eval; and every ISA agrees with scalar within
 * twice the contract's bound (each path may be off by the bound, in opposite directions).
 */
#include "fuzz_common.h"

#define TWO_PI 6.283185307179586 /* 2 pi rounded to double, as any C computes 2 * M_PI */

/* The contract's accuracy domain for ck_spring_eval: zeta 0..1e3, omega0 1e-2..1e4, t <= 1e3. */
static int in_accuracy_domain(ck_spring s, double t) {
    return s.omega0 >= 1e-2 && s.omega0 <= 1e4 && s.zeta <= 1e3 && t <= 1e3;
}

/* Where the exact x and v are comfortably representable and omega0 t keeps its phase, so a correct
   closed form has no excuse for NaN or infinity. Wider than the accuracy domain on purpose. */
static int in_finite_domain(ck_spring s, double x0, double v0, double t) {
    return s.omega0 >= 1e-6 && s.omega0 <= 1e6 && s.zeta <= 1e6 && t <= 1e6 && s.omega0 * t <= 1e9 &&
           fabs(x0) <= 1e100 && fabs(v0) <= 1e100;
}

static int spring_valid(ck_spring s) { return fuzz_finite_positive(s.omega0) && fuzz_finite_nonnegative(s.zeta); }

/* The contract's error bounds for ck_spring_eval at time t from (x0, v0). */
static double bound_x(ck_spring s, double x0, double v0, double t) {
    double S = fabs(x0) + fabs(v0) / s.omega0;
    return (1e-12 + 4e-16 * s.omega0 * t) * S;
}
static double bound_v(ck_spring s, double x0, double v0, double t) {
    return (1e-12 + 4e-16 * s.omega0 * t) * (fabs(v0) + 2 * fmax(1, s.zeta) * s.omega0 * fabs(x0));
}

/* MARK: - Constructors */

static void check_make(double m, double k, double c, int null_out) {
    ck_spring out = {-1, -1};
    fuzz_status_set errors = 0;
    if (null_out) errors |= FS(CK_ERR_NULL);
    int args_ok = fuzz_finite_positive(m) && fuzz_finite_positive(k) && fuzz_finite_nonnegative(c);
    if (!args_ok) errors |= FS(CK_ERR_ARGUMENT);
    /* The exact result in long double (80-bit on x86-64: k/m and k*m cannot overflow). */
    long double w = sqrtl((long double)k / m), z = c / (2 * sqrtl((long double)k * m));
    int result_ok = args_ok && isfinite((double)w) && (double)w > 0 && isfinite((double)z);
    if (args_ok && !result_ok) errors |= FS(CK_ERR_ARGUMENT); /* the spring itself would be invalid */
    fuzz_status_set allowed = fuzz_expect(errors);
    /* Lenient where the textbook double formula over/underflows although the result is representable
       (k/m or k*m outside double): rejecting such inputs is a defensible reading of "valid". */
    if (result_ok && !errors) {
        double ratio = k / m, prod = k * m;
        if (!isfinite(ratio) || ratio == 0 || !isfinite(prod) || prod == 0 || !(sqrt(ratio) > 0))
            allowed |= FS(CK_ERR_ARGUMENT);
    }
    ck_status st = ck_spring_make(m, k, c, null_out ? NULL : &out);
    FUZZ_CHECK_STATUS(allowed, st, "ck_spring_make");
    if (st == CK_OK) {
        FUZZ_CHECK(spring_valid(out), "ck_spring_make(%a, %a, %a) gave invalid spring (%a, %a)", m, k, c, out.omega0,
                   out.zeta);
        double ew = (double)w, ez = (double)z;
        /* A subnormal k / m or k * m has fewer significant bits; allow what the double formula loses there
           (relative 2^-1074 / value, halved by the square root), never a wrong order of magnitude. */
        double ratio = k / m, prod = k * m;
        double rw = 1e-14 + (ratio < 0x1p-1022 ? 0x1p-1074 / ratio : 0);
        double rz = 1e-14 + (prod < 0x1p-1022 ? 0x1p-1074 / prod : 0);
        FUZZ_CHECK(fabs(out.omega0 - ew) <= rw * ew, "omega0 %a, expected %a (m %a k %a)", out.omega0, ew, m, k);
        if (ez >= 0x1p-1000)
            FUZZ_CHECK(fabs(out.zeta - ez) <= rz * ez, "zeta %a, expected %a (m %a k %a c %a)", out.zeta, ez, m, k,
                       c);
    }
}

static void check_from_response(double r, double dr, int null_out) {
    ck_spring out = {-1, -1};
    fuzz_status_set errors = 0;
    if (null_out) errors |= FS(CK_ERR_NULL);
    int args_ok = fuzz_finite_positive(r) && fuzz_finite_nonnegative(dr);
    double w = TWO_PI / r;
    if (!args_ok || !isfinite(w)) errors |= FS(CK_ERR_ARGUMENT);
    ck_status st = ck_spring_from_response(r, dr, null_out ? NULL : &out);
    FUZZ_CHECK_STATUS(fuzz_expect(errors), st, "ck_spring_from_response");
    if (st == CK_OK) {
        FUZZ_CHECK(spring_valid(out), "from_response(%a, %a) gave (%a, %a)", r, dr, out.omega0, out.zeta);
        FUZZ_CHECK(fabs(out.omega0 - w) <= 4e-16 * w, "omega0 %a, expected %a", out.omega0, w);
        FUZZ_CHECK(out.zeta == dr, "zeta %a, expected the damping ratio %a", out.zeta, dr);
    }
}

static void check_from_duration(double d, double bounce, int null_out) {
    ck_spring out = {-1, -1};
    fuzz_status_set errors = 0;
    if (null_out) errors |= FS(CK_ERR_NULL);
    int args_ok = fuzz_finite_positive(d) && isfinite(bounce) && bounce > -1 && bounce <= 1;
    double w = TWO_PI / d;
    double z = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce);
    if (!args_ok || !isfinite(w) || !isfinite(z)) errors |= FS(CK_ERR_ARGUMENT);
    ck_status st = ck_spring_from_duration(d, bounce, null_out ? NULL : &out);
    FUZZ_CHECK_STATUS(fuzz_expect(errors), st, "ck_spring_from_duration");
    if (st == CK_OK) {
        FUZZ_CHECK(spring_valid(out), "from_duration(%a, %a) gave (%a, %a)", d, bounce, out.omega0, out.zeta);
        FUZZ_CHECK(fabs(out.omega0 - w) <= 4e-16 * w, "omega0 %a, expected %a", out.omega0, w);
        FUZZ_CHECK(fabs(out.zeta - z) <= 4e-16 * z, "zeta %a, expected %a (bounce %a)", out.zeta, z, bounce);
    }
}

/* MARK: - Evaluation */

static fuzz_status_set eval_allowed(ck_spring s, double x0, double v0, double t, int null_x, int null_v) {
    fuzz_status_set errors = 0;
    if (null_x) errors |= FS(CK_ERR_NULL);
    if (!spring_valid(s) || !isfinite(x0) || !isfinite(v0) || !fuzz_finite_nonnegative(t))
        errors |= FS(CK_ERR_ARGUMENT);
    fuzz_status_set allowed = fuzz_expect(errors);
    /* The contract does not say whether v may be NULL (x only): accept NULL or success. */
    if (null_v) allowed |= errors ? FS(CK_ERR_NULL) : FS(CK_ERR_NULL) | FS(CK_OK);
    return allowed;
}

static void check_eval(const ck_isa *isas, int nisa, ck_spring s, double x0, double v0, double t, double t2,
                       int null_x, int null_v) {
    fuzz_status_set allowed = eval_allowed(s, x0, v0, t, null_x, null_v);
    double xs = NAN, vs = NAN;
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        double x = NAN, v = NAN;
        ck_status st = ck_spring_eval(s, x0, v0, t, null_x ? NULL : &x, null_v ? NULL : &v);
        FUZZ_CHECK_STATUS(allowed, st, "ck_spring_eval");
        if (st != CK_OK || null_x || null_v) continue;
        if (in_finite_domain(s, x0, v0, t))
            FUZZ_CHECK(isfinite(x) && isfinite(v), "eval(w %a z %a, x0 %a v0 %a, t %a) = (%a, %a)", s.omega0, s.zeta,
                       x0, v0, t, x, v);
        /* Everywhere: "never NaN for finite valid input" (an overflow to infinity may be the true value). */
        FUZZ_CHECK(!isnan(x) && !isnan(v), "eval(w %a z %a, x0 %a v0 %a, t %a) = (%a, %a) is NaN", s.omega0, s.zeta,
                   x0, v0, t, x, v);
        if (i == 0) {
            xs = x;
            vs = v;
        } else if (in_accuracy_domain(s, t)) {
            FUZZ_CHECK((x == xs || fabs(x - xs) <= 2 * bound_x(s, x0, v0, t)) &&
                           (v == vs || fabs(v - vs) <= 2 * bound_v(s, x0, v0, t)),
                       "isa %d eval (%a, %a) vs scalar (%a, %a); w %a z %a x0 %a v0 %a t %a", (int)isas[i], x, v, xs,
                       vs, s.omega0, s.zeta, x0, v0, t);
        }
    }
    fuzz_use(CK_ISA_SCALAR);
    if (!fuzz_allowed(allowed, CK_OK) || null_x || null_v || !in_accuracy_domain(s, t)) return;
    if (fabs(x0) > 1e100 || fabs(v0) > 1e100) return;

    /* At t = 0 the state is the start state, within the bound at t = 0. */
    double xz, vz;
    FUZZ_CHECK(ck_spring_eval(s, x0, v0, 0, &xz, &vz) == CK_OK, "eval at t = 0 failed");
    FUZZ_CHECK(fabs(xz - x0) <= bound_x(s, x0, v0, 0) && fabs(vz - v0) <= bound_v(s, x0, v0, 0),
               "eval at t = 0 gave (%a, %a) from (%a, %a); w %a z %a", xz, vz, x0, v0, s.omega0, s.zeta);

    /* Flow property: x(t + t2) from (x0, v0) equals x(t2) from the state at t. The energy
       omega0^2 x^2 + v^2 never grows, so an error e in the intermediate state moves the end by at most
       ~sqrt2 e (in the scaled norm); the tolerance adds the three evaluations' bounds, doubled. */
    if (!(t2 >= 0 && t2 <= 1e3 - t)) return;
    double xa, va, xb, vb;
    FUZZ_CHECK(ck_spring_eval(s, x0, v0, t + t2, &xa, &va) == CK_OK, "eval at t + t2 failed");
    FUZZ_CHECK(ck_spring_eval(s, xs, vs, t2, &xb, &vb) == CK_OK, "eval from the state at t failed");
    double T = t + t2;
    double ex = bound_x(s, x0, v0, T) + bound_x(s, x0, v0, t) + bound_v(s, x0, v0, t) / s.omega0 +
                bound_x(s, xs, vs, t2);
    double ev = bound_v(s, x0, v0, T) + s.omega0 * fmax(1, s.zeta) * (bound_x(s, x0, v0, t) + bound_v(s, x0, v0, t) / s.omega0) +
                bound_v(s, xs, vs, t2);
    FUZZ_CHECK(fabs(xa - xb) <= 4 * ex + 1e-300 && fabs(va - vb) <= 4 * ev + 1e-300,
               "flow broken: w %a z %a x0 %a v0 %a t %a t2 %a: direct (%a, %a), via t (%a, %a)", s.omega0, s.zeta,
               x0, v0, t, t2, xa, va, xb, vb);
}

/* MARK: - Settling time */

static void check_settling(const ck_isa *isas, int nisa, ck_spring s, double x0, double v0, double eps,
                           int null_t) {
    fuzz_status_set errors = 0;
    if (null_t) errors |= FS(CK_ERR_NULL);
    if (!spring_valid(s) || !isfinite(x0) || !isfinite(v0) || !(eps > 0)) errors |= FS(CK_ERR_ARGUMENT);
    fuzz_status_set allowed = fuzz_expect(errors);
    if (!errors && isinf(eps)) allowed |= FS(CK_ERR_ARGUMENT); /* "a number is infinite": may reject */
    double ts = NAN;
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        double t = -1;
        ck_status st = ck_spring_settling_time(s, x0, v0, eps, null_t ? NULL : &t);
        FUZZ_CHECK_STATUS(allowed, st, "ck_spring_settling_time");
        if (st != CK_OK) continue;
        FUZZ_CHECK(t >= 0, "settling time %a (w %a z %a x0 %a v0 %a eps %a)", t, s.omega0, s.zeta, x0, v0, eps);
        /* Everywhere, not only in the accuracy domain: a time of 0 with |x0| > epsilon is right only if the
           exact crossing is within the 1e-6 s the contract allows, so |x| must be within epsilon by then. */
        if (t == 0 && fabs(x0) > eps && isfinite(eps)) {
            double x1, v1, after = 1e-6;
            if (ck_spring_eval(s, x0, v0, after, &x1, &v1) == CK_OK && isfinite(x1))
                FUZZ_CHECK(fabs(x1) <= eps * (1 + 1e-9) + 2 * bound_x(s, x0, v0, after),
                           "settling time 0, but |x(1e-6 s)| = %a > eps %a (w %a z %a x0 %a v0 %a)", fabs(x1), eps,
                           s.omega0, s.zeta, x0, v0);
        }
        double amplitude = hypot(x0, v0 / s.omega0); /* undamped: |x| peaks at this */
        if (s.zeta == 0 && amplitude > eps * (1 + 1e-12))
            FUZZ_CHECK(t == INFINITY, "undamped spring out of rest settles at %a (x0 %a v0 %a eps %a)", t, x0, v0, eps);
        /* Finite unless the exact time itself exceeds the double range: it is about ln(S / eps) over the
           slowest decay rate, zeta omega0 (underdamped) or omega0 / (2 zeta) (overdamped). */
        if (s.zeta * s.omega0 >= 1e-200 && s.zeta / s.omega0 <= 1e200 && in_finite_domain(s, x0, v0, 0) &&
            eps >= 1e-12 * (fabs(x0) + fabs(v0) / s.omega0))
            FUZZ_CHECK(isfinite(t), "damped spring never settles: w %a z %a x0 %a v0 %a eps %a", s.omega0, s.zeta, x0,
                       v0, eps);
        if (i == 0)
            ts = t;
        else
            FUZZ_CHECK(t == ts || fabs(t - ts) <= 2e-6, "isa %d settling %a vs scalar %a", (int)isas[i], t, ts);
    }
    fuzz_use(CK_ISA_SCALAR);
    if (!isfinite(ts) || !in_accuracy_domain(s, ts) || fabs(x0) > 1e100 || fabs(v0) > 1e100) return;
    double S = fabs(x0) + fabs(v0) / s.omega0;
    if (!(eps >= 1e-9 * S)) return; /* below that the eval bound swamps epsilon */
    /* After the last crossing (plus the 1e-6 s the contract allows), |x| stays within epsilon. */
    for (int k = 0; k < 4; k++) {
        double after = ts + 1e-6 + (k == 0 ? 0 : k * (1.0 + ts) * 0.37);
        if (after > 1e3) break;
        double x, v;
        FUZZ_CHECK(ck_spring_eval(s, x0, v0, after, &x, &v) == CK_OK, "eval failed");
        FUZZ_CHECK(fabs(x) <= eps * (1 + 1e-12) + 2 * bound_x(s, x0, v0, after),
                   "|x(%a)| = %a > eps %a after settling time %a; w %a z %a x0 %a v0 %a", after, fabs(x), eps, ts,
                   s.omega0, s.zeta, x0, v0);
    }
    /* At a positive settling time |x| is epsilon (the crossing may be off by 1e-6 s: allow the slope
       times that, plus the curvature term, plus the eval bound). */
    if (ts > 0) {
        double x, v;
        FUZZ_CHECK(ck_spring_eval(s, x0, v0, ts, &x, &v) == CK_OK, "eval failed");
        double w = s.omega0, acc = w * w * (1 + 2 * s.zeta) * (1 + 2 * s.zeta) * 2 * S;
        double tol = 2e-6 * fabs(v) + 1e-12 * acc + 2 * bound_x(s, x0, v0, ts) + 1e-12 * eps;
        FUZZ_CHECK(fabs(fabs(x) - eps) <= tol, "|x(settling %a)| = %a, eps %a (tol %a); w %a z %a x0 %a v0 %a", ts,
                   fabs(x), eps, tol, s.omega0, s.zeta, x0, v0);
    }
}

/* MARK: - Propagator */

static void check_propagator(const ck_isa *isas, int nisa, ck_spring s, double dt, int null_out) {
    fuzz_status_set errors = 0;
    if (null_out) errors |= FS(CK_ERR_NULL);
    if (!spring_valid(s) || !fuzz_finite_nonnegative(dt)) errors |= FS(CK_ERR_ARGUMENT);
    ck_propagator ps = {0};
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        ck_propagator p = {NAN, NAN, NAN, NAN};
        ck_status st = ck_propagator_make(s, dt, null_out ? NULL : &p);
        FUZZ_CHECK_STATUS(fuzz_expect(errors), st, "ck_propagator_make");
        if (st != CK_OK) continue;
        if (in_finite_domain(s, 1, 1, dt))
            FUZZ_CHECK(isfinite(p.a) && isfinite(p.b) && isfinite(p.c) && isfinite(p.d),
                       "propagator (%a %a %a %a) for w %a z %a dt %a", p.a, p.b, p.c, p.d, s.omega0, s.zeta, dt);
        if (i == 0)
            ps = p;
        else
            FUZZ_CHECK(memcmp(&p, &ps, sizeof p) == 0 ||
                           (fabsf(p.a - ps.a) <= 2.4e-7f * fabsf(ps.a) + 1e-30f &&
                            fabsf(p.b - ps.b) <= 2.4e-7f * fabsf(ps.b) + 1e-30f &&
                            fabsf(p.c - ps.c) <= 2.4e-7f * fabsf(ps.c) + 1e-30f &&
                            fabsf(p.d - ps.d) <= 2.4e-7f * fabsf(ps.d) + 1e-30f),
                       "isa %d propagator differs from scalar", (int)isas[i]);
    }
    fuzz_use(CK_ISA_SCALAR);
    if (errors || !in_accuracy_domain(s, dt)) return;
    /* Columns of the matrix are the states after dt from (1, 0) and (0, 1): compare with eval, allowing
       float rounding of each entry plus eval's bound. */
    double xa, va, xb, vb;
    FUZZ_CHECK(ck_spring_eval(s, 1, 0, dt, &xa, &va) == CK_OK && ck_spring_eval(s, 0, 1, dt, &xb, &vb) == CK_OK,
               "eval failed");
    double f = 1.2e-7, w = s.omega0;
    FUZZ_CHECK(fabs(ps.a - xa) <= f * fabs(xa) + 2 * bound_x(s, 1, 0, dt) + 1e-37 &&
                   fabs(ps.b - xb) <= f * fabs(xb) + 2 * bound_x(s, 0, 1, dt) + 1e-37 &&
                   fabs(ps.c - va) <= f * fabs(va) + 2 * bound_v(s, 1, 0, dt) + 1e-37 &&
                   fabs(ps.d - vb) <= f * fabs(vb) + 2 * bound_v(s, 0, 1, dt) + 1e-37,
               "propagator (%a %a %a %a) vs eval (%a %a %a %a); w %a z %a dt %a", ps.a, ps.b, ps.c, ps.d, xa, xb, va, vb,
               w, s.zeta, dt);
}

/* MARK: - Entry */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    /* Bit i: pass NULL for output i. Only one input in four has any, so most runs check results. */
    uint8_t gate = fuzz_u8(&in), nulls = fuzz_u8(&in);
    if ((gate & 3) != 3) nulls = 0;

    check_make(fuzz_double(&in, 10), fuzz_double(&in, 1000), fuzz_double(&in, 100), nulls & 1);
    check_from_response(fuzz_double(&in, 1), fuzz_double(&in, 2), nulls & 2);
    check_from_duration(fuzz_double(&in, 1), fuzz_double(&in, 1), nulls & 4);

    /* The spring under test: raw parameters, or built by a constructor, so both paths are fuzzed. */
    ck_spring s;
    switch (fuzz_u8(&in) % 3) {
    case 0:
        s.omega0 = fuzz_double(&in, 100);
        s.zeta = fuzz_double(&in, 2);
        break;
    case 1:
        if (ck_spring_from_response(fuzz_double(&in, 1), fuzz_double(&in, 2), &s) != CK_OK) s = (ck_spring){10, 0.5};
        break;
    default: {
        /* Damping ratios right at the critical boundary, where regimes meet. */
        s.omega0 = fuzz_double(&in, 100);
        double offsets[] = {0, 1e-16, -1e-16, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3};
        s.zeta = 1 + offsets[fuzz_u8(&in) % (sizeof offsets / sizeof offsets[0])];
        break;
    }
    }
    double x0 = fuzz_double(&in, 1), v0 = fuzz_double(&in, 10), t = fuzz_double(&in, 2);
    double t2 = fabs(fuzz_double(&in, 2)), eps = fuzz_double(&in, 1e-3), dt = fuzz_double(&in, 1.0 / 60);
    check_eval(isas, nisa, s, x0, v0, t, t2, nulls & 8, nulls & 16);
    check_settling(isas, nisa, s, x0, v0, eps, nulls & 32);
    check_propagator(isas, nisa, s, dt, nulls & 64);
    ck_isa_set(ck_isa_best());
    return 0;
}

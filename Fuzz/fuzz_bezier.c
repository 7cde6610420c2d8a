/*
 * Fuzzes the cubic-bezier entry points: ck_bezier_init, ck_bezier_value, ck_bezier_slope and
 * ck_bezier_value_n.
 *
 * For every input: init's status follows the contract (x1, x2 in [0, 1], all finite; NULL struct);
 * for a valid curve value(0) == 0 and value(1) == 1 exactly, NaN in gives NaN out, inside [0, 1] the
 * value lies in the convex hull of the control ordinates, outside it the curve continues along the
 * contract's end gradients (and slope equals that gradient, saturated at +/-DBL_MAX), finite x gives a
 * finite value on every ISA in double and in float (saturated at +/-DBL_MAX / FLT_MAX, also for the
 * steep curves whose gradient overflows, issue #48); the double value is within the
 * contract's bound of y(x') for some |x' - x| <= 1e-14 on every ISA; the float batch is within
 * 1e-7 / 5e-7 of that on every ISA, in every lane up to 67 (all SIMD widths and tails).
 */
#include <float.h>

#include "fuzz_common.h"

#define MAX_N 67

/* The contract's end gradients (CSS Easing 1 / Chromium) as fractions num / den: the quotient may be
   beyond the double range (y1 = DBL_MAX, x1 = 0.5) where the extension near the end is not. */
typedef struct fraction {
    double num, den;
} fraction;
static fraction start_gradient(double x1, double y1, double x2, double y2) {
    if (x1 > 0) return (fraction){y1, x1};
    if (y1 == 0 && x2 > 0) return (fraction){y2, x2};
    if (y1 == 0 && y2 == 0) return (fraction){1, 1};
    return (fraction){0, 1};
}
static fraction end_gradient(double x1, double y1, double x2, double y2) {
    if (x2 < 1) return (fraction){y2 - 1, x2 - 1};
    if (y2 == 1 && x1 < 1) return (fraction){y1 - 1, x1 - 1};
    if (y1 == 1 && y2 == 1) return (fraction){1, 1};
    return (fraction){0, 1};
}
/* v in long double (an exponent range far beyond double's on x86-64 and arm64), saturated to the double
   range as the API reports a value or slope beyond it. */
static long double saturate(long double v) { return fminl(fmaxl(v, -DBL_MAX), DBL_MAX); }

/* The y scale of a curve: the convex hull of its ordinates is within [-scale, scale]. */
static double y_scale(double y1, double y2) { return fmax(1, fmax(fabs(y1), fabs(y2))); }

/* |value(x) - y(x')| <= 1e-12 (times the y scale, for curves with huge ordinates) for some x' within
   1e-14 of x. Checked as: inside the range of the reference at x and x +/- delta (the curve is smooth,
   so between those points it does not leave that range by more than a rounding), widened by tol. */
static int within(double got, double ref_lo, double ref_mid, double ref_hi, double tol) {
    if (got == ref_mid) return 1; /* also for infinite values, where the tolerance is NaN */
    if (isnan(got) && isnan(ref_mid)) return 1; /* agreement; whether NaN is right is checked elsewhere */
    double lo = fmin(ref_lo, fmin(ref_mid, ref_hi)), hi = fmax(ref_lo, fmax(ref_mid, ref_hi));
    return got >= lo - tol && got <= hi + tol;
}

static void check_curve(fuzz_input *in, const ck_isa *isas, int nisa, const ck_bezier *b) {
    double x1 = b->x1, y1 = b->y1, x2 = b->x2, y2 = b->y2;
    const double scale = y_scale(y1, y2);
    const fraction f0 = start_gradient(x1, y1, x2, y2), f1 = end_gradient(x1, y1, x2, y2);
    /* The reported gradients: the double quotient, +/-DBL_MAX where it overflows. */
    const double q0 = f0.num / f0.den, q1 = f1.num / f1.den;
    const double g0 = isinf(q0) ? copysign(DBL_MAX, q0) : q0, g1 = isinf(q1) ? copysign(DBL_MAX, q1) : q1;
    FUZZ_CHECK(ck_bezier_value(b, 0) == 0 && ck_bezier_value(b, 1) == 1, "value(0) %a value(1) %a for (%a %a %a %a)",
               ck_bezier_value(b, 0), ck_bezier_value(b, 1), x1, y1, x2, y2);
    FUZZ_CHECK(isnan(ck_bezier_value(b, NAN)), "value(NaN) = %a", ck_bezier_value(b, NAN));

    /* Scalar reference values at a handful of probe points. */
    double xs[8];
    for (int k = 0; k < 8; k++) {
        switch (fuzz_u8(in) % 4) {
        case 0: xs[k] = (double)fuzz_u32(in) / 4294967295.0; break;     /* inside */
        case 1: xs[k] = fuzz_double(in, 2); break;                          /* anything, incl. outside */
        case 2: { /* near the ends, on either side (1 + 2^-52 is what adding 0.05 twenty times gives) */
            const uint8_t m = fuzz_u8(in);
            const double d = (m & 2 ? 0x1p-52 : 0x1p-40) * fuzz_u8(in) * (m & 4 ? -1 : 1);
            xs[k] = m & 1 ? d : 1 + d;
            break;
        }
        default: xs[k] = (double)fuzz_u8(in) / 255.0; break;
        }
    }
    fuzz_use(CK_ISA_SCALAR);
    double ref[8], lo[8], hi[8];
    for (int k = 0; k < 8; k++) {
        double x = xs[k];
        ref[k] = ck_bezier_value(b, x);
        double sl = ck_bezier_slope(b, x);
        if (isnan(x)) {
            FUZZ_CHECK(isnan(ref[k]), "value(NaN) not NaN");
            continue;
        }
        if (isinf(x)) continue; /* 0 * inf at a flat end is NaN: the contract says nothing */
        FUZZ_CHECK(isfinite(ref[k]), "value(%a) = %a: finite input, not finite (%a %a %a %a)", x, ref[k], x1, y1, x2,
                   y2);
        /* Inside (away from the ends, where x' may fall outside), the convex hull of the ordinates. */
        if (x >= 1e-13 && x <= 1 - 1e-13) {
            double ylo = fmin(0, fmin(y1, y2)), yhi = fmax(1, fmax(y1, y2));
            FUZZ_CHECK(ref[k] >= ylo - 1e-12 * scale && ref[k] <= yhi + 1e-12 * scale,
                       "value(%a) = %a outside the hull [%a, %a] of (%a %a %a %a)", x, ref[k], ylo, yhi, x1, y1, x2, y2);
        }
        if (x < 0 || x == 0) FUZZ_CHECK(sl == g0, "slope(%a) = %a, start gradient %a (%a %a %a %a)", x, sl, g0, x1, y1, x2, y2);
        if (x > 1 || x == 1) FUZZ_CHECK(sl == g1, "slope(%a) = %a, end gradient %a (%a %a %a %a)", x, sl, g1, x1, y1, x2, y2);
        /* Outside, the tangent num u / den (u = x, or x - 1 after the end) in long double, saturated. */
        if (x < 0) {
            const double e = (double)saturate((long double)f0.num * x / f0.den);
            FUZZ_CHECK(fabs(ref[k] - e) <= 1e-12 * fmax(1, fabs(e)), "value(%a) = %a, tangent gives %a (%a %a %a %a)",
                       x, ref[k], e, x1, y1, x2, y2);
        }
        if (x > 1) {
            const long double rise = (long double)f1.num * (x - 1) / f1.den;
            const double e = (double)saturate(1 + rise);
            FUZZ_CHECK(fabs(ref[k] - e) <= 1e-12 * fmax(1, (double)saturate(fabsl(rise) + fabs(g1))),
                       "value(%a) = %a, tangent gives %a (%a %a %a %a)", x, ref[k], e, x1, y1, x2, y2);
        }
        lo[k] = ck_bezier_value(b, x - 1e-14);
        hi[k] = ck_bezier_value(b, x + 1e-14);
    }
    /* Every other ISA: the double API within the contract bound of the scalar reference. */
    for (int i = 1; i < nisa; i++) {
        fuzz_use(isas[i]);
        for (int k = 0; k < 8; k++) {
            double x = xs[k], v = ck_bezier_value(b, x);
            if (!isfinite(x)) {
                FUZZ_CHECK(isnan(v) == isnan(ref[k]), "isa %d value(%a) = %a, scalar %a", (int)isas[i], x, v, ref[k]);
                continue;
            }
            FUZZ_CHECK(isfinite(v), "isa %d value(%a) = %a: finite input (%a %a %a %a)", (int)isas[i], x, v, x1, y1, x2,
                       y2);
            FUZZ_CHECK(within(v, lo[k], ref[k], hi[k], 2e-12 * fmax(scale, fabs(ref[k]))),
                       "isa %d value(%a) = %a, scalar %a (%a %a %a %a)", (int)isas[i], x, v, ref[k], x1, y1, x2, y2);
        }
    }

    /* The float batch on every ISA against the double value: |x' - x| <= 1e-7, plus 5e-7 absolute
       (times the y scale: float cannot do better than its own rounding of a large y). */
    size_t n = fuzz_below(in, MAX_N + 1);
    float fx[MAX_N];
    for (size_t j = 0; j < n; j++) {
        uint8_t m = fuzz_u8(in);
        fx[j] = m & 1 ? (float)fuzz_u8(in) / 255.0f : m & 2 ? (float)fuzz_u32(in) / 4294967295.0f : fuzz_float(in, 2);
    }
    fuzz_use(CK_ISA_SCALAR);
    double fref[MAX_N], flo[MAX_N], fhi[MAX_N];
    for (size_t j = 0; j < n; j++) {
        fref[j] = ck_bezier_value(b, fx[j]);
        flo[j] = ck_bezier_value(b, (double)fx[j] - 1.0000001e-7);
        fhi[j] = ck_bezier_value(b, (double)fx[j] + 1.0000001e-7);
    }
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        float y[MAX_N + 1];
        y[n] = -999.0f;
        ck_status st = ck_bezier_value_n(b, fx, y, n);
        FUZZ_CHECK_STATUS(FS(CK_OK), st, "ck_bezier_value_n");
        FUZZ_CHECK(y[n] == -999.0f, "value_n wrote past n = %zu", n);
        for (size_t j = 0; j < n; j++) {
            if (isnan(fx[j])) {
                FUZZ_CHECK(isnan(y[j]), "isa %d value_n(NaN) = %a", (int)isas[i], y[j]);
                continue;
            }
            if (!isfinite(fx[j])) continue;
            FUZZ_CHECK(isfinite(y[j]), "isa %d lane %zu/%zu: value_n(%a) = %a: finite input (%a %a %a %a)", (int)isas[i],
                       j, n, fx[j], y[j], x1, y1, x2, y2);
            if (fabs(fref[j]) > 1e37) {
                /* At and beyond the float range: the float rounding of the value, saturated at +/-FLT_MAX. */
                const double expect = fabs(fref[j]) > FLT_MAX ? copysign(FLT_MAX, fref[j]) : fref[j];
                FUZZ_CHECK(fabs(y[j] - expect) <= 0x1p-23 * fabs(expect), "isa %d lane %zu/%zu: value_n(%a) = %a, double %a",
                           (int)isas[i], j, n, fx[j], y[j], fref[j]);
                continue;
            }
            double tol = 5e-7 * fmax(scale, fabs(fref[j]));
            FUZZ_CHECK(within(y[j], flo[j], fref[j], fhi[j], tol),
                       "isa %d lane %zu/%zu: value_n(%a) = %a, double %a [%a, %a] (%a %a %a %a)", (int)isas[i], j, n,
                       fx[j], y[j], fref[j], flo[j], fhi[j], x1, y1, x2, y2);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    uint8_t mode = fuzz_u8(&in);
    double c[4];
    for (int k = 0; k < 4; k++) {
        /* x coordinates mostly in [0, 1], y mostly moderate; special values and raw bits too. */
        if ((mode >> (2 * k) & 3) == 0)
            c[k] = fuzz_double(&in, k % 2 ? 3 : 1);
        else
            c[k] = (double)fuzz_u8(&in) / 255.0 * (k % 2 ? 3 : 1) - (k % 2 ? 1 : 0);
    }
    int null_b = fuzz_u8(&in) == 0xA5;
    fuzz_status_set errors = 0;
    if (null_b) errors |= FS(CK_ERR_NULL);
    int valid = isfinite(c[0]) && isfinite(c[1]) && isfinite(c[2]) && isfinite(c[3]) && c[0] >= 0 && c[0] <= 1 &&
                c[2] >= 0 && c[2] <= 1;
    if (!valid) errors |= FS(CK_ERR_ARGUMENT);
    ck_bezier b;
    memset(&b, 0x5A, sizeof b);
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        ck_status st = ck_bezier_init(null_b ? NULL : &b, c[0], c[1], c[2], c[3]);
        FUZZ_CHECK_STATUS(fuzz_expect(errors), st, "ck_bezier_init");
    }
    if (!errors) {
        FUZZ_CHECK(b.x1 == c[0] && b.y1 == c[1] && b.x2 == c[2] && b.y2 == c[3], "init did not keep the control points");
        /* Value batch with NULL buffers: only n == 0 may succeed. */
        fuzz_use(CK_ISA_SCALAR);
        float y = 0.5f;
        FUZZ_CHECK_STATUS(FS(CK_ERR_NULL), ck_bezier_value_n(NULL, &y, &y, 1), "ck_bezier_value_n(NULL curve)");
        FUZZ_CHECK_STATUS(FS(CK_ERR_NULL), ck_bezier_value_n(&b, NULL, &y, 1), "ck_bezier_value_n(NULL x)");
        FUZZ_CHECK_STATUS(FS(CK_ERR_NULL), ck_bezier_value_n(&b, &y, NULL, 1), "ck_bezier_value_n(NULL y)");
        check_curve(&in, isas, nisa, &b);
    }
    ck_isa_set(ck_isa_best());
    return 0;
}

/*
 * Native checks of the bezier family: validation, exact ends, NaN, the end-tangent extensions, and
 * the contract's accuracy for value (double) and value_n (float) on every ISA against an independent
 * long double bisection (64-bit mantissa on x86-64, 113-bit on arm64), and one white-box check of what
 * ck_bezier_init proves about its double table.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "selftest.h"

#include "bezier/bezier_internal.h" /* check_certified_points reads the double table */

/* Exact-enough y(x) for 0 <= x <= 1: bisection on x(t) in long double until the bracket is empty. */
static long double reference_y(const double p[4], long double x) {
    long double lo = 0, hi = 1;
    for (int i = 0; i < 200; i++) {
        const long double t = (lo + hi) / 2;
        if (t <= lo || t >= hi) break;
        const long double s = 1 - t;
        const long double xt = 3.0L * p[0] * s * s * t + 3.0L * p[2] * s * t * t + t * t * t;
        if (xt < x) lo = t;
        else hi = t;
    }
    const long double t = (lo + hi) / 2, s = 1 - t;
    return 3.0L * p[1] * s * s * t + 3.0L * p[3] * s * t * t + t * t * t; /* long double: no overflow */
}

/* The part of the error no algorithm can avoid: the largest change of y when x moves by delta. */
static double reference_band(const double p[4], double x, double delta) {
    const long double y = reference_y(p, x);
    const long double a = reference_y(p, fmax(0.0, x - delta)), b = reference_y(p, fmin(1.0, x + delta));
    return (double)fmaxl(fabsl(a - y), fabsl(b - y));
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static double uniform(void) { /* SplitMix64 in [0, 1) */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

static const double named[][4] = {
    {0, 0, 1, 1}, {1, 0, 0, 1}, {0, 0, 1.0 / 3, 1}, {0.34, 1.56, 0.64, 1}, {0.68, -0.6, 0.32, 1.6},
    {0.25, 0.1, 0.25, 1}, {0.42, 0, 1, 1}, {0, 0, 0.58, 1}, {0.42, 0, 0.58, 1}, {0.2, 1, 0.42, 1},
    {0, 0.5, 0.5, 1}, {0.5, 0, 1, 0.5}, {1, 1, 0, 0}, {0, 1, 1, 0}, {0.99, 0, 0.01, 1}, {0.001, 0.7, 0.999, 0.3},
};
#if defined(__aarch64__)
/* long double is a software 128-bit type on arm64 (and qemu runs it): fewer random curves there. */
enum { RANDOM = 30 };
#else
enum { RANDOM = 150 };
#endif
enum { NAMED = sizeof named / sizeof named[0], CURVES = NAMED + RANDOM };

static void curve(int c, double p[4]) {
    if (c < NAMED) {
        for (int i = 0; i < 4; i++) p[i] = named[c][i];
        return;
    }
    p[0] = uniform(), p[1] = 4 * uniform() - 1.5, p[2] = uniform(), p[3] = 4 * uniform() - 1.5;
    if (c % 7 == 0) p[0] = 0; /* vertical tangent at the start */
    if (c % 11 == 0) p[2] = 1; /* and at the end */
}

static void check_validation(void) {
    ck_bezier b;
    CHECK(ck_bezier_init(NULL, 0, 0, 1, 1) == CK_ERR_NULL, "NULL curve");
    const double bad[][4] = {{-0.01, 0, 1, 1}, {0, 0, 1.01, 1}, {NAN, 0, 1, 1}, {0, INFINITY, 1, 1},
                             {0, 0, 1, -INFINITY}, {0, 0, NAN, 1}, {2, 0, 0.5, 1}};
    for (int i = 0; i < 7; i++)
        CHECK(ck_bezier_init(&b, bad[i][0], bad[i][1], bad[i][2], bad[i][3]) == CK_ERR_ARGUMENT, "bad input %d", i);
    CHECK(ck_bezier_init(&b, 0, -1e6, 1, 1e6) == CK_OK, "any finite y");
    CHECK(isnan(ck_bezier_value(NULL, 0.5)) && isnan(ck_bezier_slope(NULL, 0.5)), "NULL curve gives NaN");
    float x[4] = {0.1f, 0.2f, 0.3f, 0.4f}, y[4];
    CHECK(ck_bezier_value_n(NULL, x, y, 4) == CK_ERR_NULL, "NULL curve in batch");
    CHECK(ck_bezier_value_n(&b, NULL, y, 4) == CK_ERR_NULL && ck_bezier_value_n(&b, x, NULL, 4) == CK_ERR_NULL,
          "NULL buffers");
    CHECK(ck_bezier_value_n(&b, NULL, NULL, 0) == CK_OK, "empty batch");
    CHECK(ck_bezier_value_n(&b, x, x + 1, 3) == CK_ERR_OVERLAP, "partial overlap");
    CHECK(ck_bezier_value_n(&b, x, x, 4) == CK_OK, "in place");
}

static void check_ends_and_extrapolation(void) {
    /* Each gradient rule of the contract, start and end. */
    const struct { double p[4], start, end; } rules[] = {
        {{0.25, 0.1, 0.25, 1}, 0.4, 0},           /* y1/x1; (y2-1)/(x2-1) */
        {{0, 0, 0.5, 0.8}, 1.6, 0.4},             /* x1 == 0, y1 == 0: y2/x2 */
        {{0, 0, 0, 0}, 1, 1},                     /* all at the start: 1; x2 < 1: (0-1)/(0-1) */
        {{0, 0.5, 0.5, 1}, 0, 0},                 /* x1 == 0, y1 != 0: 0 */
        {{0.5, 0.2, 1, 1}, 0.4, 1.6},             /* x2 == 1, y2 == 1: (y1-1)/(x1-1) */
        {{1, 1, 1, 1}, 1, 1},                     /* x1 == 1 == x2, y1 == y2 == 1: 1 */
        {{0.3, 0.3, 1, 0.5}, 1, 0},               /* x2 == 1, y2 != 1: 0 */
    };
    for (int i = 0; i < 7; i++) {
        ck_bezier b;
        const double *p = rules[i].p;
        CHECK(ck_bezier_init(&b, p[0], p[1], p[2], p[3]) == CK_OK, "init");
        CHECK(fabs(ck_bezier_slope(&b, -0.5) - rules[i].start) < 1e-15, "rule %d start %g", i,
              ck_bezier_slope(&b, -0.5));
        CHECK(fabs(ck_bezier_slope(&b, 1.5) - rules[i].end) < 1e-15, "rule %d end %g", i, ck_bezier_slope(&b, 1.5));
        CHECK(ck_bezier_slope(&b, 0) == ck_bezier_slope(&b, -1) && ck_bezier_slope(&b, 1) == ck_bezier_slope(&b, 2),
              "slope at the ends is the end gradient");
        CHECK(fabs(ck_bezier_value(&b, -0.5) + 0.5 * rules[i].start) < 1e-15, "rule %d extension before 0", i);
        CHECK(fabs(ck_bezier_value(&b, 1.5) - (1 + 0.5 * rules[i].end)) < 1e-15, "rule %d extension after 1", i);
    }
}

static void check_accuracy(void) {
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    enum { POINTS = 203 };
    float xf[POINTS], ys[POINTS], yv[POINTS];
    double worst_d = 0, worst_f = 0;
    for (int c = 0; c < CURVES; c++) {
        double p[4];
        curve(c, p);
        ck_bezier b;
        CHECK(ck_bezier_init(&b, p[0], p[1], p[2], p[3]) == CK_OK, "init curve %d", c);
        CHECK(ck_bezier_value(&b, 0) == 0 && ck_bezier_value(&b, 1) == 1, "exact ends, curve %d", c);
        CHECK(isnan(ck_bezier_value(&b, NAN)) && isnan(ck_bezier_slope(&b, NAN)), "NaN in, NaN out");
        double previous_y = 0;
        const int monotone = p[1] >= 0 && p[1] <= 1 && p[3] >= 0 && p[3] <= 1;
        for (int i = 0; i < POINTS; i++) {
            /* A grid with points crowded at both ends, where x'(t) may vanish. */
            const double s = (double)i / (POINTS - 1);
            const double x = i % 3 == 0 ? s : (i % 3 == 1 ? s * s * s : 1 - s * s * s);
            /* ck_bezier_value under every ISA selection (it must not depend on it). */
            const double exact = (double)reference_y(p, x), band = reference_band(p, x, 1e-14);
            for (int v = -1; v < nsimd; v++) {
                ck_isa_set(v < 0 ? CK_ISA_SCALAR : simd[v]);
                const double y = ck_bezier_value(&b, x);
                const double err = fabs(y - exact) - band;
                if (err / 1e-12 > worst_d) worst_d = err / 1e-12;
                CHECK(err <= 1e-12, "isa %d curve %d (%g %g %g %g) x %.17g: y %.17g, error %g", v < 0 ? 0 : simd[v], c,
                      p[0], p[1], p[2], p[3], x, y, err);
            }
            ck_isa_set(previous);
            xf[i] = (float)(0.005 + 0.99 * s);
        }
        for (int v = -1; v < nsimd && monotone; v++) {
            ck_isa_set(v < 0 ? CK_ISA_SCALAR : simd[v]);
            previous_y = 0;
            for (int i = 0; i <= 2000; i++) {
                const double y = ck_bezier_value(&b, i / 2000.0);
                CHECK(y >= previous_y, "monotone curve %d at %g, isa %d", c, i / 2000.0, v < 0 ? 0 : simd[v]);
                previous_y = y;
            }
        }
        ck_isa_set(previous);
        xf[0] = -0.25f, xf[1] = 1.25f, xf[2] = NAN, xf[3] = 0, xf[4] = 1; /* the specials, in the first block */
        ck_isa_set(CK_ISA_SCALAR);
        CHECK(ck_bezier_value_n(&b, xf, ys, POINTS) == CK_OK, "scalar batch");
        for (int v = 0; v < nsimd; v++) {
            ck_isa_set(simd[v]);
            /* Every length up to 17 checks the tail padding; the last run is in place. */
            for (int n = 1; n <= 17; n++) CHECK(ck_bezier_value_n(&b, xf, yv, (size_t)n) == CK_OK, "batch");
            CHECK(ck_bezier_value_n(&b, xf, yv, POINTS) == CK_OK, "batch");
            for (int i = 0; i < POINTS; i++) {
                const double x = xf[i];
                if (isnan(x)) {
                    CHECK(isnan(yv[i]) && isnan(ys[i]), "NaN lane");
                    continue;
                }
                const double exact = x < 0 || x > 1 ? ck_bezier_value(&b, x) : (double)reference_y(p, x);
                const double band = x < 0 || x > 1 ? 1e-7 * fabs(exact) : reference_band(p, x, 1e-7);
                const double err = fabs(yv[i] - exact) - band;
                if (err / 5e-7 > worst_f) worst_f = err / 5e-7;
                CHECK(err <= 5e-7, "isa %d curve %d x %.9g: %.9g vs %.9g", simd[v], c, x, yv[i], exact);
                CHECK(fabs(yv[i] - ys[i]) <= 5e-7 + 2 * band, "isa %d vs scalar at %g", simd[v], x);
            }
            float inplace[POINTS];
            for (int i = 0; i < POINTS; i++) inplace[i] = xf[i];
            ck_bezier_value_n(&b, inplace, inplace, POINTS);
            int same = 1;
            for (int i = 0; i < POINTS; i++) same &= inplace[i] == yv[i] || (isnan(inplace[i]) && isnan(yv[i]));
            CHECK(same, "in place equals out of place, isa %d", simd[v]);
        }
        ck_isa_set(previous);
    }
    printf("bezier: worst double error %.3f of 1e-12 (beyond the band), worst float %.3f of 5e-7\n", worst_d, worst_f);
}

/* White box: every point of the double table that init certified meets its certificate at every input it
   serves. Measured in long double from the table's own guess, t = t_k + d(f), and the cubic with the curve's
   double coefficients (the one the solver certifies against; check_accuracy measures against the control
   points):
     - CK_BZ_CERTIFIED_X or _Y (calls skip their residual): |x(t) - x| <= 9e-15;
     - CK_BZ_CERTIFIED_Y (calls return the point's polynomial Q(f) alone): what ck_bezier_value returns, on
       every ISA, is within 1e-13 of y(t).
   The ordinary curves must have every point certified for y (else their calls pay for the longer path), and
   every segment of the AVX2 batch's direct path (ck_bezier._direct) proved, for the same reason. */
static void check_certified_points(void) {
    enum { N = CK_BEZIER_SEGMENTS_D, STEPS = 100 };
    const double ordinary[][4] = {{0.25, 0.1, 0.25, 1}, {0.42, 0, 0.58, 1}, {0.2, 1, 0.42, 1}, {0.34, 1.56, 0.64, 1}};
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    int certified = 0, certified_y = 0, points = 0, direct_curves = 0;
    long double worst = 0, worst_y = 0;
    for (int c = 0; c < CURVES + 4; c++) {
        double p[4];
        if (c < CURVES) curve(c, p);
        else
            for (int i = 0; i < 4; i++) p[i] = ordinary[c - CURVES][i];
        ck_bezier b;
        CHECK(ck_bezier_init(&b, p[0], p[1], p[2], p[3]) == CK_OK, "init curve %d", c);
        const double(*row)[N + 1] = b._rows;
        int curve_certified_y = 0;
        for (int k = 0; k <= N; k++) {
            points++;
            const double check = row[CK_BZ_D_CHECK][k];
            if (check == CK_BZ_CERTIFIED_NONE) continue;
            CHECK(check == CK_BZ_CERTIFIED_X || check == CK_BZ_CERTIFIED_Y, "curve %d point %d: CHECK %g", c, k, check);
            certified++;
            const int y_alone = check == CK_BZ_CERTIFIED_Y;
            certified_y += y_alone;
            curve_certified_y += y_alone;
            long double point_worst = 0, point_worst_y = 0;
            double worst_x = 0, worst_x_y = 0;
            for (int i = 0; i <= STEPS; i++) {
                const double f_lo = k == 0 ? 0.0 : -0.5, f_hi = k == N ? 0.0 : 0.5;
                const double x = (k + f_lo + (f_hi - f_lo) * i / STEPS) / N;
                const long double f = (long double)x * N - k; /* exact, as in the fast path */
                long double d = 0;
                for (int j = 6; j >= 0; j--) d = (d + row[CK_BZ_D_C1 + j][k]) * f;
                const long double t = row[CK_BZ_D_T][k] + d;
                const long double r = ((b._x[0] * t + b._x[1]) * t + b._x[2]) * t - x;
                if (fabsl(r) > point_worst) point_worst = fabsl(r), worst_x = x;
                if (!y_alone || x <= 0 || x >= 1) continue; /* the ends are exact, by another path */
                const long double y = ((b._y[0] * t + b._y[1]) * t + b._y[2]) * t;
                for (int v = -1; v < nsimd; v++) {
                    ck_isa_set(v < 0 ? CK_ISA_SCALAR : simd[v]);
                    const long double e = fabsl(ck_bezier_value(&b, x) - y);
                    if (e > point_worst_y) point_worst_y = e, worst_x_y = x;
                }
            }
            ck_isa_set(previous);
            if (point_worst > worst) worst = point_worst;
            if (point_worst_y > worst_y) worst_y = point_worst_y;
            CHECK(point_worst <= 9e-15L, "curve %d (%g %g %g %g) point %d x %.17g: certified, residual %Lg", c, p[0],
                  p[1], p[2], p[3], k, worst_x, point_worst);
            CHECK(point_worst_y <= 1e-13L, "curve %d (%g %g %g %g) point %d x %.17g: certified for y, off by %Lg", c,
                  p[0], p[1], p[2], p[3], k, worst_x_y, point_worst_y);
        }
        int direct = 0; /* segments of the AVX2 batch's direct path (its values are checked in check_accuracy) */
        for (int k = 0; k < CK_BEZIER_BATCH_SEGMENTS; k++) direct += !isnan(b._direct[CK_BZ_S_YH][k]);
        direct_curves += direct == CK_BEZIER_BATCH_SEGMENTS;
        if (c >= CURVES) {
            CHECK(curve_certified_y == N + 1, "ordinary curve %d: %d of 65 points certified for y", c,
                  curve_certified_y);
            CHECK(direct == CK_BEZIER_BATCH_SEGMENTS, "ordinary curve %d: %d of 8 direct segments", c, direct);
        }
    }
    printf("bezier: init certified %d of %d points, %d of them for y alone; worst residual there %.2Lg (bound "
           "9e-15), worst y %.2Lg (bound 1e-13); %d of %d curves take the direct float batch\n",
           certified, points, certified_y, worst, worst_y, direct_curves, CURVES + 4);
}

/* Long batches, which SIMD paths may certify chunk by chunk: each value equals the same value computed
   alone (the arithmetic per lane is the same whichever way a lane is certified), with failing lanes (0,
   1, NaN, outside) placed in some chunks and not others, out of place and in place; and each SIMD value
   is within the float bound of the scalar path's (as in check_accuracy). */
static void check_long_batches(void) {
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    enum { LONG = 2600 };
    static float xs[LONG], ys[LONG], in_place[LONG], scalar[LONG];
    for (int c = 0; c < NAMED; c++) {
        ck_bezier b;
        CHECK(ck_bezier_init(&b, named[c][0], named[c][1], named[c][2], named[c][3]) == CK_OK, "init");
        for (int i = 0; i < LONG; i++) xs[i] = (float)uniform();
        xs[700] = 1.0f, xs[1500] = NAN, xs[1501] = 0.0f, xs[2599] = -0.5f; /* chunks 2, 3 and the last fail */
        for (int v = -1; v < nsimd; v++) {
            ck_isa_set(v < 0 ? CK_ISA_SCALAR : simd[v]);
            CHECK(ck_bezier_value_n(&b, xs, ys, LONG) == CK_OK, "long batch");
            for (int i = 0; i < LONG; i++) in_place[i] = xs[i];
            CHECK(ck_bezier_value_n(&b, in_place, in_place, LONG) == CK_OK, "long batch in place");
            int same = 1, first = -1;
            for (int i = 0; i < LONG; i++) {
                float alone;
                ck_bezier_value_n(&b, xs + i, &alone, 1);
                const int equal = (ys[i] == alone && in_place[i] == alone) ||
                                  (isnan(ys[i]) && isnan(alone) && isnan(in_place[i]));
                if (!equal && first < 0) first = i;
                same &= equal;
            }
            CHECK(same, "isa %d curve %d: long batch differs from single values first at %d", v < 0 ? 0 : simd[v], c,
                  first);
            if (v < 0) {
                for (int i = 0; i < LONG; i++) scalar[i] = ys[i];
                continue;
            }
            int near = 1, far = -1;
            for (int i = 0; i < LONG && near; i++) {
                if (isnan(xs[i])) {
                    near = isnan(ys[i]) && isnan(scalar[i]);
                } else if (fabsf(ys[i] - scalar[i]) > 5e-7f) { /* the band only where the curve is steep */
                    const double x = xs[i];
                    const double band = x < 0 || x > 1 ? 1e-7 * fabs(scalar[i]) : reference_band(named[c], x, 1e-7);
                    near = fabs((double)ys[i] - scalar[i]) <= 5e-7 + 2 * band;
                }
                if (!near) far = i;
            }
            CHECK(near, "isa %d curve %d: long batch value %d is %.9g, scalar %.9g", simd[v], c, far,
                  far >= 0 ? ys[far] : 0, far >= 0 ? scalar[far] : 0);
        }
        ck_isa_set(previous);
    }
}

static void check_slope(void) {
    ck_bezier b;
    ck_bezier_init(&b, 1, 0, 0, 1); /* x'(1/2) == 0, y'(1/2) == 3/2: vertical tangent at x = 1/2 */
    CHECK(ck_bezier_slope(&b, 0.5) == INFINITY, "vertical tangent: %g", ck_bezier_slope(&b, 0.5));
    ck_bezier_init(&b, 1, 1, 0, 0); /* y == x: slope 1 everywhere but at 1/2, where x' == y' == 0 */
    CHECK(fabs(ck_bezier_slope(&b, 0.3) - 1) < 1e-9 && fabs(ck_bezier_slope(&b, 0.5) - 1) < 1e-9, "cusp limit");
    ck_bezier_init(&b, 0.25, 0.1, 0.25, 1);
    for (int i = 1; i < 100; i++) {
        const double x = i / 100.0, h = 1e-6;
        const double numeric = (ck_bezier_value(&b, x + h) - ck_bezier_value(&b, x - h)) / (2 * h);
        CHECK(fabs(ck_bezier_slope(&b, x) - numeric) < 1e-5, "slope vs difference at %g", x);
    }
}

/* Any finite ordinates are valid (fuzz finding: 3 y overflowed and value / slope gave NaN near DBL_MAX).
   The double value is within 1e-12 of exact relative to the curve's scale, the slope is never NaN, and
   the float batch rounds as a float conversion of the exact value would, saturating at +/-FLT_MAX. */
static void check_huge_ordinates(void) {
    const double curves[][4] = {
        {0.42, 0, 0.58, 6e307},
        {0x1.4141414141414p-6, -0x1.6969696969696p-1, 1, DBL_MAX},
        {0.3, -DBL_MAX, 0.7, DBL_MAX},
        {0.5, DBL_MAX, 0.5, DBL_MAX},
        {0, -DBL_MAX, 1, -DBL_MAX},
        {0.25, 1e300, 0.75, -1e300},
        {0.2, 3e38, 0.9, 1},
    };
    ck_bezier b;
    CHECK(ck_bezier_init(&b, 0.42, 0, 0.58, 6e307) == CK_OK && fabs(ck_bezier_value(&b, 0.5) / 2.25e307 - 1) < 1e-14,
          "(0.42, 0, 0.58, 6e307) at 0.5: %g", ck_bezier_value(&b, 0.5));
    CHECK(ck_bezier_init(&b, curves[1][0], curves[1][1], curves[1][2], curves[1][3]) == CK_OK &&
              isfinite(ck_bezier_value(&b, 0x1.4eaa84f94eaa8p-2)),
          "the fuzzer's input: %g", ck_bezier_value(&b, 0x1.4eaa84f94eaa8p-2));
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    enum { POINTS = 41 };
    for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        const double *p = curves[c];
        const double scale = fmax(1, fmax(fabs(p[1]), fabs(p[3])));
        CHECK(ck_bezier_init(&b, p[0], p[1], p[2], p[3]) == CK_OK, "init huge curve %zu", c);
        CHECK(ck_bezier_value(&b, 0) == 0 && ck_bezier_value(&b, 1) == 1, "exact ends, huge curve %zu", c);
        float xf[POINTS], ys[POINTS];
        for (int i = 0; i < POINTS; i++) {
            const double x = (double)i / (POINTS - 1);
            const double y = ck_bezier_value(&b, x), exact = (double)reference_y(p, x);
            CHECK(isfinite(y) && fabs(y - exact) <= 1e-12 * scale + reference_band(p, x, 1e-14),
                  "huge curve %zu x %g: %g vs %g", c, x, y, exact);
            const double slope = ck_bezier_slope(&b, x - 0.5 / (POINTS - 1));
            CHECK(!isnan(slope), "huge curve %zu: slope NaN at %g", c, x);
            xf[i] = (float)x;
        }
        for (int v = -1; v < nsimd; v++) {
            ck_isa_set(v < 0 ? CK_ISA_SCALAR : simd[v]);
            CHECK(ck_bezier_value_n(&b, xf, ys, POINTS) == CK_OK, "huge batch");
            for (int i = 0; i < POINTS; i++) {
                const double exact = (double)reference_y(p, xf[i]);
                const double band = reference_band(p, xf[i], 1e-7);
                CHECK(isfinite(ys[i]), "huge curve %zu isa %d x %g: %g, finite input", c, v < 0 ? 0 : simd[v], xf[i],
                      ys[i]);
                if (fabs(exact) - band > 2.0 * FLT_MAX) {
                    CHECK(ys[i] == (exact > 0 ? FLT_MAX : -FLT_MAX), "huge curve %zu isa %d x %g: %g, exact %g", c,
                          v < 0 ? 0 : simd[v], xf[i], ys[i], exact);
                } else if (fabs(exact) + band < 0.5 * FLT_MAX) {
                    CHECK(fabs(ys[i] - exact) <= 5e-7 * scale + band, "huge curve %zu isa %d x %g: %g, exact %g", c,
                          v < 0 ? 0 : simd[v], xf[i], ys[i], exact);
                }
            }
        }
        ck_isa_set(previous);
    }
}

/* The end-tangent extensions of steep curves (issue #48): the gradient y1 / x1 or (y2 - 1) / (x2 - 1) is
   beyond DBL_MAX, but the extension near the ends is finite. Every ISA's value equals num u / den computed
   in long double (wide exponent on both targets) within two roundings, saturated at +/-DBL_MAX; slope
   reports the gradient saturated; the float batch saturates at +/-FLT_MAX. */
static void check_steep_extensions(void) {
    const struct { double p[4], start_num, start_den, end_num, end_den; } curves[] = {
        {{0.5, DBL_MAX, 0.5, DBL_MAX}, DBL_MAX, 0.5, DBL_MAX, -0.5},
        {{0.5, -DBL_MAX, 0.5, -DBL_MAX}, -DBL_MAX, 0.5, -DBL_MAX, -0.5},
        {{0x1p-1074, 1, 1 - 0x1p-53, 0}, 1, 0x1p-1074, -1, -0x1p-53},
        {{0x1p-1060, -3e300, 0.25, 2}, -3e300, 0x1p-1060, 1, -0.75},
    };
    /* 1 + 2^-52 is what adding 0.05 twenty times gives. */
    const double after[] = {1 + 0x1p-52, 1 + 0x1p-40, 1.05, 2, 1e300, DBL_MAX};
    ck_isa isas[4] = {CK_ISA_SCALAR};
    const int nisa = 1 + selftest_simd_isas(isas + 1);
    const ck_isa previous = ck_isa_active();
    for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        const double *p = curves[c].p;
        ck_bezier b;
        CHECK(ck_bezier_init(&b, p[0], p[1], p[2], p[3]) == CK_OK, "init steep curve %zu", c);
        for (int i = 0; i < nisa; i++) {
            ck_isa_set(isas[i]);
            for (size_t j = 0; j < 2 * sizeof after / sizeof after[0]; j++) {
                const int end = j % 2;
                const double x = end ? after[j / 2] : 1 - after[j / 2]; /* before 0: -2^-52, ... */
                const double u = end ? x - 1 : x;
                const long double num = end ? curves[c].end_num : curves[c].start_num;
                const long double den = end ? curves[c].end_den : curves[c].start_den;
                const long double exact = (end ? 1.0L : 0.0L) + num * u / den;
                const long double expected = fminl(fmaxl(exact, -DBL_MAX), DBL_MAX);
                const double got = ck_bezier_value(&b, x);
                CHECK(isfinite(got) && fabsl(got - expected) <= 0x1p-51L * fabsl(expected),
                      "steep curve %zu isa %d: value(%a) = %g, exact %Lg", c, (int)isas[i], x, got, exact);
                const long double gradient = fminl(fmaxl(num / den, -DBL_MAX), DBL_MAX);
                const double slope = ck_bezier_slope(&b, x);
                CHECK(fabsl(slope - gradient) <= 0x1p-52L * fabsl(gradient),
                      "steep curve %zu isa %d: slope(%a) = %g, gradient %Lg", c, (int)isas[i], x, slope, gradient);
            }
            float xf[2 * 6], yf[2 * 6];
            for (int j = 0; j < 6; j++) xf[2 * j] = (float)after[j] == 1 ? 1 + 0x1p-23f : (float)fmin(after[j], FLT_MAX);
            for (int j = 0; j < 6; j++) xf[2 * j + 1] = 1 - xf[2 * j];
            CHECK(ck_bezier_value_n(&b, xf, yf, 12) == CK_OK, "steep batch");
            for (int j = 0; j < 12; j++) {
                const long double exact = (double)ck_bezier_value(&b, xf[j]);
                const long double expected = fminl(fmaxl(exact, -FLT_MAX), FLT_MAX);
                CHECK(isfinite(yf[j]) && fabsl(yf[j] - expected) <= 0x1p-23L * fabsl(expected),
                      "steep curve %zu isa %d: value_n(%a) = %g, double %Lg", c, (int)isas[i], xf[j], yf[j], exact);
            }
        }
    }
    ck_isa_set(previous);
}

void selftest_bezier(void) {
    check_huge_ordinates();
    check_steep_extensions();
    check_validation();
    check_ends_and_extrapolation();
    check_slope();
    check_accuracy();
    check_long_batches();
    check_certified_points();
}

/* Native checks of the spring family: every SIMD path against scalar and against the double closed
   form (so NEON is checked under qemu-aarch64), propagation against the closed form, bad input. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "selftest.h"

#define LANES 1003 /* not a multiple of any width: the tail path runs too */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double uniform(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * 0x1.0p-53;
}

/* Mixed lanes: every regime, the seam at zeta = 1, omega0 1e-2...1e4, omega0 t up to 1e4. */
static void make_lanes(float *w, float *z, float *x0, float *v0, float *t) {
    static const float zetas[] = {0.0f, 0.05f, 0.7f, 0.999999f, 1.0f, 1.000001f, 1.5f, 20.0f, 1000.0f};
    for (int i = 0; i < LANES; i++) {
        w[i] = (float)pow(10.0, -2.0 + 6.0 * uniform());
        z[i] = (i % 3 == 0) ? (float)(2.0 * uniform()) : zetas[i % 9];
        const double wt = (i % 5 == 0) ? 1e4 * uniform() : 20.0 * uniform();
        t[i] = (float)fmin(1e3, wt / w[i]);
        x0[i] = (float)(2.0 * uniform() - 1.0);
        v0[i] = (float)((2.0 * uniform() - 1.0) * 3.0 * w[i]);
    }
}

static double scale_x(double w, double x0, double v0) { return fabs(x0) + fabs(v0) / w; }
static double scale_v(double w, double z, double x0, double v0) { return fabs(v0) + 2.0 * fmax(1.0, z) * w * fabs(x0); }

static void check_eval_n(void) {
    static float w[LANES], z[LANES], x0[LANES], v0[LANES], t[LANES], xs[LANES], vs[LANES], x[LANES], v[LANES];
    make_lanes(w, z, x0, v0, t);
    ck_isa_set(CK_ISA_SCALAR);
    CHECK(ck_spring_eval_n(w, z, x0, v0, t, xs, vs, LANES) == CK_OK, "scalar eval_n failed");
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    for (int k = -1; k < nsimd; k++) {
        const ck_isa isa = k < 0 ? CK_ISA_SCALAR : simd[k];
        ck_isa_set(isa);
        CHECK(ck_spring_eval_n(w, z, x0, v0, t, x, v, LANES) == CK_OK, "eval_n failed on isa %d", isa);
        double worst = 0.0;
        for (int i = 0; i < LANES; i++) {
            double xe, ve;
            ck_spring_eval((ck_spring){w[i], z[i]}, x0[i], v0[i], t[i], &xe, &ve);
            const double b = 1e-6 * (4.0 + (double)w[i] * t[i]);
            const double ex = fabs(x[i] - xe) / (b * scale_x(w[i], x0[i], v0[i]));
            const double ev = fabs(v[i] - ve) / (b * scale_v(w[i], z[i], x0[i], v0[i]));
            const double es = fabs(x[i] - xs[i]) / (b * scale_x(w[i], x0[i], v0[i]));
            worst = fmax(worst, fmax(ex, fmax(ev, es)));
            CHECK(ex <= 1.0 && ev <= 1.0 && es <= 1.0,
                  "isa %d lane %d (w %g z %.9g x0 %g v0 %g t %g): x %.9g v %.9g exact %.9g %.9g scalar %.9g", isa, i,
                  w[i], z[i], x0[i], v0[i], t[i], x[i], v[i], xe, ve, xs[i]);
        }
        printf("  spring eval_n isa %d: worst error %.3f of the bound\n", isa, worst);

        /* Invalid lanes: NaN there, CK_ERR_ARGUMENT, every valid lane still computed. */
        float bw[11], bz[11], bx[11], bv[11], bt[11], ox[11], ov[11];
        for (int i = 0; i < 11; i++) bw[i] = 2.0f, bz[i] = 0.5f, bx[i] = 1.0f, bv[i] = 0.0f, bt[i] = 0.25f;
        bw[1] = 0.0f, bz[3] = -1.0f, bx[5] = NAN, bt[7] = -1.0f, bv[9] = INFINITY, bw[10] = INFINITY;
        CHECK(ck_spring_eval_n(bw, bz, bx, bv, bt, ox, ov, 11) == CK_ERR_ARGUMENT, "bad lanes not reported");
        for (int i = 0; i < 11; i++) {
            const int bad = i == 1 || i == 3 || i == 5 || i == 7 || i == 9 || i == 10;
            CHECK(bad ? isnan(ox[i]) && isnan(ov[i]) : ox[i] == ox[0] && ov[i] == ov[0],
                  "isa %d lane %d: %g %g", isa, i, ox[i], ov[i]);
        }
    }
    ck_isa_set(ck_isa_best());
}

/* Underdamped phases on both sides of 8192 rad, where the float Cody-Waite reduction hands over to the double one,
   mixed with overdamped, critical and undamped lanes in the same blocks: every ISA within the float bound. */
static void check_reduction_handover(void) {
    enum { N = 160 };
    static const float zetas[4] = {0.3f, 4.0f, 1.0f, 0.0f};
    float w[N], z[N], x0[N], v0[N], t[N], x[N], v[N];
    for (int i = 0; i < N; i++) {
        w[i] = 100.0f, x0[i] = -0.75f, v0[i] = 40.0f;
        z[i] = (i < 80 && i % 8 == 7) ? 1.5f : zetas[i % 4];
        t[i] = (float)(78.0 + i * 0.05); /* omega0 t from 7800 to 8595 rad */
    }
    ck_isa isas[4] = {CK_ISA_SCALAR};
    const int nisa = 1 + selftest_simd_isas(isas + 1);
    for (int k = 0; k < nisa; k++) {
        ck_isa_set(isas[k]);
        CHECK(ck_spring_eval_n(w, z, x0, v0, t, x, v, N) == CK_OK, "hand-over eval_n, isa %d", isas[k]);
        for (int i = 0; i < N; i++) {
            double xe, ve;
            ck_spring_eval((ck_spring){w[i], z[i]}, x0[i], v0[i], t[i], &xe, &ve);
            const double b = 1e-6 * (4.0 + (double)w[i] * t[i]);
            CHECK(fabs(x[i] - xe) <= b * scale_x(w[i], x0[i], v0[i]) &&
                      fabs(v[i] - ve) <= b * scale_v(w[i], z[i], x0[i], v0[i]),
                  "hand-over isa %d lane %d (z %g t %g): %.9g %.9g vs %.9g %.9g", isas[k], i, z[i], t[i], x[i], v[i], xe,
                  ve);
        }
    }
    ck_isa_set(ck_isa_best());
}

static void check_propagate(void) {
    const double rates[] = {30.0, 60.0, 120.0, 240.0};
    const ck_spring springs[] = {{4 * 3.14159265358979, 0.0}, {4 * 3.14159265358979, 0.7}, {20.0, 1.0}, {8.0, 3.0}};
    ck_isa isas[4] = {CK_ISA_SCALAR};
    const int nisa = 1 + selftest_simd_isas(isas + 1);
    for (int k = 0; k < nisa; k++) {
        ck_isa_set(isas[k]);
        for (int s = 0; s < 4; s++) {
            for (int r = 0; r < 4; r++) {
                float x[13], v[13];
                for (int i = 0; i < 13; i++) x[i] = 1.0f - 0.1f * i, v[i] = 2.0f * i;
                ck_propagator p;
                CHECK(ck_propagator_make(springs[s], 1.0 / rates[r], &p) == CK_OK, "make");
                const int steps = (int)(2.0 * rates[r] + 0.5);
                for (int n = 0; n < steps; n++) ck_propagate_n(&p, 1, x, v, 13);
                for (int i = 0; i < 13; i++) {
                    double xe, ve;
                    const double x0 = 1.0f - 0.1f * i, v0 = 2.0f * i;
                    ck_spring_eval(springs[s], x0, v0, steps / rates[r], &xe, &ve);
                    CHECK(fabs(x[i] - xe) <= 1e-4 * scale_x(springs[s].omega0, x0, v0), "isa %d spring %d rate %g lane %d: %g vs %g",
                          isas[k], s, rates[r], i, x[i], xe);
                }
            }
            /* Per-lane propagators with jittered dt (+-50 %) match the shared path lane by lane. */
            enum { N = 21 };
            ck_propagator each[N];
            float xe[N], ve[N], xr[N], vr[N];
            for (int i = 0; i < N; i++) xe[i] = xr[i] = 1.0f, ve[i] = vr[i] = -1.0f;
            for (int step = 0; step < 50; step++) {
                for (int i = 0; i < N; i++) {
                    ck_propagator_make(springs[s], (0.5 + uniform()) / 60.0, &each[i]);
                    ck_propagate_n(&each[i], 1, &xr[i], &vr[i], 1);
                }
                CHECK(ck_propagate_n(each, N, xe, ve, N) == CK_OK, "each");
            }
            for (int i = 0; i < N; i++)
                CHECK(fabsf(xe[i] - xr[i]) <= 1e-5f && fabsf(ve[i] - vr[i]) <= 1e-5f * springs[s].omega0, "isa %d each lane %d: %g vs %g",
                      isas[k], i, xe[i], xr[i]);
        }
    }
    ck_isa_set(ck_isa_best());
}

/* The seam. Near zeta = 1 the textbook closed forms cancel (the over-damped one subtracts two exponentials weighted
   by 1 / sqrt(zeta^2 - 1): half the digits gone at zeta = 1 + 1e-12). The exact state there is the critical one plus
   (zeta - 1) times its derivative in zeta: with u = omega0 t and b = v0 / omega0 + x0,
       dx/dzeta = e^-u u^2 (b u / 3 - v0 / omega0),  dv/dzeta = omega0 e^-u (b u^2 - 2 u v0 / omega0 - b u^3 / 3 + u^2 v0 / omega0),
   and the neglected second-order term is below 1e-18 S for |zeta - 1| <= 1e-9. Every zeta within 1e-9 of 1, down to
   one ulp, meets the contract's bound (1e-12 + 4e-16 omega0 t) S against that. */
static void check_seam(void) {
    const double offsets[] = {1e-9, 3e-11, 1e-12, 1e-14, 1e-15, 0x1p-52};
    const double ws[] = {3.0, 37.3};
    double worst = 0.0;
    for (int iw = 0; iw < 2; iw++) {
        const double w = ws[iw];
        const double starts[4][2] = {{1.0, -2.0}, {1.0, 0.0}, {0.0, 3.0 * w}, {-0.7, 2.1 * w}};
        for (int is = 0; is < 4; is++) {
            const double x0 = starts[is][0], v0 = starts[is][1], b = v0 / w + x0;
            const double sx = fabs(x0) + fabs(v0) / w;
            for (int io = 0; io < 12; io++) {
                const double z = io % 2 ? 1.0 - offsets[io / 2] : 1.0 + offsets[io / 2], delta = z - 1.0;
                const double sv = fabs(v0) + 2.0 * (z > 1.0 ? z : 1.0) * w * fabs(x0);
                for (double u = 0.0; u <= 60.0; u += 0.37) {
                    const double e = exp(-u);
                    const double xe = e * (x0 + b * u) + delta * e * u * u * (b * u / 3.0 - v0 / w);
                    const double ve = w * e * (v0 / w - b * u) +
                                      delta * w * e * (b * u * u - 2.0 * u * v0 / w - b * u * u * u / 3.0 + u * u * v0 / w);
                    double x, v;
                    ck_spring_eval((ck_spring){w, z}, x0, v0, u / w, &x, &v);
                    const double allowance = 1e-12 + 4e-16 * u;
                    const double excess = fmax(fabs(x - xe) / (allowance * sx), fabs(v - ve) / (allowance * sv));
                    if (excess > worst) worst = excess;
                    CHECK(excess <= 1.0, "seam: w %g x0 %g v0 %g zeta 1%+g omega0 t %g: x %.17g (exact %.17g) v %.17g (exact %.17g)",
                          w, x0, v0, delta, u, x, xe, v, ve);
                }
            }
        }
    }
    printf("  spring seam: zeta within 1e-9 of 1, worst error %.2g of the contract's bound\n", worst);
}

/* Damping near DBL_MAX (fuzz finding: settling time 0 where zeta * v0 / omega0 overflowed). The exact answer is
   ln(|A| / eps) 2 zeta / omega0 with A = x0 + v0 / (2 zeta omega0) once the fast phase is over, or inside the fast
   phase ln(|k| / (eps - A)) / (2 zeta omega0), k = v0 / (2 zeta omega0); beyond the double range +inf. Eval at
   zeta = 2^27 (the huge-zeta closed form) matches the general closed form just below it. */
static void check_extreme_settling(void) {
    const struct { double w, z, x0, v0, expected; } cases[] = {
        {5e153, 1e154, 0.0, 1e308, 27.631021115928547},
        {0x1p1022, DBL_MAX, 1.0, DBL_MAX, 55.262042231857087},
        {1e100, 1e200, 1.0, -1.9998e300, 3.5065078948198151e-300},
        {6.283, DBL_MAX, -0.4197, 1e6, INFINITY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double t = -1.0;
        CHECK(ck_spring_settling_time((ck_spring){cases[i].w, cases[i].z}, cases[i].x0, cases[i].v0, 1e-3, &t) == CK_OK,
              "settling status, case %zu", i);
        const double e = cases[i].expected;
        CHECK(isinf(e) ? t == e : fabs(t / e - 1.0) < 1e-12, "settling case %zu: %.17g, expected %.17g", i, t, e);
    }
    /* A ratio of 1e600 between start and epsilon: the comparison runs in logs, the tail is the slow exponential. */
    double near, far;
    ck_spring_settling_time((ck_spring){1, 2}, 1, 0, 1e-300, &near);
    ck_spring_settling_time((ck_spring){1, 2}, 1e300, 0, 1e-300, &far);
    CHECK(fabs((far - near) - 300.0 * log(10.0) / (2.0 - sqrt(3.0))) < 1e-6, "log-domain settling %.17g %.17g", near,
          far);
    double x, v;
    CHECK(ck_spring_eval((ck_spring){1e300, 1e300}, 1, 0, 2, &x, &v) == CK_OK, "eval zeta 1e300");
    CHECK(fabs(x - exp(-1.0)) < 1e-15 && fabs(v + 0.5 * exp(-1.0)) < 1e-15, "eval zeta 1e300: %.17g %.17g", x, v);
    CHECK(ck_spring_eval((ck_spring){1.267e307, DBL_MAX}, -0.05851, 0.001054, DBL_MAX, &x, &v) == CK_OK && x == 0.0 &&
              v == 0.0,
          "eval zeta DBL_MAX, t DBL_MAX: %g %g", x, v);
    for (double t = 1e-9; t < 1e9; t *= 3.7) {
        double xa, va, xb, vb;
        ck_spring_eval((ck_spring){10.0, nextafter(0x1p27, 0.0)}, 1.0, 3.0, t, &xa, &va);
        ck_spring_eval((ck_spring){10.0, 0x1p27}, 1.0, 3.0, t, &xb, &vb);
        CHECK(fabs(xa - xb) <= 1e-12 * 4.0 && fabs(va - vb) <= 1e-12 * (3.0 + 2.0 * 0x1p27 * 10.0),
              "huge-zeta seam at t %g: x %.17g %.17g v %.17g %.17g", t, xa, xb, va, vb);
    }
}

static void check_bad_input(void) {
    ck_spring s;
    double x, v, t;
    ck_propagator p = {1, 0, 0, 1};
    float f[4] = {0};
    CHECK(ck_spring_make(1, 100, 10, NULL) == CK_ERR_NULL, "make NULL");
    CHECK(ck_spring_make(0, 100, 10, &s) == CK_ERR_ARGUMENT, "make mass 0");
    CHECK(ck_spring_make(1, 100, -1, &s) == CK_ERR_ARGUMENT, "make damping < 0");
    CHECK(ck_spring_from_duration(0.5, -1.0, &s) == CK_ERR_ARGUMENT, "bounce -1");
    CHECK(ck_spring_from_response(NAN, 1.0, &s) == CK_ERR_ARGUMENT, "response NaN");
    CHECK(ck_spring_eval((ck_spring){1, 0.5}, 1, 0, -1, &x, &v) == CK_ERR_ARGUMENT, "t < 0");
    CHECK(ck_spring_eval((ck_spring){1, 0.5}, 1, 0, 1, NULL, &v) == CK_ERR_NULL, "eval NULL");
    CHECK(ck_spring_settling_time((ck_spring){1, 0.5}, 1, 0, 0, &t) == CK_ERR_ARGUMENT, "epsilon 0");
    CHECK(ck_propagator_make((ck_spring){1, 0.5}, INFINITY, &p) == CK_ERR_ARGUMENT, "dt inf");
    CHECK(ck_propagate_n(&p, 2, f, f + 2, 1) == CK_ERR_SIZE, "np mismatch");
    CHECK(ck_propagate_n(&p, 1, f, f + 1, 2) == CK_ERR_OVERLAP, "x, v overlap");
    CHECK(ck_propagate_n(NULL, 1, NULL, NULL, 0) == CK_OK, "n == 0");
    CHECK(ck_spring_eval_n(f, f, f, f, f, f + 1, f + 2, 2) == CK_ERR_OVERLAP, "output overlaps input");
}

void selftest_spring(void) {
    check_bad_input();
    check_seam();
    check_extreme_settling();
    check_eval_n();
    check_reduction_handover();
    check_propagate();
}

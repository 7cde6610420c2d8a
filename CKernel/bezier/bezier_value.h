/*
 * The fast path of ck_bezier_value, shared as source by bezier.c (portable build: scalar, SSE2 and NEON
 * tables) and bezier_avx2.c (the same code compiled with FMA, where every multiply-add below becomes one
 * instruction and the dependency chain halves). Include it once per ISA file; it defines static code.
 *
 * A call is latency-bound: the chain is index -> table row -> guess t0 -> x(t0) -> step -> y, and the
 * out-of-order window holds little more than one call, so the chain's length and the call's size both
 * count. This path keeps a second polynomial off the end of the chain:
 *   - t0 comes from the 33 centred quintics of ck_bezier._guess_d (error ~1e-12 on ordinary curves);
 *   - x'(t0), y(t0) and y'(t0) are computed beside x(t0), so the division r / x' only waits for r;
 *   - y(t1) for t1 = t0 - h is taken as y(t0) - h y'(t0), which differs from it by at most My h^2 (My
 *     bounds |y''|/2 + |ay| on [0, 1]).
 * The certificate: |h| <= _tolerance[3] (M h^2 <= 4e-15 and My h^2 <= 1e-13). Then the result is y(t1)
 * within 1e-13 and |x(t1) - x| < 1e-14, the contract's bound. Anything else (x outside (0, 1), NaN, a
 * vertical tangent, scaled ordinates: their tolerance is negative) takes ck_bezier_value_trusted.
 */
#ifndef CK_BEZIER_VALUE_H
#define CK_BEZIER_VALUE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bezier_internal.h"

/* The double table's first guess t(x) for 0 < x < 1: the quintic of row k = round(32 x) at
   f = 32 x - k in [-1/2, 1/2]. 32 x + 1.5 * 2^52 rounds 32 x to an integer in the low mantissa bits
   (one fused operation; 32 x is exact), so no float-to-int conversion sits on the chain, and k <= 32
   for x < 1. */
static inline double ck_bz_guess_d(const ck_bezier *b, double x) {
    const double shifted = x * CK_BEZIER_SEGMENTS_D + 0x1.8p52;
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    const double *c = b->_guess_d[bits & (2 * CK_BEZIER_SEGMENTS_D - 1)];
    const double f = x * CK_BEZIER_SEGMENTS_D - (shifted - 0x1.8p52), f2 = f * f, f4 = f2 * f2;
    return ((c[0] + f * c[1]) + f2 * (c[2] + f * c[3])) + f4 * (c[4] + f * c[5]);
}

static inline double ck_bz_value_fast(const ck_bezier *b, double x) {
    if (!(fabs(x - 0.5) < 0.5)) return ck_bezier_value_trusted(b, x); /* 0 < x < 1, false for NaN */
    const double t = ck_bz_guess_d(b, x);
    const double t2 = t * t;
    const double r = (b->_x[2] * t - x) + t2 * (b->_x[0] * t + b->_x[1]);
    const double dx = (b->_x[2] + b->_d[1] * t) + b->_d[0] * t2;
    const double h = r / dx;
    /* y(t) in the form that rounds monotonically at its end (see ck_bz_y), and y'(t). */
    const double s = 1.0 - t;
    const double near_start = b->_y[2] * t + t2 * (b->_y[0] * t + b->_y[1]);
    const double near_end = 1.0 - s * ((s + b->_y_end[0] * t) * s + b->_y_end[1] * t2);
    const double y0 = t <= 0.5 ? near_start : near_end;
    const double dy = (b->_y[2] + b->_d[3] * t) + b->_d[2] * t2;
    if (fabs(h) <= b->_tolerance[3]) return y0 - h * dy; /* false for NaN (x'(t0) == 0) */
    return ck_bezier_value_trusted(b, x);
}

#endif

/*
 * The fast path of ck_bezier_value, compiled once per instruction set like blur_kernels.h: bezier.c
 * builds it with plain multiply-adds (the portable reference, also SSE2's), bezier_avx2.c and bezier_neon.c
 * with fused ones. Define before including:
 *   CK_BZ_VALUE_NAME  the function's name;
 *   CK_BZ_MADD(a, b, c)  a * b + c, fused or not.
 * Either rounding is within the contract's bound; both are tested on every ISA.
 *
 * A call is bound by its floating-point work and its dependency chain (index -> table row -> y): successive
 * calls overlap only as far as the scheduler holds their waiting instructions, so both are kept short.
 * Where init proved it for every input of point k (CHECK == CK_BZ_CERTIFIED_Y, ck_bz_certify_y in
 * bezier.c; every point of an ordinary curve) y is the point's degree-7 polynomial Q(f) in the local
 * coordinate: index, then Estrin's three levels, about 25 cycles with fused multiply-adds. Q(f) is within
 * 1e-13 of y(t_k + d(f)), and x(t_k + d(f)) within 1e-14 of x, which is the contract's bound (y(x') plus at
 * most 1e-12) with a margin of 10. Going through t instead (the degree-7 guess d of t - t_k, then y(t_k +
 * d) from the exact Taylor form of y at t_k) is 1e-16 closer but two levels (8 cycles) longer.
 *
 * Elsewhere the call takes that longer way. Where init proved the guess d (CHECK == CK_BZ_CERTIFIED_X,
 * ck_bz_certify_point) it returns y(t_k + d). Otherwise the row's Taylor form of x gives the residual
 * r = x(t_k + d) - x with the exact constant k/64 - x = -f/64 cancelled first, so r carries only the
 * roundings of its small terms (~1e-18). |r| <= 9e-15 proves that the returned y(t_k + d) is y(x') with
 * |x' - x| < 1e-14; its own roundings are two roundings at the size of y (and one in Y). Anything else
 * (x outside [0, 1], NaN, a poor guess near a vertical tangent, rows marked E = NaN) takes
 * ck_bezier_value_trusted, the full bracketed solver.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

double CK_BZ_VALUE_NAME(const ck_bezier *b, double x) {
    /* 0 <= x <= 1 as one unsigned compare of the bits (-0, negatives, NaN and x > 1 are above 1.0's bits);
       the ends are exact here too: f == 0 gives Y, which is exactly 0 at t_0 = 0 and 1 at t_64 = 1. */
    uint64_t x_bits;
    memcpy(&x_bits, &x, sizeof x_bits);
    if (x_bits > 0x3FF0000000000000u) return ck_bezier_value_trusted(b, x);
    /* Point k = round(64 x): 64 x + 1.5 * 2^52 (64 x is exact) rounds it into the low mantissa bits, so no
       float-to-int conversion sits on the chain; f = 64 x - k in [-1/2, 1/2] is exact. */
    const double shifted = CK_BZ_MADD(x, (double)CK_BEZIER_SEGMENTS_D, 0x1.8p52);
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    const size_t k = bits & (2 * CK_BEZIER_SEGMENTS_D - 1);
    const double(*c)[CK_BEZIER_SEGMENTS_D + 1] = b->_rows;
    const double f = CK_BZ_MADD(x, (double)CK_BEZIER_SEGMENTS_D, -(shifted - 0x1.8p52));
    const double f2 = f * f, f4 = f2 * f2;
    /* Q(f) = (Y + Q1 f + f^2 (Q2 + Q3 f)) + f^4 ((Q4 + Q5 f) + f^2 (Q6 + Q7 f)): three levels after f. */
    const double q_low = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_Q3][k], c[CK_BZ_D_Q2][k]),
                                    CK_BZ_MADD(f, c[CK_BZ_D_Q1][k], c[CK_BZ_D_Y][k]));
    const double q_high = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_Q7][k], c[CK_BZ_D_Q6][k]),
                                     CK_BZ_MADD(f, c[CK_BZ_D_Q5][k], c[CK_BZ_D_Q4][k]));
    const double q = CK_BZ_MADD(f4, q_high, q_low);
    uint64_t check; /* compared as bits: one integer compare with memory, no register for 0.0 */
    memcpy(&check, &c[CK_BZ_D_CHECK][k], sizeof check);
    /* Expected, so that the polynomial's loads and multiply-adds follow the test rather than sit behind a
       taken branch at the function's end (C driver, same process: 9.0 -> 8.6 ns per call). */
    if (__builtin_expect(check == 0, 1)) return q; /* CK_BZ_CERTIFIED_Y */
    /* d = (C1 f + f^2 (C2 + C3 f)) + f^4 ((C4 + C5 f) + f^2 (C6 + C7 f)) */
    const double low = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_C3][k], c[CK_BZ_D_C2][k]), f * c[CK_BZ_D_C1][k]);
    const double high = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_C7][k], c[CK_BZ_D_C6][k]),
                                   CK_BZ_MADD(f, c[CK_BZ_D_C5][k], c[CK_BZ_D_C4][k]));
    const double d = CK_BZ_MADD(f4, high, low);
    const double d2 = d * d;
    /* y(t_k + d) = (Y + B1 d) + d^2 (B2 + ay d) */
    const double y = CK_BZ_MADD(d2, CK_BZ_MADD(d, b->_y[0], c[CK_BZ_D_B2][k]),
                                CK_BZ_MADD(d, c[CK_BZ_D_B1][k], c[CK_BZ_D_Y][k]));
    if (c[CK_BZ_D_CHECK][k] == CK_BZ_CERTIFIED_X) return y;
    /* r = ((E - f/64) + A1 d) + d^2 (A2 + ax d) */
    const double constant = CK_BZ_MADD(f, -1.0 / CK_BEZIER_SEGMENTS_D, c[CK_BZ_D_E][k]);
    const double r = CK_BZ_MADD(d2, CK_BZ_MADD(d, b->_x[0], c[CK_BZ_D_A2][k]),
                                CK_BZ_MADD(d, c[CK_BZ_D_A1][k], constant));
    if (fabs(r) <= 9e-15) return y; /* false for NaN: marked points */
    return ck_bezier_value_trusted(b, x);
}

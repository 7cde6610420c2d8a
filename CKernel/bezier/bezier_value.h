/*
 * The fast path of ck_bezier_value, compiled once per instruction set like blur_kernels.h: bezier.c
 * builds it with plain multiply-adds (the portable reference, also SSE2's), bezier_avx2.c and bezier_neon.c
 * with fused ones. Define before including:
 *   CK_BZ_VALUE_NAME  the function's name;
 *   CK_BZ_MADD(a, b, c)  a * b + c, fused or not.
 * Either rounding is within the contract's bound; both are tested on every ISA.
 *
 * A call is bound by its floating-point work and its dependency chain (index -> table row -> guess ->
 * y): successive calls overlap only as far as the scheduler holds their waiting instructions, so both are
 * kept short. No Newton step: the degree-7 guess d of t - t_k at the nearest table point k is accurate to
 * ~1e-16 on ordinary curves, and y(t_k + d) comes from the exact Taylor form of y at t_k, so the chain is:
 * index, d (Estrin form, three levels), y (two levels): about 33 cycles with fused multiply-adds.
 *
 * The certificate, off the chain (it only decides a well-predicted branch): where init proved it for
 * every input of point k (CHECK == 0, ck_bz_certify_point in bezier.c; every point of an ordinary curve)
 * nothing is left to do; the residual below was 9 of a call's ~50 instructions. Elsewhere the row's Taylor
 * form of x gives the residual r = x(t_k + d) - x with the exact constant k/64 - x = -f/64 cancelled
 * first, so r carries only the roundings of its small terms (~1e-18). |r| <= 9e-15 proves that the
 * returned y(t_k + d) is y(x') with |x' - x| < 1e-14, the contract's bound; its own roundings are two
 * roundings at the size of y (and one in Y). Anything else (x outside (0, 1), NaN, a poor guess near a
 * vertical tangent, rows marked E = NaN) takes ck_bezier_value_trusted, the full bracketed solver.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

double CK_BZ_VALUE_NAME(const ck_bezier *b, double x) {
    if (!(fabs(x - 0.5) < 0.5)) return ck_bezier_value_trusted(b, x); /* 0 < x < 1, false for NaN */
    /* Point k = round(64 x): 64 x + 1.5 * 2^52 (64 x is exact) rounds it into the low mantissa bits, so no
       float-to-int conversion sits on the chain; f = 64 x - k in [-1/2, 1/2] is exact. */
    const double shifted = CK_BZ_MADD(x, (double)CK_BEZIER_SEGMENTS_D, 0x1.8p52);
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    const size_t k = bits & (2 * CK_BEZIER_SEGMENTS_D - 1);
    const double(*c)[CK_BEZIER_SEGMENTS_D + 1] = b->_rows;
    const double f = CK_BZ_MADD(x, (double)CK_BEZIER_SEGMENTS_D, -(shifted - 0x1.8p52));
    const double f2 = f * f, f4 = f2 * f2;
    /* d = (C1 f + f^2 (C2 + C3 f)) + f^4 ((C4 + C5 f) + f^2 (C6 + C7 f)): three levels after f. */
    const double low = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_C3][k], c[CK_BZ_D_C2][k]), f * c[CK_BZ_D_C1][k]);
    const double high = CK_BZ_MADD(f2, CK_BZ_MADD(f, c[CK_BZ_D_C7][k], c[CK_BZ_D_C6][k]),
                                   CK_BZ_MADD(f, c[CK_BZ_D_C5][k], c[CK_BZ_D_C4][k]));
    const double d = CK_BZ_MADD(f4, high, low);
    const double d2 = d * d;
    /* y(t_k + d) = (Y + B1 d) + d^2 (B2 + ay d) */
    const double y = CK_BZ_MADD(d2, CK_BZ_MADD(d, b->_y[0], c[CK_BZ_D_B2][k]),
                                CK_BZ_MADD(d, c[CK_BZ_D_B1][k], c[CK_BZ_D_Y][k]));
    uint64_t check; /* compared as bits: one integer compare with memory, no register for 0.0 */
    memcpy(&check, &c[CK_BZ_D_CHECK][k], sizeof check);
    if (check == 0) return y;
    /* r = ((E - f/64) + A1 d) + d^2 (A2 + ax d) */
    const double constant = CK_BZ_MADD(f, -1.0 / CK_BEZIER_SEGMENTS_D, c[CK_BZ_D_E][k]);
    const double r = CK_BZ_MADD(d2, CK_BZ_MADD(d, b->_x[0], c[CK_BZ_D_A2][k]),
                                CK_BZ_MADD(d, c[CK_BZ_D_A1][k], constant));
    if (fabs(r) <= 9e-15) return y; /* false for NaN: marked points */
    return ck_bezier_value_trusted(b, x);
}

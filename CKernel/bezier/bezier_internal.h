/*
 * Private to the bezier family: the per-ISA table and the scalar helpers the SIMD files share.
 *
 * The solver (see bezier.c) finds t with x(t) == x from a tabulated first guess and certifies the
 * last Newton step; SIMD kernels run a tabulated first guess (SSE2 and NEON: ck_bezier._guess; AVX2:
 * ck_bezier._batch) and one Newton step on whole vectors and hand any lane whose certificate fails (or
 * that lies outside (0, 1) or is NaN) to the scalar solver.
 */
#ifndef CK_BEZIER_INTERNAL_H
#define CK_BEZIER_INTERNAL_H

#include <math.h>

#include "../ck_internal.h"

/* Segments of the first-guess table: x in [k/16, (k+1)/16) uses row k of ck_bezier._guess. */
#define CK_BEZIER_SEGMENTS 16
/* Points of the double table ck_bezier._rows, less one: point k serves |x - k/64| <= 1/128. The table is
   stored by quantity (_rows[q][k], q one of CK_BZ_D_*) so a row index scales by 8 inside the address.
   With t_k a double near t(k/64) and the local coordinate f = 64 x - k, point k has:
     - d(f) = C1 f + C2 f^2 + ... + C7 f^7 ~ t(x) - t_k, fitted at init (error ~1e-16 on ordinary curves);
     - x and y around t_k exactly (both are cubics, so their Taylor series end after the cubic term):
       x(t_k + d) = k/64 + E + A1 d + A2 d^2 + ax d^3 and y(t_k + d) = Y + B1 d + B2 d^2 + ay d^3;
     - Q(f) = Y + Q1 f + ... + Q7 f^7 ~ y(t_k + d(f)), fitted at init like d: y as a function of x directly;
     - CHECK, what init proved for every f of the point (see ck_bz_certify_point and ck_bz_certify_y):
       CK_BZ_CERTIFIED_Y (0.0) where Q(f) is within 1e-13 of y(t_k + d(f)) and d(f) meets the double
       certificate, so a call returns Q(f) alone; CK_BZ_CERTIFIED_X (1.0) where only d(f) was proved, so a
       call returns y(t_k + d(f)); CK_BZ_CERTIFIED_NONE (2.0) where a call must check its own residual.
   A point whose data the fast path must not use has E = NaN (and CHECK = CK_BZ_CERTIFIED_NONE). */
#define CK_BEZIER_SEGMENTS_D 64
enum {
    CK_BZ_D_T, CK_BZ_D_C1, CK_BZ_D_C2, CK_BZ_D_C3, CK_BZ_D_C4, CK_BZ_D_C5, CK_BZ_D_C6, CK_BZ_D_C7,
    CK_BZ_D_E, CK_BZ_D_A1, CK_BZ_D_A2, CK_BZ_D_B1, CK_BZ_D_B2, CK_BZ_D_Y, CK_BZ_D_CHECK,
    CK_BZ_D_Q1, CK_BZ_D_Q2, CK_BZ_D_Q3, CK_BZ_D_Q4, CK_BZ_D_Q5, CK_BZ_D_Q6, CK_BZ_D_Q7, CK_BZ_D_COUNT
};
#define CK_BZ_CERTIFIED_Y 0.0
#define CK_BZ_CERTIFIED_X 1.0
#define CK_BZ_CERTIFIED_NONE 2.0

/* Rows of ck_bezier._batch, one float per eighth k of x (x in [k/8, (k+1)/8)), describing x and y
   exactly around a float node t_k near t(k/8) (both are cubics, so their Taylor series at t_k end after
   the cubic term): x(t_k + d) = k/8 + E + A1 d + A2 d^2 + ax d^3 and y(t_k + d) = YH + YL + B1 d + B2 d^2
   + ay d^3, with A2X2 = 2 A2 and B2X2 = 2 B2 for the derivatives, and d ~ G1 f + ... + G5 f^5 for the
   local coordinate f = 8 x - k. t_k itself is not needed. Tabulating the second-order terms moves work
   from the multiply-add ports, which bound the AVX2 loop, to the shuffle port (one vpermps each). A
   segment the float arithmetic cannot certify has E = NaN. */
enum {
    CK_BZ_E, CK_BZ_A1, CK_BZ_A2, CK_BZ_A2X2, CK_BZ_B1, CK_BZ_B2, CK_BZ_B2X2, CK_BZ_YH, CK_BZ_YL,
    CK_BZ_G1, CK_BZ_G2, CK_BZ_G3, CK_BZ_G4, CK_BZ_G5, CK_BZ_BATCH_ROWS
};
#define CK_BEZIER_BATCH_SEGMENTS 8

/* Rows of ck_bezier._direct, one float per eighth k of x, for the AVX2 batch's direct path: around the
   node t_k = t((k + 1/2) / 8), with u = 8 x - k - 1/2 in [-1/2, 1/2],
     d(u) = D1 u + ... + D7 u^7 ~ t(x) - t_k, and y(t_k + d) = YH + YL + B1 d + B2 d^2 + ay d^3 exactly.
   Init proves for every u of the segment that x(t_k + d(u)), with d as a call rounds it, is within 9e-8
   of x and that y there comes out within 4e-7 (ck_bz_build_direct_table), so a call needs no residual and
   no Newton step. A segment it cannot prove has YH = NaN, and a curve with one uses the stepped path. */
enum {
    CK_BZ_S_D1, CK_BZ_S_D2, CK_BZ_S_D3, CK_BZ_S_D4, CK_BZ_S_D5, CK_BZ_S_D6, CK_BZ_S_D7, CK_BZ_S_YH, CK_BZ_S_YL,
    CK_BZ_S_B1, CK_BZ_S_B2, CK_BZ_DIRECT_ROWS
};

struct ck_bezier_ops {
    /* Values processed per kernel call; ck_bezier_value_n pads the tail to one block (at most 16). */
    size_t block;
    /* y[i] = value(x[i]) in float for n a multiple of block; trusted, initialised b; y may equal x. */
    void (*value_n)(const ck_bezier *b, const float *x, float *y, size_t n);
    /* value(x) in double for a trusted b (the fast path of bezier_value.h, which falls back to
       ck_bezier_value_trusted); any x. */
    double (*value)(const ck_bezier *b, double x);
};

/* A SIMD vector loop over n values (a multiple of its lane count): writes y, and for each group of
   lanes a bit mask of the lanes it solved (bit j: lane j); the other lanes must get y = x. */
typedef void (*ck_bezier_vector_loop)(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes);

/* Runs loop over chunks of at most 64 groups of `lanes` values, then solves each lane it left (their y
   holds their x) with the scalar solver. Shared by every SIMD ISA. */
void ck_bezier_value_n_blocks(const ck_bezier *b, const float *x, float *y, size_t n, size_t lanes,
                              ck_bezier_vector_loop loop);

/* The builds of the double fast path (bezier_value.h): portable multiply-adds, fused ones. */
CK_HIDDEN double ck_bz_value_portable(const ck_bezier *b, double x);
#if CK_ARCH_X86_64
CK_HIDDEN double ck_bz_value_fma(const ck_bezier *b, double x);
#elif CK_ARCH_ARM64
CK_HIDDEN double ck_bz_value_neon(const ck_bezier *b, double x);
#endif

/* Whether the curve's ordinates are within 2^60, so that y on [0, 1] and its float coefficients stay far
   inside the float range: the float tables and the SIMD batches serve only such curves. */
static inline int ck_bz_y_fits_float(const ck_bezier *b) {
    return b->_y_scale[1] == 1.0 && fmax(fabs(b->y1), fabs(b->y2)) <= 0x1p60;
}

/* value(x) in double for a trusted b: the scalar reference, and the SIMD kernels' fallback lane. */
double ck_bezier_value_trusted(const ck_bezier *b, double x);

#endif

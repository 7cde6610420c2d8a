/*
 * AVX2 + FMA path of the bezier float batch (runtime-dispatched), 8 values per step, all in float.
 *
 * The tables are ck_bezier._batch (see bezier_internal.h and ck_bz_build_batch_table in bezier.c): 8
 * segments of x, so each per-segment coefficient is one vpermps (no gathers, no blends). Per lane:
 * the quintic guess d0 for t - t_k, the residual r = x(t_k + d0) - x from the exact Taylor form at t_k
 * (its constant term k/8 - x = -f/8 is exact in float, so r is accurate to ~2^-24 of the small terms,
 * not of x), one Newton step h = r / x' with the approximate reciprocal, and y(t_k + d0 - h) as
 * y(t_k + d0) - h y'(t_k + d0) from the Taylor form of y at t_k, with y(t_k) as a float pair so only the
 * final addition rounds at the size of y. A lane is kept when |h| <= _tolerance[2] (the roundings then keep
 * |x' - x| < 1e-7, see bezier.c); lanes that fail, lie outside (0, 1), are NaN, or fall in a segment marked
 * NaN get their input back in y and are solved by the scalar solver afterwards. Long out-of-place batches
 * check whole chunks at once instead (ck_bz_chunk_avx2) and redo a chunk lane by lane only if it fails.
 *
 * Curves whose eight segments init proved for it (every ordinary curve) take the direct path instead
 * (ck_bz_direct_avx2): ck_bezier._direct, a guess certified at init, so no residual and no step per lane.
 */
#include "bezier_internal.h"

#include <math.h>

#if CK_ARCH_X86_64
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

/* The dependency chain of one vector is long (f, guess, residual, step, y: ~70 cycles) and the scheduler
   holds little more than one iteration of waiting instructions, so the step is written short (the guess
   in Estrin form, the reciprocal not refined: the tolerance absorbs its error, y corrected for the step by
   one multiply-add instead of evaluated after it) and the loop is software-pipelined in two halves: each
   iteration issues the guess of the next vector beside the residual and step of this one, whose guess is
   then already computed. That keeps the scheduler fed with ready work (10% fewer cycles per vector here;
   llvm-mca for Skylake-X: 22.2 -> 20.3). */
typedef struct ck_bz_avx2_constants {
    __m256 ax, ax3, ay, ay3, tolerance;
} ck_bz_avx2_constants;

/* The first half of the step: the segment k, the local coordinate f and the guess d0 of t - t_k. */
typedef struct ck_bz_avx2_guess {
    __m256 x, f, d0;
    __m256i k;
} ck_bz_avx2_guess;

static inline ck_bz_avx2_guess ck_bz_guess_avx2(const float (*g)[CK_BEZIER_BATCH_SEGMENTS], __m256 xv) {
    /* Lanes outside (0, 1) compute garbage here (vpermps reads only the low 3 bits of each index, no
       memory is indexed) and are redone by the caller. f = 8 x - floor(8 x) is exact. */
    const __m256 eight = _mm256_set1_ps((float)CK_BEZIER_BATCH_SEGMENTS);
    const __m256 u = _mm256_mul_ps(xv, eight); /* exact */
    const __m256i k = _mm256_cvttps_epi32(u);
    const __m256 f = _mm256_fmsub_ps(xv, eight, _mm256_cvtepi32_ps(k));
#define CK_BZ_ROW(row) _mm256_permutevar8x32_ps(_mm256_loadu_ps(g[row]), k)
    /* d0 = G1 f + f^2 ((G2 + G3 f) + f^2 (G4 + G5 f)): three levels after f. */
    const __m256 f2 = _mm256_mul_ps(f, f);
    const __m256 g23 = _mm256_fmadd_ps(CK_BZ_ROW(CK_BZ_G3), f, CK_BZ_ROW(CK_BZ_G2));
    const __m256 g45 = _mm256_fmadd_ps(CK_BZ_ROW(CK_BZ_G5), f, CK_BZ_ROW(CK_BZ_G4));
    const __m256 d0 = _mm256_fmadd_ps(f2, _mm256_fmadd_ps(f2, g45, g23), _mm256_mul_ps(CK_BZ_ROW(CK_BZ_G1), f));
#undef CK_BZ_ROW
    const ck_bz_avx2_guess guess = {xv, f, d0, k};
    return guess;
}

/* The second half: the step from the guess, and y. Returns y; *h_out receives the step, whose size
   certifies the lane (|h| <= _tolerance[2], false for NaN, so also for marked segments). */
static inline __m256 ck_bz_finish_avx2(const float (*g)[CK_BEZIER_BATCH_SEGMENTS], const ck_bz_avx2_constants *c,
                                       ck_bz_avx2_guess guess, __m256 *h_out) {
    const __m256 ax = c->ax, ax3 = c->ax3, ay = c->ay, ay3 = c->ay3;
    const __m256i k = guess.k;
    const __m256 f = guess.f, d0 = guess.d0;
#define CK_BZ_ROW(row) _mm256_permutevar8x32_ps(_mm256_loadu_ps(g[row]), k)
    const __m256 e = CK_BZ_ROW(CK_BZ_E), a1 = CK_BZ_ROW(CK_BZ_A1), a2 = CK_BZ_ROW(CK_BZ_A2);
    const __m256 b1 = CK_BZ_ROW(CK_BZ_B1), b2 = CK_BZ_ROW(CK_BZ_B2);
    /* x(t + d0) - x = (E - f/8) + d0 (A1 + d0 (A2 + d0 ax)) and x'(t + d0) = A1 + d0 (2 A2 + 3 ax d0). */
    const __m256 constant = _mm256_fnmadd_ps(f, _mm256_set1_ps(1.0f / CK_BEZIER_BATCH_SEGMENTS), e);
    const __m256 r = _mm256_fmadd_ps(d0, _mm256_fmadd_ps(d0, _mm256_fmadd_ps(d0, ax, a2), a1), constant);
    const __m256 d = _mm256_fmadd_ps(d0, _mm256_fmadd_ps(ax3, d0, CK_BZ_ROW(CK_BZ_A2X2)), a1);
    /* h = r / d to 1.5 * 2^-12 (bare rcpps): the step's error is then r * 3.7e-4, which the tolerance
       (|h| <= 9e-6) keeps below 1e-8; see ck_bezier_init. */
    const __m256 h = _mm256_mul_ps(r, _mm256_rcp_ps(d));
    /* y at t + d0 - h as y(t + d0) - h y'(t + d0), both computed beside r (so only one multiply-add
       waits for the step): the difference is at most My h^2 <= 1e-8 (My bounds |y''|/2 + |ay|; curves
       where it could be more have their segments marked, see ck_bz_build_batch_table).
       y(t + d0) = YH + (YL + d0 (B1 + d0 (B2 + d0 ay))) and y'(t + d0) = B1 + d0 (2 B2 + 3 ay d0). */
    const __m256 q = _mm256_fmadd_ps(d0, _mm256_fmadd_ps(d0, ay, b2), b1);
    const __m256 small = _mm256_fmadd_ps(d0, q, CK_BZ_ROW(CK_BZ_YL));
    const __m256 dy = _mm256_fmadd_ps(d0, _mm256_fmadd_ps(ay3, d0, CK_BZ_ROW(CK_BZ_B2X2)), b1);
    const __m256 yv = _mm256_add_ps(CK_BZ_ROW(CK_BZ_YH), _mm256_fnmadd_ps(h, dy, small));
#undef CK_BZ_ROW
    *h_out = h;
    return yv;
}

static ck_bz_avx2_constants ck_bz_constants_avx2(const ck_bezier *b) {
    const ck_bz_avx2_constants c = {
        _mm256_set1_ps((float)b->_x[0]), _mm256_set1_ps((float)(3.0 * b->_x[0])),
        _mm256_set1_ps((float)b->_y[0]), _mm256_set1_ps((float)(3.0 * b->_y[0])),
        _mm256_set1_ps((float)b->_tolerance[2]),
    };
    return c;
}

/* Every lane on its own: y, or x back where the lane is outside (0, 1) or not certified, and its bit in
   ok_lanes. */
static void ck_bz_lanes_avx2(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes) {
    const ck_bz_avx2_constants c = ck_bz_constants_avx2(b);
    const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const float(*g)[CK_BEZIER_BATCH_SEGMENTS] = b->_batch;
    ck_bz_avx2_guess guess = ck_bz_guess_avx2(g, _mm256_loadu_ps(x));
    for (size_t i = 0; i < n; i += 8) {
        /* The last iteration guesses its own vector again rather than read past the end. Loading before
           the store below keeps y == x safe: the next vector is not the one being written. */
        const ck_bz_avx2_guess next = ck_bz_guess_avx2(g, _mm256_loadu_ps(x + (i + 8 < n ? i + 8 : i)));
        __m256 h;
        const __m256 yv = ck_bz_finish_avx2(g, &c, guess, &h);
        const __m256 inside = _mm256_and_ps(_mm256_cmp_ps(guess.x, _mm256_setzero_ps(), _CMP_GT_OQ),
                                            _mm256_cmp_ps(guess.x, _mm256_set1_ps(1.0f), _CMP_LT_OQ));
        const __m256 ok = _mm256_and_ps(inside, _mm256_cmp_ps(_mm256_and_ps(h, abs_mask), c.tolerance, _CMP_LE_OQ));
        _mm256_storeu_ps(y + i, _mm256_blendv_ps(guess.x, yv, ok));
        ok_lanes[i / 8] = (uint8_t)_mm256_movemask_ps(ok);
        guess = next;
    }
}

/* Lanes of a chunk's running maximum of bits(x) - 1 (unsigned) that were outside (0, 1) or NaN: all ones. */
static inline __m256i ck_bz_outside_avx2(__m256i x_max) {
    const __m256i x_fail = _mm256_cmpgt_epi32(x_max, _mm256_set1_epi32(0x3f7ffffe)); /* x_max < 2^31 here */
    const __m256i x_wrapped = _mm256_cmpgt_epi32(_mm256_setzero_si256(), x_max);  /* x_max >= 2^31 */
    return _mm256_or_si256(x_fail, x_wrapped);
}

/* The common case, a chunk whose every lane is inside (0, 1) and certified, with the checks folded into
   two running maxima: two integer operations per check and vector instead of compares, masks, a blend
   and a byte store (57 instructions per vector instead of 63; the loop is bound by how many vectors'
   dependency chains the scheduler can hold, so fewer instructions each measured 5 % faster). As integers,
   0 < x < 1 is 1 <= bits(x) <= bits(1) - 1, so bits(x) - 1 (unsigned) stays below bits(1) - 1, and
   |h| <= tolerance is bits(|h|) <= bits(tolerance) (NaN compares above both). Returns 0 if some lane
   fails; y then holds garbage for the chunk, and x is unchanged (x != y). */
enum { CK_BZ_CHUNK_AVX2 = 512 }; /* values: 2 KB of input, redone from L1 when the chunk fails */
static int ck_bz_chunk_avx2(const ck_bezier *b, const float *x, float *y, size_t n) {
    const ck_bz_avx2_constants c = ck_bz_constants_avx2(b);
    const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff), one = _mm256_set1_epi32(1);
    const float(*g)[CK_BEZIER_BATCH_SEGMENTS] = b->_batch;
    __m256i x_max = _mm256_setzero_si256(), h_max = _mm256_setzero_si256();
    ck_bz_avx2_guess guess = ck_bz_guess_avx2(g, _mm256_loadu_ps(x));
    for (size_t i = 0; i < n; i += 8) {
        const ck_bz_avx2_guess next = ck_bz_guess_avx2(g, _mm256_loadu_ps(x + (i + 8 < n ? i + 8 : i)));
        __m256 h;
        const __m256 yv = ck_bz_finish_avx2(g, &c, guess, &h);
        _mm256_storeu_ps(y + i, yv);
        x_max = _mm256_max_epu32(x_max, _mm256_sub_epi32(_mm256_castps_si256(guess.x), one));
        h_max = _mm256_max_epi32(h_max, _mm256_and_si256(_mm256_castps_si256(h), abs_mask));
        guess = next;
    }
    const __m256i h_fail = _mm256_cmpgt_epi32(h_max, _mm256_castps_si256(c.tolerance));
    return _mm256_testz_si256(_mm256_or_si256(ck_bz_outside_avx2(x_max), h_fail), _mm256_set1_epi32(-1));
}

/* The direct path (ck_bezier._direct, see bezier_internal.h), for curves whose eight segments init
   proved: y from the certified guess d of t - t_k at the segment's middle, with no residual and no step.
   d = (D1 u + u^2 (D2 + D3 u)) + u^4 ((D4 + D5 u) + u^2 (D6 + D7 u)) and y = YH + ((YL + B1 d) + d^2 (B2 +
   ay d)): 11 table rows (one vpermps each; the stepped path has 14), 9 multiply-adds and a chain about
   half as long. Lanes outside (0, 1) compute garbage (vpermps reads only the low 3 bits). */
static inline __m256 ck_bz_direct_avx2(const float (*s)[CK_BEZIER_BATCH_SEGMENTS], __m256 ay, __m256 xv) {
    /* v = 8 x - 1/2, then k = round(v) by adding 1.5 * 2^23, which leaves k in the low bits (for x in
       (0, 1), v is in (-1/2, 15/2) and k in 0..7; a tie takes either neighbour, whose polynomial covers
       u = +-1/2 too), and u = v - k, exact. v is exact but for x < 1/32, where -1/2 + 8 x rounds by at
       most 2^-26 (x by 2^-29; ck_bz_build_direct_table counts it). No conversion sits on the chain. */
    const __m256 magic = _mm256_set1_ps(0x1.8p23f);
    const __m256 v = _mm256_fmsub_ps(xv, _mm256_set1_ps((float)CK_BEZIER_BATCH_SEGMENTS), _mm256_set1_ps(0.5f));
    const __m256 shifted = _mm256_add_ps(v, magic);
    const __m256i k = _mm256_castps_si256(shifted);
    const __m256 u = _mm256_sub_ps(v, _mm256_sub_ps(shifted, magic));
#define CK_BZ_ROW(row) _mm256_permutevar8x32_ps(_mm256_loadu_ps(s[row]), k)
    const __m256 u2 = _mm256_mul_ps(u, u), u4 = _mm256_mul_ps(u2, u2);
    const __m256 low = _mm256_fmadd_ps(u2, _mm256_fmadd_ps(CK_BZ_ROW(CK_BZ_S_D3), u, CK_BZ_ROW(CK_BZ_S_D2)),
                                       _mm256_mul_ps(CK_BZ_ROW(CK_BZ_S_D1), u));
    const __m256 high = _mm256_fmadd_ps(u2, _mm256_fmadd_ps(CK_BZ_ROW(CK_BZ_S_D7), u, CK_BZ_ROW(CK_BZ_S_D6)),
                                        _mm256_fmadd_ps(CK_BZ_ROW(CK_BZ_S_D5), u, CK_BZ_ROW(CK_BZ_S_D4)));
    const __m256 d = _mm256_fmadd_ps(u4, high, low);
    const __m256 d2 = _mm256_mul_ps(d, d);
    const __m256 small = _mm256_fmadd_ps(d2, _mm256_fmadd_ps(d, ay, CK_BZ_ROW(CK_BZ_S_B2)),
                                         _mm256_fmadd_ps(d, CK_BZ_ROW(CK_BZ_S_B1), CK_BZ_ROW(CK_BZ_S_YL)));
    const __m256 yv = _mm256_add_ps(CK_BZ_ROW(CK_BZ_S_YH), small);
#undef CK_BZ_ROW
    return yv;
}

/* Every lane on its own, as ck_bz_lanes_avx2: y, or x back (and its bit clear) outside (0, 1). */
static void ck_bz_direct_lanes_avx2(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes) {
    const __m256 ay = _mm256_set1_ps((float)b->_y[0]);
    for (size_t i = 0; i < n; i += 8) {
        const __m256 xv = _mm256_loadu_ps(x + i);
        const __m256 yv = ck_bz_direct_avx2(b->_direct, ay, xv);
        const __m256 inside = _mm256_and_ps(_mm256_cmp_ps(xv, _mm256_setzero_ps(), _CMP_GT_OQ),
                                            _mm256_cmp_ps(xv, _mm256_set1_ps(1.0f), _CMP_LT_OQ));
        _mm256_storeu_ps(y + i, _mm256_blendv_ps(xv, yv, inside));
        ok_lanes[i / 8] = (uint8_t)_mm256_movemask_ps(inside);
    }
}

/* A chunk of the direct path with the range check folded into a running maximum, as ck_bz_chunk_avx2.
   Returns 0 if some lane is outside (0, 1) or NaN; y then holds garbage for the chunk (x != y). */
static int ck_bz_direct_chunk_avx2(const ck_bezier *b, const float *x, float *y, size_t n) {
    const __m256 ay = _mm256_set1_ps((float)b->_y[0]);
    const __m256i one = _mm256_set1_epi32(1);
    __m256i x_max = _mm256_setzero_si256();
    for (size_t i = 0; i < n; i += 8) {
        const __m256 xv = _mm256_loadu_ps(x + i);
        _mm256_storeu_ps(y + i, ck_bz_direct_avx2(b->_direct, ay, xv));
        x_max = _mm256_max_epu32(x_max, _mm256_sub_epi32(_mm256_castps_si256(xv), one));
    }
    return _mm256_testz_si256(ck_bz_outside_avx2(x_max), _mm256_set1_epi32(-1));
}

/* Chunks of input that the running maxima certify as a whole; a chunk that fails (x = 0 or 1, NaN, a rare
   uncertified step) runs again lane by lane, and the lanes that fail there go to the scalar solver. In
   place, a failed chunk would have lost its inputs, and a curve with a marked segment (a vertical
   tangent: x1 == 0 or x2 == 1) fails most chunks of spread-out input, so those go lane by lane from the
   start. Keeping calls out of the vector loops keeps their constants in registers. */
static void ck_bz_value_n_avx2(const ck_bezier *b, const float *x, float *y, size_t n) {
    int direct = 1, marked = 0;
    for (int k = 0; k < CK_BEZIER_BATCH_SEGMENTS; k++) {
        direct &= !isnan(b->_direct[CK_BZ_S_YH][k]);
        marked |= isnan(b->_batch[CK_BZ_E][k]);
    }
    /* The direct path where init proved it for every segment (then no segment matters as marked), else the
       stepped one; the same chunk-then-lanes driver for both. */
    int (*const chunk)(const ck_bezier *, const float *, float *, size_t) =
        direct ? ck_bz_direct_chunk_avx2 : ck_bz_chunk_avx2;
    const ck_bezier_vector_loop lanes = direct ? ck_bz_direct_lanes_avx2 : ck_bz_lanes_avx2;
    if (x == y || (marked && !direct)) {
        ck_bezier_value_n_blocks(b, x, y, n, 8, lanes);
        return;
    }
    for (size_t start = 0; start < n; start += CK_BZ_CHUNK_AVX2) {
        const size_t count = n - start < CK_BZ_CHUNK_AVX2 ? n - start : CK_BZ_CHUNK_AVX2;
        if (!chunk(b, x + start, y + start, count)) ck_bezier_value_n_blocks(b, x + start, y + start, count, 8, lanes);
    }
}

/* The double fast path with fused multiply-adds: a shorter chain (see bezier_value.h). */
#define CK_BZ_VALUE_NAME ck_bz_value_fma
#define CK_BZ_MADD(a, b, c) __builtin_fma(a, b, c)
#include "bezier_value.h"
#undef CK_BZ_VALUE_NAME
#undef CK_BZ_MADD

#pragma clang attribute pop

const struct ck_bezier_ops ck_bezier_ops_avx2 = {8, ck_bz_value_n_avx2, ck_bz_value_fma};

#endif

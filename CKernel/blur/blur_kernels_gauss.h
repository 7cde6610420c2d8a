/*
 * The gaussian's filter kernels: the four-stage box cascade along a padded line and the direct filter (driver:
 * blur_gaussian.c).
 */
#ifndef CK_BLUR_KERNELS_GAUSS_H
#define CK_BLUR_KERNELS_GAUSS_H

#include "blur_kernels_common.h"

/* x - y for a cascade stage, which an ISA build may issue on its fused multiply-add pipes instead of its add
   pipes: AVX2 defines it as fma(y, m1, x) with m1 = -1 in every lane. The product y * -1 is exact and the fma
   rounds once, so that is exactly x - y, the same bits as the plain subtraction. It pays where adds and FMAs issue
   to different pipes (AMD Zen 4: FADD on two, FMA and FMUL on the other two): a plain stage is two adds (d and
   the running sum), so the cascade waits on the two add pipes while the FMA pipes idle; moving d over balances
   them (see docs/performance.md, "Gaussian").
   m1 comes from CK_BLUR_HIDE_CONSTANT: with the constant in sight the compiler folds fma(y, -1, x) back into a
   subtraction. Where adds and FMAs share ports with the same latency (recent Intel cores) it should cost nothing. */
#ifndef CK_BLUR_SUB_ON_FMA
#define CK_BLUR_SUB_ON_FMA(x, y, m1) ((x) - (y))
#endif
#ifndef CK_BLUR_HIDE_CONSTANT
#define CK_BLUR_HIDE_CONSTANT(v) ((void)(v))
#endif

/* The four box passes along one padded line of `total` positions of CK_GAUSS_LANES lanes, in place, as one
   cascade. Stage k (0..3) has radius r_k and span_k = 2 r_k + 2; at position i the new value enters, and stage k
   steps at j = i - off_k (off_k = span_0 + ... + span_k) with h the value stage k - 1 has just produced at
   j + span_k (the input itself for stage 0). An extended stage (end taps alpha) does
       out = s_k + alpha (line[j] + h),  s_k <- s_k + (h - line[j + 1]),  line[j] <- out,
   a plain stage (no end taps) does the same without the taps: out = s_k (two float operations instead of
   five, which is why the larger sigmas use three plain stages).
   Per lane this is exactly four whole-line passes out[j] = sum(in[j+1 .. j+2r+1]) (+ alpha (in[j] + in[j+2r+2]))
   run one after another (the same operations in the same order on the same values): stage k reads line[j] and
   line[j + 1] after stage k - 1 finished them and before stage k overwrites them, and each stage's running sum
   starts at its first position as in[1] + ... + in[2r_k + 1] from 0, ascending. With total = w + off_3 the
   result is in positions 0 .. w - 1. One sweep instead of four: the 4 x 16 running sums and h stay in
   registers, and the positions the stages touch lie within off_3 + 1 of each other, so in L1. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(cascade_run)(float *line, size_t i0, size_t i1,
                                                                         const size_t off[4], vf a, vf s[4][CK_NB],
                                                                         const int stages, const int plain) {
    /* One pointer per stage, each stepped by one position and hidden from the optimiser (CK_BLUR_OPAQUE):
       otherwise loop strength reduction folds them into one induction variable plus a register offset per
       stage, and on x86 every load-op and store with such base + index addressing splits into two uops
       (un-lamination), so the loop is issue-bound instead of bound by its float operations. */
    float *lo[4] = {0};
    vf m1 = (vf){0} - 1.0f;
    CK_BLUR_HIDE_CONSTANT(m1);
    const float *in = line + i0 * CK_GAUSS_LANES;
    for (int k = 0; k < stages; k++) lo[k] = line + (i0 - off[k]) * CK_GAUSS_LANES;
    for (size_t i = i0; i < i1; i++) {
        vf h[CK_NB];
        for (int b = 0; b < CK_NB; b++) h[b] = LDF(in + b * CK_VL);
        for (int k = 0; k < stages; k++) {
            const float *first = lo[k] + CK_GAUSS_LANES;
            for (int b = 0; b < CK_NB; b++) {
                const vf sv = s[k][b];
                const vf d = CK_BLUR_SUB_ON_FMA(h[b], LDF(first + b * CK_VL), m1);
                if (plain && k < 3) {
                    h[b] = sv;
                } else {
                    const vf edge = LDF(lo[k] + b * CK_VL) + h[b];
                    h[b] = sv + a * edge;
                }
                s[k][b] = sv + d;
                STF(lo[k] + b * CK_VL, h[b]);
            }
        }
        in += CK_GAUSS_LANES;
        for (int k = 0; k < stages; k++) {
            lo[k] += CK_GAUSS_LANES;
            CK_BLUR_OPAQUE(lo[k]);
        }
    }
}

/* The cascade over positions [i0, total) of a line. From i0 = 0 it starts every stage (see below); from i0 > 0
   it resumes a cascade that an earlier call left with its running sums in state (4 x CK_GAUSS_LANES floats) and
   its last off_3 positions moved to the line's positions [0, off_3), so i0 = off_3: the same operations on the
   same values as one call over the whole line. state may be NULL when nothing follows. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(cascade_all)(float *line, size_t i0, size_t total,
                                                                         const ck_gauss_boxes *bx, float *state,
                                                                         const int plain) {
    const vf a = (vf){0} + bx->alpha;
    size_t off[4], acc = 0;
    for (int k = 0; k < 4; k++) off[k] = acc += 2 * (size_t)bx->r[k] + 2;
    vf s[4][CK_NB];
    if (i0 > 0) {
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < CK_NB; b++) s[k][b] = LDF(state + k * CK_GAUSS_LANES + b * CK_VL);
        CK_BLUR_NAME(cascade_run)(line, i0, total, off, a, s, 4, plain);
    } else {
        for (int m = 1; m <= 4; m++) {
            /* Stage m - 1 starts at position off[m - 1] (its j = 0) from the sum of positions 1 .. 2r + 1, which
               stage m - 2 finished at positions below off[m - 1]. */
            for (int b = 0; b < CK_NB; b++) s[m - 1][b] = (vf){0};
            for (size_t q = 1; q <= 2 * (size_t)bx->r[m - 1] + 1; q++) {
                const float *p = line + q * CK_GAUSS_LANES;
                for (int b = 0; b < CK_NB; b++) s[m - 1][b] = s[m - 1][b] + LDF(p + b * CK_VL);
            }
            const size_t j0 = off[m - 1], j1 = m < 4 ? off[m] : total;
            switch (m) {
            case 1: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 1, plain); break;
            case 2: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 2, plain); break;
            case 3: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 3, plain); break;
            default: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 4, plain); break;
            }
        }
    }
    if (state != NULL)
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < CK_NB; b++) STF(state + k * CK_GAUSS_LANES + b * CK_VL, s[k][b]);
}

static void CK_BLUR_NAME(gauss_cascade)(float *line, size_t i0, size_t total, const ck_gauss_boxes *boxes,
                                        float *state) {
    if (boxes->plain)
        CK_BLUR_NAME(cascade_all)(line, i0, total, boxes, state, 1);
    else
        CK_BLUR_NAME(cascade_all)(line, i0, total, boxes, state, 0);
}

/* MARK: Gaussian, direct filter

   Small sigma (see CK_GAUSS_FIR_SIGMA in blur_stages.h): a sampled gaussian of 2R + 1 taps per axis, row by row
   in 16-bit fixed point, with no intermediate image. The vertical half combines the 2R + 1 source rows around an
   output row into one line t of u16 values in units of 1/128 level; the horizontal half filters that line (padded
   by R replicated pixels at each end) into the output row's bytes. Every product is a 16 x 16 -> high 16 multiply
   (truncating; pmulhuw on x86), operands scaled to use the full 16 bits:
     t = mulhi(c << 8, wv[0]) + sum_j mulhi((a_j + b_j) << 7, wv[j])  (wv[0] = k_0 2^15, wv[j] = k_j 2^16)
     out = (mulhi(t, wh[0]) + sum_j mulhi(t_-j + t_+j, wh[j]) + 64) >> 7  (wh[j] = k_j 2^16, wh[0] <= 65535)
   where c is the centre row's byte, a_j and b_j the bytes j rows above and below, and t_-j, t_+j the values j
   pixels (4 j lanes) left and right. Each sum stays below 255 * 128 + a few units, so nothing wraps, and the
   truncations cost under R + 1 units of 1/128 level per half: the result is within about 0.6 level of the exact
   gaussian (59 dB, the limit of rounding to bytes). The arithmetic is exact integer arithmetic on every build, and
   monotone with the same weights on every channel, so colour <= alpha survives, and a transparent pixel (all
   zero) adds nothing to its neighbours. SIMD builds take CK_FIR_STEP lanes at a time in vectors (two registers on
   AVX2, four on SSE2 and NEON), and the lanes left over one at a time, as the scalar build does throughout. */
#define CK_FIR_STEP 32

static inline __attribute__((always_inline)) uint16_t CK_BLUR_NAME(mulhi16)(uint16_t a, uint16_t b) {
    return (uint16_t)(((uint32_t)a * b) >> 16);
}

#if CK_BLUR_VBYTES > 4
/* Vectors of CK_FIR_STEP lanes: bytes, u16 and the u32 products. Macros rather than functions, so no vector wider
   than the ISA's registers crosses a call boundary (whose ABI would change with the target). */
typedef uint8_t CK_BLUR_NAME(fir_b) __attribute__((vector_size(CK_FIR_STEP)));
typedef uint16_t CK_BLUR_NAME(fir_h) __attribute__((vector_size(2 * CK_FIR_STEP)));
typedef uint32_t CK_BLUR_NAME(fir_w) __attribute__((vector_size(4 * CK_FIR_STEP)));
#ifdef CK_BLUR_NATIVE_MULHI16
/* The ISA's 16 x 16 -> high 16 multiply: the generic form's widening survives once the compiler hoists the
   weights' widening out of the loop (AVX2: 32-bit multiplies and packs, twice the time). */
#define CK_FIR_MULHI(a, b)                                                                                    \
    ({                                                                                                        \
        const CK_BLUR_NAME(fir_h) ck_fir_a_ = (a), ck_fir_b_ = (b);                                           \
        CK_BLUR_NAME(fir_h) ck_fir_p_;                                                                        \
        CK_BLUR_NAME(mulhi16x32)(&ck_fir_a_, &ck_fir_b_, &ck_fir_p_);                                         \
        ck_fir_p_;                                                                                            \
    })
#else
#define CK_FIR_MULHI(a, b)                                                                                    \
    __builtin_convertvector((__builtin_convertvector((a), CK_BLUR_NAME(fir_w)) *                              \
                             __builtin_convertvector((b), CK_BLUR_NAME(fir_w))) >>                            \
                                16,                                                                           \
                            CK_BLUR_NAME(fir_h))
#endif
#define CK_FIR_LOAD(v, p)                                                                                     \
    do {                                                                                                      \
        CK_BLUR_NAME(fir_b) ck_fir_b_;                                                                        \
        memcpy(&ck_fir_b_, (p), sizeof ck_fir_b_);                                                            \
        (v) = __builtin_convertvector(ck_fir_b_, CK_BLUR_NAME(fir_h));                                        \
    } while (0)
#endif

/* The vertical half, n lanes, for one output row (two = 0: rows holds the 2R + 1 source rows, rows[R] the centre) or
   two consecutive ones (two = 1: 2R + 2 rows, centres rows[R] and rows[R + 1], into out0 and out1). The second row
   reuses the first's loads: its pair j is rows (R + 1 - j, R + 1 + j), where row R + 1 - j is the first row's
   lower row of pair j - 1 and row R + j its upper row of pair j, so two rows load 2R + 2 rows instead of 4R + 2.
   Each row's sum is the same terms in the same order as for one row alone. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(fir_v_run)(const uint8_t *const *rows_in,
                                                                       const uint32_t R, const uint16_t *wv_in,
                                                                       size_t n, uint16_t *out0, uint16_t *out1,
                                                                       const int two) {
    /* Local copies of the pointers and weights: with R constant they stay in registers across the stores to out
       (which could alias the weights). */
    const uint8_t *rows[2 * CK_GAUSS_FIR_MAX_R + 2];
    uint16_t wv[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= 2 * R + (two ? 1 : 0); j++) rows[j] = rows_in[j];
    for (uint32_t j = 0; j <= R; j++) wv[j] = wv_in[j];
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(fir_h) wvec[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wvec[j] = (CK_BLUR_NAME(fir_h)){0} + wv[j];
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) c, a, b, acc, c1, near, far, acc1;
        CK_FIR_LOAD(c, rows[R] + i);
        acc = CK_FIR_MULHI(c << 8, wvec[0]);
        if (two) {
            CK_FIR_LOAD(c1, rows[R + 1] + i);
            acc1 = CK_FIR_MULHI(c1 << 8, wvec[0]);
            near = c;
            b = c1;
            for (uint32_t j = 1; j <= R; j++) {
                CK_FIR_LOAD(a, rows[R - j] + i);
                CK_FIR_LOAD(far, rows[R + 1 + j] + i);
                acc += CK_FIR_MULHI((a + b) << 7, wvec[j]);
                acc1 += CK_FIR_MULHI((near + far) << 7, wvec[j]);
                near = a;
                b = far;
            }
            memcpy(out1 + i, &acc1, sizeof acc1);
        } else {
            for (uint32_t j = 1; j <= R; j++) {
                CK_FIR_LOAD(a, rows[R - j] + i);
                CK_FIR_LOAD(b, rows[R + j] + i);
                acc += CK_FIR_MULHI((a + b) << 7, wvec[j]);
            }
        }
        memcpy(out0 + i, &acc, sizeof acc);
    }
#endif
    for (int q = 0; q <= (two ? 1 : 0); q++) {
        const uint8_t *const *rq = rows + q;
        uint16_t *out = q ? out1 : out0;
        CK_BLUR_NOVEC
        for (size_t k = i; k < n; k++) {
            uint16_t acc = CK_BLUR_NAME(mulhi16)((uint16_t)(rq[R][k] << 8), wv[0]);
            for (uint32_t j = 1; j <= R; j++)
                acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)((uint16_t)((rq[R - j][k] + rq[R + j][k]) << 7), wv[j]));
            out[k] = acc;
        }
    }
}

/* The horizontal half, n lanes of output; line holds 4 R lanes of padding before the first output lane and after
   the last. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(fir_h_run)(const uint16_t *line, const uint32_t R,
                                                                       const uint16_t *wh_in, size_t n,
                                                                       uint8_t *out) {
    const uint16_t *c = line + 4 * (size_t)R;
    uint16_t wh[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wh[j] = wh_in[j];
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(fir_h) wvec[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wvec[j] = (CK_BLUR_NAME(fir_h)){0} + wh[j];
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) m, a, b, acc;
        memcpy(&m, c + i, sizeof m);
        acc = CK_FIR_MULHI(m, wvec[0]);
        for (uint32_t j = 1; j <= R; j++) {
            memcpy(&a, c + i - 4 * j, sizeof a);
            memcpy(&b, c + i + 4 * j, sizeof b);
            acc += CK_FIR_MULHI(a + b, wvec[j]);
        }
        CK_BLUR_NARROW16((acc + 64) >> 7, out + i);
    }
#endif
    CK_BLUR_NOVEC
    for (; i < n; i++) {
        uint16_t acc = CK_BLUR_NAME(mulhi16)(c[i], wh[0]);
        for (uint32_t j = 1; j <= R; j++)
            acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)((uint16_t)(*(c + i - 4 * j) + c[i + 4 * j]), wh[j]));
        out[i] = (uint8_t)((acc + 64) >> 7);
    }
}

/* MARK: Gaussian, polyphase direct filter

   The same two halves with a kernel of 2R + 1 taps that need not be symmetric and differs between even and odd
   output positions (phase 0 and 1): the blend of the direct filter with the image reduced by 2 (blur_route.c), whose
   enlargement samples even and odd pixels at different offsets. Every tap has its own product:
     t = sum_t mulhi(x_t << 7, wv[t])  (wv[t] = k_t 2^16 < 2^16, units of 1/128 level)
     out = (sum_t mulhi(t_t, wh[t]) + 64) >> 7
   with the weights of the output row's phase (vertical) or of each pixel's phase (horizontal, by lane: the vector
   steps start on even pixels). The kernels are non-negative with sums at most 2^16, so nothing wraps and colour <=
   alpha survives, as for the direct filter. */

/* The vertical half: rows holds 2R + 1 rows (rows[R] the centre) or, with out1 not NULL, 2R + 2 (centres rows[R] and
   rows[R + 1]); out0's tap t (row R + t) has weight w0[t + R], out1's (row R + 1 + t) w1[t + R]. Each source row is
   loaded once for both output rows. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(poly_v_run)(const uint8_t *const *rows_in,
                                                                        const uint32_t R, const uint16_t *w0_in,
                                                                        const uint16_t *w1_in, size_t n,
                                                                        uint16_t *out0, uint16_t *out1,
                                                                        const int two) {
    const uint8_t *rows[2 * CK_GAUSS_FIR_MAX_R + 2];
    uint16_t w[2][2 * CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= 2 * R + (two ? 1 : 0); j++) rows[j] = rows_in[j];
    for (uint32_t j = 0; j <= 2 * R; j++) {
        w[0][j] = w0_in[j];
        w[1][j] = two ? w1_in[j] : 0;
    }
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(fir_h) wv0[2 * CK_GAUSS_FIR_MAX_R + 1], wv1[2 * CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= 2 * R; j++) {
        wv0[j] = (CK_BLUR_NAME(fir_h)){0} + w[0][j];
        wv1[j] = (CK_BLUR_NAME(fir_h)){0} + w[1][j];
    }
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) x, acc0, acc1;
        CK_FIR_LOAD(x, rows[0] + i);
        acc0 = CK_FIR_MULHI(x << 7, wv0[0]);
        if (two) {
            CK_FIR_LOAD(x, rows[1] + i);
            x = x << 7;
            acc0 += CK_FIR_MULHI(x, wv0[1]);
            acc1 = CK_FIR_MULHI(x, wv1[0]);
            for (uint32_t j = 2; j <= 2 * R; j++) {
                CK_FIR_LOAD(x, rows[j] + i);
                x = x << 7;
                acc0 += CK_FIR_MULHI(x, wv0[j]);
                acc1 += CK_FIR_MULHI(x, wv1[j - 1]);
            }
            CK_FIR_LOAD(x, rows[2 * R + 1] + i);
            acc1 += CK_FIR_MULHI(x << 7, wv1[2 * R]);
            memcpy(out1 + i, &acc1, sizeof acc1);
        } else {
            for (uint32_t j = 1; j <= 2 * R; j++) {
                CK_FIR_LOAD(x, rows[j] + i);
                acc0 += CK_FIR_MULHI(x << 7, wv0[j]);
            }
        }
        memcpy(out0 + i, &acc0, sizeof acc0);
    }
#endif
    for (int q = 0; q <= (two ? 1 : 0); q++) {
        const uint8_t *const *rq = rows + q;
        uint16_t *out = q ? out1 : out0;
        CK_BLUR_NOVEC
        for (size_t k = i; k < n; k++) {
            uint16_t acc = 0;
            for (uint32_t j = 0; j <= 2 * R; j++)
                acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)((uint16_t)(rq[j][k] << 7), w[q][j]));
            out[k] = acc;
        }
    }
}

/* The horizontal half, n lanes of output from a line with 4 R lanes of padding at each end (tap t of lane i is
   line[i + 4 (t + R)]). Lane i takes the weights pattern[8 (t + R) + i % 8] for its tap t: the weights of phase
   (i / 4) % 2 (ck_blur_gauss_poly_params lays them out so, 8 lanes being one even and one odd pixel). */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(poly_h_run)(const uint16_t *line, const uint32_t R,
                                                                        const uint16_t *pattern, size_t n,
                                                                        uint8_t *out) {
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    _Static_assert(CK_FIR_STEP % 8 == 0, "vector steps start on even pixels");
    CK_BLUR_NAME(fir_h) wvec[2 * CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= 2 * R; j++)
        for (int l = 0; l < CK_FIR_STEP; l += 8) memcpy((uint16_t *)&wvec[j] + l, pattern + 8 * j, 16);
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) a, acc;
        memcpy(&a, line + i, sizeof a);
        acc = CK_FIR_MULHI(a, wvec[0]);
        for (uint32_t j = 1; j <= 2 * R; j++) {
            memcpy(&a, line + i + 4 * j, sizeof a);
            acc += CK_FIR_MULHI(a, wvec[j]);
        }
        CK_BLUR_NARROW16((acc + 64) >> 7, out + i);
    }
#endif
    CK_BLUR_NOVEC
    for (; i < n; i++) {
        uint16_t acc = 0;
        for (uint32_t j = 0; j <= 2 * R; j++)
            acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)(line[i + 4 * j], pattern[8 * j + i % 8]));
        out[i] = (uint8_t)((acc + 64) >> 7);
    }
}

/* The tap count as a constant for each radius 1..CK_GAUSS_FIR_MAX_R (the driver's range): the tap loop unrolls and
   the weights and row pointers stay in registers. */
_Static_assert(CK_GAUSS_FIR_MAX_R == 9, "one case per radius");
#define CK_FIR_CASES(run, ...)                                                                                \
    switch (R) {                                                                                              \
    case 1: run(__VA_ARGS__, 1); break;                                                                       \
    case 2: run(__VA_ARGS__, 2); break;                                                                       \
    case 3: run(__VA_ARGS__, 3); break;                                                                       \
    case 4: run(__VA_ARGS__, 4); break;                                                                       \
    case 5: run(__VA_ARGS__, 5); break;                                                                       \
    case 6: run(__VA_ARGS__, 6); break;                                                                       \
    case 7: run(__VA_ARGS__, 7); break;                                                                       \
    case 8: run(__VA_ARGS__, 8); break;                                                                       \
    default: run(__VA_ARGS__, 9); break;                                                                      \
    }
#define CK_FIR_V(rows, wv, n, out0, out1, two, RR) CK_BLUR_NAME(fir_v_run)(rows, RR, wv, n, out0, out1, two)
#define CK_FIR_H(line, wh, n, out, RR) CK_BLUR_NAME(fir_h_run)(line, RR, wh, n, out)
static void CK_BLUR_NAME(gauss_fir_v)(const uint8_t *const *rows, uint32_t R, const uint16_t *wv, size_t n,
                                      uint16_t *out0, uint16_t *out1) {
    if (out1 != NULL) {
        CK_FIR_CASES(CK_FIR_V, rows, wv, n, out0, out1, 1)
    } else {
        CK_FIR_CASES(CK_FIR_V, rows, wv, n, out0, out1, 0)
    }
}
static void CK_BLUR_NAME(gauss_fir_h)(const uint16_t *line, uint32_t R, const uint16_t *wh, size_t n, uint8_t *out) {
    CK_FIR_CASES(CK_FIR_H, line, wh, n, out)
}
#define CK_POLY_V(rows, w0, w1, n, out0, out1, two, RR)                                                       \
    CK_BLUR_NAME(poly_v_run)(rows, RR, w0, w1, n, out0, out1, two)
#define CK_POLY_H(line, pattern, n, out, RR) CK_BLUR_NAME(poly_h_run)(line, RR, pattern, n, out)
static void CK_BLUR_NAME(gauss_poly_v)(const uint8_t *const *rows, uint32_t R, const uint16_t *w0, const uint16_t *w1,
                                       size_t n, uint16_t *out0, uint16_t *out1) {
    if (out1 != NULL) {
        CK_FIR_CASES(CK_POLY_V, rows, w0, w1, n, out0, out1, 1)
    } else {
        CK_FIR_CASES(CK_POLY_V, rows, w0, w1, n, out0, out1, 0)
    }
}
static void CK_BLUR_NAME(gauss_poly_h)(const uint16_t *line, uint32_t R, const uint16_t *pattern, size_t n,
                                       uint8_t *out) {
    CK_FIR_CASES(CK_POLY_H, line, pattern, n, out)
}
#undef CK_POLY_V
#undef CK_POLY_H
#undef CK_FIR_CASES
#undef CK_FIR_V
#undef CK_FIR_H
#undef CK_FIR_MULHI
#undef CK_FIR_LOAD
#undef CK_FIR_STEP

#endif

/*
 * AVX2 + FMA path of the bezier float batch (runtime-dispatched), 8 values per step.
 *
 * Per lane, as in bezier.c: the table guess t0 (the 16-entry float tables are looked up with two
 * vpermps and a blend, no gathers), one Newton step, and y(t1) in double. The step's residual
 * x(t0) - x is computed in double (the float inputs convert exactly), its derivative and reciprocal in
 * float: a derivative error e (<= ~1e-6 from float rounding and rcp + one Newton-Raphson refinement)
 * only adds e * |dt| to the residual, so with |dt| <= _tolerance[1] (M dt^2 <= 2e-8) the result is
 * y(x') for |x' - x| < 3e-8, inside the contract's 1e-7. Lanes that fail that check, or are not in
 * (0, 1), go to the scalar solver.
 */
#include "bezier_internal.h"

#if CK_ARCH_X86_64
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

/* table[idx] for a 16-entry float table held in two registers: vpermps uses the low 3 bits of idx,
   bit 3 (shifted into the sign bit) picks the half. */
static inline __m256 ck_bz_lookup16(__m256 lo, __m256 hi, __m256i idx, __m256 upper) {
    return _mm256_blendv_ps(_mm256_permutevar8x32_ps(lo, idx), _mm256_permutevar8x32_ps(hi, idx), upper);
}

static inline __m256d ck_bz_poly_pd(__m256d a, __m256d b, __m256d c, __m256d t) {
    return _mm256_mul_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(a, t, b), t, c), t);
}

/* Lanes the vector path may keep: 0 < x < 1 (false for NaN) and the Newton step certified. */
static inline __m256d ck_bz_accept(__m256d x, __m256d dt, __m256d tolerance, __m256d abs_mask) {
    const __m256d inside = _mm256_and_pd(_mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_GT_OQ),
                                         _mm256_cmp_pd(x, _mm256_set1_pd(1.0), _CMP_LT_OQ));
    return _mm256_and_pd(inside, _mm256_cmp_pd(_mm256_and_pd(dt, abs_mask), tolerance, _CMP_LE_OQ));
}

static void ck_bz_vector_loop_avx2(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes) {
    const __m256 g0l = _mm256_loadu_ps(&b->_guess[0][0]), g0h = _mm256_loadu_ps(&b->_guess[0][8]);
    const __m256 g1l = _mm256_loadu_ps(&b->_guess[1][0]), g1h = _mm256_loadu_ps(&b->_guess[1][8]);
    const __m256 g2l = _mm256_loadu_ps(&b->_guess[2][0]), g2h = _mm256_loadu_ps(&b->_guess[2][8]);
    const __m256 g3l = _mm256_loadu_ps(&b->_guess[3][0]), g3h = _mm256_loadu_ps(&b->_guess[3][8]);
    const __m256d ax = _mm256_set1_pd(b->_x[0]), bx = _mm256_set1_pd(b->_x[1]), cx = _mm256_set1_pd(b->_x[2]);
    const __m256d ay = _mm256_set1_pd(b->_y[0]), by = _mm256_set1_pd(b->_y[1]), cy = _mm256_set1_pd(b->_y[2]);
    const __m256d up = _mm256_set1_pd(b->_y_scale[1]); /* y coefficients are scaled; see ck_bezier_init */
    const __m256 dx2 = _mm256_set1_ps((float)(3.0 * b->_x[0])), dx1 = _mm256_set1_ps((float)(2.0 * b->_x[1]));
    const __m256 dx0 = _mm256_set1_ps((float)b->_x[2]);
    const __m256d tolerance_d = _mm256_set1_pd(b->_tolerance[1]);
    const __m256 two = _mm256_set1_ps(2.0f);
    const __m256 segments = _mm256_set1_ps((float)CK_BEZIER_SEGMENTS);
    const __m256d abs_mask_d = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    const __m256d zero_d = _mm256_setzero_pd(), one_d = _mm256_set1_pd(1.0);

    for (size_t i = 0; i < n; i += 8) {
        const __m256 xv = _mm256_loadu_ps(x + i);
        /* Lanes outside (0, 1) compute garbage here (no memory is indexed) and are redone below. */
        const __m256 u = _mm256_mul_ps(xv, segments);
        const __m256i k = _mm256_cvttps_epi32(u);
        const __m256 f = _mm256_sub_ps(u, _mm256_cvtepi32_ps(k));
        const __m256 upper = _mm256_castsi256_ps(_mm256_slli_epi32(k, 28));
        const __m256 c0 = ck_bz_lookup16(g0l, g0h, k, upper), c1 = ck_bz_lookup16(g1l, g1h, k, upper);
        const __m256 c2 = ck_bz_lookup16(g2l, g2h, k, upper), c3 = ck_bz_lookup16(g3l, g3h, k, upper);
        const __m256 t0 = _mm256_fmadd_ps(_mm256_fmadd_ps(_mm256_fmadd_ps(c3, f, c2), f, c1), f, c0);
        const __m256 d = _mm256_fmadd_ps(_mm256_fmadd_ps(dx2, t0, dx1), t0, dx0);

        /* The rest runs in two halves of 4 doubles. Conversions share port 5 with the table lookups and
           bound the loop, so only t0, x and the reciprocal go to double and only y comes back. */
        __m256 reciprocal = _mm256_rcp_ps(d);
        reciprocal = _mm256_mul_ps(reciprocal, _mm256_fnmadd_ps(d, reciprocal, two));
        const __m256d t0l = _mm256_cvtps_pd(_mm256_castps256_ps128(t0));
        const __m256d t0h = _mm256_cvtps_pd(_mm256_extractf128_ps(t0, 1));
        const __m256d xl = _mm256_cvtps_pd(_mm256_castps256_ps128(xv));
        const __m256d xh = _mm256_cvtps_pd(_mm256_extractf128_ps(xv, 1));
        const __m256d rcl = _mm256_cvtps_pd(_mm256_castps256_ps128(reciprocal));
        const __m256d rch = _mm256_cvtps_pd(_mm256_extractf128_ps(reciprocal, 1));
        /* x(t0) - x with the last multiply fused into the subtraction: one rounding less, one op less. */
        const __m256d rl = _mm256_fmsub_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ax, t0l, bx), t0l, cx), t0l, xl);
        const __m256d rh = _mm256_fmsub_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ax, t0h, bx), t0h, cx), t0h, xh);
        const __m256d dtl = _mm256_mul_pd(rl, rcl), dth = _mm256_mul_pd(rh, rch);
        const __m256d okl = ck_bz_accept(xl, dtl, tolerance_d, abs_mask_d);
        const __m256d okh = ck_bz_accept(xh, dth, tolerance_d, abs_mask_d);
        const __m256d t1l = _mm256_max_pd(_mm256_min_pd(_mm256_sub_pd(t0l, dtl), one_d), zero_d);
        const __m256d t1h = _mm256_max_pd(_mm256_min_pd(_mm256_sub_pd(t0h, dth), one_d), zero_d);
        /* Lanes that need the scalar solver keep their input, so the fix-up works in place too. */
        const __m256d yl = _mm256_blendv_pd(xl, _mm256_mul_pd(ck_bz_poly_pd(ay, by, cy, t1l), up), okl);
        const __m256d yh = _mm256_blendv_pd(xh, _mm256_mul_pd(ck_bz_poly_pd(ay, by, cy, t1h), up), okh);
        _mm256_storeu_ps(y + i, _mm256_set_m128(_mm256_cvtpd_ps(yh), _mm256_cvtpd_ps(yl)));
        ok_lanes[i / 8] = (uint8_t)(_mm256_movemask_pd(okl) | _mm256_movemask_pd(okh) << 4);
    }
}

/* Runs the vector loop over chunks, then solves the rare failed lanes one by one; keeping calls out
   of the vector loop keeps its constants in registers. */
static void ck_bz_value_n_avx2(const ck_bezier *b, const float *x, float *y, size_t n) {
    ck_bezier_value_n_blocks(b, x, y, n, 8, ck_bz_vector_loop_avx2);
}

#pragma clang attribute pop

const struct ck_bezier_ops ck_bezier_ops_avx2 = {8, ck_bz_value_n_avx2};

#endif

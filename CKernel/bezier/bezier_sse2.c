/*
 * SSE2 path of the bezier float batch (x86-64 baseline), 4 values per step: the same guess, Newton
 * step and certificate as bezier_avx2.c (see there), without FMA and with the table read per lane
 * (SSE2 has no variable shuffle).
 */
#include "bezier_internal.h"

#if CK_ARCH_X86_64
#include <emmintrin.h>

static inline __m128d ck_bz_poly_pd(__m128d a, __m128d b, __m128d c, __m128d t) {
    return _mm_mul_pd(_mm_add_pd(_mm_mul_pd(_mm_add_pd(_mm_mul_pd(a, t), b), t), c), t);
}

static void ck_bz_vector_loop_sse2(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes) {
    const float(*g)[CK_BEZIER_SEGMENTS] = b->_guess;
    const __m128d ax = _mm_set1_pd(b->_x[0]), bx = _mm_set1_pd(b->_x[1]), cx = _mm_set1_pd(b->_x[2]);
    const __m128d ay = _mm_set1_pd(b->_y[0]), by = _mm_set1_pd(b->_y[1]), cy = _mm_set1_pd(b->_y[2]);
    const __m128d up = _mm_set1_pd(b->_y_scale[1]); /* y coefficients are scaled; see ck_bezier_init */
    const __m128 dx2 = _mm_set1_ps((float)(3.0 * b->_x[0])), dx1 = _mm_set1_ps((float)(2.0 * b->_x[1]));
    const __m128 dx0 = _mm_set1_ps((float)b->_x[2]);
    const __m128 tolerance = _mm_set1_ps((float)b->_tolerance[1]);
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f);
    const __m128 segments = _mm_set1_ps((float)CK_BEZIER_SEGMENTS);
    const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m128d zero_d = _mm_setzero_pd(), one_d = _mm_set1_pd(1.0);

    for (size_t i = 0; i < n; i += 4) {
        const __m128 xv = _mm_loadu_ps(x + i);
        const __m128 inside = _mm_and_ps(_mm_cmpgt_ps(xv, zero), _mm_cmplt_ps(xv, one));
        /* Clamped so the per-lane table reads stay in bounds for lanes outside (0, 1) and NaN
           (maxps returns its second operand for NaN); those lanes are redone below. */
        const __m128 xc = _mm_min_ps(_mm_max_ps(xv, zero), _mm_set1_ps(0.99999994f));
        const __m128 u = _mm_mul_ps(xc, segments);
        const __m128i k = _mm_cvttps_epi32(u);
        const __m128 f = _mm_sub_ps(u, _mm_cvtepi32_ps(k));
        int idx[4];
        _mm_storeu_si128((__m128i *)idx, k);
        const __m128 c0 = _mm_setr_ps(g[0][idx[0]], g[0][idx[1]], g[0][idx[2]], g[0][idx[3]]);
        const __m128 c1 = _mm_setr_ps(g[1][idx[0]], g[1][idx[1]], g[1][idx[2]], g[1][idx[3]]);
        const __m128 c2 = _mm_setr_ps(g[2][idx[0]], g[2][idx[1]], g[2][idx[2]], g[2][idx[3]]);
        const __m128 c3 = _mm_setr_ps(g[3][idx[0]], g[3][idx[1]], g[3][idx[2]], g[3][idx[3]]);
        const __m128 c32 = _mm_add_ps(_mm_mul_ps(c3, f), c2);
        const __m128 t0 = _mm_add_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(c32, f), c1), f), c0);
        const __m128 d = _mm_add_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(dx2, t0), dx1), t0), dx0);

        const __m128d t0l = _mm_cvtps_pd(t0), t0h = _mm_cvtps_pd(_mm_movehl_ps(t0, t0));
        const __m128d xl = _mm_cvtps_pd(xv), xh = _mm_cvtps_pd(_mm_movehl_ps(xv, xv));
        const __m128d rl = _mm_sub_pd(ck_bz_poly_pd(ax, bx, cx, t0l), xl);
        const __m128d rh = _mm_sub_pd(ck_bz_poly_pd(ax, bx, cx, t0h), xh);
        const __m128 r = _mm_movelh_ps(_mm_cvtpd_ps(rl), _mm_cvtpd_ps(rh));

        __m128 reciprocal = _mm_rcp_ps(d);
        reciprocal = _mm_mul_ps(reciprocal, _mm_sub_ps(two, _mm_mul_ps(d, reciprocal)));
        const __m128 dt = _mm_mul_ps(r, reciprocal);
        const __m128 ok = _mm_and_ps(inside, _mm_cmple_ps(_mm_and_ps(dt, abs_mask), tolerance));

        __m128d t1l = _mm_sub_pd(t0l, _mm_cvtps_pd(dt));
        __m128d t1h = _mm_sub_pd(t0h, _mm_cvtps_pd(_mm_movehl_ps(dt, dt)));
        t1l = _mm_max_pd(_mm_min_pd(t1l, one_d), zero_d);
        t1h = _mm_max_pd(_mm_min_pd(t1h, one_d), zero_d);
        const __m128 yl = _mm_cvtpd_ps(_mm_mul_pd(ck_bz_poly_pd(ay, by, cy, t1l), up));
        const __m128 yh = _mm_cvtpd_ps(_mm_mul_pd(ck_bz_poly_pd(ay, by, cy, t1h), up));
        /* Lanes that need the scalar solver keep their input, so the fix-up works in place too. */
        const __m128 yv = _mm_movelh_ps(yl, yh);
        _mm_storeu_ps(y + i, _mm_or_ps(_mm_and_ps(ok, yv), _mm_andnot_ps(ok, xv)));
        ok_lanes[i / 4] = (uint8_t)_mm_movemask_ps(ok);
    }
}

static void ck_bz_value_n_sse2(const ck_bezier *b, const float *x, float *y, size_t n) {
    ck_bezier_value_n_blocks(b, x, y, n, 4, ck_bz_vector_loop_sse2);
}

/* SSE2 has no fused multiply-add: the double fast path is the portable one (see bezier_value.h). */
const struct ck_bezier_ops ck_bezier_ops_sse2 = {4, ck_bz_value_n_sse2, ck_bz_value_portable};

#endif

/* SSE2 lane kernels of the spring family (x86-64 baseline): the vocabulary of spring_lanes.h on __m128. */
#include "spring_internal.h"

#if CK_ARCH_X86_64
#include <emmintrin.h>

typedef __m128 vf;
typedef __m128 vm;
typedef __m128i vi;
#define CK_V_WIDTH 4

static inline vf vf_set(float a) { return _mm_set1_ps(a); }
static inline vf vf_load(const float *p) { return _mm_loadu_ps(p); }
static inline void vf_store(float *p, vf a) { _mm_storeu_ps(p, a); }
static inline vf vf_add(vf a, vf b) { return _mm_add_ps(a, b); }
static inline vf vf_sub(vf a, vf b) { return _mm_sub_ps(a, b); }
static inline vf vf_mul(vf a, vf b) { return _mm_mul_ps(a, b); }
static inline vf vf_div(vf a, vf b) { return _mm_div_ps(a, b); }
static inline vf vf_sqrt(vf a) { return _mm_sqrt_ps(a); }
static inline vf vf_min(vf a, vf b) { return _mm_min_ps(a, b); }
static inline vf vf_max(vf a, vf b) { return _mm_max_ps(a, b); }
static inline vf vf_abs(vf a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
/* No FMA in SSE2: a rounded multiply, then the add. */
static inline vf vf_fma(vf a, vf b, vf c) { return _mm_add_ps(_mm_mul_ps(a, b), c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return _mm_sub_ps(c, _mm_mul_ps(a, b)); }
static inline vm vf_lt(vf a, vf b) { return _mm_cmplt_ps(a, b); }
static inline vm vf_gt(vf a, vf b) { return _mm_cmpgt_ps(a, b); }
static inline vm vf_ge(vf a, vf b) { return _mm_cmpge_ps(a, b); }
static inline vm vm_and(vm a, vm b) { return _mm_and_ps(a, b); }
static inline vm vm_xor(vm a, vm b) { return _mm_xor_ps(a, b); }
static inline vm vm_andnot(vm a, vm b) { return _mm_andnot_ps(b, a); }
static inline vf vf_sel(vm m, vf a, vf b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
static inline int vm_any(vm m) { return _mm_movemask_ps(m) != 0; }
static inline int vm_all(vm m) { return _mm_movemask_ps(m) == 0xF; }
static inline int vm_count(vm m) { return __builtin_popcount((unsigned)_mm_movemask_ps(m)); }
static inline vi vf_round_i(vf a) { return _mm_cvtps_epi32(a); } /* MXCSR default: nearest even */
static inline vf vi_to_f(vi n) { return _mm_cvtepi32_ps(n); }
/* Two lanes at a time in double: round(x 2/pi) (cvtpd2dq rounds to nearest even), then x - n pi/2. */
static inline __m128d ck_sse2_reduce_pd(__m128d x, __m128d *n) {
    const __m128d k = _mm_cvtepi32_pd(_mm_cvtpd_epi32(_mm_mul_pd(x, _mm_set1_pd(0.63661977236758134308))));
    *n = k;
    return _mm_sub_pd(x, _mm_mul_pd(k, _mm_set1_pd(1.57079632679489661923)));
}
static inline vf vf_reduce_half_pi(vf x, vi *n) {
    __m128d n_lo, n_hi;
    const __m128d r_lo = ck_sse2_reduce_pd(_mm_cvtps_pd(x), &n_lo);
    const __m128d r_hi = ck_sse2_reduce_pd(_mm_cvtps_pd(_mm_movehl_ps(x, x)), &n_hi);
    *n = _mm_unpacklo_epi64(_mm_cvtpd_epi32(n_lo), _mm_cvtpd_epi32(n_hi));
    return _mm_movelh_ps(_mm_cvtpd_ps(r_lo), _mm_cvtpd_ps(r_hi));
}
static inline vf vi_pow2(vi n) { return _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(n, _mm_set1_epi32(127)), 23)); }
static inline vm vi_bit(vi n, int bit) {
    const __m128i b = _mm_set1_epi32(bit);
    return _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(n, b), b));
}
/* Four {a, b, c, d} structs -> a0..a3, b0..b3, ...: a 4x4 transpose. */
static inline void vf_load_prop(const ck_propagator *p, vf *a, vf *b, vf *c, vf *d) {
    const float *f = &p->a;
    const __m128 r0 = _mm_loadu_ps(f), r1 = _mm_loadu_ps(f + 4), r2 = _mm_loadu_ps(f + 8), r3 = _mm_loadu_ps(f + 12);
    const __m128 t0 = _mm_unpacklo_ps(r0, r1), t1 = _mm_unpacklo_ps(r2, r3);
    const __m128 t2 = _mm_unpackhi_ps(r0, r1), t3 = _mm_unpackhi_ps(r2, r3);
    *a = _mm_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    *b = _mm_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    *c = _mm_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    *d = _mm_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

#include "spring_lanes.h"

const struct ck_spring_ops ck_spring_ops_sse2 = {
    .width = CK_V_WIDTH,
    .propagate_shared = ck_lanes_propagate_shared,
    .propagate_each = ck_lanes_propagate_each,
    .eval_n = ck_lanes_eval,
};

#endif

/* AVX2 + FMA lane kernels of the spring family (chosen at run time): the vocabulary of spring_lanes.h on
   __m256, with fused multiply-adds. The target attribute covers every function below, the included
   kernels too; no compiler flag is needed. */
#include "spring_internal.h"

#if CK_ARCH_X86_64
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

/* Each "vector" is CK_AVX2_U = 4 __m256 (32 lanes) and every operation is applied to the four next to each other.
   The closed form is one long dependency chain per 8 lanes (sqrt, reduction, polynomials, exponential) and the
   reorder window holds about one such block (half of it when the sibling hyperthread is busy), so one chain at a
   time ran at about one instruction per cycle. Independent chains in program order overlap: on a 16 Ki-lane
   driver (best of 6) 1, 2, 3, 4 chains take 0.41, 0.32, 0.29, 0.28 s for about 170, 181, 187, 191 instructions
   per 8 lanes (the extra are spills). The cost is a 32-lane padded block for tails. */
#define CK_AVX2_U 4
#define U CK_AVX2_U
typedef struct {
    __m256 v[U];
} vf;
typedef vf vm; /* a lane is true when its sign bit is set (blendv and movemask read only that bit) */
typedef struct {
    __m256i v[U];
} vi;
#define CK_V_WIDTH (8 * U)

#define CK_EACH(expr)                                                                                            \
    for (int k = 0; k < U; k++) r.v[k] = (expr);                                                                 \
    return r
static inline vf vf_set(float a) { vf r; CK_EACH(_mm256_set1_ps(a)); }
static inline vf vf_load(const float *p) { vf r; CK_EACH(_mm256_loadu_ps(p + 8 * k)); }
static inline void vf_store(float *p, vf a) {
    for (int k = 0; k < U; k++) _mm256_storeu_ps(p + 8 * k, a.v[k]);
}
static inline vf vf_add(vf a, vf b) { vf r; CK_EACH(_mm256_add_ps(a.v[k], b.v[k])); }
static inline vf vf_sub(vf a, vf b) { vf r; CK_EACH(_mm256_sub_ps(a.v[k], b.v[k])); }
static inline vf vf_mul(vf a, vf b) { vf r; CK_EACH(_mm256_mul_ps(a.v[k], b.v[k])); }
static inline vf vf_div(vf a, vf b) { vf r; CK_EACH(_mm256_div_ps(a.v[k], b.v[k])); }
static inline vf vf_sqrt(vf a) { vf r; CK_EACH(_mm256_sqrt_ps(a.v[k])); }
static inline vf vf_min(vf a, vf b) { vf r; CK_EACH(_mm256_min_ps(a.v[k], b.v[k])); }
static inline vf vf_max(vf a, vf b) { vf r; CK_EACH(_mm256_max_ps(a.v[k], b.v[k])); }
static inline vf vf_abs(vf a) { vf r; CK_EACH(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a.v[k])); }
static inline vf vf_fma(vf a, vf b, vf c) { vf r; CK_EACH(_mm256_fmadd_ps(a.v[k], b.v[k], c.v[k])); }
static inline vf vf_fnma(vf a, vf b, vf c) { vf r; CK_EACH(_mm256_fnmadd_ps(a.v[k], b.v[k], c.v[k])); }
static inline vm vf_lt(vf a, vf b) { vm r; CK_EACH(_mm256_cmp_ps(a.v[k], b.v[k], _CMP_LT_OQ)); }
static inline vm vf_gt(vf a, vf b) { vm r; CK_EACH(_mm256_cmp_ps(a.v[k], b.v[k], _CMP_GT_OQ)); }
static inline vm vf_ge(vf a, vf b) { vm r; CK_EACH(_mm256_cmp_ps(a.v[k], b.v[k], _CMP_GE_OQ)); }
static inline vm vm_and(vm a, vm b) { vm r; CK_EACH(_mm256_and_ps(a.v[k], b.v[k])); }
static inline vm vm_xor(vm a, vm b) { vm r; CK_EACH(_mm256_xor_ps(a.v[k], b.v[k])); }
static inline vm vm_andnot(vm a, vm b) { vm r; CK_EACH(_mm256_andnot_ps(b.v[k], a.v[k])); }
static inline vf vf_sel(vm m, vf a, vf b) { vf r; CK_EACH(_mm256_blendv_ps(b.v[k], a.v[k], m.v[k])); }
static inline unsigned vm_bits(vm m) {
    unsigned bits = 0;
    for (int k = 0; k < U; k++) bits |= (unsigned)_mm256_movemask_ps(m.v[k]) << (8 * k);
    return bits;
}
static inline int vm_any(vm m) { return vm_bits(m) != 0; }
static inline int vm_all(vm m) { return vm_bits(m) == 0xFFFFFFFFu >> (32 - CK_V_WIDTH); }
static inline int vm_count(vm m) { return __builtin_popcount(vm_bits(m)); }
/* MXCSR default: nearest even. */
static inline vi vf_round_i(vf a) { vi r; CK_EACH(_mm256_cvtps_epi32(a.v[k])); }
static inline vf vi_to_f(vi n) { vf r; CK_EACH(_mm256_cvtepi32_ps(n.v[k])); }
/* Four lanes at a time in double: round(x 2/pi), then x - n pi/2 (one rounding with FMA). */
static inline __m256d ck_avx2_reduce_pd(__m256d x, __m128i *n) {
    const __m256d k = _mm256_round_pd(_mm256_mul_pd(x, _mm256_set1_pd(0.63661977236758134308)),
                                      _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    *n = _mm256_cvtpd_epi32(k);
    return _mm256_fnmadd_pd(k, _mm256_set1_pd(1.57079632679489661923), x);
}
static inline __m256 ck_avx2_reduce_half_pi(__m256 x, __m256i *n) {
    __m128i n_lo, n_hi;
    const __m256d r_lo = ck_avx2_reduce_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(x)), &n_lo);
    const __m256d r_hi = ck_avx2_reduce_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)), &n_hi);
    *n = _mm256_set_m128i(n_hi, n_lo);
    return _mm256_set_m128(_mm256_cvtpd_ps(r_hi), _mm256_cvtpd_ps(r_lo));
}
static inline vf vf_reduce_half_pi(vf x, vi *n) { vf r; CK_EACH(ck_avx2_reduce_half_pi(x.v[k], &n->v[k])); }
static inline vf vi_pow2(vi n) {
    vf r;
    CK_EACH(_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n.v[k], _mm256_set1_epi32(127)), 23)));
}
/* The bit moved to the sign bit, which is all a mask lane is read by. */
static inline vm vi_bit(vi n, int bit) {
    const __m128i shift = _mm_cvtsi32_si128(31 - __builtin_ctz((unsigned)bit));
    vm r;
    CK_EACH(_mm256_castsi256_ps(_mm256_sll_epi32(n.v[k], shift)));
}
/* Eight {a, b, c, d} structs: rows k hold propagators k and k + 4, so the in-lane 4x4 transposes leave
   a0..a7 in order. */
static inline void ck_avx2_load_prop8(const ck_propagator *p, __m256 *a, __m256 *b, __m256 *c, __m256 *d) {
    const float *f = &p->a;
    __m256 r[4];
    for (int k = 0; k < 4; k++)
        r[k] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(f + 4 * k)), _mm_loadu_ps(f + 16 + 4 * k), 1);
    const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpacklo_ps(r[2], r[3]);
    const __m256 t2 = _mm256_unpackhi_ps(r[0], r[1]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    *a = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    *b = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    *c = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    *d = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}
static inline void vf_load_prop(const ck_propagator *p, vf *a, vf *b, vf *c, vf *d) {
    for (int k = 0; k < U; k++) ck_avx2_load_prop8(p + 8 * k, &a->v[k], &b->v[k], &c->v[k], &d->v[k]);
}

#include "spring_lanes.h"

#pragma clang attribute pop

const struct ck_spring_ops ck_spring_ops_avx2 = {
    .width = CK_V_WIDTH,
    .propagate_shared = ck_lanes_propagate_shared,
    .propagate_each = ck_lanes_propagate_each,
    .eval_n = ck_lanes_eval,
};

#endif

/* NEON lane kernels of the spring family (arm64 baseline): the vocabulary of spring_lanes.h on
   float32x4_t, with fused multiply-adds. */
#include "spring_internal.h"

#if CK_ARCH_ARM64
#include <arm_neon.h>

typedef float32x4_t vf;
typedef uint32x4_t vm;
typedef int32x4_t vi;
#define CK_V_WIDTH 4

static inline vf vf_set(float a) { return vdupq_n_f32(a); }
static inline vf vf_load(const float *p) { return vld1q_f32(p); }
static inline void vf_store(float *p, vf a) { vst1q_f32(p, a); }
static inline vf vf_add(vf a, vf b) { return vaddq_f32(a, b); }
static inline vf vf_sub(vf a, vf b) { return vsubq_f32(a, b); }
static inline vf vf_mul(vf a, vf b) { return vmulq_f32(a, b); }
static inline vf vf_div(vf a, vf b) { return vdivq_f32(a, b); }
static inline vf vf_sqrt(vf a) { return vsqrtq_f32(a); }
static inline vf vf_min(vf a, vf b) { return vminq_f32(a, b); }
static inline vf vf_max(vf a, vf b) { return vmaxq_f32(a, b); }
static inline vf vf_abs(vf a) { return vabsq_f32(a); }
static inline vf vf_fma(vf a, vf b, vf c) { return vfmaq_f32(c, a, b); }
static inline vf vf_fnma(vf a, vf b, vf c) { return vfmsq_f32(c, a, b); }
static inline vm vf_lt(vf a, vf b) { return vcltq_f32(a, b); }
static inline vm vf_gt(vf a, vf b) { return vcgtq_f32(a, b); }
static inline vm vf_ge(vf a, vf b) { return vcgeq_f32(a, b); }
static inline vm vm_and(vm a, vm b) { return vandq_u32(a, b); }
static inline vm vm_xor(vm a, vm b) { return veorq_u32(a, b); }
static inline vm vm_andnot(vm a, vm b) { return vbicq_u32(a, b); }
static inline vf vf_sel(vm m, vf a, vf b) { return vbslq_f32(m, a, b); }
static inline int vm_any(vm m) { return vmaxvq_u32(m) != 0; }
static inline int vm_all(vm m) { return vminvq_u32(m) != 0; }
static inline int vm_count(vm m) { return (int)vaddvq_u32(vshrq_n_u32(m, 31)); }
static inline vi vf_round_i(vf a) { return vcvtnq_s32_f32(a); } /* nearest even, like cvtps2dq */
static inline vf vi_to_f(vi n) { return vcvtq_f32_s32(n); }
/* Two lanes at a time in double: round(x 2/pi) to nearest even, then x - n pi/2 (one rounding with FMA). */
static inline float64x2_t ck_neon_reduce_pd(float64x2_t x, int64x2_t *n) {
    const float64x2_t k = vrndnq_f64(vmulq_n_f64(x, 0.63661977236758134308));
    *n = vcvtq_s64_f64(k);
    return vfmsq_f64(x, k, vdupq_n_f64(1.57079632679489661923));
}
static inline vf vf_reduce_half_pi(vf x, vi *n) {
    int64x2_t n_lo, n_hi;
    const float64x2_t r_lo = ck_neon_reduce_pd(vcvt_f64_f32(vget_low_f32(x)), &n_lo);
    const float64x2_t r_hi = ck_neon_reduce_pd(vcvt_high_f64_f32(x), &n_hi);
    *n = vcombine_s32(vmovn_s64(n_lo), vmovn_s64(n_hi));
    return vcombine_f32(vcvt_f32_f64(r_lo), vcvt_f32_f64(r_hi));
}
static inline vf vi_pow2(vi n) { return vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(n, vdupq_n_s32(127)), 23)); }
static inline vm vi_bit(vi n, int bit) { return vtstq_s32(n, vdupq_n_s32(bit)); }
/* vld4 de-interleaves four {a, b, c, d} structs in one instruction. */
static inline void vf_load_prop(const ck_propagator *p, vf *a, vf *b, vf *c, vf *d) {
    const float32x4x4_t r = vld4q_f32(&p->a);
    *a = r.val[0];
    *b = r.val[1];
    *c = r.val[2];
    *d = r.val[3];
}

#include "spring_lanes.h"

const struct ck_spring_ops ck_spring_ops_neon = {
    .width = CK_V_WIDTH,
    .propagate_shared = ck_lanes_propagate_shared,
    .propagate_each = ck_lanes_propagate_each,
    .eval_n = ck_lanes_eval,
};

#endif

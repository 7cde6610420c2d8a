/*
 * NEON path of the bezier float batch (arm64 baseline), 4 values per step: the same guess, Newton
 * step and certificate as bezier_avx2.c (see there). Each 16-entry float table is one 64-byte tbl
 * lookup; AArch64 divides in float exactly, so the step needs no reciprocal refinement.
 */
#include "bezier_internal.h"

#if CK_ARCH_ARM64
#include <arm_neon.h>

static inline float64x2_t ck_bz_poly_f64(float64x2_t a, float64x2_t b, float64x2_t c, float64x2_t t) {
    return vmulq_f64(vfmaq_f64(c, vfmaq_f64(b, a, t), t), t);
}

static void ck_bz_vector_loop_neon(const ck_bezier *b, const float *x, float *y, size_t n, uint8_t *ok_lanes) {
    const uint8x16x4_t g0 = vld1q_u8_x4((const uint8_t *)b->_guess[0]);
    const uint8x16x4_t g1 = vld1q_u8_x4((const uint8_t *)b->_guess[1]);
    const uint8x16x4_t g2 = vld1q_u8_x4((const uint8_t *)b->_guess[2]);
    const uint8x16x4_t g3 = vld1q_u8_x4((const uint8_t *)b->_guess[3]);
    const float64x2_t ax = vdupq_n_f64(b->_x[0]), bx = vdupq_n_f64(b->_x[1]), cx = vdupq_n_f64(b->_x[2]);
    const float64x2_t ay = vdupq_n_f64(b->_y[0]), by = vdupq_n_f64(b->_y[1]), cy = vdupq_n_f64(b->_y[2]);
    const float64x2_t up = vdupq_n_f64(b->_y_scale[1]); /* y coefficients are scaled; see ck_bezier_init */
    const float32x4_t dx2 = vdupq_n_f32((float)(3.0 * b->_x[0])), dx1 = vdupq_n_f32((float)(2.0 * b->_x[1]));
    const float32x4_t dx0 = vdupq_n_f32((float)b->_x[2]);
    const float32x4_t tolerance = vdupq_n_f32((float)b->_tolerance[1]);
    const float32x4_t zero = vdupq_n_f32(0.0f), one = vdupq_n_f32(1.0f);
    const float32x4_t segments = vdupq_n_f32((float)CK_BEZIER_SEGMENTS);
    const float64x2_t zero_d = vdupq_n_f64(0.0), one_d = vdupq_n_f64(1.0);
    const uint32x4_t byte_offsets = vdupq_n_u32(0x03020100u), lane_bits = {1, 2, 4, 8};

    for (size_t i = 0; i < n; i += 4) {
        const float32x4_t xv = vld1q_f32(x + i);
        const uint32x4_t inside = vandq_u32(vcgtq_f32(xv, zero), vcltq_f32(xv, one));
        /* vcvtq saturates (NaN -> 0) and tbl yields 0 past the table, so lanes outside (0, 1) read no
           memory; they are redone by the scalar solver. */
        const float32x4_t u = vmulq_f32(xv, segments);
        const uint32x4_t k = vcvtq_u32_f32(u);
        const float32x4_t f = vsubq_f32(u, vcvtq_f32_u32(k));
        const uint8x16_t idx = vreinterpretq_u8_u32(vmlaq_n_u32(byte_offsets, k, 0x04040404u));
        const float32x4_t c0 = vreinterpretq_f32_u8(vqtbl4q_u8(g0, idx));
        const float32x4_t c1 = vreinterpretq_f32_u8(vqtbl4q_u8(g1, idx));
        const float32x4_t c2 = vreinterpretq_f32_u8(vqtbl4q_u8(g2, idx));
        const float32x4_t c3 = vreinterpretq_f32_u8(vqtbl4q_u8(g3, idx));
        const float32x4_t t0 = vfmaq_f32(c0, vfmaq_f32(c1, vfmaq_f32(c2, c3, f), f), f);
        const float32x4_t d = vfmaq_f32(dx0, vfmaq_f32(dx1, dx2, t0), t0);

        const float64x2_t t0l = vcvt_f64_f32(vget_low_f32(t0)), t0h = vcvt_high_f64_f32(t0);
        const float64x2_t xl = vcvt_f64_f32(vget_low_f32(xv)), xh = vcvt_high_f64_f32(xv);
        /* x(t0) - x with the last multiply fused into the subtraction. */
        const float64x2_t rl = vfmaq_f64(vnegq_f64(xl), vfmaq_f64(cx, vfmaq_f64(bx, ax, t0l), t0l), t0l);
        const float64x2_t rh = vfmaq_f64(vnegq_f64(xh), vfmaq_f64(cx, vfmaq_f64(bx, ax, t0h), t0h), t0h);
        const float32x4_t r = vcvt_high_f32_f64(vcvt_f32_f64(rl), rh);
        const float32x4_t dt = vdivq_f32(r, d);
        const uint32x4_t ok = vandq_u32(inside, vcaleq_f32(dt, tolerance));

        float64x2_t t1l = vsubq_f64(t0l, vcvt_f64_f32(vget_low_f32(dt)));
        float64x2_t t1h = vsubq_f64(t0h, vcvt_high_f64_f32(dt));
        t1l = vmaxq_f64(vminq_f64(t1l, one_d), zero_d);
        t1h = vmaxq_f64(vminq_f64(t1h, one_d), zero_d);
        const float32x2_t yl = vcvt_f32_f64(vmulq_f64(ck_bz_poly_f64(ay, by, cy, t1l), up));
        const float32x4_t yv = vcvt_high_f32_f64(yl, vmulq_f64(ck_bz_poly_f64(ay, by, cy, t1h), up));
        /* Lanes that need the scalar solver keep their input, so the fix-up works in place too. */
        vst1q_f32(y + i, vbslq_f32(ok, yv, xv));
        ok_lanes[i / 4] = (uint8_t)vaddvq_u32(vandq_u32(ok, lane_bits));
    }
}

static void ck_bz_value_n_neon(const ck_bezier *b, const float *x, float *y, size_t n) {
    ck_bezier_value_n_blocks(b, x, y, n, 4, ck_bz_vector_loop_neon);
}

/* The double fast path with fused multiply-adds (every arm64 core has them; see bezier_value.h). */
#define CK_BZ_VALUE_NAME ck_bz_value_neon
#define CK_BZ_MADD(a, b, c) __builtin_fma(a, b, c)
#include "bezier_value.h"
#undef CK_BZ_VALUE_NAME
#undef CK_BZ_MADD

const struct ck_bezier_ops ck_bezier_ops_neon = {4, ck_bz_value_n_neon, ck_bz_value_neon};

#endif

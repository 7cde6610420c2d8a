/*
 * The blur kernels, written once and compiled once per ISA.
 *
 * Included by blur.c (scalar reference: CK_BLUR_NOVEC disables vectorisation), blur_sse2.c,
 * blur_avx2.c (inside `#pragma clang attribute push(target("avx2,fma"))`) and blur_neon.c. Each includer
 * defines CK_BLUR_NAME(x) to give the functions ISA-specific names and then builds its ck_blur_ops table
 * with CK_BLUR_OPS_TABLE. Loops run lane by lane with no cross-lane reductions, so a vectorised build
 * performs exactly the scalar build's operations on every value: the paths are bit-identical.
 * `fp contract(off)` keeps the AVX2 build from fusing a*b+c into an FMA, which would round differently.
 */
#include <string.h>

#include "blur_internal.h"

#pragma clang fp contract(off)

#ifndef CK_BLUR_NOVEC
#define CK_BLUR_NOVEC
#endif

/* MARK: - Box */

static void CK_BLUR_NAME(box_col_update)(uint32_t *col, const uint8_t *add, const uint8_t *sub, size_t n) {
    CK_BLUR_NOVEC
    for (size_t i = 0; i < n; i++) col[i] += (uint32_t)add[i] - (uint32_t)sub[i];
}

/* x = s + n/2 < 2^22 is exact in float, and so is x + 0.5. fl(fl(x + 0.5) * fl(1/n)) is within
   (x + 0.5)/n * 2^-23 < 2^-15 of (x + 0.5)/n, while (x + 0.5)/n is at least 0.5/n > 2^-15 away from every
   integer when n < 2^14: truncation gives floor(x / n) exactly. */
static void CK_BLUR_NAME(box_divide_f32)(const uint32_t *s, uint8_t *out, size_t count, uint32_t half,
                                         float inv) {
    CK_BLUR_NOVEC
    for (size_t i = 0; i < count; i++) {
        const float x = (float)(int32_t)(s[i] + half);
        out[i] = (uint8_t)(int32_t)((x + 0.5f) * inv);
    }
}

/* Same argument in double: error <= 256 * 2^-52 * 1.01 < 0.5/n for every n < 2^42. Used for n < 2^23, where
   x = s + n/2 < 2^31 converts from int32. */
static void CK_BLUR_NAME(box_divide_f64)(const uint32_t *s, uint8_t *out, size_t count, uint32_t half,
                                         double inv) {
    CK_BLUR_NOVEC
    for (size_t i = 0; i < count; i++) {
        const double x = (double)(int32_t)(s[i] + half);
        out[i] = (uint8_t)(int32_t)((x + 0.5) * inv);
    }
}

/* MARK: - Gaussian */

/* Lane blocks: CK_BLUR_VBYTES-byte GCC/clang vectors (1 float in the scalar build, 4 for SSE2 and NEON, 8 for
   AVX2). Vector arithmetic is lane-wise IEEE arithmetic, so each lane does exactly what the scalar build does;
   unaligned access goes through memcpy. The explicit blocks also sidestep the aliasing analysis that kept the
   compiler from vectorising the in-place passes. */
#ifndef CK_BLUR_VBYTES
#define CK_BLUR_VBYTES 4
#endif
#define CK_VL (CK_BLUR_VBYTES / 4)
#define CK_NB (CK_GAUSS_LANES / CK_VL)
typedef float CK_BLUR_NAME(vf) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef int32_t CK_BLUR_NAME(vi) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef uint8_t CK_BLUR_NAME(vb) __attribute__((vector_size(CK_VL)));
typedef uint16_t CK_BLUR_NAME(vh) __attribute__((vector_size(CK_VL * 2)));
#define vf CK_BLUR_NAME(vf)
#define vi CK_BLUR_NAME(vi)
#define vb CK_BLUR_NAME(vb)
#define vh CK_BLUR_NAME(vh)

static inline vf CK_BLUR_NAME(ldf)(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void CK_BLUR_NAME(stf)(float *p, vf v) { memcpy(p, &v, sizeof v); }
#define LDF CK_BLUR_NAME(ldf)
#define STF CK_BLUR_NAME(stf)

/* In place is allowed (in == out): step i reads in[i] before writing out[i] and later steps read only
   in[i + 1] and beyond. The running sum is updated as s + (hi - first), one rounding per step per lane. */
static void CK_BLUR_NAME(gauss_pass)(const float *in, float *out, size_t n, uint32_t r, float alpha) {
    vf s[CK_NB];
    for (int b = 0; b < CK_NB; b++) s[b] = (vf){0};
    for (size_t j = 1; j <= 2 * (size_t)r + 1; j++) {
        const float *p = in + j * CK_GAUSS_LANES;
        for (int b = 0; b < CK_NB; b++) s[b] = s[b] + LDF(p + b * CK_VL);
    }
    const size_t span = 2 * (size_t)r + 2;
    const vf a = (vf){0} + alpha;
    for (size_t i = 0; i < n; i++) {
        const float *lo = in + i * CK_GAUSS_LANES;
        const float *first = lo + CK_GAUSS_LANES;
        const float *hi = lo + span * CK_GAUSS_LANES;
        float *o = out + i * CK_GAUSS_LANES;
        for (int b = 0; b < CK_NB; b++) {
            const vf h = LDF(hi + b * CK_VL);
            const vf edge = LDF(lo + b * CK_VL) + h;
            const vf d = h - LDF(first + b * CK_VL);
            STF(o + b * CK_VL, s[b] + a * edge);
            s[b] = s[b] + d;
        }
    }
}

/* Direct sampled gaussian for small sigma: out[i] = sum_j k[j] in[i + j], j ascending, 2R + 1 taps; in has
   n + 2R positions. In place is allowed for the same reason as gauss_pass. */
static void CK_BLUR_NAME(gauss_fir)(const float *in, float *out, size_t n, const float *k, uint32_t R) {
    for (size_t i = 0; i < n; i++) {
        vf acc[CK_NB];
        const float *p = in + i * CK_GAUSS_LANES;
        const vf k0 = (vf){0} + k[0];
        for (int b = 0; b < CK_NB; b++) acc[b] = k0 * LDF(p + b * CK_VL);
        for (uint32_t j = 1; j <= 2 * R; j++) {
            const vf kj = (vf){0} + k[j];
            const float *q = p + (size_t)j * CK_GAUSS_LANES;
            for (int b = 0; b < CK_NB; b++) acc[b] = acc[b] + kj * LDF(q + b * CK_VL);
        }
        float *o = out + i * CK_GAUSS_LANES;
        for (int b = 0; b < CK_NB; b++) STF(o + b * CK_VL, acc[b]);
    }
}

/* MARK: Gaussian, vertical (row streaming) */

/* One row of n bytes to floats. */
static void CK_BLUR_NAME(gauss_load_row_u8)(const uint8_t *src, float *out, size_t n) {
    size_t i = 0;
    for (; i + CK_VL <= n; i += CK_VL) {
        vb v;
        memcpy(&v, src + i, sizeof v);
        STF(out + i, __builtin_convertvector(v, vf));
    }
    for (; i < n; i++) out[i] = (float)src[i];
}

/* s = s + row over n lanes (the running-sum start of a stage: rows 1 .. 2r + 1, ascending, from 0). */
static void CK_BLUR_NAME(gauss_add_row)(float *s, const float *row, size_t n) {
    size_t i = 0;
    for (; i + CK_VL <= n; i += CK_VL) STF(s + i, LDF(s + i) + LDF(row + i));
    for (; i < n; i++) s[i] = s[i] + row[i];
}

/* One step of an extended-box stage across n lanes, exactly gauss_pass's per-lane arithmetic:
   lo <- s + alpha (lo + hi); s <- s + (hi - first). lo is overwritten in place. */
static void CK_BLUR_NAME(gauss_stage)(float *lo, const float *first, const float *hi, float *s, size_t n,
                                      float alpha) {
    const vf a = (vf){0} + alpha;
    size_t i = 0;
    for (; i + CK_VL <= n; i += CK_VL) {
        const vf h = LDF(hi + i), sv = LDF(s + i);
        const vf edge = LDF(lo + i) + h;
        const vf d = h - LDF(first + i);
        STF(lo + i, sv + a * edge);
        STF(s + i, sv + d);
    }
    for (; i < n; i++) {
        const float h = hi[i], edge = lo[i] + h, d = h - first[i];
        lo[i] = s[i] + alpha * edge;
        s[i] = s[i] + d;
    }
}

/* Direct filter step: rows[0] <- sum_j k[j] rows[j] (j ascending), as gauss_fir per lane. */
static void CK_BLUR_NAME(gauss_fir_step)(float *const *rows, const float *k, uint32_t taps, size_t n) {
    size_t i = 0;
    for (; i + CK_VL <= n; i += CK_VL) {
        vf acc = ((vf){0} + k[0]) * LDF(rows[0] + i);
        for (uint32_t j = 1; j < taps; j++) acc = acc + ((vf){0} + k[j]) * LDF(rows[j] + i);
        STF(rows[0] + i, acc);
    }
    for (; i < n; i++) {
        float acc = k[0] * rows[0][i];
        for (uint32_t j = 1; j < taps; j++) acc = acc + k[j] * rows[j][i];
        rows[0][i] = acc;
    }
}

/* value * scale + 0.5, clamped to [0, 65280] (255 * 256), truncated: round half up of the exact value. */
static void CK_BLUR_NAME(gauss_store_row_u16)(const float *row, uint16_t *dst, size_t n, float scale) {
    const vf sc = (vf){0} + scale, half = (vf){0} + 0.5f, top = (vf){0} + 65280.0f;
    size_t i = 0;
    for (; i + CK_VL <= n; i += CK_VL) {
        vf v = LDF(row + i) * sc + half;
        v = __builtin_elementwise_max(v, (vf){0});
        v = __builtin_elementwise_min(v, top);
        const vh q = __builtin_convertvector(__builtin_convertvector(v, vi), vh);
        memcpy(dst + i, &q, sizeof q);
    }
    for (; i < n; i++) {
        float v = row[i] * scale + 0.5f;
        v = v < 0.0f ? 0.0f : v;
        v = v > 65280.0f ? 65280.0f : v;
        dst[i] = (uint16_t)(int32_t)v;
    }
}

/* Transposes up to 8 rows into lanes: buf[(pad + x) * 32 + row * 4 + c] = src[row][x][c]. */
static void CK_BLUR_NAME(gauss_load_rows_u16)(const uint16_t *src, size_t stride16, uint32_t rows, uint32_t w,
                                              uint32_t pad, float *buf) {
    for (uint32_t r = 0; r < CK_GAUSS_PIXELS; r++) {
        const uint16_t *row = src + (size_t)(r < rows ? r : rows - 1) * stride16;
        float *b = buf + r * 4;
        for (uint32_t x = 0; x < pad; x++) {
            for (int c = 0; c < 4; c++) b[(size_t)x * CK_GAUSS_LANES + c] = (float)row[c];
        }
        b += (size_t)pad * CK_GAUSS_LANES;
        uint32_t x = 0;
#if CK_BLUR_VBYTES > 4
        /* One pixel (4 channels) per 4-lane vector: the transpose is a strided store of each. */
        typedef uint16_t v4h __attribute__((vector_size(8)));
        typedef float v4f __attribute__((vector_size(16)));
        for (; x < w; x++) {
            v4h p;
            memcpy(&p, row + (size_t)x * 4, 8);
            const v4f f = __builtin_convertvector(p, v4f);
            memcpy(b + (size_t)x * CK_GAUSS_LANES, &f, 16);
        }
#endif
        CK_BLUR_NOVEC
        for (; x < w; x++) {
            for (int c = 0; c < 4; c++) b[(size_t)x * CK_GAUSS_LANES + c] = (float)row[(size_t)x * 4 + c];
        }
        b += (size_t)w * CK_GAUSS_LANES;
        const uint16_t *last = row + (size_t)(w - 1) * 4;
        for (uint32_t x = 0; x < pad; x++) {
            for (int c = 0; c < 4; c++) b[(size_t)x * CK_GAUSS_LANES + c] = (float)last[c];
        }
    }
}

/* value * scale + 0.5 clamped to [0, 255], truncated; then each colour byte is clamped to its alpha byte
   (the exact result keeps colour <= alpha; float rounding of a colour equal to its alpha must not break it). */
static void CK_BLUR_NAME(gauss_store_rows_u8)(const float *buf, uint8_t *dst, size_t stride, uint32_t rows,
                                              uint32_t w, float scale) {
    for (uint32_t r = 0; r < rows; r++) {
        const float *b = buf + r * 4;
        uint8_t *d = dst + (size_t)r * stride;
        uint32_t x = 0;
#if CK_BLUR_VBYTES > 4
        /* Same arithmetic on one pixel per 4-lane vector; min with the broadcast alpha leaves alpha itself. */
        typedef float v4f __attribute__((vector_size(16)));
        typedef int32_t v4i __attribute__((vector_size(16)));
        typedef uint8_t v4b __attribute__((vector_size(4)));
        const v4f sc = (v4f){0} + scale, half = (v4f){0} + 0.5f, top = (v4f){0} + 255.0f;
        for (; x < w; x++) {
            v4f v;
            memcpy(&v, b + (size_t)x * CK_GAUSS_LANES, 16);
            v = v * sc + half;
            v = __builtin_elementwise_max(v, (v4f){0});
            v = __builtin_elementwise_min(v, top);
            v4i q = __builtin_convertvector(v, v4i);
            q = __builtin_elementwise_min(q, __builtin_shufflevector(q, q, 3, 3, 3, 3));
            const v4b o = __builtin_convertvector(q, v4b);
            memcpy(d + (size_t)x * 4, &o, 4);
        }
#endif
        CK_BLUR_NOVEC
        for (; x < w; x++) {
            uint32_t q[4];
            for (int c = 0; c < 4; c++) {
                float v = b[(size_t)x * CK_GAUSS_LANES + c] * scale + 0.5f;
                v = v < 0.0f ? 0.0f : v;
                v = v > 255.0f ? 255.0f : v;
                q[c] = (uint32_t)(int32_t)v;
            }
            for (int c = 0; c < 3; c++) d[(size_t)x * 4 + c] = (uint8_t)(q[c] < q[3] ? q[c] : q[3]);
            d[(size_t)x * 4 + 3] = (uint8_t)q[3];
        }
    }
}

/* MARK: - Backdrop */

/* round(x / 255) for x in [0, 65535], half up: the classic (y + (y >> 8)) >> 8 with y = x + 128. */
static inline uint32_t CK_BLUR_NAME(div255)(uint32_t x) {
    const uint32_t y = x + 128;
    return (y + (y >> 8)) >> 8;
}

static void CK_BLUR_NAME(colour)(uint8_t *px, size_t n, const ck_blur_colour *cp) {
    const ck_blur_colour c = *cp;
    CK_BLUR_NOVEC
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = px + i * 4;
        const float r = (float)p[0], g = (float)p[1], b = (float)p[2], a = (float)p[3];
        uint32_t out[3];
        for (int k = 0; k < 3; k++) {
            float v = (c.m[k][0] * r + c.m[k][1] * g) + c.m[k][2] * b;
            v = v < 0.0f ? 0.0f : v;
            v = v > a ? a : v;
            out[k] = (uint32_t)(int32_t)(v + 0.5f);
        }
        const uint32_t alpha = p[3];
        for (int k = 0; k < 3; k++) p[k] = (uint8_t)(c.tint[k] + CK_BLUR_NAME(div255)(out[k] * c.inv_alpha));
        p[3] = (uint8_t)(c.tint[3] + CK_BLUR_NAME(div255)(alpha * c.inv_alpha));
    }
}

/* Backdrop reduction of `count` whole k x k blocks (k = 2 or 4) from k rows `stride` apart: per channel the
   block sum, (sum + k^2 / 2) >> log2(k^2). Exact integer arithmetic, so the SIMD form equals the loop. */
static void CK_BLUR_NAME(reduce_row)(const uint8_t *src, size_t stride, uint32_t k, uint32_t count, uint8_t *out) {
    uint32_t m = 0;
#if CK_BLUR_VBYTES > 4
    typedef uint8_t v16b __attribute__((vector_size(16)));
    typedef uint16_t v16h __attribute__((vector_size(32)));
    typedef uint16_t v4h __attribute__((vector_size(8)));
    typedef uint8_t v4b __attribute__((vector_size(4)));
    if (k == 4) {
        for (; m < count; m++) {
            v16h acc = {0};
            for (uint32_t y = 0; y < 4; y++) {
                v16b r;
                memcpy(&r, src + y * stride + (size_t)m * 16, 16);
                acc += __builtin_convertvector(r, v16h);
            }
            const v4h sum = __builtin_shufflevector(acc, acc, 0, 1, 2, 3) + __builtin_shufflevector(acc, acc, 4, 5, 6, 7) +
                            __builtin_shufflevector(acc, acc, 8, 9, 10, 11) +
                            __builtin_shufflevector(acc, acc, 12, 13, 14, 15);
            const v4b o = __builtin_convertvector((sum + 8) >> 4, v4b);
            memcpy(out + (size_t)m * 4, &o, 4);
        }
    } else {
        for (; m + 2 <= count; m += 2) {
            v16b r0, r1;
            memcpy(&r0, src + (size_t)m * 8, 16);
            memcpy(&r1, src + stride + (size_t)m * 8, 16);
            const v16h acc = __builtin_convertvector(r0, v16h) + __builtin_convertvector(r1, v16h);
            const v4h s0 = __builtin_shufflevector(acc, acc, 0, 1, 2, 3) + __builtin_shufflevector(acc, acc, 4, 5, 6, 7);
            const v4h s1 =
                __builtin_shufflevector(acc, acc, 8, 9, 10, 11) + __builtin_shufflevector(acc, acc, 12, 13, 14, 15);
            const v4b o0 = __builtin_convertvector((s0 + 2) >> 2, v4b), o1 = __builtin_convertvector((s1 + 2) >> 2, v4b);
            memcpy(out + (size_t)m * 4, &o0, 4);
            memcpy(out + (size_t)m * 4 + 4, &o1, 4);
        }
    }
#endif
    const uint32_t shift = k == 4 ? 4 : 2;
    for (; m < count; m++)
        for (int c = 0; c < 4; c++) {
            uint32_t sum = 0;
            for (uint32_t y = 0; y < k; y++)
                for (uint32_t x = 0; x < k; x++) sum += src[y * stride + ((size_t)m * k + x) * 4 + c];
            out[(size_t)m * 4 + c] = (uint8_t)((sum + (k * k) / 2) >> shift);
        }
}

/* Small pixel j has its centre at full-resolution (j + 0.5) k, so output x = m k + p samples small position
   u = (2x + 1 - k) / (2k) between ring indices m + (p >= k/2) and the next, with weight f = (2p + 1 + k) mod 2k
   on the second (out of 2k): for k = 4, pixels p = 0..3 of block m take (3, 5, 0), (1, 7, 0), (0, 7, 1),
   (0, 5, 3) eighths of ring pixels (m, m + 1, m + 2); for k = 2, (1, 3, 0) and (0, 3, 1) quarters. The
   vertical blend v = (2k - wy) a + wy b comes first (u16: at most 255 * 8); the total weight (2k)^2 is rounded
   half up. Integer arithmetic is exact, so the blocked SIMD form equals the per-pixel form. xs = small width
   + 2 (the ring); out has w <= (xs - 2) k pixels. v is scratch for xs * 4 u16. */
static void CK_BLUR_NAME(enlarge_row)(const uint8_t *a, const uint8_t *b, uint32_t wy, uint32_t k, uint32_t xs,
                                      uint8_t *out, uint32_t w, uint16_t *v) {
    const uint32_t wa = 2 * k - wy, n = xs * 4;
    CK_BLUR_NOVEC
    for (uint32_t i = 0; i < n; i++) v[i] = (uint16_t)(wa * a[i] + wy * b[i]);
    uint32_t m = 0;
#if CK_BLUR_VBYTES > 4
    const uint32_t blocks = w / k;
    typedef uint16_t v4h __attribute__((vector_size(8)));
    if (k == 4) {
        typedef uint16_t v16h __attribute__((vector_size(32)));
        typedef uint8_t v16b __attribute__((vector_size(16)));
        const v16h wa4 = {3, 3, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        const v16h wb4 = {5, 5, 5, 5, 7, 7, 7, 7, 7, 7, 7, 7, 5, 5, 5, 5};
        const v16h wc4 = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 3, 3, 3, 3};
        for (; m < blocks; m++) {
            v4h p0, p1, p2;
            memcpy(&p0, v + m * 4, 8);
            memcpy(&p1, v + m * 4 + 4, 8);
            memcpy(&p2, v + m * 4 + 8, 8);
            const v16h r0 = __builtin_shufflevector(p0, p0, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
            const v16h r1 = __builtin_shufflevector(p1, p1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
            const v16h r2 = __builtin_shufflevector(p2, p2, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
            const v16h o = (wa4 * r0 + wb4 * r1 + wc4 * r2 + 32) >> 6;
            const v16b ob = __builtin_convertvector(o, v16b);
            memcpy(out + (size_t)m * 16, &ob, 16);
        }
    } else {
        typedef uint16_t v8h __attribute__((vector_size(16)));
        typedef uint8_t v8b __attribute__((vector_size(8)));
        const v8h wa2 = {1, 1, 1, 1, 0, 0, 0, 0}, wb2 = {3, 3, 3, 3, 3, 3, 3, 3}, wc2 = {0, 0, 0, 0, 1, 1, 1, 1};
        for (; m < blocks; m++) {
            v4h p0, p1, p2;
            memcpy(&p0, v + m * 4, 8);
            memcpy(&p1, v + m * 4 + 4, 8);
            memcpy(&p2, v + m * 4 + 8, 8);
            const v8h r0 = __builtin_shufflevector(p0, p0, 0, 1, 2, 3, 0, 1, 2, 3);
            const v8h r1 = __builtin_shufflevector(p1, p1, 0, 1, 2, 3, 0, 1, 2, 3);
            const v8h r2 = __builtin_shufflevector(p2, p2, 0, 1, 2, 3, 0, 1, 2, 3);
            const v8h o = (wa2 * r0 + wb2 * r1 + wc2 * r2 + 8) >> 4;
            const v8b ob = __builtin_convertvector(o, v8b);
            memcpy(out + (size_t)m * 8, &ob, 8);
        }
    }
#endif
    /* Per-pixel form: the scalar reference, and the last partial block everywhere. */
    const uint32_t shift = k == 4 ? 6 : 4, round = 1u << (shift - 1);
    for (uint32_t x = m * k; x < w; x++) {
        const uint32_t p = x % k, i0 = x / k + (p >= k / 2 ? 1 : 0);
        const uint32_t f = (2 * p + 1 + k) % (2 * k), i1 = i0 + 1 < xs ? i0 + 1 : xs - 1;
        for (int c = 0; c < 4; c++)
            out[(size_t)x * 4 + c] = (uint8_t)(((2 * k - f) * v[i0 * 4 + c] + f * v[i1 * 4 + c] + round) >> shift);
    }
}

#undef vf
#undef vi
#undef vb
#undef vh
#undef LDF
#undef STF

#define CK_BLUR_OPS_TABLE(name)                                                                              \
    const struct ck_blur_ops name = {                                                                        \
        .box_col_update = CK_BLUR_NAME(box_col_update),                                                      \
        .box_divide_f32 = CK_BLUR_NAME(box_divide_f32),                                                      \
        .box_divide_f64 = CK_BLUR_NAME(box_divide_f64),                                                      \
        .gauss_pass = CK_BLUR_NAME(gauss_pass),                                                              \
        .gauss_fir = CK_BLUR_NAME(gauss_fir),                                                                \
        .gauss_load_row_u8 = CK_BLUR_NAME(gauss_load_row_u8),                                                \
        .gauss_add_row = CK_BLUR_NAME(gauss_add_row),                                                        \
        .gauss_stage = CK_BLUR_NAME(gauss_stage),                                                            \
        .gauss_fir_step = CK_BLUR_NAME(gauss_fir_step),                                                      \
        .gauss_store_row_u16 = CK_BLUR_NAME(gauss_store_row_u16),                                            \
        .gauss_load_rows_u16 = CK_BLUR_NAME(gauss_load_rows_u16),                                            \
        .gauss_store_rows_u8 = CK_BLUR_NAME(gauss_store_rows_u8),                                            \
        .colour = CK_BLUR_NAME(colour),                                                                      \
        .enlarge_row = CK_BLUR_NAME(enlarge_row),                                                            \
        .reduce_row = CK_BLUR_NAME(reduce_row),                                                            \
    }

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

/* In place is allowed (in == out): step i reads in[i] before writing out[i] and later steps read only
   in[i + 1] and beyond. The running sum is updated as s + (hi - first), one rounding per step per lane. */
static void CK_BLUR_NAME(gauss_pass)(const float *in, float *out, size_t n, uint32_t r, float alpha) {
    float s[CK_GAUSS_LANES];
    CK_BLUR_NOVEC
    for (int l = 0; l < CK_GAUSS_LANES; l++) s[l] = 0.0f;
    for (size_t j = 1; j <= 2 * (size_t)r + 1; j++) {
        const float *p = in + j * CK_GAUSS_LANES;
        CK_BLUR_NOVEC
        for (int l = 0; l < CK_GAUSS_LANES; l++) s[l] = s[l] + p[l];
    }
    const size_t span = 2 * (size_t)r + 2;
    for (size_t i = 0; i < n; i++) {
        const float *lo = in + i * CK_GAUSS_LANES;
        const float *first = lo + CK_GAUSS_LANES;
        const float *hi = lo + span * CK_GAUSS_LANES;
        float *o = out + i * CK_GAUSS_LANES;
        CK_BLUR_NOVEC
        for (int l = 0; l < CK_GAUSS_LANES; l++) {
            const float edge = lo[l] + hi[l];
            const float h = hi[l];
            const float d = h - first[l];
            o[l] = s[l] + alpha * edge;
            s[l] = s[l] + d;
        }
    }
}

/* Direct sampled gaussian for small sigma: out[i] = sum_j k[j] in[i + j], j ascending, 2R + 1 taps; in has
   n + 2R positions. In place is allowed for the same reason as gauss_pass. */
static void CK_BLUR_NAME(gauss_fir)(const float *in, float *out, size_t n, const float *k, uint32_t R) {
    for (size_t i = 0; i < n; i++) {
        float acc[CK_GAUSS_LANES];
        const float *p = in + i * CK_GAUSS_LANES;
        CK_BLUR_NOVEC
        for (int l = 0; l < CK_GAUSS_LANES; l++) acc[l] = k[0] * p[l];
        for (uint32_t j = 1; j <= 2 * R; j++) {
            const float kj = k[j];
            const float *q = p + (size_t)j * CK_GAUSS_LANES;
            CK_BLUR_NOVEC
            for (int l = 0; l < CK_GAUSS_LANES; l++) acc[l] = acc[l] + kj * q[l];
        }
        float *o = out + i * CK_GAUSS_LANES;
        CK_BLUR_NOVEC
        for (int l = 0; l < CK_GAUSS_LANES; l++) o[l] = acc[l];
    }
}

static void CK_BLUR_NAME(gauss_load_strip_u8)(const uint8_t *src, size_t stride, uint32_t cols, uint32_t h,
                                              uint32_t pad, float *buf) {
    const int64_t top = -(int64_t)pad, bottom = (int64_t)h + pad;
    for (int64_t y = top; y < bottom; y++) {
        const int64_t sy = y < 0 ? 0 : (y >= (int64_t)h ? (int64_t)h - 1 : y);
        const uint8_t *row = src + (size_t)sy * stride;
        float *b = buf + (size_t)(y + pad) * CK_GAUSS_LANES;
        if (cols == CK_GAUSS_PIXELS) {
            CK_BLUR_NOVEC
            for (int l = 0; l < CK_GAUSS_LANES; l++) b[l] = (float)row[l];
        } else {
            for (uint32_t c = 0; c < CK_GAUSS_PIXELS; c++) {
                const uint32_t sc = c < cols ? c : cols - 1;
                for (int k = 0; k < 4; k++) b[c * 4 + k] = (float)row[sc * 4 + k];
            }
        }
    }
}

/* value * scale + 0.5, clamped to [0, 65280] (255 * 256), truncated: round half up of the exact value. */
static void CK_BLUR_NAME(gauss_store_strip_u16)(const float *buf, uint16_t *dst, size_t stride16, uint32_t cols,
                                                uint32_t h, float scale) {
    const uint32_t lanes = cols * 4;
    for (uint32_t y = 0; y < h; y++) {
        const float *b = buf + (size_t)y * CK_GAUSS_LANES;
        uint16_t *d = dst + (size_t)y * stride16;
        if (lanes == CK_GAUSS_LANES) {
            CK_BLUR_NOVEC
            for (int l = 0; l < CK_GAUSS_LANES; l++) {
                float v = b[l] * scale + 0.5f;
                v = v < 0.0f ? 0.0f : v;
                v = v > 65280.0f ? 65280.0f : v;
                d[l] = (uint16_t)(int32_t)v;
            }
        } else {
            for (uint32_t l = 0; l < lanes; l++) {
                float v = b[l] * scale + 0.5f;
                v = v < 0.0f ? 0.0f : v;
                v = v > 65280.0f ? 65280.0f : v;
                d[l] = (uint16_t)(int32_t)v;
            }
        }
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
        CK_BLUR_NOVEC
        for (uint32_t x = 0; x < w; x++) {
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
        CK_BLUR_NOVEC
        for (uint32_t x = 0; x < w; x++) {
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

/* Small pixel j has its centre at full-resolution (j + 0.5) k, so output x samples small position
   u = (2x + 1 - k) / (2k): integer part j0 = floor(u), remainder f in [0, 2k) in units of 1/(2k).
   Weights (2k - f, f) horizontally and (2k - wy, wy) vertically, total (2k)^2, rounded half up. The small rows
   carry a one-pixel ring (xs = small width + 2), so small position j is at index j + 1. */
static void CK_BLUR_NAME(enlarge_row)(const uint8_t *a, const uint8_t *b, uint32_t wy, uint32_t k, uint32_t xs,
                                      uint8_t *out, uint32_t w) {
    const int32_t k2 = (int32_t)(2 * k);
    const uint32_t total = (uint32_t)(k2 * k2);
    const uint32_t shift = k == 4 ? 6 : 4;
    const uint32_t wa = (uint32_t)k2 - wy;
    CK_BLUR_NOVEC
    for (uint32_t x = 0; x < w; x++) {
        const int32_t t = 2 * (int32_t)x + 1 - (int32_t)k;
        const int32_t j0 = t >= 0 ? t / k2 : -1;
        const uint32_t f = (uint32_t)(t - j0 * k2);
        const uint32_t i0 = (uint32_t)(j0 + 1), i1 = i0 + 1 < xs ? i0 + 1 : xs - 1;
        const uint32_t fa = (uint32_t)k2 - f;
        for (int c = 0; c < 4; c++) {
            const uint32_t top = fa * a[i0 * 4 + c] + f * a[i1 * 4 + c];
            const uint32_t bot = fa * b[i0 * 4 + c] + f * b[i1 * 4 + c];
            out[(size_t)x * 4 + c] = (uint8_t)((wa * top + wy * bot + total / 2) >> shift);
        }
    }
}

#define CK_BLUR_OPS_TABLE(name)                                                                              \
    const struct ck_blur_ops name = {                                                                        \
        .box_col_update = CK_BLUR_NAME(box_col_update),                                                      \
        .box_divide_f32 = CK_BLUR_NAME(box_divide_f32),                                                      \
        .box_divide_f64 = CK_BLUR_NAME(box_divide_f64),                                                      \
        .gauss_pass = CK_BLUR_NAME(gauss_pass),                                                              \
        .gauss_fir = CK_BLUR_NAME(gauss_fir),                                                                \
        .gauss_load_strip_u8 = CK_BLUR_NAME(gauss_load_strip_u8),                                            \
        .gauss_store_strip_u16 = CK_BLUR_NAME(gauss_store_strip_u16),                                        \
        .gauss_load_rows_u16 = CK_BLUR_NAME(gauss_load_rows_u16),                                            \
        .gauss_store_rows_u8 = CK_BLUR_NAME(gauss_store_rows_u8),                                            \
        .colour = CK_BLUR_NAME(colour),                                                                      \
        .enlarge_row = CK_BLUR_NAME(enlarge_row),                                                            \
    }

/*
 * The backdrop's colour stage kernels (saturation matrix, clamp to alpha, tint source-over): colour() and the
 * 8-pixel block colour8 that the gaussian's fused store also uses (blur_kernels_tiles.h).
 */
#ifndef CK_BLUR_KERNELS_COLOUR_H
#define CK_BLUR_KERNELS_COLOUR_H

#include "blur_kernels_common.h"

#if CK_BLUR_VBYTES > 4
/* The backdrop colour stage on 8 pixels (32 bytes) at once, shared by colour() and the gaussian's fused store: the
   same float and integer operations per channel as colour()'s per-pixel loop. The channels come apart with shifts
   and masks on the pixels as 32-bit words (no byte shuffles), r, g, b each take their three products and two sums
   in 8 float lanes, and the tint blend runs on two channels per 16-lane u16 vector: x * inv_alpha + 128 <= 255 * 255
   + 128 and x + (x >> 8) <= 65407, so div255 is exact there. (max / min stand in for the clamps; they differ only in
   the sign of a zero, which + 0.5 and truncation erase.) (Through pointers, as elsewhere: no 32-byte vector values
   cross an SSE2 function boundary.) */
typedef struct CK_BLUR_NAME(colour_vec) {
    CK_BLUR_NAME(v8f) m[3][3];                 /* colour->m, each broadcast */
    CK_BLUR_NAME(v16h) tint[2], inv; /* tint r, g and b, a in colour_pairs' lane order; inv_alpha */
} CK_BLUR_NAME(colour_vec);
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_vec_init)(const ck_blur_colour *c,
                                                                             CK_BLUR_NAME(colour_vec) *v) {
    typedef uint16_t v4h __attribute__((vector_size(8)));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) v->m[i][j] = (CK_BLUR_NAME(v8f)){0} + c->m[i][j];
    /* Whole-vector shuffles, not a per-lane loop: lane stores followed by a vector load of the same bytes miss
       store forwarding, and the loop took half of colour()'s time when called once per small row. */
    const v4h t = {c->tint[0], c->tint[1], c->tint[2], c->tint[3]};
    v->tint[0] = __builtin_shufflevector(t, t, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1);
    v->tint[1] = __builtin_shufflevector(t, t, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3);
    v->inv = (CK_BLUR_NAME(v16h)){0} + (uint16_t)c->inv_alpha;
}
/* The colour stage's two conversions, in one lane order for every build: per 128 bits, 4 lanes of the first
   channel of a pair, then the same 4 pixels of the second (the order x86's in-lane packs produce). pairs: r, g, b, a
   (8 int32 lanes each, in [0, 255]) to the u16 vectors [r, g] and [b, a]; bytes: those (in [0, 255]) back to 8
   RGBA pixels. An ISA file that defines CK_BLUR_NATIVE_COLOUR_PACKS supplies both as colour_pairs and colour_bytes
   (same arguments) with its packs and byte shuffles. */
#ifndef CK_BLUR_NATIVE_COLOUR_PACKS
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_pairs)(const void *q4, void *pairs) {
    typedef int32_t v8i __attribute__((vector_size(32)));
    typedef uint16_t v8h __attribute__((vector_size(16)));
    v8i q[4];
    CK_BLUR_NAME(v16h) out[2];
    memcpy(q, q4, sizeof q);
    for (int h = 0; h < 2; h++) {
        const v8h x = __builtin_convertvector(q[2 * h], v8h), y = __builtin_convertvector(q[2 * h + 1], v8h);
        out[h] = __builtin_shufflevector(x, y, 0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15);
    }
    memcpy(pairs, out, sizeof out);
}
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_bytes)(const void *pairs, void *out) {
    typedef uint8_t v16b __attribute__((vector_size(16)));
    CK_BLUR_NAME(v16h) p[2];
    memcpy(p, pairs, sizeof p);
    const v16b x = __builtin_convertvector(p[0], v16b), y = __builtin_convertvector(p[1], v16b);
    /* pixel m < 4 takes x[m], x[m + 4], y[m], y[m + 4]; pixel m >= 4 the same 4 lanes on (the second 128 bits) */
    const CK_BLUR_NAME(v32b) o = __builtin_shufflevector(x, y, 0, 4, 16, 20, 1, 5, 17, 21, 2, 6, 18, 22, 3, 7, 19, 23,
                                                         8, 12, 24, 28, 9, 13, 25, 29, 10, 14, 26, 30, 11, 15, 27, 31);
    memcpy(out, &o, sizeof o);
}
#endif
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour8)(const CK_BLUR_NAME(v32b) *in,
                                                                     CK_BLUR_NAME(v32b) *out,
                                                                     const CK_BLUR_NAME(colour_vec) *k) {
    typedef CK_BLUR_NAME(v8f) v8f;
    typedef CK_BLUR_NAME(v16h) v16h;
    typedef int32_t v8i __attribute__((vector_size(32)));
    typedef uint32_t v8u __attribute__((vector_size(32)));
    v8u px;
    memcpy(&px, in, sizeof px);
    const v8f r = __builtin_convertvector((v8i)(px & 255u), v8f);
    const v8f g = __builtin_convertvector((v8i)((px >> 8) & 255u), v8f);
    const v8f b = __builtin_convertvector((v8i)((px >> 16) & 255u), v8f);
    v8i q[4];
    q[3] = (v8i)(px >> 24);
    const v8f a = __builtin_convertvector(q[3], v8f);
    for (int c = 0; c < 3; c++) {
        v8f v = (k->m[c][0] * r + k->m[c][1] * g) + k->m[c][2] * b;
        v = __builtin_elementwise_max(v, (v8f){0});
        v = __builtin_elementwise_min(v, a);
        q[c] = __builtin_convertvector(v + 0.5f, v8i);
    }
    v16h pr[2];
    CK_BLUR_NAME(colour_pairs)(q, pr);
    for (int h = 0; h < 2; h++) {
        const v16h x = pr[h] * k->inv + 128;
        pr[h] = k->tint[h] + ((x + (x >> 8)) >> 8);
    }
    CK_BLUR_NAME(colour_bytes)(pr, out);
}
#endif


/* round(x / 255) for x in [0, 65535], half up: the classic (y + (y >> 8)) >> 8 with y = x + 128. */
static inline uint32_t CK_BLUR_NAME(div255)(uint32_t x) {
    const uint32_t y = x + 128;
    return (y + (y >> 8)) >> 8;
}

static void CK_BLUR_NAME(colour)(uint8_t *rowp, size_t stride, uint32_t rows, size_t n, const ck_blur_colour *cp) {
    const ck_blur_colour c = *cp;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(colour_vec) cv;
    CK_BLUR_NAME(colour_vec_init)(&c, &cv);
#endif
    for (uint32_t row = 0; row < rows; row++) {
        uint8_t *px = rowp + (size_t)row * stride;
        size_t i = 0;
#if CK_BLUR_VBYTES > 4
        for (; i + 8 <= n; i += 8) {
            CK_BLUR_NAME(v32b) v;
            memcpy(&v, px + i * 4, sizeof v);
            CK_BLUR_NAME(colour8)(&v, &v, &cv);
            memcpy(px + i * 4, &v, sizeof v);
        }
#endif
        CK_BLUR_NOVEC
        for (; i < n; i++) {
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
}

#endif

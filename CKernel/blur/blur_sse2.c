/* SSE2 build of the blur kernels (x86-64 baseline): blur_kernels.h compiled for the baseline target, where the
   compiler vectorises the lane-parallel loops with SSE2. Bit-identical to scalar by construction (see
   blur_internal.h). */
#include "blur_internal.h"
#if CK_ARCH_X86_64
#define CK_BLUR_NAME(x) ck_blur_sse2_##x
#define CK_BLUR_VBYTES 16
#include <emmintrin.h>
#include <string.h>
/* Lanes already in [0, 255]: signed-saturating packs (SSE2 has no packusdw, so the generic truncating
   narrowing becomes shifts and masks). */
static inline __attribute__((always_inline)) void ck_blur_sse2_narrow32(const void *v, uint8_t *dst) {
    __m128i x[8];
    memcpy(x, v, sizeof x);
    for (int h = 0; h < 2; h++) {
        const __m128i a = _mm_packs_epi32(x[4 * h], x[4 * h + 1]), b = _mm_packs_epi32(x[4 * h + 2], x[4 * h + 3]);
        _mm_storeu_si128((__m128i *)(void *)(dst + 16 * h), _mm_packus_epi16(a, b));
    }
}
static inline __attribute__((always_inline)) void ck_blur_sse2_narrow16(const void *v, uint8_t *dst) {
    __m128i x[4];
    memcpy(x, v, sizeof x);
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_packus_epi16(x[0], x[1]));
    _mm_storeu_si128((__m128i *)(void *)(dst + 16), _mm_packus_epi16(x[2], x[3]));
}
#define CK_BLUR_NATIVE_NARROW
/* 32 u16 lanes: (a * b) >> 16 (the direct filter's products, see blur_kernels_gauss.h). */
static inline __attribute__((always_inline)) void ck_blur_sse2_mulhi16x32(const void *a, const void *b, void *out) {
    __m128i x[4], y[4];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    for (int h = 0; h < 4; h++) x[h] = _mm_mulhi_epu16(x[h], y[h]);
    memcpy(out, x, sizeof x);
}
#define CK_BLUR_NATIVE_MULHI16
/* The colour stage's conversions (see colour_pairs in blur_kernels_colour.h), per 128-bit half: signed-saturating packs
   (lanes in [0, 255]) give its lane order as they are, and two byte interleaves turn [r0-3 g0-3 b0-3 a0-3] into
   pixels (SSE2 has no byte shuffle). */
static inline __attribute__((always_inline)) void ck_blur_sse2_colour_pairs(const void *q4, void *pairs) {
    __m128i q[8], p[4];
    memcpy(q, q4, sizeof q);
    for (int h = 0; h < 2; h++) {
        p[h] = _mm_packs_epi32(q[h], q[2 + h]);
        p[2 + h] = _mm_packs_epi32(q[4 + h], q[6 + h]);
    }
    memcpy(pairs, p, sizeof p);
}
static inline __attribute__((always_inline)) void ck_blur_sse2_colour_bytes(const void *pairs, void *out) {
    __m128i p[4];
    memcpy(p, pairs, sizeof p);
    for (int h = 0; h < 2; h++) {
        const __m128i x = _mm_packus_epi16(p[h], p[2 + h]);
        const __m128i y = _mm_unpacklo_epi8(x, _mm_srli_si128(x, 8));
        _mm_storeu_si128((__m128i *)out + h, _mm_unpacklo_epi8(y, _mm_srli_si128(y, 8)));
    }
}
#define CK_BLUR_NATIVE_COLOUR_PACKS
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_sse2);
#endif

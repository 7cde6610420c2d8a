/* AVX2 build of the blur kernels (runtime-dispatched): blur_kernels.h compiled with target("avx2,fma"); the
   kernels header turns off FP contraction so no FMA changes a rounding. */
#include "blur_internal.h"
#if CK_ARCH_X86_64
#include <immintrin.h>
#include <string.h>
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#define CK_BLUR_NAME(x) ck_blur_avx2_##x
#define CK_BLUR_VBYTES 32
/* Lanes already in [0, 255]: two signed-saturating packs and one cross-lane fix-up instead of the generic
   mask-then-pack narrowing. */
static inline __attribute__((always_inline)) void ck_blur_avx2_narrow32(const void *v, uint8_t *dst) {
    __m256i x[4];
    memcpy(x, v, sizeof x);
    const __m256i p = _mm256_packus_epi16(_mm256_packs_epi32(x[0], x[1]), _mm256_packs_epi32(x[2], x[3]));
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_permutevar8x32_epi32(p, order));
}
static inline __attribute__((always_inline)) void ck_blur_avx2_narrow16(const void *v, uint8_t *dst) {
    __m256i x[2];
    memcpy(x, v, sizeof x);
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_permute4x64_epi64(_mm256_packus_epi16(x[0], x[1]), 0xd8));
}
#define CK_BLUR_NATIVE_NARROW
/* 32 u16 lanes: (a * b) >> 16 (the direct filter's products, see blur_kernels_gauss.h). */
static inline __attribute__((always_inline)) void ck_blur_avx2_mulhi16x32(const void *a, const void *b, void *out) {
    __m256i x[2], y[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    for (int h = 0; h < 2; h++) x[h] = _mm256_mulhi_epu16(x[h], y[h]);
    memcpy(out, x, sizeof x);
}
#define CK_BLUR_NATIVE_MULHI16
/* The colour stage's conversions (see colour_pairs in blur_kernels_colour.h): the in-lane packs give its lane order as they
   are, and lanes in [0, 255] make their saturation a plain narrowing; one byte shuffle per 128 bits turns
   [r0-3 g0-3 b0-3 a0-3] into pixels, where the generic conversions need masks, packs and cross-lane fix-ups. */
static inline __attribute__((always_inline)) void ck_blur_avx2_colour_pairs(const void *q4, void *pairs) {
    __m256i q[4];
    memcpy(q, q4, sizeof q);
    const __m256i p[2] = {_mm256_packus_epi32(q[0], q[1]), _mm256_packus_epi32(q[2], q[3])};
    memcpy(pairs, p, sizeof p);
}
static inline __attribute__((always_inline)) void ck_blur_avx2_colour_bytes(const void *pairs, void *out) {
    __m256i p[2];
    memcpy(p, pairs, sizeof p);
    const __m256i order = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9,
                                           13, 2, 6, 10, 14, 3, 7, 11, 15);
    _mm256_storeu_si256((__m256i *)out, _mm256_shuffle_epi8(_mm256_packus_epi16(p[0], p[1]), order));
}
#define CK_BLUR_NATIVE_COLOUR_PACKS
/* The reduction's vertical tent on 32 columns: rows paired byte by byte so one pmaddubsw applies two weights
   with no widening (pair sums <= 255 * 12, totals <= 255 * 32: no saturation), instead of widening every row
   and multiplying it separately. Unpacking works within 128-bit halves, so lo holds columns 0-7 and 16-23,
   hi 8-15 and 24-31; the two cross-half permutes restore the order. Same integers as the generic loop. */
static inline __attribute__((always_inline)) void ck_blur_avx2_tent_v32(const uint8_t *const *rows, uint32_t k,
                                                                        size_t q, uint32_t shift, uint16_t *out) {
    const __m256i half = _mm256_set1_epi16((short)(shift ? 1 << (shift - 1) : 0));
    __m256i lo = half, hi = half;
    for (uint32_t y = 0; y < 2 * k; y += 2) {
        const __m256i wp = _mm256_set1_epi16((short)(ck_blur_tent(y, k) | ck_blur_tent(y + 1, k) << 8));
        const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(rows[y] + q));
        const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(rows[y + 1] + q));
        lo = _mm256_add_epi16(lo, _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), wp));
        hi = _mm256_add_epi16(hi, _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), wp));
    }
    const __m128i sh = _mm_cvtsi32_si128((int)shift);
    lo = _mm256_srl_epi16(lo, sh);
    hi = _mm256_srl_epi16(hi, sh);
    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(out + 16), _mm256_permute2x128_si256(lo, hi, 0x31));
}
#define CK_BLUR_NATIVE_TENT_V
/* The gaussian's tile block: 4 positions of int32 lanes (rows 0-1 in the low 256 bits, rows 2-3 in the high) to
   64 bytes in tile order. The packs interleave within 128-bit halves, which is the transpose itself: packing
   positions 0 and 1, then 2 and 3, then the two results leaves row 0 (pixels 0-3) in the low half and row 1 in the
   high half. Saturation clamps to [0, 255] as the generic code does.
   With `stream` the stores are non-temporal (see gauss_run for when): the block is one aligned 64-byte line
   (gauss_run keeps tiles 64-byte aligned), and a streaming store of a whole line skips the read for ownership a
   normal store needs; tile_fence orders the streamed lines (once per gaussian, after the horizontal pass: see
   gauss_tiles_fence). */
static inline __attribute__((always_inline)) void ck_blur_avx2_tile_block(const void *t, uint8_t *dst, int stream) {
    __m256i x[8];
    memcpy(x, t, sizeof x);
    const __m256i r01 = _mm256_packus_epi16(_mm256_packs_epi32(x[0], x[2]), _mm256_packs_epi32(x[4], x[6]));
    const __m256i r23 = _mm256_packus_epi16(_mm256_packs_epi32(x[1], x[3]), _mm256_packs_epi32(x[5], x[7]));
    if (stream) {
        _mm256_stream_si256((__m256i *)(void *)dst, r01);
        _mm256_stream_si256((__m256i *)(void *)(dst + 32), r23);
    } else {
        _mm256_storeu_si256((__m256i *)(void *)dst, r01);
        _mm256_storeu_si256((__m256i *)(void *)(dst + 32), r23);
    }
}
static inline __attribute__((always_inline)) void ck_blur_avx2_tile_fence(void) { _mm_sfence(); }
#define CK_BLUR_NATIVE_TILE_BLOCK
/* The cascade's subtraction on the FMA pipes (see CK_BLUR_SUB_ON_FMA in blur_kernels_gauss.h); vf is the kernels'
   8-float vector. The empty asm hides m1's value in a vector register so the fma is not folded back. */
#define CK_BLUR_SUB_ON_FMA(x, y, m1) ((vf)_mm256_fmadd_ps((__m256)(y), (__m256)(m1), (__m256)(x)))
#define CK_BLUR_HIDE_CONSTANT(v) __asm__("" : "+x"(v))
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_avx2);
#pragma clang attribute pop
#endif

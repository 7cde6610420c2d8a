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
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_avx2);
#pragma clang attribute pop
#endif

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
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_sse2);
#endif

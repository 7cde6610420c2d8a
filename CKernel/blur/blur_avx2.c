/* AVX2 build of the blur kernels (runtime-dispatched): blur_kernels.h compiled with target("avx2,fma"); the
   kernels header turns off FP contraction so no FMA changes a rounding. */
#include "blur_internal.h"
#if CK_ARCH_X86_64
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#define CK_BLUR_NAME(x) ck_blur_avx2_##x
#define CK_BLUR_VBYTES 32
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_avx2);
#pragma clang attribute pop
#endif

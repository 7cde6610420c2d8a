/* Scalar build of the blur kernels: blur_kernels.h with vectorisation off, the reference every SIMD build must
   match bit for bit, and the table ck_ops_active() falls back to on any CPU. */
#include "blur_internal.h"
#define CK_BLUR_NAME(x) ck_blur_scalar_##x
#define CK_BLUR_NOVEC _Pragma("clang loop vectorize(disable) interleave(disable)")
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_scalar);

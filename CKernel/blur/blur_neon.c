/* NEON build of the blur kernels (arm64 baseline): blur_kernels.h vectorised for NEON. */
#include "blur_internal.h"
#if CK_ARCH_ARM64
#define CK_BLUR_NAME(x) ck_blur_neon_##x
#define CK_BLUR_VBYTES 16
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_neon);
#endif

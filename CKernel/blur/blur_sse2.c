/* SSE2 build of the blur kernels (x86-64 baseline): blur_kernels.h compiled for the baseline target, where the
   compiler vectorises the lane-parallel loops with SSE2. Bit-identical to scalar by construction (see
   blur_internal.h). */
#include "blur_internal.h"
#if CK_ARCH_X86_64
#define CK_BLUR_NAME(x) ck_blur_sse2_##x
#define CK_BLUR_VBYTES 16
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_sse2);
#endif

/* AVX2 + FMA path of the blur family (runtime-dispatched). Placeholder. */
#include "blur_internal.h"
#if CK_ARCH_X86_64
const struct ck_blur_ops ck_blur_ops_avx2 = {0};
#endif

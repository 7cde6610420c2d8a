/* SSE2 path of the blur family (x86-64 baseline). Placeholder. */
#include "blur_internal.h"
#if CK_ARCH_X86_64
const struct ck_blur_ops ck_blur_ops_sse2 = {0};
#endif

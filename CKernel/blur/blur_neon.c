/* NEON path of the blur family (arm64 baseline). Placeholder. */
#include "blur_internal.h"
#if CK_ARCH_ARM64
const struct ck_blur_ops ck_blur_ops_neon = {0};
#endif

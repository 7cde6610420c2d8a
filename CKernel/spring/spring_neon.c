/* NEON path of the spring family (arm64 baseline). Placeholder. */
#include "spring_internal.h"
#if CK_ARCH_ARM64
const struct ck_spring_ops ck_spring_ops_neon = {0};
#endif

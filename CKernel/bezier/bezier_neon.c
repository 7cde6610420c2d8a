/* NEON path of the bezier family (arm64 baseline). Placeholder. */
#include "bezier_internal.h"
#if CK_ARCH_ARM64
const struct ck_bezier_ops ck_bezier_ops_neon = {0};
#endif

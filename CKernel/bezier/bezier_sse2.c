/* SSE2 path of the bezier family (x86-64 baseline). Placeholder. */
#include "bezier_internal.h"
#if CK_ARCH_X86_64
const struct ck_bezier_ops ck_bezier_ops_sse2 = {0};
#endif

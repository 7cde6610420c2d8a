/* SSE2 path of the spring family (x86-64 baseline). Placeholder. */
#include "spring_internal.h"
#if CK_ARCH_X86_64
const struct ck_spring_ops ck_spring_ops_sse2 = {0};
#endif

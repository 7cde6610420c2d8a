/* AVX2 + FMA path of the spring family (runtime-dispatched). Placeholder. */
#include "spring_internal.h"
#if CK_ARCH_X86_64
const struct ck_spring_ops ck_spring_ops_avx2 = {0};
#endif

/* AVX2 + FMA path of the bezier family (runtime-dispatched). Placeholder. */
#include "bezier_internal.h"
#if CK_ARCH_X86_64
const struct ck_bezier_ops ck_bezier_ops_avx2 = {0};
#endif

/* Private to the blur family: its per-ISA function table. Placeholder until the family lands. */
#ifndef CK_BLUR_INTERNAL_H
#define CK_BLUR_INTERNAL_H
#include "../ck_internal.h"

struct ck_blur_ops {
    int placeholder;
};

#endif

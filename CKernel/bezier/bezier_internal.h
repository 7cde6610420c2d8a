/* Private to the bezier family: its per-ISA function table. Placeholder until the family lands. */
#ifndef CK_BEZIER_INTERNAL_H
#define CK_BEZIER_INTERNAL_H
#include "../ck_internal.h"

struct ck_bezier_ops {
    int placeholder;
};

#endif

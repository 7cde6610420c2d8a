/* Private to the spring family: its per-ISA function table. Placeholder until the family lands. */
#ifndef CK_SPRING_INTERNAL_H
#define CK_SPRING_INTERNAL_H
#include "../ck_internal.h"

struct ck_spring_ops {
    int placeholder;
};

#endif

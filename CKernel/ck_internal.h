/*
 * Private to CKernel: the per-ISA function tables and the helpers every family shares.
 *
 * Each kernel family (spring/, bezier/, blur/) defines `struct ck_<family>_ops` in its own private
 * header and one const table per ISA in its ISA files: ck_<family>_ops_scalar everywhere,
 * ck_<family>_ops_sse2 and ck_<family>_ops_avx2 on x86-64, ck_<family>_ops_neon on arm64.
 * dispatch.c only takes their addresses, so the struct layouts stay private to each family.
 * Public entry points validate their arguments once and then call through ck_ops_active(); the
 * table entries take trusted arguments and never fail.
 */
#ifndef CK_INTERNAL_H
#define CK_INTERNAL_H

#include "CKernel.h"

#if defined(__x86_64__) || defined(_M_X64)
#define CK_ARCH_X86_64 1
#elif defined(__aarch64__) || defined(_M_ARM64)
#define CK_ARCH_ARM64 1
#endif

struct ck_spring_ops;
struct ck_bezier_ops;
struct ck_blur_ops;

/* One row of the dispatch: the tables of every family for one ISA. */
typedef struct ck_ops {
    ck_isa isa;
    const struct ck_spring_ops *spring;
    const struct ck_bezier_ops *bezier;
    const struct ck_blur_ops *blur;
} ck_ops;

/* The table for the ISA chosen now (ck_isa_best() until ck_isa_set). Never NULL. */
const ck_ops *ck_ops_active(void);

#endif /* CK_INTERNAL_H */

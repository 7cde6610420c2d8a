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

#include <stdatomic.h>

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

/* The selected row of ck_ops_table (ck_ops_unselected, the scalar tables, until an ISA is selected),
   defined in dispatch.c. It is visible here only so that ck_ops_active inlines into the entry points
   without any call: a call would clobber every vector register, and an entry point as short as
   ck_bezier_value would then spill and reload its argument and set up a frame on every call. It is a
   pointer rather than an index so that an entry point reaches its table in one load, where the index
   needed a clamp for the unselected state, a scale and an add (ck_bezier_value's dispatch went from 13
   instructions to 8, and to 6 where it compares the row itself; a whole call is about 45). */
#if defined(__ELF__) || defined(__APPLE__)
#define CK_HIDDEN __attribute__((visibility("hidden")))
#else
#define CK_HIDDEN
#endif
extern CK_HIDDEN const ck_ops ck_ops_table[4];
extern CK_HIDDEN _Atomic(const ck_ops *) ck_active_ops;

/* The table for the ISA chosen now (ck_isa_best() until ck_isa_set). Never NULL. dispatch.c selects
   the best ISA when the library is loaded (and again on any first ck_isa_* call); a kernel call that runs
   before that, from another library's load-time constructor, takes the scalar tables, which compute the
   same results. */
static inline const ck_ops *ck_ops_active(void) {
    return atomic_load_explicit(&ck_active_ops, memory_order_relaxed);
}

#endif /* CK_INTERNAL_H */

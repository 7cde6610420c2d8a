/*
 * ISA detection and the dispatch table.
 *
 * The only mutable global in the kernel is the selected ISA (one atomic pointer to its row of the table), set
 * when the library loads.
 * Detection reads cpuid and XCR0 directly: __builtin_cpu_supports needs compiler-rt symbols that some Apple
 * toolchains do not link, and cpuid alone is not enough, because the OS must also save the YMM registers
 * (XCR0 bits 1-2) before AVX2 code may run.
 */
#include <stdatomic.h>

#include "ck_internal.h"

#if CK_ARCH_X86_64
#include <cpuid.h>
#endif

extern const struct ck_spring_ops ck_spring_ops_scalar;
extern const struct ck_bezier_ops ck_bezier_ops_scalar;
extern const struct ck_blur_ops ck_blur_ops_scalar;
#if CK_ARCH_X86_64
extern const struct ck_spring_ops ck_spring_ops_sse2, ck_spring_ops_avx2;
extern const struct ck_bezier_ops ck_bezier_ops_sse2, ck_bezier_ops_avx2;
extern const struct ck_blur_ops ck_blur_ops_sse2, ck_blur_ops_avx2;
#elif CK_ARCH_ARM64
extern const struct ck_spring_ops ck_spring_ops_neon;
extern const struct ck_bezier_ops ck_bezier_ops_neon;
extern const struct ck_blur_ops ck_blur_ops_neon;
#endif

/* Indexed by ck_isa; rows for ISAs this architecture cannot run stay empty (spring == NULL). */
const ck_ops ck_ops_table[4] = {
    [CK_ISA_SCALAR] = {CK_ISA_SCALAR, &ck_spring_ops_scalar, &ck_bezier_ops_scalar, &ck_blur_ops_scalar},
#if CK_ARCH_X86_64
    [CK_ISA_SSE2] = {CK_ISA_SSE2, &ck_spring_ops_sse2, &ck_bezier_ops_sse2, &ck_blur_ops_sse2},
    [CK_ISA_AVX2] = {CK_ISA_AVX2, &ck_spring_ops_avx2, &ck_bezier_ops_avx2, &ck_blur_ops_avx2},
#elif CK_ARCH_ARM64
    [CK_ISA_NEON] = {CK_ISA_NEON, &ck_spring_ops_neon, &ck_bezier_ops_neon, &ck_blur_ops_neon},
#endif
};

#if CK_ARCH_X86_64
static int ck_x86_has_avx2_fma(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((ecx & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    /* xgetbv(0): XCR0. Written as inline asm so no -mxsave is needed for _xgetbv. */
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void)xcr0_hi;
    if ((xcr0_lo & 6u) != 6u) return 0; /* XMM and YMM state saved by the OS */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx & (1u << 5)) != 0; /* AVX2 */
}
#endif

ck_isa ck_isa_best(void) {
#if CK_ARCH_X86_64
    return ck_x86_has_avx2_fma() ? CK_ISA_AVX2 : CK_ISA_SSE2;
#elif CK_ARCH_ARM64
    return CK_ISA_NEON;
#else
    return CK_ISA_SCALAR;
#endif
}

static int ck_isa_available(ck_isa isa) {
    switch (isa) {
    case CK_ISA_SCALAR: return 1;
#if CK_ARCH_X86_64
    case CK_ISA_SSE2: return 1;
    case CK_ISA_AVX2: return ck_isa_best() == CK_ISA_AVX2;
#elif CK_ARCH_ARM64
    case CK_ISA_NEON: return 1;
#endif
    default: return 0;
    }
}

/* The row in use before any selection: the scalar tables at an address of their own, so that
   ck_isa_active can tell that nothing was selected yet. */
static const ck_ops ck_ops_unselected = {CK_ISA_SCALAR, &ck_spring_ops_scalar, &ck_bezier_ops_scalar,
                                         &ck_blur_ops_scalar};

/* &ck_ops_unselected until selected (at load, see ck_select_isa_at_load, or on first use); then the
   selected row of ck_ops_table. Racing first uses store the same row. */
_Atomic(const ck_ops *) ck_active_ops = &ck_ops_unselected;

ck_isa ck_isa_active(void) {
    const ck_ops *ops = atomic_load_explicit(&ck_active_ops, memory_order_relaxed);
    if (ops == &ck_ops_unselected) {
        const ck_ops *best = &ck_ops_table[ck_isa_best()];
        /* On failure ops receives the row another thread stored first. */
        if (atomic_compare_exchange_strong(&ck_active_ops, &ops, best)) ops = best;
    }
    return ops->isa;
}

ck_status ck_isa_set(ck_isa isa) {
    if (!ck_isa_available(isa)) return CK_ERR_ARGUMENT;
    atomic_store(&ck_active_ops, &ck_ops_table[isa]);
    return CK_OK;
}

/* Selects the best ISA at load time, so ck_ops_active never needs to (see ck_internal.h). */
__attribute__((constructor)) static void ck_select_isa_at_load(void) { (void)ck_isa_active(); }

const char *ck_status_message(ck_status status) {
    switch (status) {
    case CK_OK: return "success";
    case CK_ERR_NULL: return "a required pointer is NULL";
    case CK_ERR_ARGUMENT: return "a number is NaN, infinite, or outside its range";
    case CK_ERR_SIZE: return "image size, stride or scratch size is inconsistent";
    case CK_ERR_OVERLAP: return "source and destination overlap without being equal";
    case CK_ERR_NOMEM: return "an internal allocation failed";
    }
    return "unknown status";
}

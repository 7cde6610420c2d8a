/*
 * Shared helpers for the CKernel libFuzzer harnesses (Fuzz/fuzz_*.c, built by Fuzz/run.sh).
 *
 * Each harness decodes the fuzz input into the arguments of one entry-point group, predicts from the
 * C API's documented rules (CKernel/include/CKernel.h) which statuses that input may give, calls the kernel under every ISA this machine has, and checks the invariants. A violated
 * invariant prints what was expected and traps, so libFuzzer saves the input as a crash artefact.
 *
 * Where the contract does not rank two applicable errors (say a NULL output and a NaN argument), the
 * predicate accepts either: harnesses work with a set of allowed statuses, never a single guess.
 */
#ifndef CK_FUZZ_COMMON_H
#define CK_FUZZ_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CKernel.h"

/* MARK: - Failing */

#define FUZZ_CHECK(cond, ...)                                                                             \
    do {                                                                                                  \
        if (!(cond)) {                                                                                    \
            fprintf(stderr, "\n%s:%d: invariant failed: %s\n  ", __FILE__, __LINE__, #cond);              \
            fprintf(stderr, __VA_ARGS__);                                                                 \
            fputc('\n', stderr);                                                                          \
            __builtin_trap();                                                                             \
        }                                                                                                 \
    } while (0)

/* MARK: - Allowed statuses */

/* A set of ck_status values, one bit each. */
typedef unsigned fuzz_status_set;
#define FS(status) (1u << (unsigned)(status))

static inline int fuzz_allowed(fuzz_status_set set, ck_status status) {
    return (unsigned)status < 32 && (set & FS(status)) != 0;
}

/* "OK" when nothing applies, else every applicable error (the contract does not rank them). */
static inline fuzz_status_set fuzz_expect(fuzz_status_set errors) { return errors ? errors : FS(CK_OK); }

static inline const char *fuzz_status_name(ck_status s) {
    switch (s) {
    case CK_OK: return "CK_OK";
    case CK_ERR_NULL: return "CK_ERR_NULL";
    case CK_ERR_ARGUMENT: return "CK_ERR_ARGUMENT";
    case CK_ERR_SIZE: return "CK_ERR_SIZE";
    case CK_ERR_OVERLAP: return "CK_ERR_OVERLAP";
    case CK_ERR_NOMEM: return "CK_ERR_NOMEM";
    }
    return "(unknown)";
}

#define FUZZ_CHECK_STATUS(allowed, got, what)                                                             \
    FUZZ_CHECK(fuzz_allowed((allowed), (got)), "%s returned %s (%d); allowed status mask 0x%x", (what),   \
               fuzz_status_name(got), (int)(got), (unsigned)(allowed))

/* MARK: - ISAs */

/* Every ISA this machine runs, scalar first; returns the count. Leaves the best ISA active. */
static inline int fuzz_isas(ck_isa out[4]) {
    int n = 0;
    const ck_isa all[4] = {CK_ISA_SCALAR, CK_ISA_SSE2, CK_ISA_AVX2, CK_ISA_NEON};
    for (int i = 0; i < 4; i++)
        if (ck_isa_set(all[i]) == CK_OK) out[n++] = all[i];
    ck_isa_set(ck_isa_best());
    return n;
}

static inline void fuzz_use(ck_isa isa) { FUZZ_CHECK(ck_isa_set(isa) == CK_OK, "ck_isa_set(%d) failed", (int)isa); }

/* MARK: - Decoding the input */

/* Reads the fuzz input front to back; past the end every read gives zeros, so any input decodes. */
typedef struct fuzz_input {
    const uint8_t *data;
    size_t size, pos;
} fuzz_input;

static inline uint64_t fuzz_bits(fuzz_input *in, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v |= (uint64_t)(in->pos < in->size ? in->data[in->pos++] : 0) << (8 * i);
    return v;
}
static inline uint8_t fuzz_u8(fuzz_input *in) { return (uint8_t)fuzz_bits(in, 1); }
static inline uint32_t fuzz_u32(fuzz_input *in) { return (uint32_t)fuzz_bits(in, 4); }
static inline int fuzz_bool(fuzz_input *in) { return fuzz_u8(in) & 1; }
/* A value in [0, n) (n > 0), from one or two bytes. */
static inline uint32_t fuzz_below(fuzz_input *in, uint32_t n) {
    return (uint32_t)(n <= 256 ? fuzz_u8(in) % n : fuzz_bits(in, 2) % n);
}

/* Numbers worth trying at every double parameter: signs, zero, the edges of ranges, and the values
   that break naive code (denormals, huge, overflow to inf, NaN). */
static const double fuzz_special_doubles[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-9, 1 - 1e-9, 1 + 1e-9, 0.999999999, 1e-3, 1e3, 1e4, 1e-2,
    4.9406564584124654e-324, -4.9406564584124654e-324, 2.2250738585072014e-308, 1e-300, 1e300,
    1.7976931348623157e308, -1.7976931348623157e308, INFINITY, -INFINITY, NAN, -NAN, 6.283185307179586,
    1e6, -1e6, 1e-6, 100.0, 0.25, 0.75,
};
#define FUZZ_NSPECIAL (sizeof fuzz_special_doubles / sizeof fuzz_special_doubles[0])

/* A double: a special value, a "reasonable" value in [-scale, scale] or raw bits (anything at all). */
static inline double fuzz_double(fuzz_input *in, double scale) {
    uint8_t mode = fuzz_u8(in);
    switch (mode % 4) {
    case 0: return fuzz_special_doubles[fuzz_u8(in) % FUZZ_NSPECIAL];
    case 1: {
        double u = (double)fuzz_bits(in, 4) / 4294967295.0; /* [0, 1] */
        return (mode & 4 ? -u : u) * scale;
    }
    case 2: { /* log-uniform magnitude, 1e-6 .. 1e6 times scale */
        double e = (double)fuzz_bits(in, 2) / 65535.0 * 12.0 - 6.0;
        double v = pow(10.0, e) * scale;
        return mode & 4 ? -v : v;
    }
    default: {
        uint64_t bits = fuzz_bits(in, 8);
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    }
}

static inline float fuzz_float(fuzz_input *in, double scale) { return (float)fuzz_double(in, scale); }

static inline int fuzz_finite_positive(double v) { return isfinite(v) && v > 0; }
static inline int fuzz_finite_nonnegative(double v) { return isfinite(v) && v >= 0; }

/* MARK: - Allocation watch */

/* Counts the calling thread's heap allocations while it watches, through the sanitizer malloc hooks, so the
   harnesses can check "with caller scratch the functions never allocate". The hooks run on the allocating thread,
   so thread-local state keeps other threads out of the count (a thread starting up beside the harness allocates
   in the sanitizer's own setup). */
void __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                               void (*free_hook)(const volatile void *));
static _Thread_local int fuzz_watching, fuzz_allocations;
static void fuzz_malloc_hook(const volatile void *p, size_t n) {
    (void)p;
    (void)n;
    if (fuzz_watching) fuzz_allocations++;
}
static void fuzz_free_hook(const volatile void *p) { (void)p; }
static inline void fuzz_watch_allocations(void) {
    static _Atomic int installed;
    if (!installed) __sanitizer_install_malloc_and_free_hooks(fuzz_malloc_hook, fuzz_free_hook);
    installed = 1;
    fuzz_allocations = 0;
    fuzz_watching = 1;
}
/* Stops watching and returns how many allocations this thread made since fuzz_watch_allocations. */
static inline int fuzz_stop_watching(void) {
    fuzz_watching = 0;
    return fuzz_allocations;
}

#endif

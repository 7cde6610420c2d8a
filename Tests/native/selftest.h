/*
 * A tiny C test harness for the kernel, compiled without SwiftPM so the same checks run natively,
 * under UBSan, and for arm64 under qemu-aarch64 (Tests/native/run.sh). Each kernel family adds one
 * file `selftest_<family>.c` defining `void selftest_<family>(void)`; most checks compare every SIMD
 * path (selected with ck_isa_set) against the scalar reference.
 */
#ifndef CK_SELFTEST_H
#define CK_SELFTEST_H

#include <stdio.h>

#include "CKernel.h"

extern int selftest_checks;
extern int selftest_failures;

/* Records one check; prints the failure with its location and a printf-style explanation. */
#define CHECK(cond, ...)                                                                                  \
    do {                                                                                                  \
        selftest_checks++;                                                                                \
        if (!(cond)) {                                                                                    \
            selftest_failures++;                                                                          \
            if (selftest_failures <= 50) {                                                                \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                  \
                fprintf(stderr, __VA_ARGS__);                                                             \
                fputc('\n', stderr);                                                                      \
            }                                                                                             \
        }                                                                                                 \
    } while (0)

/* The SIMD ISAs this machine can run (scalar excluded); returns how many were written to out. */
int selftest_simd_isas(ck_isa out[3]);

void selftest_spring(void);
void selftest_bezier(void);
void selftest_blur(void);
/* The gaussian's continuity across every route (selftest_blur_sweep.c). */
void selftest_blur_sweep(void);

#endif

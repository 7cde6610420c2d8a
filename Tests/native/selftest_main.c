#include "selftest.h"

int selftest_checks = 0;
int selftest_failures = 0;

int selftest_simd_isas(ck_isa out[3]) {
    const ck_isa candidates[] = {CK_ISA_SSE2, CK_ISA_AVX2, CK_ISA_NEON};
    const ck_isa previous = ck_isa_active();
    int count = 0;
    for (int i = 0; i < 3; i++)
        if (ck_isa_set(candidates[i]) == CK_OK) out[count++] = candidates[i];
    ck_isa_set(previous);
    return count;
}

static const char *isa_name(ck_isa isa) {
    static const char *names[] = {"scalar", "sse2", "avx2", "neon"};
    return (unsigned)isa < 4 ? names[isa] : "?";
}

int main(void) {
    ck_isa simd[3];
    int n = selftest_simd_isas(simd);
    printf("ck selftest: best ISA %s; SIMD paths checked against scalar:", isa_name(ck_isa_best()));
    for (int i = 0; i < n; i++) printf(" %s", isa_name(simd[i]));
    printf("\n");

    /* Every x86-64 has SSE2 and every arm64 NEON: with none found, no SIMD path would be compared with scalar
       and every check below would pass on scalar alone. */
#if defined(__x86_64__) || defined(_M_X64) || defined(__aarch64__) || defined(_M_ARM64)
    CHECK(n > 0, "no SIMD ISA available on an architecture that always has one: nothing compared with scalar");
#endif
    CHECK(ck_isa_set(CK_ISA_SCALAR) == CK_OK, "scalar must always be available");
    CHECK(ck_isa_set((ck_isa)42) == CK_ERR_ARGUMENT, "unknown ISA accepted");
    ck_isa_set(ck_isa_best());

    selftest_spring();
    selftest_bezier();
    selftest_blur();
    selftest_blur_sweep();

    printf("%d passed, %d failed\n", selftest_checks - selftest_failures, selftest_failures);
    return selftest_failures == 0 ? 0 : 1;
}

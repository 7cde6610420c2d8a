/*
 * Fuzzes the dispatch and status entry points: ck_isa_set, ck_isa_active, ck_isa_best and ck_status_message.
 *
 * For every input: ck_status_message gives a non-empty string for any status value, the same pointer on every
 * call; ck_isa_set accepts exactly the ISAs this machine runs (scalar always, the best one, and what the other
 * harnesses compare), with ck_isa_active following it, and refuses any other value with CK_ERR_ARGUMENT, leaving
 * the active ISA as it was; the best ISA never changes.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    const ck_isa best = ck_isa_best();
    for (int round = 0; round < 8; round++) {
        const uint32_t raw = fuzz_u8(&in) & 1 ? fuzz_u8(&in) % 6 : fuzz_u32(&in);
        const char *message = ck_status_message((ck_status)raw);
        FUZZ_CHECK(message != NULL && message[0] != '\0', "ck_status_message(%u) is empty", raw);
        FUZZ_CHECK(ck_status_message((ck_status)raw) == message, "ck_status_message(%u) is not static", raw);

        int available = 0;
        for (int i = 0; i < nisa; i++) available |= (uint32_t)isas[i] == raw;
        const ck_isa before = ck_isa_active();
        const ck_status st = ck_isa_set((ck_isa)raw);
        FUZZ_CHECK_STATUS(available ? FS(CK_OK) : FS(CK_ERR_ARGUMENT), st, "ck_isa_set");
        FUZZ_CHECK(ck_isa_active() == (available ? (ck_isa)raw : before), "ck_isa_set(%u) %s: active %d, before %d",
                   raw, fuzz_status_name(st), (int)ck_isa_active(), (int)before);
        FUZZ_CHECK(ck_isa_best() == best, "ck_isa_best changed from %d to %d", (int)best, (int)ck_isa_best());
    }
    int scalar = 0, has_best = 0;
    for (int i = 0; i < nisa; i++) scalar |= isas[i] == CK_ISA_SCALAR, has_best |= isas[i] == best;
    FUZZ_CHECK(scalar && has_best, "the ISAs accepted (%d) lack scalar or the best ISA %d", nisa, (int)best);
    ck_isa_set(best);
    return 0;
}

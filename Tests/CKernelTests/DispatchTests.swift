import CKernel
import TestSupport
import Testing

/// The parent of every suite that switches ISAs. `.serialized` is inherited by nested suites, so no two
/// ISA-switching tests run at once. Other tests may run meanwhile; they must hold for every ISA (they do,
/// since every path meets the same bounds), so they never assert which ISA is active.
@Suite(.serialized) struct ISASwitching {}

extension ISASwitching {
    @Suite struct Dispatch {
        @Test func bestIsAvailableAndActiveByDefault() {
            #expect(ck_isa_set(ck_isa_best()) == CK_OK)
            #expect(ck_isa_active() == ck_isa_best())
        }

        @Test func scalarIsAlwaysAvailable() {
            #expect(isaAvailable(CK_ISA_SCALAR))
            #expect(withISA(CK_ISA_SCALAR) { ck_isa_active() } == CK_ISA_SCALAR)
        }

        @Test func unknownISAIsRejected() {
            #expect(ck_isa_set(ck_isa(rawValue: 7)) == CK_ERR_ARGUMENT)
            #if arch(x86_64)
                #expect(ck_isa_set(CK_ISA_NEON) == CK_ERR_ARGUMENT)
            #elseif arch(arm64)
                #expect(ck_isa_set(CK_ISA_AVX2) == CK_ERR_ARGUMENT)
            #endif
        }

        /// The SIMD comparisons take their arguments from `simdISAs`; an empty list would skip them without a word,
        /// so a machine of an architecture that always has SIMD must offer it here.
        @Test func simdISAsArePresent() {
            if let baseline = baselineSIMD {
                #expect(
                    simdISAs.contains(baseline), "no \(baseline) on an architecture that always has it: \(simdISAs)")
            } else {
                #expect(simdISAs.isEmpty, "SIMD ISAs \(simdISAs) on an architecture without a SIMD path")
            }
        }

        @Test func bestMatchesArchitecture() {
            #if arch(x86_64)
                #expect(ck_isa_best() == CK_ISA_SSE2 || ck_isa_best() == CK_ISA_AVX2)
            #elseif arch(arm64)
                #expect(ck_isa_best() == CK_ISA_NEON)
            #endif
        }

        @Test(arguments: [CK_OK, CK_ERR_NULL, CK_ERR_ARGUMENT, CK_ERR_SIZE, CK_ERR_OVERLAP, CK_ERR_NOMEM])
        func everyStatusHasAMessage(status: ck_status) {
            let message = String(cString: ck_status_message(status))
            #expect(!message.isEmpty)
            #expect(message != String(cString: ck_status_message(ck_status(rawValue: 99))))
        }
    }
}

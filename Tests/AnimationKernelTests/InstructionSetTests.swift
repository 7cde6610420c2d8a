import AnimationKernel
import CKernel
import Testing

// These tests never switch the process-wide ISA: CKernelTests owns that (see its ISASwitching suite).
@Suite struct InstructionSetTests {
    @Test func availableStartsWithScalarAndEndsWithBest() {
        let list = InstructionSet.available
        #expect(list.first == .scalar)
        #expect(list.last == InstructionSet.best)
    }

    @Test func activatingAForeignISAThrows() {
        let foreign: InstructionSet = InstructionSet.best == .neon ? .avx2 : .neon
        #expect(throws: KernelError.self) { try foreign.activate() }
    }

    @Test func statusesMapToErrors() {
        #expect(KernelError(status: CK_OK) == nil)
        #expect(KernelError(status: CK_ERR_NULL) == .nullPointer)
        #expect(KernelError(status: CK_ERR_OVERLAP) == .overlap)
        #expect(KernelError(status: CK_ERR_NOMEM) == .outOfMemory)
        if case .invalidSize = KernelError(status: CK_ERR_SIZE) {} else { Issue.record("CK_ERR_SIZE did not map") }
    }
}

import AnimationKernel
import CKernel
import Testing

@Suite(.serialized) struct InstructionSetTests {
    @Test func availableStartsWithScalarAndEndsWithBest() {
        let list = InstructionSet.available
        #expect(list.first == .scalar)
        #expect(list.last == InstructionSet.best)
    }

    @Test func activateSwitchesAndRejectsForeignISA() throws {
        let previous = InstructionSet.active
        defer { try? previous.activate() }
        for isa in InstructionSet.available {
            try isa.activate()
            #expect(InstructionSet.active == isa)
        }
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

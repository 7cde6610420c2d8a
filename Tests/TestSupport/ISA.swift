import CKernel

/// Every ISA this machine can run, scalar first: the parameter list for tests that compare SIMD paths.
public let availableISAs: [ck_isa] = {
    var list: [ck_isa] = [CK_ISA_SCALAR]
    for isa in [CK_ISA_SSE2, CK_ISA_AVX2, CK_ISA_NEON] where isaAvailable(isa) { list.append(isa) }
    return list
}()

/// The SIMD ISAs this machine can run: the parameter list for tests that compare a SIMD path with scalar. Never empty
/// on x86-64 (SSE2 is part of the architecture) or arm64 (NEON is): a parameterised test with no arguments is skipped
/// without a word, so `simdISAsArePresent` (CKernelTests) fails if the list is empty there.
public let simdISAs: [ck_isa] = availableISAs.filter { $0 != CK_ISA_SCALAR }

/// The SIMD ISA every machine of this architecture has (SSE2 on x86-64, NEON on arm64), or nil elsewhere.
public let baselineSIMD: ck_isa? = {
    #if arch(x86_64)
        return CK_ISA_SSE2
    #elseif arch(arm64)
        return CK_ISA_NEON
    #else
        return nil
    #endif
}()

/// Whether this machine can run `isa` (`ck_isa_set` accepts it); the active ISA is left as it was.
public func isaAvailable(_ isa: ck_isa) -> Bool {
    let previous = ck_isa_active()
    defer { _ = ck_isa_set(previous) }
    return ck_isa_set(isa) == CK_OK
}

/// Runs `body` with the kernels dispatching to `isa`, restoring the previous choice afterwards. The one copy the
/// Swift test targets share.
///
/// The selection is process-wide: call it only from a `.serialized` suite that no other ISA-switching suite runs
/// beside (CKernelTests nests them all in `ISASwitching`), and keep tests that may run meanwhile independent of
/// which ISA is active.
public func withISA<T>(_ isa: ck_isa, _ body: () throws -> T) rethrows -> T {
    let previous = ck_isa_active()
    precondition(ck_isa_set(isa) == CK_OK, "test asked for an ISA this machine lacks")
    defer { _ = ck_isa_set(previous) }
    return try body()
}

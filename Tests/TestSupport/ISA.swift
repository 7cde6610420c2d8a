import CKernel

/// Every ISA this machine can run, scalar first: the parameter list for tests that compare SIMD paths.
public let availableISAs: [ck_isa] = {
    var list: [ck_isa] = [CK_ISA_SCALAR]
    for isa in [CK_ISA_SSE2, CK_ISA_AVX2, CK_ISA_NEON] where isaAvailable(isa) { list.append(isa) }
    return list
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

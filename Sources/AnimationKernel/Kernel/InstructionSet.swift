import CKernel

/// The instruction sets the C kernel can dispatch to (`ck_isa`).
///
/// The kernel picks the best one at first use (AVX2 + FMA when cpuid and XCR0 allow it, else SSE2 on
/// x86-64; NEON on arm64; scalar elsewhere). Tests and benchmarks switch between them to compare every
/// SIMD path with the scalar reference.
public enum InstructionSet: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Portable C, the reference every other path is tested against.
    case scalar = 0
    /// x86-64 baseline.
    case sse2 = 1
    /// AVX2 with FMA, chosen at run time.
    case avx2 = 2
    /// arm64 baseline.
    case neon = 3

    /// The best instruction set this CPU and OS support (`ck_isa_best`).
    public static var best: InstructionSet { InstructionSet(rawValue: Int32(ck_isa_best().rawValue)) ?? .scalar }

    /// The instruction set the kernels use now (`ck_isa_active`).
    public static var active: InstructionSet {
        InstructionSet(rawValue: Int32(ck_isa_active().rawValue)) ?? .scalar
    }

    /// Every instruction set this machine can run, scalar first.
    public static var available: [InstructionSet] {
        allCases.filter { $0 == .scalar || $0.rawValue <= best.rawValue && $0.isSameFamily(as: best) }
    }

    /// Makes the kernels use this instruction set process-wide (`ck_isa_set`, one atomic store).
    ///
    /// For tests and benchmarks. Throws ``KernelError/invalidArgument(_:)`` if this machine cannot run it.
    public func activate() throws(KernelError) {
        try KernelError.check(ck_isa_set(ck_isa(rawValue: UInt32(rawValue))))
    }

    /// The lowercase name (`scalar`, `sse2`, `avx2`, `neon`).
    public var description: String {
        switch self {
        case .scalar: return "scalar"
        case .sse2: return "sse2"
        case .avx2: return "avx2"
        case .neon: return "neon"
        }
    }

    private func isSameFamily(as other: InstructionSet) -> Bool {
        (self == .neon) == (other == .neon)
    }
}

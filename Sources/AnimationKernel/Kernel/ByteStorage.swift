#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(ucrt)
    import ucrt
#endif

/// Zero-filled bytes with copy-on-write value semantics, for image pixels and blur scratch.
///
/// `calloc` instead of `Array`: a size the system cannot provide becomes ``KernelError/outOfMemory`` rather than a
/// trap, and large buffers arrive as untouched zero pages instead of being written once up front.
struct ByteStorage: Sendable {
    private final class Block: @unchecked Sendable {
        // Written only through a uniquely referenced block (ByteStorage checks before every write).
        let base: UnsafeMutableRawPointer
        let count: Int

        init(count: Int) throws(KernelError) {
            guard let pointer = calloc(count, 1) else { throw .outOfMemory }
            self.count = count
            base = pointer
        }

        deinit { free(base) }
    }

    /// `nil` when empty: an empty image (a placeholder swapped in and out per frame) allocates nothing.
    private var block: Block?

    /// `count` zero bytes.
    ///
    /// - Throws: ``KernelError/outOfMemory`` when the system cannot provide them.
    init(count: Int) throws(KernelError) { block = count > 0 ? try Block(count: count) : nil }

    /// The number of bytes.
    var count: Int { block?.count ?? 0 }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: block?.base, count: count))
    }

    /// Writes through a buffer of its own: a block shared with a copy is copied first (which, like any copy of a
    /// value, needs memory: an exhausted system stops the program here as it would for an `Array`).
    mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        // Uniqueness first: binding the block beforehand would hold a second reference and copy every time.
        if block != nil, !isKnownUniquelyReferenced(&block), let shared = block {
            guard let copy = try? Block(count: shared.count) else {
                fatalError("out of memory copying \(shared.count) bytes of a shared image or blur context")
            }
            copy.base.copyMemory(from: shared.base, byteCount: shared.count)
            block = copy
        }
        return try body(UnsafeMutableRawBufferPointer(start: block?.base, count: count))
    }
}

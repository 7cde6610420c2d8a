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
        let base: UnsafeMutableRawPointer?
        let count: Int

        init(count: Int) throws(KernelError) {
            self.count = count
            guard count > 0 else {
                base = nil
                return
            }
            guard let pointer = calloc(count, 1) else { throw .outOfMemory }
            base = pointer
        }

        deinit { free(base) }
    }

    private var block: Block

    /// `count` zero bytes.
    ///
    /// - Throws: ``KernelError/outOfMemory`` when the system cannot provide them.
    init(count: Int) throws(KernelError) { block = try Block(count: max(count, 0)) }

    /// The number of bytes.
    var count: Int { block.count }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: block.base, count: block.count))
    }

    /// Writes through a buffer of its own: a block shared with a copy is copied first (which, like any copy of a
    /// value, needs memory: an exhausted system stops the program here as it would for an `Array`).
    mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&block) {
            guard let copy = try? Block(count: block.count) else {
                fatalError("out of memory copying \(block.count) bytes of a shared image or blur context")
            }
            if let from = block.base, let to = copy.base { to.copyMemory(from: from, byteCount: block.count) }
            block = copy
        }
        return try body(UnsafeMutableRawBufferPointer(start: block.base, count: block.count))
    }
}

import CKernel

/// Largest image width or height the kernel accepts (``KernelLimits/maximumDimension``).
let maxImageDimension = KernelLimits.maximumDimension

/// Checks an image geometry as the kernel does: sizes up to ``KernelLimits/maximumDimension``, `stride >= 4 * width` (`nil`: exactly
/// `4 * width`), and the byte count `stride * height` representable. Returns the stride and that byte count.
func checkedImageLayout(width: Int, height: Int, stride: Int?) throws(KernelError) -> (stride: Int, bytes: Int) {
    guard (0...maxImageDimension).contains(width), (0...maxImageDimension).contains(height) else {
        throw .invalidSize("width and height must be in 0...\(maxImageDimension), got \(width) x \(height)")
    }
    // width <= KernelLimits.maximumDimension here, so 4 * width cannot overflow.
    let rowBytes = stride ?? 4 * width
    guard rowBytes >= 4 * width else {
        throw .invalidSize("stride \(rowBytes) is below 4 * width (\(4 * width))")
    }
    let (bytes, overflow) = rowBytes.multipliedReportingOverflow(by: height)
    guard !overflow else { throw .invalidSize("stride * height overflows") }
    return (rowBytes, bytes)
}

/// An owning premultiplied RGBA8 image: `height` rows of `stride` bytes, 4 bytes per pixel (red, green, blue,
/// alpha), colour bytes already multiplied by alpha.
///
/// A value type with copy-on-write storage. The padding bytes at the end of each row (when
/// `stride > 4 * width`) belong to the image but no kernel reads or writes them.
public struct RGBA8Image: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row, at least `4 * width`.
    public let stride: Int
    private var storage: ByteStorage

    /// A zero-filled (fully transparent) image.
    ///
    /// - Parameters:
    ///   - width: Pixels per row, up to ``KernelLimits/maximumDimension``.
    ///   - height: Rows, up to ``KernelLimits/maximumDimension``.
    ///   - stride: Bytes per row, at least `4 * width`; defaults to `4 * width` (no padding).
    /// - Throws: ``KernelError/invalidSize(_:)`` for sizes outside those ranges, ``KernelError/outOfMemory`` when
    ///   the system cannot provide `stride * height` bytes (an image of the largest dimensions needs 4 TiB).
    public init(width: Int, height: Int, stride: Int? = nil) throws(KernelError) {
        let layout = try checkedImageLayout(width: width, height: height, stride: stride)
        self.width = width
        self.height = height
        self.stride = layout.stride
        self.storage = try ByteStorage(count: layout.bytes)
    }

    /// The pixel at column `x`, row `y` as premultiplied bytes.
    ///
    /// Out-of-bounds coordinates read as transparent `(0, 0, 0, 0)`, and writes to them are ignored.
    /// Writes store the bytes as given (callers keep colour <= alpha for premultiplied semantics).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            guard let i = offset(x, y) else { return (0, 0, 0, 0) }
            return storage.withUnsafeBytes { ($0[i], $0[i + 1], $0[i + 2], $0[i + 3]) }
        }
        set {
            guard let i = offset(x, y) else { return }
            storage.withUnsafeMutableBytes {
                $0[i] = newValue.r
                $0[i + 1] = newValue.g
                $0[i + 2] = newValue.b
                $0[i + 3] = newValue.a
            }
        }
    }

    /// Calls `body` with the image's bytes (`stride * height` of them, row-major) for reading and writing.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBytes(body)
    }

    /// Calls `body` with the image's bytes (`stride * height` of them, row-major) for reading.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    private func offset(_ x: Int, _ y: Int) -> Int? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return y * stride + 4 * x
    }
}

/// A borrowed premultiplied RGBA8 image in caller memory (a window into a bitmap context, a video frame).
///
/// Holds a pointer it does not own: the memory must stay valid and must not be touched by other threads while
/// a ``BlurContext`` works on the view. Same layout as ``RGBA8Image``.
public struct RGBA8ImageView {
    /// The first byte of row 0.
    public let baseAddress: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row, at least `4 * width`.
    public let stride: Int

    /// A view of `height` rows of `stride` bytes at `baseAddress`.
    ///
    /// - Throws: ``KernelError/invalidSize(_:)`` when the sizes exceed ``KernelLimits/maximumDimension``, the stride is below
    ///   `4 * width`, or `stride * height` overflows.
    public init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(KernelError) {
        _ = try checkedImageLayout(width: width, height: height, stride: stride)
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.stride = stride
    }

    var kernelImage: ck_image {
        ck_image(
            data: baseAddress.assumingMemoryBound(to: UInt8.self), width: UInt32(width), height: UInt32(height),
            stride: stride)
    }
}

import AnimationKernel
import TestImageSupport
import TestSupport
import Testing

/// The Swift wrappers over the blur kernels (whatever ISA is active: every ISA gives the same bytes).
@Suite struct BlurContextTests {
    /// The shared textured test image (Tests/support/include/test_image.h) in an image of the given stride.
    static func textured(_ width: Int, _ height: Int, stride: Int? = nil) throws -> RGBA8Image {
        var image = try RGBA8Image(width: width, height: height, stride: stride)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let rowBytes = image.stride
        image.withUnsafeMutableBytes {
            test_image_textured(
                $0.bindMemory(to: UInt8.self).baseAddress, UInt32(width), UInt32(height), rowBytes, &state)
        }
        return image
    }

    static func bytes(_ image: RGBA8Image) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                out += [p.r, p.g, p.b, p.a]
            }
        }
        return out
    }

    @Test func inPlaceEqualsSourceIntoDestination() throws {
        var context = try BlurContext(maxWidth: 40, maxHeight: 30)
        let source = try Self.textured(33, 21, stride: 33 * 4 + 12)
        var destination = try RGBA8Image(width: 33, height: 21)
        var inPlace = source
        try context.gaussianBlur(&inPlace, sigma: 3.5)
        try context.gaussianBlur(from: source, into: &destination, sigma: 3.5)
        expectSameBytes(Self.bytes(inPlace), Self.bytes(destination), width: 33, "gaussian")
        #expect(Self.bytes(inPlace) != Self.bytes(source))

        var box = source
        try context.boxBlur(&box, radiusX: 2, radiusY: 4)
        try context.boxBlur(from: source, into: &destination, radiusX: 2, radiusY: 4)
        expectSameBytes(Self.bytes(box), Self.bytes(destination), width: 33, "box")

        var backdrop = source
        let tint = RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.3)
        try context.backdrop(&backdrop, sigma: 6, saturation: 1.8, tint: tint, downsample: 2)
        try context.backdrop(
            from: source, into: &destination,
            parameters: BackdropParameters(sigma: 6, saturation: 1.8, tint: tint, downsample: 2))
        expectSameBytes(Self.bytes(backdrop), Self.bytes(destination), width: 33, "backdrop")
    }

    @Test func viewsMatchOwnedImagesAndRejectOverlap() throws {
        var context = try BlurContext(maxWidth: 16, maxHeight: 16)
        var owned = try Self.textured(16, 16)
        var raw = Self.bytes(owned)
        try context.boxBlur(&owned, radiusX: 3, radiusY: 1)
        try raw.withUnsafeMutableBytes { buffer in
            let view = try RGBA8ImageView(baseAddress: buffer.baseAddress!, width: 16, height: 16, stride: 64)
            try context.boxBlur(view, radiusX: 3, radiusY: 1)
            let shifted = try RGBA8ImageView(baseAddress: buffer.baseAddress! + 4, width: 15, height: 15, stride: 64)
            let first = try RGBA8ImageView(baseAddress: buffer.baseAddress!, width: 15, height: 15, stride: 64)
            #expect(throws: KernelError.overlap) { try context.gaussianBlur(from: first, into: shifted, sigma: 2) }
        }
        expectSameBytes(raw, Self.bytes(owned), width: 16)
    }

    @Test func invalidArgumentsThrow() throws {
        var context = try BlurContext(maxWidth: 8, maxHeight: 8)
        var image = try RGBA8Image(width: 8, height: 8)
        var large = try RGBA8Image(width: 9, height: 8)
        #expect(throws: KernelError.self) { try context.boxBlur(&image, radiusX: -1, radiusY: 0) }
        #expect(throws: KernelError.self) { try context.boxBlur(&image, radiusX: 65536, radiusY: 0) }
        #expect(throws: KernelError.self) { try context.gaussianBlur(&image, sigma: .nan) }
        #expect(throws: KernelError.self) { try context.gaussianBlur(&image, sigma: 2001) }
        #expect(throws: KernelError.self) { try context.gaussianBlur(&large, sigma: 1) }
        #expect(throws: KernelError.self) {
            try context.backdrop(&image, sigma: 4, saturation: 1, tint: .clear, downsample: 3)
        }
        #expect(throws: KernelError.self) {
            try context.backdrop(&image, sigma: 4, saturation: .infinity, tint: .clear)
        }
        var other = try RGBA8Image(width: 7, height: 8)
        #expect(throws: KernelError.self) { try context.boxBlur(from: image, into: &other, radiusX: 1, radiusY: 1) }
        #expect(throws: KernelError.self) { try BlurContext(maxWidth: -1, maxHeight: 1) }
    }

    @Test func zeroRadiusAndZeroSigmaLeaveTheImageUnchanged() throws {
        var context = try BlurContext(maxWidth: 12, maxHeight: 5)
        let source = try Self.textured(12, 5)
        var image = source
        try context.boxBlur(&image, radiusX: 0, radiusY: 0)
        try context.gaussianBlur(&image, sigma: 0)
        try context.backdrop(&image, sigma: 0, saturation: 1, tint: .clear)
        expectSameBytes(Self.bytes(image), Self.bytes(source), width: 12)
    }

    @Test func backdropTintOpaqueGivesTheTint() throws {
        var context = try BlurContext(maxWidth: 10, maxHeight: 10)
        var image = try Self.textured(10, 10)
        try context.backdrop(&image, sigma: 5, saturation: 1.8, tint: .white)
        #expect(Self.bytes(image).allSatisfy { $0 == 255 })
    }
}

import AnimationKernel
import Testing

@Suite struct ImageTests {
    @Test func newImageIsTransparentWithDefaultStride() throws {
        let image = try RGBA8Image(width: 5, height: 3)
        #expect(image.stride == 20)
        #expect(image.withUnsafeBytes { $0.count } == 60)
        #expect(image.withUnsafeBytes { $0.allSatisfy { $0 == 0 } })
    }

    /// Images are values: a copy written to leaves the original as it was, and the other way round.
    @Test func copiesAreIndependentValues() throws {
        var original = try RGBA8Image(width: 3, height: 2)
        original[1, 1] = (10, 20, 30, 40)
        var copy = original
        copy[1, 1] = (1, 2, 3, 4)
        #expect(original[1, 1] == (10, 20, 30, 40) && copy[1, 1] == (1, 2, 3, 4))
        let snapshot = original
        original.withUnsafeMutableBytes { $0[0] = 99 }
        #expect(snapshot[0, 0].r == 0 && original[0, 0].r == 99)
        let empty = try RGBA8Image(width: 0, height: 5)
        #expect(empty.withUnsafeBytes { $0.count } == 0)
    }

    @Test func subscriptReadsWritesAndIgnoresOutOfBounds() throws {
        var image = try RGBA8Image(width: 4, height: 2, stride: 24)
        image[3, 1] = (10, 20, 30, 40)
        #expect(image[3, 1] == (10, 20, 30, 40))
        #expect(image.withUnsafeBytes { $0[24 + 12] } == 10)
        image[4, 0] = (1, 1, 1, 1)
        image[-1, 0] = (1, 1, 1, 1)
        image[0, 2] = (1, 1, 1, 1)
        #expect(image[4, 0] == (0, 0, 0, 0))
        #expect(image[0, -1] == (0, 0, 0, 0))
        #expect(image.withUnsafeBytes { $0.reduce(0) { $0 + Int($1) } } == 100)
    }

    @Test(
        arguments: [(-1, 1, nil), (1, -1, nil), ((1 << 20) + 1, 1, nil), (4, 4, 15), (1, 1 << 20, Int.max / 4)]
            as [(Int, Int, Int?)])
    func invalidGeometryThrows(width: Int, height: Int, stride: Int?) {
        #expect(throws: KernelError.self) { try RGBA8Image(width: width, height: height, stride: stride) }
    }

    @Test func viewValidatesGeometry() {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeMutableBytes { raw in
            #expect(throws: KernelError.self) {
                try RGBA8ImageView(baseAddress: raw.baseAddress!, width: 4, height: 4, stride: 12)
            }
            #expect((try? RGBA8ImageView(baseAddress: raw.baseAddress!, width: 4, height: 4, stride: 16)) != nil)
        }
    }

    @Test func colourConvertsToPremultipliedBytes() {
        #expect(RGBAColor.white.premultipliedRGBA8 == (255, 255, 255, 255))
        #expect(RGBAColor.clear.premultipliedRGBA8 == (0, 0, 0, 0))
        #expect(RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedRGBA8 == (128, 64, 0, 128))
        #expect(RGBAColor(red: 2, green: -1, blue: .nan, alpha: 7).premultipliedRGBA8 == (255, 0, 0, 255))
        #expect(RGBAColor.black.multipliedAlpha(by: 0.25).alpha == 0.25)
    }
}

import AnimationKernel
import TestSupport
import Testing

@testable import PreviewRendering

/// A canvas of deterministic random premultiplied pixels (colour never above alpha); `opaque` forces alpha 255.
func randomCanvas(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    var state = seed
    for i in Swift.stride(from: 0, to: canvas.pixels.count, by: 4) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let alpha = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 56)
        for c in 0..<3 {
            let straight = UInt32(truncatingIfNeeded: state >> (8 * UInt64(c) + 16)) & 0xFF
            canvas.pixels[i + c] = UInt8((straight * UInt32(alpha) + 127) / 255)
        }
        canvas.pixels[i + 3] = alpha
    }
    return canvas
}

/// The straight-alpha bytes a PNG of `canvas` must decode to: round(c * 255 / a), 0 where a = 0.
func expectedStraight(_ canvas: Canvas) -> [UInt8] {
    var out = canvas.pixels
    for i in Swift.stride(from: 0, to: out.count, by: 4) {
        let a = Double(out[i + 3])
        for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Double(out[i + c]) * 255 / a).rounded())) }
    }
    return out
}

@Suite struct PNGFiles {
    @Test(arguments: DeflateMethod.allCases, [(1, 1), (7, 5), (64, 33)])
    func randomImagesRoundTrip(method: DeflateMethod, size: (Int, Int)) throws {
        for seed: UInt64 in [1, 2] {
            let canvas = randomCanvas(width: size.0, height: size.1, seed: seed, opaque: seed == 2)
            let decoded = try DecodedPNG(PNGEncoder.encode(canvas, method: method))
            #expect(decoded.width == size.0 && decoded.height == size.1)
            #expect(decoded.chunkTypes == ["IHDR", "IDAT", "IEND"])
            expectSameBytes(decoded.image, expectedStraight(canvas), width: canvas.width)
        }
    }

    /// Smooth content (a gradient with shapes) exercises every filter type and real LZ77 matches.
    @Test(arguments: DeflateMethod.allCases)
    func drawnImagesRoundTrip(method: DeflateMethod) throws {
        var canvas = Canvas(width: 90, height: 60, scale: 1)
        for y in 0..<60 {
            canvas.fill(Rect(x: 0, y: Double(y), width: 90, height: 1), color: Color(white: Double(y) / 60))
        }
        canvas.fill(Rect(x: 10, y: 10, width: 50, height: 30), cornerRadius: 9, color: Color(rgb: 0x0A84FF, alpha: 0.7))
        let bytes = PNGEncoder.encode(canvas, method: method)
        let decoded = try DecodedPNG(bytes)
        expectSameBytes(decoded.image, expectedStraight(canvas), width: canvas.width)
        #expect(decoded.blockTypes == (method == .stored ? [0] : [1]))
    }

    @Test func corruptedChunkFailsCRC() {
        var bytes = PNGEncoder.encode(randomCanvas(width: 4, height: 4, seed: 3))
        bytes[40] ^= 0x01  // inside IDAT
        #expect(throws: DecodeError.self) { try DecodedPNG(bytes) }
    }
}

@Suite struct APNGFiles {
    /// Frames that change in different regions, including one identical to its predecessor.
    func frames() -> [Canvas] {
        var result: [Canvas] = []
        var canvas = randomCanvas(width: 40, height: 30, seed: 9, opaque: true)
        result.append(canvas)
        canvas.fill(Rect(x: 5, y: 6, width: 10, height: 4), color: .white)
        result.append(canvas)
        result.append(canvas)
        canvas.fill(Rect(x: 30, y: 0, width: 10, height: 30), color: Color(rgb: 0xFF375F, alpha: 0.5))
        result.append(canvas)
        result.append(randomCanvas(width: 40, height: 30, seed: 10))
        return result
    }

    @Test(arguments: DeflateMethod.allCases)
    func framesCountsAndDelaysDecode(method: DeflateMethod) throws {
        let input = frames()
        var encoder = APNGEncoder(width: 40, height: 30, frameCount: input.count, method: method)
        for (index, frame) in input.enumerated() {
            #expect(!encoder.isComplete)
            let added = encoder.addFrame(frame, delayNumerator: UInt16(index + 1), delayDenominator: 30)
            #expect(added)
        }
        #expect(encoder.isComplete)
        let extra = encoder.addFrame(input[0], delayNumerator: 1, delayDenominator: 30)
        #expect(!extra)
        let decoded = try DecodedPNG(encoder.finish())
        #expect(decoded.declaredFrameCount == input.count)
        #expect(decoded.frames.count == input.count)
        #expect(decoded.frames.map(\.delayNumerator) == Array(1...input.count))
        #expect(decoded.frames.allSatisfy { $0.delayDenominator == 30 })
        for (frame, canvas) in zip(decoded.frames, input) {
            expectSameBytes(frame.pixels, expectedStraight(canvas), width: canvas.width)
        }
        expectSameBytes(decoded.image, expectedStraight(input[0]), width: input[0].width)
        // Only the changed box is stored: the white bar, then nothing (1 x 1), then the right strip.
        #expect(decoded.frames[1].region == (5, 6, 10, 4))
        #expect(decoded.frames[2].region.width * decoded.frames[2].region.height == 1)
        #expect(decoded.frames[3].region == (30, 0, 10, 30))
    }

    @Test func canvasOfOtherSizeIsRejected() {
        var encoder = APNGEncoder(width: 8, height: 8, frameCount: 2)
        let wrongSize = encoder.addFrame(Canvas(width: 9, height: 8), delayNumerator: 1, delayDenominator: 30)
        let rightSize = encoder.addFrame(Canvas(width: 8, height: 8), delayNumerator: 1, delayDenominator: 30)
        #expect(!wrongSize && rightSize)
        #expect(!encoder.isComplete)
    }
}

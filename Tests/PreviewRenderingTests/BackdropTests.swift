import AnimationKernel
import CKernel
import TestSupport
import Testing

@testable import PreviewRendering

/// The backdrop as `Canvas.applyBackdrop` computed it before it used `BlurContext`: the canvas's own tint bytes,
/// `ck_backdrop_apply` in place on the region with fresh scratch per call, then the rounded mask.
func referenceBackdrop(
    _ canvas: inout Canvas, in rect: Rect, cornerRadius: Double = 0, sigma: Double, saturation: Double = 1,
    tint: Color = .clear, downsample: UInt32 = 0
) throws {
    let region = canvas.pixelBounds(of: rect, outset: 0)
    guard region.width > 0, region.height > 0 else { return }
    let shape = cornerRadius > 0 ? RoundedBox(rect, cornerRadius: cornerRadius, scale: canvas.scale) : nil
    let original = shape == nil ? [] : canvas.copy(region)
    let t = Canvas.premultiplied(tint, coverage: 1)
    var parameters = ck_backdrop(
        sigma: Float(sigma * canvas.scale), saturation: Float(saturation),
        tint: (UInt8(t.0), UInt8(t.1), UInt8(t.2), UInt8(t.3)), downsample: downsample)
    var scratch = [UInt8](repeating: 0, count: ck_blur_scratch_size(UInt32(region.width), UInt32(region.height)))
    let stride = canvas.stride
    let status = canvas.withUnsafeMutablePixels { p -> ck_status in
        var image = ck_image(
            data: p.baseAddress! + region.y * stride + region.x * 4, width: UInt32(region.width),
            height: UInt32(region.height), stride: stride)
        var source = image
        return scratch.withUnsafeMutableBytes { s in
            ck_backdrop_apply(&source, &image, &parameters, s.baseAddress, s.count)
        }
    }
    #expect(status == CK_OK)
    if let shape { canvas.restoreOutside(shape, region: region, original: original) }
}

@Suite struct BackdropThroughBlurContext {
    struct Case: Sendable, CustomTestStringConvertible {
        var rect: Rect
        var cornerRadius: Double = 0
        var sigma: Double
        var saturation: Double = 1
        var tint: Color = .clear
        var downsample: UInt32 = 0
        var scale: Double = 1
        var testDescription: String { "\(rect) r\(cornerRadius) sigma \(sigma) x\(scale) ds \(downsample)" }
    }

    /// Sigmas on each of the kernel's paths (colour only, direct, boxes, reduced by 2, 4 and 8), rects inside,
    /// across the edge and covering the canvas, and tints whose bytes round differently in the library's
    /// conversion (red 5/255 at alpha 0.7: the canvas gives 4, `premultipliedRGBA8` 3).
    static let cases: [Case] = [
        Case(
            rect: Rect(x: 10, y: 12, width: 90, height: 70), sigma: 0, saturation: 1.8,
            tint: Color(rgb: 0x050A14, alpha: 0.7)),
        Case(rect: Rect(x: 10, y: 12, width: 90, height: 70), sigma: 1.5, tint: Color(white: 0.97, alpha: 0.82)),
        Case(rect: Rect(x: -20, y: 30, width: 120, height: 200), cornerRadius: 14, sigma: 3.5, saturation: 0.4),
        Case(
            rect: Rect(x: 0, y: 0, width: 160, height: 240), sigma: 6, saturation: 1.8,
            tint: Color(rgb: 0x141414, alpha: 0.35)),
        Case(
            rect: Rect(x: 5, y: 5, width: 150, height: 230), cornerRadius: 30, sigma: 20, saturation: 1.8,
            tint: Color(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73)),
        Case(rect: Rect(x: 0, y: 0, width: 80, height: 120), sigma: 10, tint: Color(white: 1, alpha: 0.3), scale: 2),
        Case(rect: Rect(x: 3, y: 7, width: 140, height: 100), sigma: 9, downsample: 1),
        Case(rect: Rect(x: 3, y: 7, width: 140, height: 100), sigma: 9, saturation: 2.5e4, downsample: 2),
    ]

    /// The same bytes as the kernel called directly with scratch per call, as the canvas did before.
    @Test(arguments: cases)
    func matchesTheDirectKernelCall(c: Case) throws {
        let base = randomCanvas(width: Int(160 * c.scale), height: Int(240 * c.scale), seed: 21, opaque: true)
        var canvas = Canvas(width: base.width, height: base.height, scale: c.scale)
        canvas.pixels = base.pixels
        var reference = canvas
        try canvas.applyBackdrop(
            in: c.rect, cornerRadius: c.cornerRadius, sigma: c.sigma, saturation: c.saturation, tint: c.tint,
            downsample: c.downsample)
        try referenceBackdrop(
            &reference, in: c.rect, cornerRadius: c.cornerRadius, sigma: c.sigma, saturation: c.saturation,
            tint: c.tint, downsample: c.downsample)
        expectSameBytes(canvas.pixels, reference.pixels, width: canvas.width)
        #expect(canvas.pixels != base.pixels)
    }

    /// One canvas, one context: a large backdrop then smaller ones (scratch reused, not regrown) give the bytes a
    /// fresh canvas gives for each.
    @Test func aReusedContextGivesTheBytesOfAFreshOne() throws {
        var shared = randomCanvas(width: 120, height: 160, seed: 8, opaque: true)
        try shared.applyBackdrop(in: Rect(x: 0, y: 0, width: 120, height: 160), sigma: 12, saturation: 1.8)
        let context = try #require(shared.blurContext)
        #expect(context.maxWidth == 120 && context.maxHeight == 160)
        for (index, c) in Self.cases.enumerated() where c.scale == 1 {
            var reused = randomCanvas(width: 160, height: 240, seed: UInt64(index))
            reused.blurContext = shared.blurContext
            shared.blurContext = nil
            var fresh = reused
            fresh.blurContext = nil
            try reused.applyBackdrop(
                in: c.rect, cornerRadius: c.cornerRadius, sigma: c.sigma, saturation: c.saturation, tint: c.tint,
                downsample: c.downsample)
            try fresh.applyBackdrop(
                in: c.rect, cornerRadius: c.cornerRadius, sigma: c.sigma, saturation: c.saturation, tint: c.tint,
                downsample: c.downsample)
            expectSameBytes(reused.pixels, fresh.pixels, width: reused.width, "case \(index)")
            shared.blurContext = reused.blurContext
        }
        // Grown to the largest region seen (the canvas-sized case), never shrunk.
        let grown = try #require(shared.blurContext)
        #expect(grown.maxWidth == 160 && grown.maxHeight == 240)
    }

    /// The tint handed to `BackdropParameters` converts back to exactly the canvas's premultiplied bytes, for every
    /// byte pair a premultiplied colour can have.
    @Test func kernelTintKeepsTheCanvasBytes() {
        var mismatches = 0
        for a in 0...255 {
            for c in 0...a {
                let tint = Color(white: a == 0 ? 0 : Double(c) / Double(a), alpha: Double(a) / 255)
                let canvas = Canvas.premultiplied(tint, coverage: 1)
                let kernel = Canvas.kernelTint(tint).premultipliedRGBA8
                if (UInt32(kernel.0), UInt32(kernel.3)) != (canvas.0, canvas.3) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// A pull-to-dismiss run (the scene with a blurred backdrop), frames rendered in sequence with one context
    /// handed along, gives each frame's bytes as rendered on its own.
    @Test func framesSharingAContextMatchFramesRenderedAlone() throws {
        let scene = try #require(demoScene("pull-to-dismiss"))
        var blurContext: BlurContext?
        for time in [0.5, 0.7, 0.2, 0.9, 1.2] {
            let shared = PreviewRunner.renderFrame(scene, at: time, scale: 0.5, blurContext: &blurContext)
            let alone = PreviewRunner.renderFrame(scene, at: time, scale: 0.5)
            expectSameBytes(shared.pixels, alone.pixels, width: shared.width, "t = \(time)")
            #expect(shared.blurContext == nil)
        }
        #expect(blurContext != nil)
    }
}

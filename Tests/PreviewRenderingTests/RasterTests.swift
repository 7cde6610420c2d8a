import AnimationKernel
import TestSupport
import Testing

@testable import PreviewRendering

@Suite struct Rasteriser {
    @Test(arguments: [1.0, 2.0])
    func pixelAlignedFillIsExact(scale: Double) {
        var canvas = Canvas(size: Size(width: 20, height: 10), scale: scale)
        canvas.fill(Rect(x: 5, y: 2, width: 10, height: 6), color: Color(rgb: 0x336699))
        let inside = canvas.pixel(x: Int(6 * scale), y: Int(3 * scale))
        #expect(inside == (0x33, 0x66, 0x99, 255))
        #expect(canvas.pixel(x: Int(5 * scale) - 1, y: Int(3 * scale)) == (0, 0, 0, 0))
        #expect(canvas.pixel(x: Int(15 * scale), y: Int(3 * scale)) == (0, 0, 0, 0))
        let covered = Swift.stride(from: 3, to: canvas.pixels.count, by: 4).filter { canvas.pixels[$0] == 255 }.count
        #expect(covered == Int(60 * scale * scale))
    }

    /// Anti-aliased coverage integrates to the area: a circle of radius 20 px covers about pi * 400 pixels.
    @Test func circleCoverageMatchesArea() {
        var canvas = Canvas(width: 60, height: 60)
        canvas.fill(Rect(x: 10.3, y: 9.7, width: 40, height: 40), cornerRadius: 20, color: .white)
        let area = Swift.stride(from: 3, to: canvas.pixels.count, by: 4).reduce(0.0) {
            $0 + Double(canvas.pixels[$1]) / 255
        }
        #expect(abs(area - Double.pi * 400) < 4)
    }

    @Test func halfTransparentSourceOverIsPremultiplied() {
        var canvas = Canvas(width: 2, height: 2)
        canvas.clear(to: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: Color.black.opacity(0.5))
        let p = canvas.pixel(x: 1, y: 1)
        #expect(p.alpha == 255 && p.red >= 127 && p.red <= 128 && p.red == p.green && p.green == p.blue)
        var clear = Canvas(width: 1, height: 1)
        clear.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(clear.pixel(x: 0, y: 0) == (128, 0, 0, 128))
    }

    /// A blurred shadow is symmetric about the shape, fades monotonically away from it and is about half
    /// strength on the edge.
    @Test func shadowFallsOffSmoothly() {
        var canvas = Canvas(width: 100, height: 100)
        canvas.drawShadow(of: Rect(x: 30, y: 30, width: 40, height: 40), cornerRadius: 8, blurRadius: 16, color: .black)
        let row = (0..<100).map { Int(canvas.pixel(x: $0, y: 50).alpha) }
        #expect(row == row.reversed())
        #expect(zip(row[0..<50], row[1...50]).allSatisfy { $0 <= $1 })
        #expect(row[50] > 240)
        #expect(abs(row[30] - 128) < 20)
        #expect(row[2] < 10)
    }

    @Test func clipLimitsDrawingAndIsRestored() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.withClip(Rect(x: 0, y: 0, width: 5, height: 10)) { clipped in
            clipped.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        }
        #expect(canvas.pixel(x: 4, y: 4).alpha == 255 && canvas.pixel(x: 5, y: 4).alpha == 0)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        #expect(canvas.pixel(x: 9, y: 9).alpha == 255)
    }

    /// Group opacity: two overlapping opaque shapes in a 50 % layer give one uniform 50 % colour.
    @Test func layerOpacityAppliesToTheGroup() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.drawLayer(opacity: 0.5) { layer in
            layer.fill(Rect(x: 0, y: 0, width: 6, height: 1), color: .white)
            layer.fill(Rect(x: 4, y: 0, width: 6, height: 1), color: .white)
        }
        let alphas = (0..<10).map { canvas.pixel(x: $0, y: 0).alpha }
        #expect(Set(alphas) == [128])
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity, -.infinity])
    func degenerateGeometryDrawsNothing(value: Double) {
        var canvas = Canvas(width: 8, height: 8)
        canvas.fill(Rect(x: 0, y: 0, width: value, height: value), color: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: value), cornerRadius: 2, color: .white)
        canvas.drawShadow(of: Rect(x: 0, y: 0, width: value, height: 4), blurRadius: 4, color: .black)
        if !value.isFinite {
            canvas.fill(Rect(x: value, y: 0, width: 4, height: 4), color: .white)
            canvas.drawShadow(of: Rect(x: 2, y: value, width: 4, height: 4), blurRadius: 4, color: .black)
        }
        #expect(canvas.pixels.allSatisfy { $0 == 0 })
    }

    @Test func pixelsAreWritableInTheKernelLayout() {
        var canvas = Canvas(width: 3, height: 2)
        let stride = canvas.stride
        let count = canvas.withUnsafeMutablePixels { bytes -> Int in
            bytes[1 * stride + 2 * 4 + 3] = 200  // alpha of pixel (2, 1)
            return bytes.count
        }
        #expect(count == canvas.stride * canvas.height)
        #expect(canvas.pixel(x: 2, y: 1).alpha == 200)
    }

    @Test func canvasSizesAreClampedAndRounded() {
        #expect(Canvas(size: Size(width: 390, height: 844), scale: 0.5).width == 195)
        #expect(Canvas(size: Size(width: 390, height: 844), scale: 0.5).height == 422)
        let tiny = Canvas(size: Size(width: .nan, height: -3), scale: 0)
        #expect(tiny.width == 1 && tiny.height == 1 && tiny.scale == 1)
        #expect(Canvas(width: 1 << 20, height: 2).width == Canvas.maximumDimension)
        #expect(Canvas(width: 3, height: 2).stride == 12)
    }
}

@Suite struct Backdrop {
    @Test(arguments: [Rect(x: 50, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 5)])
    func backdropOutsideTheCanvasOrEmptyDoesNothing(rect: Rect) throws {
        var canvas = randomCanvas(width: 16, height: 16, seed: 4)
        let before = canvas.pixels
        try canvas.applyBackdrop(in: rect, sigma: 4)
        expectSameBytes(canvas.pixels, before, width: canvas.width)
    }

    /// Bad parameters come back as the kernel's error, and the canvas is left as it was.
    @Test(arguments: [-1.0, .nan, .infinity])
    func invalidSigmaThrowsTheKernelError(sigma: Double) {
        var canvas = randomCanvas(width: 16, height: 16, seed: 5)
        let before = canvas.pixels
        #expect {
            try canvas.applyBackdrop(in: Rect(x: 2, y: 2, width: 8, height: 8), cornerRadius: 3, sigma: sigma)
        } throws: { error in
            if case .invalidArgument = error as? KernelError { return true }
            return false
        }
        expectSameBytes(canvas.pixels, before, width: canvas.width)
    }

    /// The rounded-corner mask of a backdrop: outside the shape the original pixels come back, inside the
    /// processed ones stay, and the edge blends the two.
    @Test func roundedMaskRestoresPixelsOutsideTheShape() throws {
        var canvas = Canvas(width: 40, height: 40)
        canvas.clear(to: .white)
        let region = PixelRegion(x: 0, y: 0, width: 40, height: 40)
        let original = canvas.copy(region)
        canvas.clear(to: .black)
        let shape = try #require(RoundedBox(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 12, scale: 1))
        canvas.restoreOutside(shape, region: region, original: original)
        #expect(canvas.pixel(x: 0, y: 0) == (255, 255, 255, 255))
        #expect(canvas.pixel(x: 20, y: 20) == (0, 0, 0, 255))
        #expect(canvas.pixel(x: 20, y: 0) == (0, 0, 0, 255))
        let edge = canvas.pixel(x: 3, y: 3).red
        #expect(edge > 0 && edge < 255)
    }
}

@Suite struct SyntheticContent {
    /// Right-to-left content is the left-to-right content mirrored inside its rectangle.
    @Test func rightToLeftScreenIsTheMirrorImage() {
        var ltr = Canvas(width: 78, height: 120)
        var rtl = Canvas(width: 78, height: 120)
        let rect = Rect(x: 0, y: 0, width: 78, height: 120)
        ltr.drawSyntheticScreen(in: rect, seed: 3)
        rtl.drawSyntheticScreen(in: rect, seed: 3, direction: .rightToLeft)
        #expect(ltr.pixels != rtl.pixels)
        for y in 0..<120 {
            for x in 0..<78 { #expect(ltr.pixel(x: x, y: y) == rtl.pixel(x: 77 - x, y: y)) }
        }
    }

    @Test func contentIsDeterministic() {
        var a = Canvas(width: 50, height: 90)
        var b = Canvas(width: 50, height: 90)
        a.drawSyntheticScreen(in: Rect(x: 0, y: 0, width: 50, height: 90), seed: 8)
        b.drawSyntheticScreen(in: Rect(x: 0, y: 0, width: 50, height: 90), seed: 8)
        expectSameBytes(a.pixels, b.pixels, width: a.width)
        #expect(Set(a.pixels).count > 10)
    }
}

@Suite struct Strokes {
    /// A stroke covers its band and leaves the inside alone; its ink is about perimeter x width.
    @Test(arguments: [2.0, 0.5])
    func strokeCoversOnlyTheBand(lineWidth: Double) {
        var canvas = Canvas(width: 40, height: 40)
        canvas.stroke(Rect(x: 8, y: 8, width: 24, height: 24), lineWidth: lineWidth, color: .white)
        #expect(canvas.pixel(x: 20, y: 20).alpha == 0)
        #expect(canvas.pixel(x: 0, y: 0).alpha == 0)
        let ink = Swift.stride(from: 3, to: canvas.pixels.count, by: 4).reduce(0.0) {
            $0 + Double(canvas.pixels[$1]) / 255
        }
        #expect(abs(ink - 96 * lineWidth) < 0.12 * 96 * lineWidth)
    }
}

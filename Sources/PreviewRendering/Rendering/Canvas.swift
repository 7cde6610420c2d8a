import AnimationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A premultiplied RGBA8 raster that scenes draw on in points.
///
/// Memory layout matches the kernel's `ck_image`: rows top to bottom, `stride == 4 * width` bytes, bytes
/// R, G, B, A per pixel with colour already multiplied by alpha. So the buffer of
/// ``withUnsafeMutablePixels(_:)`` can be wrapped in a `ck_image` and blurred in place by the kernel;
/// ``applyBackdrop(in:cornerRadius:sigma:saturation:tint:downsample:)`` does that for a region.
///
/// Drawing takes geometry in points and multiplies by ``scale`` (pixels per point). Shapes are
/// anti-aliased by coverage from a signed distance at each pixel centre and composited source-over.
package struct Canvas: Sendable {
    /// Width in pixels (>= 1).
    package let width: Int
    /// Height in pixels (>= 1).
    package let height: Int
    /// Pixels per point.
    package let scale: Double
    /// Premultiplied RGBA8 pixels, `stride * height` bytes. Read-only outside the module so the count always
    /// matches the size; write through ``withUnsafeMutablePixels(_:)``.
    package internal(set) var pixels: [UInt8]
    /// The pixel rectangle drawing is limited to; the whole canvas unless inside ``withClip(_:_:)``.
    package private(set) var clip: PixelRegion
    /// Scratch memory for ``applyBackdrop(in:cornerRadius:sigma:saturation:tint:downsample:)``: `nil` until the
    /// first backdrop, then kept (and grown when a larger region comes) so later backdrops allocate nothing. Set it
    /// to lend a context to a fresh canvas; take it back when the canvas is done.
    package var blurContext: BlurContext?

    /// Largest width or height in pixels a canvas gets; larger requests are clamped.
    package static let maximumDimension = 16384

    /// Bytes per row: `4 * width`.
    package var stride: Int { width * 4 }

    /// The canvas size in points (`pixels / scale`).
    package var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// A transparent canvas of `width` x `height` pixels (each clamped to 1...``maximumDimension``) at
    /// `scale` pixels per point (non-positive or non-finite scales become 1).
    package init(width: Int, height: Int, scale: Double = 1) {
        self.width = min(max(width, 1), Self.maximumDimension)
        self.height = min(max(height, 1), Self.maximumDimension)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        clip = PixelRegion(x: 0, y: 0, width: self.width, height: self.height)
    }

    /// A transparent canvas showing `size` points at `scale` pixels per point; the pixel size is rounded
    /// to the nearest integer (at least 1).
    package init(size: Size, scale: Double) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        self.init(width: Self.pixelCount(size.width * s), height: Self.pixelCount(size.height * s), scale: s)
    }

    private static func pixelCount(_ x: Double) -> Int {
        guard x.isFinite else { return 1 }
        return Int(min(max(x.rounded(), 1), Double(maximumDimension)))
    }

    /// Calls `body` with the pixel bytes (`stride * height`, premultiplied RGBA8, the `ck_image` layout),
    /// e.g. to run a kernel function on them in place.
    package mutating func withUnsafeMutablePixels<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try pixels.withUnsafeMutableBufferPointer { buffer in try body(buffer) }
    }

    /// The premultiplied RGBA bytes at pixel (`x`, `y`); transparent black outside the canvas.
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let i = y * stride + x * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Sets every pixel inside the clip to `color` (replacing, not blending).
    package mutating func clear(to color: Color = .clear) {
        let (r, g, b, a) = Self.premultiplied(color, coverage: 1)
        let clip = self.clip
        let stride = self.stride
        pixels.withUnsafeMutableBufferPointer { p in
            for y in clip.y..<(clip.y + clip.height) {
                var i = y * stride + clip.x * 4
                for _ in 0..<clip.width {
                    p[i] = UInt8(r)
                    p[i + 1] = UInt8(g)
                    p[i + 2] = UInt8(b)
                    p[i + 3] = UInt8(a)
                    i += 4
                }
            }
        }
    }

    /// Runs `body` with drawing limited to `rect` (points, rounded outward to whole pixels) intersected
    /// with the current clip; the clip is restored afterwards.
    package mutating func withClip(_ rect: Rect, _ body: (inout Canvas) -> Void) {
        let saved = clip
        let bounds = pixelBounds(of: rect, outset: 0)
        clip = bounds
        body(&self)
        clip = saved
    }

    /// Draws what `body` draws as one group at `opacity` (0...1): the group is rendered on a transparent
    /// canvas of the same size, then composited source-over, so overlapping shapes inside it do not show
    /// through each other as they would if each were drawn translucent.
    package mutating func drawLayer(opacity: Double, _ body: (inout Canvas) -> Void) {
        let alpha = clampUnit(opacity)
        guard alpha > 0 else { return }
        var layer = Canvas(width: width, height: height, scale: scale)
        layer.clip = clip
        // The layer borrows the blur scratch, so a backdrop drawn inside it allocates none either.
        swap(&layer.blurContext, &blurContext)
        body(&layer)
        swap(&layer.blurContext, &blurContext)
        draw(layer, atPixelX: 0, y: 0, opacity: alpha)
    }

    /// Composites `image` source-over with its top-left corner at pixel (`x`, `y`), multiplied by `opacity`
    /// (0...1). Pixels are not resampled, so `image` should share this canvas's scale.
    package mutating func draw(_ image: Canvas, atPixelX x: Int, y: Int, opacity: Double = 1) {
        let factor = UInt32((clampUnit(opacity) * 256).rounded())
        let x0 = max(clip.x, x)
        let y0 = max(clip.y, y)
        let x1 = min(clip.x + clip.width, x + image.width)
        let y1 = min(clip.y + clip.height, y + image.height)
        guard x0 < x1, y0 < y1, factor > 0 else { return }
        let stride = self.stride
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let dstBase = dst.baseAddress else { return }
                for row in y0..<y1 {
                    var s = (row - y) * image.stride + (x0 - x) * 4
                    var d = row * stride + x0 * 4
                    for _ in x0..<x1 {
                        var a = UInt32(src[s + 3])
                        if a != 0 {
                            var r = UInt32(src[s])
                            var g = UInt32(src[s + 1])
                            var b = UInt32(src[s + 2])
                            if factor < 256 {
                                r = (r * factor + 128) >> 8
                                g = (g * factor + 128) >> 8
                                b = (b * factor + 128) >> 8
                                a = (a * factor + 128) >> 8
                            }
                            Self.blend(dstBase + d, r, g, b, a)
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }

    /// Fills a rectangle in points with corners of `cornerRadius` points (clamped to half the shorter
    /// side; 0 is square). A radius of half the side of a square draws a circle.
    package mutating func fill(_ rect: Rect, cornerRadius: Double = 0, color: Color) {
        guard color.alpha > 0, let shape = RoundedBox(rect, cornerRadius: cornerRadius, scale: scale) else { return }
        let bounds = pixelBounds(of: rect, outset: 1)
        guard bounds.width > 0, bounds.height > 0 else { return }
        let solid = Self.premultiplied(color, coverage: 1)
        let stride = self.stride
        pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            for y in bounds.y..<(bounds.y + bounds.height) {
                let row = base + y * stride
                @inline(__always) func blendAt(_ x: Int) -> Bool {
                    let coverage = shape.coverage(x, y)
                    if coverage >= 1 {
                        Self.blend(row + 4 * x, solid.0, solid.1, solid.2, solid.3)
                        return true
                    }
                    if coverage > 0 {
                        let c = Self.premultiplied(color, coverage: coverage)
                        Self.blend(row + 4 * x, c.0, c.1, c.2, c.3)
                    }
                    return false
                }
                // The shape is convex, so along a row the fully covered pixels form one run.
                Self.blendSingleRunRow(row, from: bounds.x, to: bounds.x + bounds.width, solid: solid, blendAt: blendAt)
            }
        }
    }

    /// Strokes the outline of a rounded rectangle with a line `lineWidth` points wide centred on the edge
    /// (hairlines, card borders, selection rings).
    package mutating func stroke(_ rect: Rect, cornerRadius: Double = 0, lineWidth: Double = 1, color: Color) {
        let halfWidth = (lineWidth.isFinite ? max(lineWidth, 0) : 0) / 2 * scale
        guard color.alpha > 0, halfWidth > 0,
            let shape = RoundedBox(rect, cornerRadius: cornerRadius, scale: scale)
        else { return }
        let bounds = pixelBounds(of: rect, outset: halfWidth / scale + 1)
        guard bounds.width > 0, bounds.height > 0 else { return }
        forEachPixel(in: bounds) { px, py, pointer in
            // Coverage of the band |distance| <= halfWidth with a one-pixel ramp on both of its edges. A line
            // thinner than a pixel becomes a tent of unit integral times its width, so it keeps its ink.
            let distance = abs(shape.signedDistance(px, py))
            let coverage =
                halfWidth >= 0.5 ? clampUnit(halfWidth + 0.5 - distance) : clampUnit(1 - distance) * 2 * halfWidth
            guard coverage > 0 else { return }
            let c = Self.premultiplied(color, coverage: coverage)
            Self.blend(pointer, c.0, c.1, c.2, c.3)
        }
    }

    /// Blends pixels `start..<end` of a row where the fully covered pixels form one run: `blendAt` blends one pixel
    /// and returns whether it was fully covered; the soft ends are scanned from each side, and the run between them
    /// is filled without evaluating coverage.
    @inline(__always)
    static func blendSingleRunRow(
        _ row: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, solid: (UInt32, UInt32, UInt32, UInt32),
        blendAt: (Int) -> Bool
    ) {
        var first = start
        while first < end && !blendAt(first) { first += 1 }
        guard first < end else { return }
        var last = end - 1
        while last > first && !blendAt(last) { last -= 1 }
        if first + 1 < last { fillRun(row + 4 * (first + 1), count: last - first - 1, solid) }
    }

    /// Source-over of one premultiplied colour on `count` consecutive pixels; stores directly when opaque.
    @inline(__always)
    static func fillRun(_ p: UnsafeMutablePointer<UInt8>, count: Int, _ c: (UInt32, UInt32, UInt32, UInt32)) {
        if c.3 >= 255 {
            let word = UInt32(littleEndian: c.0 | c.1 << 8 | c.2 << 16 | 255 << 24)
            let raw = UnsafeMutableRawPointer(p)
            for i in 0..<count { raw.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self) }
        } else {
            for i in 0..<count { blend(p + 4 * i, c.0, c.1, c.2, c.3) }
        }
    }

    /// Draws the soft shadow of a rounded rectangle: the shape moved by `offset` (points) and blurred with
    /// a Gaussian of standard deviation `blurRadius / 2` points (the CSS and Core Animation convention for
    /// a blur radius), in `color`.
    ///
    /// Coverage is the exact Gaussian-blurred box (a product of two erf differences) limited by an
    /// erfc falloff of the rounded shape's signed distance, which rounds the corners; close to an exact
    /// blur of the rounded rectangle at a fraction of the cost. The shadow is also drawn under the shape:
    /// draw the shape on top.
    package mutating func drawShadow(
        of rect: Rect, cornerRadius: Double = 0, blurRadius: Double, offset: Point = .zero, color: Color
    ) {
        let sigma = max(0, blurRadius.isFinite ? blurRadius : 0) / 2 * scale
        let moved = rect.offsetBy(dx: offset.x, dy: offset.y)
        guard sigma >= 0.25 else {
            fill(moved, cornerRadius: cornerRadius, color: color)
            return
        }
        // The rounded corner cannot be sharper than the blur: a corner radius below sigma would make the
        // distance-based term overestimate the corner (it sees a straight edge, the blur sees two).
        guard color.alpha > 0,
            let shape = RoundedBox(moved, cornerRadius: max(cornerRadius, blurRadius / 2), scale: scale)
        else { return }
        let reach = 3 * sigma
        let bounds = pixelBounds(of: moved, outset: reach / scale + 1)
        guard bounds.width > 0, bounds.height > 0 else { return }
        let k = 1 / (sigma * 2.0.squareRoot())
        let left = moved.minX * scale
        let right = moved.maxX * scale
        let top = moved.minY * scale
        let bottom = moved.maxY * scale
        let columns = (0..<bounds.width).map { i -> Double in
            let x = Double(bounds.x + i) + 0.5
            return 0.5 * (erf((right - x) * k) - erf((left - x) * k))
        }
        let rows = (0..<bounds.height).map { j -> Double in
            let y = Double(bounds.y + j) + 0.5
            return 0.5 * (erf((bottom - y) * k) - erf((top - y) * k))
        }
        // 0.5 erfc(d k) tabulated over the band |d| <= reach and interpolated linearly: erfc per pixel of a
        // wide band dominated the cost, and 512 steps keep the error below 1/2000.
        let steps = 512
        let table = (0...steps + 1).map { i -> Double in
            0.5 * erfc((-reach + 2 * reach * Double(i) / Double(steps)) * k)
        }
        let perStep = Double(steps) / (2 * reach)
        columns.withUnsafeBufferPointer { columns in
            rows.withUnsafeBufferPointer { rows in
                table.withUnsafeBufferPointer { table in
                    let solid = Self.premultiplied(color, coverage: 1)
                    let stride = self.stride
                    pixels.withUnsafeMutableBufferPointer { p in
                        guard let base = p.baseAddress else { return }
                        for py in bounds.y..<(bounds.y + bounds.height) {
                            let row = base + py * stride
                            let rowCoverage = rows[py - bounds.y]
                            guard rowCoverage > 1.0 / 1024 else { continue }
                            /// Blends pixel `px`; whether its coverage is full (within 1/512, below what
                            /// 8-bit alpha resolves).
                            @inline(__always) func blendAt(_ px: Int) -> Bool {
                                let box = columns[px - bounds.x] * rowCoverage
                                guard box > 1.0 / 1024 else { return false }
                                let distance = shape.signedDistance(px, py)
                                let rounded: Double
                                if distance >= reach {
                                    rounded = 0
                                } else if distance <= -reach {
                                    rounded = 1
                                } else {
                                    let position = (distance + reach) * perStep
                                    let i = Int(position)
                                    let f = position - Double(i)
                                    rounded = table[i] + (table[i + 1] - table[i]) * f
                                }
                                let coverage = min(box, rounded)
                                if coverage >= 1 - 1.0 / 512 {
                                    Self.blend(row + 4 * px, solid.0, solid.1, solid.2, solid.3)
                                    return true
                                }
                                if coverage > 1.0 / 1024 {
                                    let c = Self.premultiplied(color, coverage: coverage)
                                    Self.blend(row + 4 * px, c.0, c.1, c.2, c.3)
                                }
                                return false
                            }
                            // Both factors are unimodal along a row (a blurred box is log-concave; erfc of a
                            // convex distance is quasi-concave), so the full-coverage pixels form one run:
                            // scan the soft ends from each side and fill between, as `fill` does.
                            Self.blendSingleRunRow(
                                row, from: bounds.x, to: bounds.x + bounds.width, solid: solid, blendAt: blendAt)
                        }
                    }
                }
            }
        }
    }

    // MARK: - Internals

    /// The pixels touched by `rect` grown by `outset` points, inside the clip.
    func pixelBounds(of rect: Rect, outset: Double) -> PixelRegion {
        func clampToInt(_ v: Double) -> Int {
            guard v.isFinite else { return v > 0 ? Int.max / 4 : Int.min / 4 }
            return Int(max(min(v, 1e9), -1e9))
        }
        let x0 = max(clip.x, clampToInt(((rect.minX - outset) * scale).rounded(.down)))
        let y0 = max(clip.y, clampToInt(((rect.minY - outset) * scale).rounded(.down)))
        let x1 = min(clip.x + clip.width, clampToInt(((rect.maxX + outset) * scale).rounded(.up)))
        let y1 = min(clip.y + clip.height, clampToInt(((rect.maxY + outset) * scale).rounded(.up)))
        return PixelRegion(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Calls `body(x, y, pointerToPixel)` for every pixel of `bounds` (which must lie inside the canvas).
    @inline(__always)
    mutating func forEachPixel(
        in bounds: PixelRegion, _ body: (Int, Int, UnsafeMutablePointer<UInt8>) -> Void
    ) {
        let stride = self.stride
        pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            for y in bounds.y..<(bounds.y + bounds.height) {
                var pointer = base + y * stride + bounds.x * 4
                for x in bounds.x..<(bounds.x + bounds.width) {
                    body(x, y, pointer)
                    pointer += 4
                }
            }
        }
    }

    /// Premultiplied 0...255 components of `color` at `coverage` (0...1).
    @inline(__always)
    static func premultiplied(_ color: Color, coverage: Double) -> (UInt32, UInt32, UInt32, UInt32) {
        // Adding 0.5 and truncating rounds these non-negative values without a libm call.
        let a = clampUnit(color.alpha) * clampUnit(coverage) * 255
        return (
            UInt32(clampUnit(color.red) * a + 0.5), UInt32(clampUnit(color.green) * a + 0.5),
            UInt32(clampUnit(color.blue) * a + 0.5), UInt32(a + 0.5)
        )
    }

    /// Source-over of a premultiplied colour: `dst = src + dst * (255 - srcAlpha) / 255`, rounded.
    @inline(__always)
    static func blend(_ p: UnsafeMutablePointer<UInt8>, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) {
        if a >= 255 {
            p[0] = UInt8(min(r, 255))
            p[1] = UInt8(min(g, 255))
            p[2] = UInt8(min(b, 255))
            p[3] = 255
            return
        }
        let inverse = 255 - a
        p[0] = UInt8(min(255, r + div255(UInt32(p[0]) * inverse)))
        p[1] = UInt8(min(255, g + div255(UInt32(p[1]) * inverse)))
        p[2] = UInt8(min(255, b + div255(UInt32(p[2]) * inverse)))
        p[3] = UInt8(min(255, a + div255(UInt32(p[3]) * inverse)))
    }

    /// `round(x / 255)` for x <= 255 * 255, without a division (Blinn's trick).
    @inline(__always) static func div255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }
}

/// A rounded rectangle in pixel space, answering signed distance and coverage at pixel centres.
struct RoundedBox {
    let centerX: Double
    let centerY: Double
    let halfWidth: Double
    let halfHeight: Double
    let radius: Double

    /// `nil` for an empty or non-finite rectangle.
    init?(_ rect: Rect, cornerRadius: Double, scale: Double) {
        let w = rect.width * scale
        let h = rect.height * scale
        guard w > 0, h > 0, w.isFinite, h.isFinite, rect.minX.isFinite, rect.minY.isFinite else { return nil }
        centerX = rect.midX * scale
        centerY = rect.midY * scale
        halfWidth = w / 2
        halfHeight = h / 2
        let r = cornerRadius.isFinite ? cornerRadius * scale : 0
        radius = min(max(r, 0), min(halfWidth, halfHeight))
    }

    /// Signed distance in pixels from the centre of pixel (`x`, `y`) to the outline; negative inside.
    @inline(__always) func signedDistance(_ x: Int, _ y: Int) -> Double {
        // Inigo Quilez's rounded-box distance: fold into the first quadrant, measure to the inner box
        // shrunk by the radius, subtract the radius.
        let qx = abs(Double(x) + 0.5 - centerX) - (halfWidth - radius)
        let qy = abs(Double(y) + 0.5 - centerY) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    /// Fraction of the pixel covered, approximated by `0.5 - distance` clamped to 0...1 (exact for an
    /// edge crossing a pixel straight; a one-pixel ramp otherwise). Thin shapes keep their area: a box
    /// narrower than a pixel is scaled by its width.
    @inline(__always) func coverage(_ x: Int, _ y: Int) -> Double {
        let base = clampUnit(0.5 - signedDistance(x, y))
        return base * min(1, 2 * halfWidth) * min(1, 2 * halfHeight)
    }
}

import AnimationKernel

extension Canvas {
    /// Applies the kernel's backdrop material in place to the part of the canvas under `rect` (points): a
    /// Gaussian blur of standard deviation `sigma` points, then `saturation` (1 unchanged, 0 grey), then
    /// `tint` composited source-over. With a `cornerRadius`, pixels outside the rounded shape are restored
    /// (anti-aliased), so the material has rounded corners. Runs `BlurContext.backdrop` on a view of the canvas's
    /// own bytes (a sub-rectangle with the canvas stride, which the kernel supports in place); the blur sees only
    /// the pixels inside `rect`, with edges replicated, as a real backdrop sees only what is behind it.
    ///
    /// The scratch memory is the canvas's ``blurContext``: made on the first call and grown when a larger region
    /// comes, so further calls allocate none (``PreviewRunner/renderFrame(_:at:scale:blurContext:)`` hands one
    /// context from frame to frame).
    ///
    /// `downsample` is passed through (0 lets the kernel choose). An empty or off-canvas `rect` does nothing.
    /// Throws the kernel's error, e.g. ``KernelError/invalidArgument(_:)`` for a negative or non-finite
    /// `sigma` or `saturation`.
    package mutating func applyBackdrop(
        in rect: Rect, cornerRadius: Double = 0, sigma: Double, saturation: Double = 1, tint: Color = .clear,
        downsample: UInt32 = 0
    ) throws(KernelError) {
        let region = pixelBounds(of: rect, outset: 0)
        guard region.width > 0, region.height > 0 else { return }
        let parameters = BackdropParameters(
            sigma: sigma * scale, saturation: saturation, tint: Self.kernelTint(tint), downsample: Int(downsample))
        // Moved out while the pixels are borrowed, so the context stays uniquely referenced (no copy of its scratch).
        var context = try takeBlurContext(fitting: region)
        defer { blurContext = context }
        let shape = cornerRadius > 0 ? RoundedBox(rect, cornerRadius: cornerRadius, scale: scale) : nil
        let original = shape == nil ? [] : copy(region)
        let stride = self.stride
        let result = pixels.withUnsafeMutableBytes { bytes -> Result<Void, KernelError> in
            guard let base = bytes.baseAddress else { return .failure(.invalidSize("empty canvas")) }
            do throws(KernelError) {
                let view = try RGBA8ImageView(
                    baseAddress: base + region.y * stride + region.x * 4, width: region.width,
                    height: region.height, stride: stride)
                // Same view as source and destination: the kernel's in-place case.
                try context.backdrop(view, parameters: parameters)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        if let shape { restoreOutside(shape, region: region, original: original) }
    }

    /// ``blurContext`` taken out of the canvas (left `nil`), replaced by a larger one when it cannot hold `region`.
    mutating func takeBlurContext(fitting region: PixelRegion) throws(KernelError) -> BlurContext {
        if let existing = blurContext, existing.maxWidth >= region.width, existing.maxHeight >= region.height {
            blurContext = nil
            return existing
        }
        let grown = try BlurContext(
            maxWidth: max(region.width, blurContext?.maxWidth ?? 0),
            maxHeight: max(region.height, blurContext?.maxHeight ?? 0))
        blurContext = nil
        return grown
    }

    /// A colour whose `premultipliedRGBA8` is exactly this canvas's premultiplied bytes of `tint`.
    ///
    /// `BackdropParameters` converts its tint with the library's rounding, `(c * a * 255).rounded()`, which differs
    /// by one level from the canvas's `c * (a * 255) + 0.5` on some ties (e.g. red 5/255 at alpha 0.7). Handing it
    /// `bytes / alpha` instead keeps the tint, and so the rendered frames, what the canvas computes: the library's
    /// product is within a few ulps of each byte, far from a rounding boundary.
    static func kernelTint(_ tint: Color) -> Color {
        let (r, g, b, a) = premultiplied(tint, coverage: 1)
        guard a > 0 else { return .clear }
        let alpha = Double(a)
        return Color(red: Double(r) / alpha, green: Double(g) / alpha, blue: Double(b) / alpha, alpha: alpha / 255)
    }

    /// The premultiplied bytes of `region`, row after row.
    func copy(_ region: PixelRegion) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(region.width * region.height * 4)
        for y in region.y..<(region.y + region.height) {
            let start = y * stride + region.x * 4
            out += pixels[start..<start + region.width * 4]
        }
        return out
    }

    /// Puts `original` back where `shape` does not cover, blending by coverage on its anti-aliased edge.
    mutating func restoreOutside(_ shape: RoundedBox, region: PixelRegion, original: [UInt8]) {
        let stride = self.stride
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let coverage = shape.coverage(x, y)
                guard coverage < 1 else { continue }
                let i = y * stride + x * 4
                let j = ((y - region.y) * region.width + (x - region.x)) * 4
                let keep = UInt32(coverage * 256 + 0.5)
                for c in 0..<4 {
                    let blurred = UInt32(pixels[i + c])
                    let before = UInt32(original[j + c])
                    pixels[i + c] = UInt8((blurred * keep + before * (256 - keep) + 128) >> 8)
                }
            }
        }
    }
}

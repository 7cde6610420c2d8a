import AnimationKernel
import CKernel

extension Canvas {
    /// Applies the kernel's backdrop material in place to the part of the canvas under `rect` (points): a
    /// Gaussian blur of standard deviation `sigma` points, then `saturation` (1 unchanged, 0 grey), then
    /// `tint` composited source-over. With a `cornerRadius`, pixels outside the rounded shape are restored
    /// (anti-aliased), so the material has rounded corners. Calls `ck_backdrop_apply` on the canvas's own
    /// bytes (a sub-rectangle with the canvas stride, which the kernel supports in place); the blur sees only
    /// the pixels inside `rect`, with edges replicated, as a real backdrop sees only what is behind it.
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
        let shape = cornerRadius > 0 ? RoundedBox(rect, cornerRadius: cornerRadius, scale: scale) : nil
        let original = shape == nil ? [] : copy(region)
        let t = Self.premultiplied(tint, coverage: 1)
        var parameters = ck_backdrop(
            sigma: Float(sigma * scale), saturation: Float(saturation),
            tint: (UInt8(t.0), UInt8(t.1), UInt8(t.2), UInt8(t.3)), downsample: downsample)
        var scratch = [UInt8](repeating: 0, count: ck_blur_scratch_size(UInt32(region.width), UInt32(region.height)))
        let stride = self.stride
        let status = pixels.withUnsafeMutableBufferPointer { p -> ck_status in
            guard let base = p.baseAddress else { return CK_ERR_NULL }
            var image = ck_image(
                data: base + region.y * stride + region.x * 4, width: UInt32(region.width),
                height: UInt32(region.height), stride: stride)
            // Same data and stride for source and destination: the contract's in-place case.
            var source = image
            return scratch.withUnsafeMutableBytes { s in
                ck_backdrop_apply(&source, &image, &parameters, s.baseAddress, s.count)
            }
        }
        try KernelError.check(status)
        if let shape { restoreOutside(shape, region: region, original: original) }
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

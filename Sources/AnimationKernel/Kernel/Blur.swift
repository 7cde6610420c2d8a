import CKernel

/// Parameters of the blurred-backdrop effect (`ck_backdrop`): blur, then saturation, then a tint composited
/// source-over.
public struct BackdropParameters: Sendable, Hashable {
    /// Gaussian standard deviation in pixels, up to ``KernelLimits/maximumSigma``; 0 means no blur.
    public var sigma: Double
    /// Saturation factor with Rec. 709 luma weights: 1 unchanged, 0 grey, above 1 more saturated. Finite;
    /// magnitudes above ``KernelLimits/maximumSaturation`` act as it.
    public var saturation: Double
    /// Tint composited over the result (straight colour; its alpha is the tint's opacity).
    public var tint: RGBAColor
    /// Reduction factor: 0 picks the fastest that stays within 45 dB of full resolution (1 below sigma 2, 2 below
    /// sigma 4, 4 below sigma 12, else 8), 1 is full resolution, 2 and 4 reduce by that factor.
    public var downsample: Int

    /// Creates parameters; `downsample` defaults to 0 (automatic).
    public init(sigma: Double, saturation: Double = 1, tint: RGBAColor = .clear, downsample: Int = 0) {
        self.sigma = sigma
        self.saturation = saturation
        self.tint = tint
        self.downsample = downsample
    }
}

/// Box and gaussian blur and the backdrop effect on premultiplied RGBA8 images, with scratch memory sized once.
///
/// Create one per image size (or the largest size you will blur) and reuse it every frame: the calls allocate
/// nothing (the kernel's scratch is owned here). Images larger than the context throw
/// ``KernelError/invalidSize(_:)``. Copying a context copies its scratch the first time either copy is used, and
/// an ``RGBA8Image`` whose storage is shared with another copy is copied once before it is written
/// (copy-on-write); keep one owner of each per-frame image and context to stay allocation-free.
public struct BlurContext: Sendable {
    /// Largest image width this context accepts, in pixels.
    public let maxWidth: Int
    /// Largest image height this context accepts, in pixels.
    public let maxHeight: Int
    private var scratch: ByteStorage

    /// Allocates scratch for images up to `maxWidth` x `maxHeight` (`ck_blur_scratch_size`).
    ///
    /// - Throws: ``KernelError/invalidSize(_:)`` when either size exceeds ``KernelLimits/maximumDimension``,
    ///   ``KernelError/outOfMemory`` when the system cannot provide the scratch (about 8 bytes a pixel at full
    ///   resolution).
    public init(maxWidth: Int, maxHeight: Int) throws(KernelError) {
        guard (0...maxImageDimension).contains(maxWidth), (0...maxImageDimension).contains(maxHeight) else {
            throw .invalidSize("maxWidth and maxHeight must be in 0...\(maxImageDimension)")
        }
        let bytes = ck_blur_scratch_size(UInt32(maxWidth), UInt32(maxHeight))
        guard let count = Int(exactly: bytes) else { throw .outOfMemory }
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.scratch = try ByteStorage(count: count)
    }

    // MARK: Box blur

    /// Exact box blur in place (`ck_box_blur`): each byte becomes the rounded mean of its
    /// `(2 radiusX + 1) x (2 radiusY + 1)` window, edges replicated.
    ///
    /// - Parameters:
    ///   - image: The image to blur, in place.
    ///   - radiusX: Horizontal radius in pixels, up to ``KernelLimits/maximumBoxRadius``.
    ///   - radiusY: Vertical radius in pixels, up to ``KernelLimits/maximumBoxRadius``. Both 0 leaves the image
    ///     unchanged.
    public mutating func boxBlur(_ image: inout RGBA8Image, radiusX: Int, radiusY: Int) throws(KernelError) {
        let (rx, ry) = try Self.radii(radiusX, radiusY)
        try inPlace(&image) { img, s, n in ck_box_blur(img, img, rx, ry, s, n) }
    }

    /// Exact box blur of `source` into `destination` (same size; see ``boxBlur(_:radiusX:radiusY:)-(RGBA8Image,_,_)``).
    public mutating func boxBlur(
        from source: RGBA8Image, into destination: inout RGBA8Image, radiusX: Int, radiusY: Int
    ) throws(KernelError) {
        let (rx, ry) = try Self.radii(radiusX, radiusY)
        try outOfPlace(source, &destination) { s, d, sc, n in ck_box_blur(s, d, rx, ry, sc, n) }
    }

    /// Exact box blur of a borrowed image in place (see ``boxBlur(_:radiusX:radiusY:)-(RGBA8Image,_,_)``).
    public mutating func boxBlur(_ view: RGBA8ImageView, radiusX: Int, radiusY: Int) throws(KernelError) {
        let (rx, ry) = try Self.radii(radiusX, radiusY)
        try views(view, view) { s, d, sc, n in ck_box_blur(s, d, rx, ry, sc, n) }
    }

    /// Exact box blur between borrowed images; overlapping but different views throw ``KernelError/overlap``.
    public mutating func boxBlur(
        from source: RGBA8ImageView, into destination: RGBA8ImageView, radiusX: Int, radiusY: Int
    ) throws(KernelError) {
        let (rx, ry) = try Self.radii(radiusX, radiusY)
        try views(source, destination) { s, d, sc, n in ck_box_blur(s, d, rx, ry, sc, n) }
    }

    // MARK: Gaussian blur

    /// Gaussian blur in place (`ck_gaussian_blur`), continuous in `sigma`.
    ///
    /// By `sigma` and image size the kernel takes the cheapest route that keeps quality: the sampled gaussian
    /// directly at small `sigma`; from 1.5 on images whose shorter side is at least 8 `sigma`, a pyramid of images
    /// reduced by 2 (by 4 from about 4.2, 8 from 8.5, ...), each blurred with the variance-compensated sigma and
    /// enlarged bilinearly; elsewhere four box filters at full resolution. Over half a pixel of `sigma` above each
    /// switch it blends the two sides, so a step of 0.1 never moves a byte by more than 3 levels beyond the exact
    /// gaussian's own change. Against the exact gaussian it keeps at least 50 dB from `sigma` 1 to 64 on textured
    /// images. The cost per pixel stays about flat while the shorter side is at least 8 `sigma` and grows with `sigma`
    /// beyond (full resolution, padding as wide as the blur); sigma 1.5-2 costs the most on a large image (both sides of
    /// a blend). `docs/performance.md` has the figures. For a blur that animates with a gesture use
    /// ``backdrop(_:sigma:saturation:tint:downsample:)`` (or ``BackdropRenderer``), which works on a reduced image.
    ///
    /// - Parameters:
    ///   - image: The image to blur, in place.
    ///   - sigma: Standard deviation in pixels, up to ``KernelLimits/maximumSigma``; 0 leaves the image unchanged.
    public mutating func gaussianBlur(_ image: inout RGBA8Image, sigma: Double) throws(KernelError) {
        let s = Float(sigma)
        try inPlace(&image) { img, sc, n in ck_gaussian_blur(img, img, s, sc, n) }
    }

    /// Gaussian blur of `source` into `destination` (same size; see ``gaussianBlur(_:sigma:)-(RGBA8Image,_)``).
    public mutating func gaussianBlur(
        from source: RGBA8Image, into destination: inout RGBA8Image, sigma: Double
    ) throws(KernelError) {
        let s = Float(sigma)
        try outOfPlace(source, &destination) { src, dst, sc, n in ck_gaussian_blur(src, dst, s, sc, n) }
    }

    /// Gaussian blur of a borrowed image in place (see ``gaussianBlur(_:sigma:)-(RGBA8Image,_)``).
    public mutating func gaussianBlur(_ view: RGBA8ImageView, sigma: Double) throws(KernelError) {
        let s = Float(sigma)
        try views(view, view) { src, dst, sc, n in ck_gaussian_blur(src, dst, s, sc, n) }
    }

    /// Gaussian blur between borrowed images; overlapping but different views throw ``KernelError/overlap``.
    public mutating func gaussianBlur(
        from source: RGBA8ImageView, into destination: RGBA8ImageView, sigma: Double
    ) throws(KernelError) {
        let s = Float(sigma)
        try views(source, destination) { src, dst, sc, n in ck_gaussian_blur(src, dst, s, sc, n) }
    }

    // MARK: Backdrop

    /// The blurred-backdrop effect in place (`ck_backdrop_apply`): gaussian blur, saturation (Rec. 709 luma,
    /// colours clamped to `0...alpha`), then `tint` composited source-over.
    ///
    /// With `downsample` 0 the kernel reduces the image (by 2 from `sigma` 2, 4 from 4, 8 from 12) as far as the
    /// result stays within 45 dB of full resolution, and below `sigma` 2 keeps full resolution for quality.
    /// ``BackdropRenderer``'s default ``BackdropRenderer/Downsampling/speed`` reduces by 2 there instead.
    ///
    /// - Parameters:
    ///   - image: The image to apply the effect to, in place.
    ///   - sigma: Blur standard deviation in pixels, up to ``KernelLimits/maximumSigma``.
    ///   - saturation: 1 unchanged, 0 grey, above 1 more saturated; finite.
    ///   - tint: Straight colour composited over the result; `.clear` for none.
    ///   - downsample: 0 automatic (default), 1 full resolution, 2 or 4 that reduction factor.
    public mutating func backdrop(
        _ image: inout RGBA8Image, sigma: Double, saturation: Double, tint: RGBAColor, downsample: Int = 0
    ) throws(KernelError) {
        try backdrop(
            &image,
            parameters: BackdropParameters(sigma: sigma, saturation: saturation, tint: tint, downsample: downsample))
    }

    /// The backdrop effect in place from a parameter value (see ``backdrop(_:sigma:saturation:tint:downsample:)``).
    public mutating func backdrop(_ image: inout RGBA8Image, parameters: BackdropParameters) throws(KernelError) {
        var p = try parameters.kernelValue()
        try inPlace(&image) { img, sc, n in ck_backdrop_apply(img, img, &p, sc, n) }
    }

    /// The backdrop effect from `source` into `destination` (same size).
    public mutating func backdrop(
        from source: RGBA8Image, into destination: inout RGBA8Image, parameters: BackdropParameters
    ) throws(KernelError) {
        var p = try parameters.kernelValue()
        try outOfPlace(source, &destination) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }
    }

    /// The backdrop effect on a borrowed image in place.
    public mutating func backdrop(_ view: RGBA8ImageView, parameters: BackdropParameters) throws(KernelError) {
        var p = try parameters.kernelValue()
        try views(view, view) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }
    }

    /// The backdrop effect between borrowed images; overlapping but different views throw ``KernelError/overlap``.
    public mutating func backdrop(
        from source: RGBA8ImageView, into destination: RGBA8ImageView, parameters: BackdropParameters
    ) throws(KernelError) {
        var p = try parameters.kernelValue()
        try views(source, destination) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }
    }

    // MARK: Plumbing

    private typealias Kernel = (
        UnsafePointer<ck_image>, UnsafeMutablePointer<ck_image>, UnsafeMutableRawPointer?, Int
    ) -> ck_status

    private static func radii(_ x: Int, _ y: Int) throws(KernelError) -> (UInt32, UInt32) {
        let limit = KernelLimits.maximumBoxRadius
        guard (0...limit).contains(x), (0...limit).contains(y) else {
            throw .invalidArgument("box radii must be in 0...\(limit), got \(x), \(y)")
        }
        return (UInt32(x), UInt32(y))
    }

    private func checkFits(_ width: Int, _ height: Int) throws(KernelError) {
        guard width <= maxWidth, height <= maxHeight else {
            throw .invalidSize("image \(width) x \(height) exceeds the context's \(maxWidth) x \(maxHeight)")
        }
    }

    private mutating func inPlace(
        _ image: inout RGBA8Image,
        _ kernel: (UnsafeMutablePointer<ck_image>, UnsafeMutableRawPointer?, Int) -> ck_status
    ) throws(KernelError) {
        try checkFits(image.width, image.height)
        let (w, h, stride) = (UInt32(image.width), UInt32(image.height), image.stride)
        let status = scratch.withUnsafeMutableBytes { sc in
            image.withUnsafeMutableBytes { bytes in
                var im = ck_image(
                    data: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), width: w, height: h, stride: stride)
                return kernel(&im, sc.baseAddress, sc.count)
            }
        }
        try KernelError.check(status)
    }

    private mutating func outOfPlace(
        _ source: RGBA8Image, _ destination: inout RGBA8Image, _ kernel: Kernel
    ) throws(KernelError) {
        try checkFits(source.width, source.height)
        guard source.width == destination.width, source.height == destination.height else {
            throw .invalidSize("source and destination sizes differ")
        }
        let (w, h) = (UInt32(source.width), UInt32(source.height))
        let (sourceStride, destinationStride) = (source.stride, destination.stride)
        let status = scratch.withUnsafeMutableBytes { sc in
            source.withUnsafeBytes { src in
                destination.withUnsafeMutableBytes { dst in
                    var s = ck_image(
                        data: UnsafeMutablePointer(mutating: src.baseAddress?.assumingMemoryBound(to: UInt8.self)),
                        width: w, height: h, stride: sourceStride)
                    var d = ck_image(
                        data: dst.baseAddress?.assumingMemoryBound(to: UInt8.self), width: w, height: h,
                        stride: destinationStride)
                    return kernel(&s, &d, sc.baseAddress, sc.count)
                }
            }
        }
        try KernelError.check(status)
    }

    private mutating func views(
        _ source: RGBA8ImageView, _ destination: RGBA8ImageView, _ kernel: Kernel
    ) throws(KernelError) {
        try checkFits(source.width, source.height)
        var s = source.kernelImage
        var d = destination.kernelImage
        let status = scratch.withUnsafeMutableBytes { sc in kernel(&s, &d, sc.baseAddress, sc.count) }
        try KernelError.check(status)
    }
}

extension BackdropParameters {
    /// The `ck_backdrop` for these parameters; validates what Swift must check before converting.
    func kernelValue() throws(KernelError) -> ck_backdrop {
        guard let factor = UInt32(exactly: downsample), [0, 1, 2, 4].contains(factor) else {
            throw .invalidArgument("downsample must be 0, 1, 2 or 4, got \(downsample)")
        }
        let t = tint.premultipliedRGBA8
        // NaN and infinities pass through so the kernel rejects them; finite magnitudes beyond the limit act as it.
        let limit = KernelLimits.maximumSaturation
        let s = saturation.isFinite ? Float(min(max(saturation, -limit), limit)) : Float(saturation)
        return ck_backdrop(sigma: Float(sigma), saturation: s, tint: (t.0, t.1, t.2, t.3), downsample: factor)
    }
}

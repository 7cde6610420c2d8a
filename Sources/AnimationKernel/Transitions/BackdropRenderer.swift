import CKernel

/// Draws a ``BackdropEffect`` over a snapshot of the screen behind a presented screen, once per frame, with no
/// allocation after it is created.
///
/// Every effect is one `ck_backdrop_apply` call (through ``BlurContext``, which owns the scratch memory):
/// `.blur` is the gaussian blur, saturation and tint; `.shadow(color, alpha)` is the same call with no blur and
/// saturation 1, so the colour at `alpha` is composited source-over exactly as the kernel composites a tint; `.none`
/// is a copy. Feed it ``PullToDismiss/Frame/backdrop`` each frame.
///
/// Downsampling is chosen per frame by ``downsampling`` (default ``Downsampling/speed``). A full-resolution blur costs
/// several times a 4x-reduced one whatever the sigma, and during a pull the sigma sweeps down to 0, so the kernel's
/// quality rule (full resolution below sigma 2 px) would make the last frames of the fade the slowest.
///
/// During a gesture the screen behind does not change, so the fastest frames come from preparing the snapshot
/// once (``prepare(_:factor:)`` reduces it by 4) and rendering each frame at that reduced size
/// (``renderPrepared(_:into:visible:)``) for the compositor to draw enlarged over the full screen with linear
/// filtering, as UIKit draws its own blur effects: a blurred backdrop has no detail to lose, and the per-frame cost
/// no longer includes reading and writing the full-resolution image (a full-screen 3x snapshot is 14 MB: copying it
/// once already costs more than the blur of the reduced image).
public struct BackdropRenderer: Sendable {
    /// How the renderer picks the kernel's `downsample` factor for a blur.
    public enum Downsampling: Sendable, Hashable {
        /// Fast while never blurring visibly more than asked: from sigma 4 px the kernel's choice (4x, 8x from
        /// sigma 12 px; at least 46.5 dB from full resolution as measured for the kernel), 2x for any smaller
        /// non-zero sigma (the 2x reduction and enlargement add about 1 px of blur: a third of a point on a 3x
        /// screen), full resolution only when nothing is blurred. Default.
        case speed
        /// The kernel's choice (`downsample` 0): the largest factor within 45 dB of full resolution (1 below sigma
        /// 2 px, 2 below 4 px, 4 below 12 px, else 8).
        case quality
        /// Always this factor: 1, 2 or 4 (others throw from
        /// ``BackdropRenderer/render(_:from:into:)-(_,RGBA8Image,_)``).
        case factor(Int)
    }

    /// Width of the snapshots this renderer takes, in pixels.
    public let width: Int
    /// Height of the snapshots this renderer takes, in pixels.
    public let height: Int
    /// Snapshot pixels per point: blur radii (points) times this are the kernel's sigma (pixels). Use the screen's
    /// scale for a full-resolution snapshot, less for a reduced one. Non-finite or non-positive values read as 1.
    public var displayScale: Double
    /// How blurs are reduced. Default ``Downsampling/speed``.
    public var downsampling: Downsampling
    private var context: BlurContext
    /// The snapshot reduced by ``preparedFactor`` with a one-pixel ring (see ``prepare(_:factor:)``); empty until then.
    private var prepared: RGBA8Image
    /// The blurred reduced image with its ring, each frame (its inside is copied out).
    private var working: RGBA8Image
    /// The reduction factor of the prepared snapshot (1 until ``prepare(_:factor:)``).
    public private(set) var preparedFactor = 1

    /// A renderer for `width` x `height` pixel snapshots; allocates the blur scratch once.
    ///
    /// - Parameters:
    ///   - width: Snapshot width in pixels, up to ``KernelLimits/maximumDimension``.
    ///   - height: Snapshot height in pixels, up to ``KernelLimits/maximumDimension``.
    ///   - displayScale: Snapshot pixels per point (e.g. 3 for a full-resolution snapshot on a 3x screen).
    ///   - downsampling: How blurs are reduced; default ``Downsampling/speed``.
    /// - Throws: ``KernelError/invalidSize(_:)`` for sizes above ``KernelLimits/maximumDimension``.
    public init(width: Int, height: Int, displayScale: Double, downsampling: Downsampling = .speed)
        throws(KernelError)
    {
        guard width >= 0, height >= 0 else {
            throw .invalidSize("width and height must be >= 0, got \(width) x \(height)")
        }
        // Room for full-size snapshots and for the prepared image with its ring, which is larger than a snapshot
        // of 3 px or less on a side.
        self.context = try BlurContext(
            maxWidth: max(width, Self.ringSize(width, factor: 2)),
            maxHeight: max(height, Self.ringSize(height, factor: 2)))
        self.prepared = try RGBA8Image(width: 0, height: 0)
        self.working = try RGBA8Image(width: 0, height: 0)
        self.width = width
        self.height = height
        self.displayScale = displayScale
        self.downsampling = downsampling
    }

    /// The kernel parameters this renderer uses for `effect` (`ck_backdrop` via ``BackdropParameters``): blur radius
    /// in points x ``displayScale`` as sigma, the tint's alpha times `tintAlpha`, the factor from ``downsampling``;
    /// a shadow as a tint with no blur.
    public func parameters(for effect: BackdropEffect) -> BackdropParameters {
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        var p: BackdropParameters
        switch effect {
        case .none:
            p = BackdropParameters(sigma: 0, saturation: 1, tint: .clear)
        case .shadow(let color, let alpha):
            p = BackdropParameters(
                sigma: 0, saturation: 1, tint: color.multipliedAlpha(by: Sanitize.clamp(alpha, 0, 1)))
        case .blur:
            p = effect.backdropParameters(displayScale: scale) ?? BackdropParameters(sigma: 0)
        }
        p.downsample = Self.factor(downsampling, sigma: p.sigma)
        return p
    }

    /// The kernel's `downsample` for `sigma` pixels under `policy`.
    static func factor(_ policy: Downsampling, sigma: Double) -> Int {
        switch policy {
        case .speed: return sigma >= 4 ? 0 : (sigma > 0 ? 2 : 1)
        case .quality: return 0
        case .factor(let k): return k
        }
    }

    /// Applies `effect` to `snapshot`, writing the result into `destination` (same size as the snapshot, at most
    /// ``width`` x ``height``). Allocates nothing as long as `destination`'s storage is not shared with another copy.
    ///
    /// - Throws: ``KernelError/invalidSize(_:)`` when the images differ in size or exceed the renderer's,
    ///   ``KernelError/invalidArgument(_:)`` for a ``Downsampling/factor(_:)`` other than 1, 2, 4.
    public mutating func render(
        _ effect: BackdropEffect, from snapshot: RGBA8Image, into destination: inout RGBA8Image
    ) throws(KernelError) {
        try checkFits(snapshot.width, snapshot.height)
        try context.backdrop(from: snapshot, into: &destination, parameters: parameters(for: effect))
    }

    /// Applies `effect` to `image` in place (as ``render(_:from:into:)-(_,RGBA8Image,_)`` does).
    public mutating func render(_ effect: BackdropEffect, in image: inout RGBA8Image) throws(KernelError) {
        try checkFits(image.width, image.height)
        try context.backdrop(&image, parameters: parameters(for: effect))
    }

    /// Applies `effect` between borrowed images (a bitmap context, a video frame); `snapshot` and `destination` may
    /// be the same memory (in place) but must not otherwise overlap (``KernelError/overlap``).
    public mutating func render(
        _ effect: BackdropEffect, from snapshot: RGBA8ImageView, into destination: RGBA8ImageView
    ) throws(KernelError) {
        try checkFits(snapshot.width, snapshot.height)
        try context.backdrop(from: snapshot, into: destination, parameters: parameters(for: effect))
    }

    /// The renderer's own size limit (its context is larger for tiny renderers: see ``ringSize(_:factor:)``).
    private func checkFits(_ imageWidth: Int, _ imageHeight: Int) throws(KernelError) {
        guard imageWidth <= width, imageHeight <= height else {
            throw .invalidSize("image \(imageWidth) x \(imageHeight) exceeds the renderer's \(width) x \(height)")
        }
    }

    // MARK: Prepared snapshots

    /// Width and height of ``renderPrepared(_:into:visible:)``'s output: the prepared snapshot's size divided by
    /// ``preparedFactor``, rounded up (0 x 0 before ``prepare(_:factor:)``).
    public var preparedSize: (width: Int, height: Int) { (max(prepared.width - 2, 0), max(prepared.height - 2, 0)) }

    /// Takes `snapshot` for the frames that follow (a gesture): reduces it once by `factor`, so each frame only blurs
    /// the small image. Allocates when the size changes; call it when the gesture begins, not per frame.
    ///
    /// Each small pixel is the mean of a `factor` x `factor` block (rounded half up) with indices clamped to the
    /// image, plus a one-pixel ring of the blocks just outside it, so the blur sees the snapshot's replicated edges
    /// rather than replicated block means. This is the reduction `ck_backdrop_apply` makes from sigma 5 px; below
    /// that the kernel uses a wider tent, which aliases less.
    ///
    /// - Parameters:
    ///   - snapshot: The screen behind, at most ``width`` x ``height``.
    ///   - factor: 2 or 4 (default 4; see ``renderPrepared(_:into:visible:)`` for the quality from sigma 6 px).
    /// - Throws: ``KernelError/invalidSize(_:)`` when the snapshot exceeds the renderer's size,
    ///   ``KernelError/invalidArgument(_:)`` for another factor.
    public mutating func prepare(_ snapshot: RGBA8Image, factor: Int = 4) throws(KernelError) {
        guard factor == 2 || factor == 4 else { throw .invalidArgument("factor must be 2 or 4, got \(factor)") }
        try checkFits(snapshot.width, snapshot.height)
        let ringWidth = Self.ringSize(snapshot.width, factor: factor)
        let ringHeight = Self.ringSize(snapshot.height, factor: factor)
        if prepared.width != ringWidth || prepared.height != ringHeight {
            prepared = try RGBA8Image(width: ringWidth, height: ringHeight)
            working = try RGBA8Image(width: ringWidth, height: ringHeight)
        }
        preparedFactor = factor
        var small = prepared
        prepared = try RGBA8Image(width: 0, height: 0)  // `small` is the only reference: no copy on write below
        let smallStride = small.stride
        var status = CK_OK
        snapshot.withUnsafeBytes { source in
            small.withUnsafeMutableBytes { target in
                var from = ck_image(
                    data: UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: UInt8.self)),
                    width: UInt32(snapshot.width), height: UInt32(snapshot.height), stride: snapshot.stride)
                var to = ck_image(
                    data: target.baseAddress?.assumingMemoryBound(to: UInt8.self), width: UInt32(ringWidth),
                    height: UInt32(ringHeight), stride: smallStride)
                status = ck_backdrop_reduce(&from, &to, UInt32(factor))
            }
        }
        prepared = small
        if let error = KernelError(status: status) { throw error }
    }

    /// Renders `effect` over the prepared snapshot at its reduced size (``preparedSize``), for the compositor to
    /// draw scaled up by ``preparedFactor`` with linear filtering over the snapshot's bounds.
    ///
    /// The blur's sigma is reduced so the result after reduction and a bilinear enlargement matches the requested
    /// blur: sigma'^2 = (sigma^2 - v) / k^2, where v is the variance the k x k reduction ((k^2 - 1) / 12) and the
    /// enlargement add (the compensation `ck_backdrop_apply` makes for its own reduction). One `ck_backdrop_apply`
    /// on the small image with its ring (itself reduced 2x inside the kernel from sigma' 1.9), then a copy of its
    /// inside; allocates nothing. Within 45 dB of the full-resolution render from sigma 6 px (48-53 dB measured);
    /// below that the reduced image's own softness shows (44.7 dB at 4 px, 39.8 at 3): a blur that fades out
    /// should hand over to the sharp screen once the effect reaches ``BackdropEffect/none``.
    ///
    /// - Parameters:
    ///   - effect: The effect for this frame (e.g. ``PullToDismiss/Frame/backdrop``).
    ///   - destination: An image of ``preparedSize``.
    ///   - visible: The part of the snapshot that shows, in snapshot pixels (default: all of it). During a pull only
    ///     the band above the moving screen shows, so only that band (plus the blur's reach) is computed; inside it
    ///     the result is exactly that of the whole image, and the rest of `destination` is left as it was.
    /// - Throws: ``KernelError/invalidSize(_:)`` when `destination` is not ``preparedSize``.
    public mutating func renderPrepared(
        _ effect: BackdropEffect, into destination: inout RGBA8Image, visible: Rect? = nil
    ) throws(KernelError) {
        let (w, h) = preparedSize
        guard destination.width == w, destination.height == h else {
            throw .invalidSize("destination \(destination.width) x \(destination.height) is not \(w) x \(h)")
        }
        guard w > 0, h > 0 else { return }
        var p = parameters(for: effect)
        let k = preparedFactor
        p.sigma = (max(0, p.sigma * p.sigma - Self.resamplingVariance(factor: k)) / Double(k * k)).squareRoot()
        // From sigma' 1.9 (8 px at full resolution for k = 4) the kernel's own 2x reduction of the small image
        // stays >= 48 dB from the full-resolution render (BackdropRendererTests) and is several times cheaper.
        p.downsample = p.sigma >= 1.9 ? 2 : 1
        // The visible part in output pixels, then the part of the ring image that determines it: a margin past the
        // blur's support (four boxes of radius <= 0.87 sigma', plus the 2x reduction and enlargement), its origin on
        // the 2x grid so the kernel reduces the same blocks as for the whole image. Inside the visible part the result
        // is then exactly the whole image's.
        var (x0, y0, x1, y1) = (0, 0, w, h)
        if let visible {
            let scale = Double(k)
            let bounds = (visible.minX / scale, visible.minY / scale, visible.maxX / scale, visible.maxY / scale)
            guard bounds.0.isFinite, bounds.1.isFinite, bounds.2.isFinite, bounds.3.isFinite else { return }
            x0 = Int(min(max(bounds.0.rounded(.down), 0), Double(w)))
            y0 = Int(min(max(bounds.1.rounded(.down), 0), Double(h)))
            x1 = Int(min(max(bounds.2.rounded(.up), 0), Double(w)))
            y1 = Int(min(max(bounds.3.rounded(.up), 0), Double(h)))
            guard x0 < x1, y0 < y1 else { return }
        }
        let margin = Int((3.5 * p.sigma).rounded(.up)) + 16
        let ring = (width: prepared.width, height: prepared.height)
        var rx0 = max(0, x0 + 1 - margin)
        var ry0 = max(0, y0 + 1 - margin)
        rx0 -= rx0 % 2
        ry0 -= ry0 % 2
        let rx1 = min(ring.width, x1 + 1 + margin)
        let ry1 = min(ring.height, y1 + 1 + margin)
        // The source and the working image are borrowed as views of the same region (the working image is swapped
        // out while the context runs, so nothing is copied).
        var output = try RGBA8Image(width: 0, height: 0)
        swap(&output, &working)
        defer { swap(&output, &working) }
        let ringStride = prepared.stride
        let offset = ry0 * ringStride + 4 * rx0
        var failure: KernelError?
        prepared.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                do throws(KernelError) {
                    let sourceView = try RGBA8ImageView(
                        baseAddress: UnsafeMutableRawPointer(mutating: from + offset), width: rx1 - rx0,
                        height: ry1 - ry0, stride: ringStride)
                    let targetView = try RGBA8ImageView(
                        baseAddress: to + offset, width: rx1 - rx0, height: ry1 - ry0, stride: ringStride)
                    try context.backdrop(from: sourceView, into: targetView, parameters: p)
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        let stride = destination.stride
        output.withUnsafeBytes { ringBytes in
            destination.withUnsafeMutableBytes { out in
                guard let from = ringBytes.baseAddress, let to = out.baseAddress else { return }
                for y in y0..<y1 {
                    (to + y * stride + 4 * x0).copyMemory(
                        from: from + (y + 1) * ringStride + 4 * (x0 + 1), byteCount: 4 * (x1 - x0))
                }
            }
        }
    }

    /// Pixels along one side of a prepared image: `n` reduced by `factor` (rounded up) plus a ring pixel on each end.
    static func ringSize(_ n: Int, factor: Int) -> Int { n <= 0 ? 0 : (n + factor - 1) / factor + 2 }

    /// Variance in full-resolution px^2 that the box reduction by `k` and the bilinear enlargement add
    /// (`ck_backdrop_resampling_variance`).
    static func resamplingVariance(factor k: Int) -> Double { ck_backdrop_resampling_variance(UInt32(k)) }
}

extension BackdropRenderer {
    /// Where the buffers a frame writes live (see ``PreparedBackdrop/bufferAddresses``).
    package var bufferAddresses: [UnsafeRawPointer?] {
        [working.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }]
    }
}

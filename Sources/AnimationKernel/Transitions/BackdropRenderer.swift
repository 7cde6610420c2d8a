/// Draws a ``BackdropEffect`` over a snapshot of the screen behind a presented screen, once per frame, with no
/// allocation after it is created.
///
/// Every effect is one `ck_backdrop_apply` call (through ``BlurContext``, which owns the scratch memory):
/// `.blur` is the gaussian blur, saturation and tint; `.shadow(color, alpha)` is the same call with no blur and
/// saturation 1, so the colour at `alpha` is composited source-over exactly as the kernel composites a tint; `.none`
/// is a copy. Feed it ``PullToDismiss/Frame/backdrop`` each frame.
///
/// Downsampling: ``downsample`` 0 (the default) lets the kernel choose the fastest reduction that stays within 45 dB
/// of the full-resolution result (full resolution below sigma 3 px, 2x below 5 px, else 4x); 1, 2 or 4 force one.
public struct BackdropRenderer: Sendable {
    /// Width of the snapshots this renderer takes, in pixels.
    public let width: Int
    /// Height of the snapshots this renderer takes, in pixels.
    public let height: Int
    /// Snapshot pixels per point: blur radii (points) times this are the kernel's sigma (pixels). Use the screen's
    /// scale for a full-resolution snapshot, less for a reduced one. Non-finite or non-positive values read as 1.
    public var displayScale: Double
    /// Reduction for blurs: 0 automatic (default), 1 full resolution, 2 or 4 that factor. Other values throw from
    /// ``render(_:from:into:)``.
    public var downsample: Int
    private var context: BlurContext

    /// A renderer for `width` x `height` pixel snapshots; allocates the blur scratch once.
    ///
    /// - Parameters:
    ///   - width: Snapshot width in pixels, `0...2^20`.
    ///   - height: Snapshot height in pixels, `0...2^20`.
    ///   - displayScale: Snapshot pixels per point (e.g. 3 for a full-resolution snapshot on a 3x screen).
    ///   - downsample: 0 automatic (default), or 1, 2, 4.
    /// - Throws: ``KernelError/invalidSize(_:)`` for sizes outside `0...2^20`.
    public init(width: Int, height: Int, displayScale: Double, downsample: Int = 0) throws(KernelError) {
        self.context = try BlurContext(maxWidth: width, maxHeight: height)
        self.width = width
        self.height = height
        self.displayScale = displayScale
        self.downsample = downsample
    }

    /// The kernel parameters this renderer uses for `effect` (`ck_backdrop` via ``BackdropParameters``): blur radius
    /// in points x ``displayScale`` as sigma, the tint's alpha times `tintAlpha`; a shadow as a tint with no blur.
    public func parameters(for effect: BackdropEffect) -> BackdropParameters {
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        switch effect {
        case .none:
            return BackdropParameters(sigma: 0, saturation: 1, tint: .clear, downsample: downsample)
        case .shadow(let color, let alpha):
            let a = Sanitize.clamp(alpha, 0, 1)
            return BackdropParameters(
                sigma: 0, saturation: 1, tint: color.multipliedAlpha(by: a), downsample: downsample)
        case .blur:
            var p = effect.backdropParameters(displayScale: scale) ?? BackdropParameters(sigma: 0)
            p.downsample = downsample
            return p
        }
    }

    /// Applies `effect` to `snapshot`, writing the result into `destination` (same size as the snapshot, at most
    /// ``width`` x ``height``). Allocates nothing as long as `destination`'s storage is not shared with another copy.
    ///
    /// - Throws: ``KernelError/invalidSize(_:)`` when the images differ in size or exceed the renderer's,
    ///   ``KernelError/invalidArgument(_:)`` for a ``downsample`` other than 0, 1, 2, 4.
    public mutating func render(
        _ effect: BackdropEffect, from snapshot: RGBA8Image, into destination: inout RGBA8Image
    ) throws(KernelError) {
        try context.backdrop(from: snapshot, into: &destination, parameters: parameters(for: effect))
    }

    /// Applies `effect` to `image` in place (see ``render(_:from:into:)``).
    public mutating func render(_ effect: BackdropEffect, in image: inout RGBA8Image) throws(KernelError) {
        try context.backdrop(&image, parameters: parameters(for: effect))
    }

    /// Applies `effect` between borrowed images (a bitmap context, a video frame); `snapshot` and `destination` may
    /// be the same memory (in place) but must not otherwise overlap (``KernelError/overlap``).
    public mutating func render(
        _ effect: BackdropEffect, from snapshot: RGBA8ImageView, into destination: RGBA8ImageView
    ) throws(KernelError) {
        try context.backdrop(from: snapshot, into: destination, parameters: parameters(for: effect))
    }
}

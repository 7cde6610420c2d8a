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
/// quality rule (full resolution below sigma 3 px) would make the last frames of the fade the slowest.
///
/// For the cheapest frames, take the snapshot itself at a reduced scale (e.g. a quarter of a 3x screen's pixels with
/// ``displayScale`` 0.75) and let the compositor enlarge the result: a blurred backdrop has no detail to lose.
public struct BackdropRenderer: Sendable {
    /// How the renderer picks the kernel's `downsample` factor for a blur.
    public enum Downsampling: Sendable, Hashable {
        /// Fast while never blurring visibly more than asked: 4x from sigma 4 px (44 dB from full resolution, as
        /// measured for the kernel), 2x for any smaller non-zero sigma (the 2x reduction and enlargement add under
        /// 1 px of blur: a third of a point on a 3x screen), full resolution only when nothing is blurred. Default.
        case speed
        /// The kernel's choice (`downsample` 0): the largest factor within 45 dB of full resolution (1 below sigma
        /// 3 px, 2 below 5 px, else 4).
        case quality
        /// Always this factor: 1, 2 or 4 (others throw from ``BackdropRenderer/render(_:from:into:)``).
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

    /// A renderer for `width` x `height` pixel snapshots; allocates the blur scratch once.
    ///
    /// - Parameters:
    ///   - width: Snapshot width in pixels, `0...2^20`.
    ///   - height: Snapshot height in pixels, `0...2^20`.
    ///   - displayScale: Snapshot pixels per point (e.g. 3 for a full-resolution snapshot on a 3x screen).
    ///   - downsampling: How blurs are reduced; default ``Downsampling/speed``.
    /// - Throws: ``KernelError/invalidSize(_:)`` for sizes outside `0...2^20`.
    public init(width: Int, height: Int, displayScale: Double, downsampling: Downsampling = .speed)
        throws(KernelError)
    {
        self.context = try BlurContext(maxWidth: width, maxHeight: height)
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
        case .speed: return sigma >= 4 ? 4 : (sigma > 0 ? 2 : 1)
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

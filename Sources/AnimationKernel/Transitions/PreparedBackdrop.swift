/// A pull's blurred backdrop between frames: the snapshot prepared once per gesture by a ``BackdropRenderer`` and
/// the output each frame renders into, both owned here and rendered in place, so a frame allocates and copies
/// nothing. A platform layer keeps one (as an optional stored property, mutated through optional chaining) and
/// hands ``withOutput(_:)``'s pixels to the compositor.
public struct PreparedBackdrop: Sendable {
    private var renderer: BackdropRenderer
    /// The effect as last rendered, at the renderer's prepared (reduced) size.
    public private(set) var output: RGBA8Image

    /// How to draw the view behind for a backdrop on a screen of `screenScale` pixels per point: at half that scale
    /// (a quarter of the pixels, so a 3x phone draws 3 MB instead of 12 MB on the main thread), reduced by 2 when
    /// prepared, which lands at the size the renderer's default reduction by 4 of a full-resolution snapshot has.
    ///
    /// - Returns: the pixel size to draw `pointSize` at, that scale (pixels per point, for the bitmap context and
    ///   ``init(snapshot:displayScale:factor:)``), and the factor to prepare with.
    public static func capture(pointSize: Size, screenScale: Double) -> (
        width: Int, height: Int, scale: Double, factor: Int
    ) {
        let scale = (screenScale.isFinite && screenScale > 0 ? screenScale : 1) / 2
        func pixels(_ points: Double) -> Int {
            let p = Sanitize.length(points) * scale
            return p < Double(KernelLimits.maximumDimension) ? Int(p.rounded()) : KernelLimits.maximumDimension
        }
        return (pixels(pointSize.width), pixels(pointSize.height), scale, 2)
    }

    /// Prepares `snapshot` (the view behind, `displayScale` pixels per point) for per-frame rendering, reduced by
    /// `factor` (2 or 4; default 4).
    /// - Throws: what ``BackdropRenderer/init(width:height:displayScale:downsampling:)`` and
    ///   ``BackdropRenderer/prepare(_:factor:)`` throw.
    public init(snapshot: RGBA8Image, displayScale: Double, factor: Int = 4) throws(KernelError) {
        var renderer = try BackdropRenderer(width: snapshot.width, height: snapshot.height, displayScale: displayScale)
        try renderer.prepare(snapshot, factor: factor)
        let (width, height) = renderer.preparedSize
        output = try RGBA8Image(width: width, height: height)
        self.renderer = renderer
    }

    /// Snapshot pixels per output pixel (the renderer's reduction).
    public var factor: Int { renderer.preparedFactor }

    /// Renders `effect` where `visible` (snapshot pixels; nil: all) shows into ``output``, in place (see
    /// ``BackdropRenderer/renderPrepared(_:into:visible:)``).
    public mutating func render(_ effect: BackdropEffect, visible: Rect? = nil) throws(KernelError) {
        try renderer.renderPrepared(effect, into: &output, visible: visible)
    }

    /// Calls `body` with ``output``'s bytes, width, height and row stride (bytes), for the host's bitmap context.
    public mutating func withOutput<R>(
        _ body: (UnsafeMutableRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws -> R
    ) rethrows -> R {
        let (width, height, stride) = (output.width, output.height, output.stride)
        return try output.withUnsafeMutableBytes { try body($0, width, height, stride) }
    }

    /// Where the buffers a frame writes live: the same addresses frame after frame unless something copies them.
    package var bufferAddresses: [UnsafeRawPointer?] {
        [output.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }] + renderer.bufferAddresses
    }
}

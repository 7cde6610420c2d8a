/// What a presented sheet does to the content behind it (PullToDismiss's `BackgroundEffect`).
///
/// Animate it with ``interpolated(rate:)`` as the sheet is dragged, and turn it into kernel parameters for one
/// frame with ``backdropParameters(displayScale:)``.
public enum BackdropEffect: Sendable, Hashable {
    /// Nothing behind the sheet changes.
    case none
    /// A flat dimming layer: `color` drawn with opacity `alpha` (`0...1`) over the content.
    case shadow(color: RGBAColor, alpha: Double)
    /// A blurred backdrop.
    /// - radius: Blur radius in points (the gaussian sigma in points; times the display scale gives pixels).
    /// - tint: Colour composited over the blur; its own alpha is multiplied by `tintAlpha`.
    /// - tintAlpha: Opacity of the tint, `0...1`.
    /// - saturation: 1 unchanged, 0 grey, above 1 more saturated (PullToDismiss uses 1.8).
    case blur(radius: Double, tint: RGBAColor, tintAlpha: Double, saturation: Double)

    /// The effect at a fraction of its strength, as PullToDismiss fades it while dismissing.
    ///
    /// `rate` is clamped to `0...1` (NaN counts as 0). Blur: radius and tint alpha scale by `rate`, saturation
    /// moves linearly from 1 (at rate 0) to its value (at rate 1): `(s - 1) * rate + 1`. Shadow: alpha scales by
    /// `rate`. `.none` stays `.none`.
    public func interpolated(rate: Double) -> BackdropEffect {
        let r = rate.isNaN ? 0 : min(max(rate, 0), 1)
        switch self {
        case .none:
            return .none
        case .shadow(let color, let alpha):
            return .shadow(color: color, alpha: alpha * r)
        case .blur(let radius, let tint, let tintAlpha, let saturation):
            return .blur(radius: radius * r, tint: tint, tintAlpha: tintAlpha * r, saturation: (saturation - 1) * r + 1)
        }
    }

    /// The kernel parameters for this effect on a display with `displayScale` pixels per point, or `nil` for
    /// `.none` and `.shadow` (which need no image processing).
    ///
    /// sigma (pixels) = radius (points) x displayScale, clamped to ``KernelLimits/maximumSigma`` (NaN or negative counts as 0); the
    /// tint's alpha is multiplied by `tintAlpha`; downsample is automatic (0).
    public func backdropParameters(displayScale: Double) -> BackdropParameters? {
        guard case .blur(let radius, let tint, let tintAlpha, let saturation) = self else { return nil }
        let sigma = radius * displayScale
        let clamped = sigma.isNaN ? 0 : min(max(sigma, 0), KernelLimits.maximumSigma)
        let alpha = tintAlpha.isNaN ? 0 : min(max(tintAlpha, 0), 1)
        return BackdropParameters(
            sigma: clamped, saturation: saturation.isFinite ? saturation : 1, tint: tint.multipliedAlpha(by: alpha),
            downsample: 0)
    }
}

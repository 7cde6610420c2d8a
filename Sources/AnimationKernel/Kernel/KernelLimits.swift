import CKernel

/// The limits the C kernel checks at every blur entry point, read from its header (one source of truth).
public enum KernelLimits {
    /// Largest image width or height, in pixels (`CK_MAX_DIM`, 2^20).
    public static let maximumDimension = Int(CK_MAX_DIM)
    /// Largest box-blur radius per axis, in pixels (`CK_MAX_RADIUS`, 65535).
    public static let maximumBoxRadius = Int(CK_MAX_RADIUS)
    /// Largest gaussian or backdrop sigma, in pixels (`CK_MAX_SIGMA`, 2000).
    public static let maximumSigma = Double(CK_MAX_SIGMA)
    /// The backdrop's saturation magnitude beyond which it acts as this value (`CK_MAX_SATURATION`, 1e4): every
    /// non-grey colour already clamps there.
    public static let maximumSaturation = Double(CK_MAX_SATURATION)
}

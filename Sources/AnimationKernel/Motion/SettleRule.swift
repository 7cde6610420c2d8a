/// When motion is over: the one settle rule every model and ``AnimatedValue`` apply.
///
/// A channel settles once what remains of its motion stays below a thousandth of a pixel on the densest screen, and
/// from its settle time on it reads exactly its resting value. So the last frame a host draws at rest is the resting
/// frame (not a quarter point short of it for ever), and the step onto it is invisible. The price is a longer tail
/// in which the motion moves by less than half a pixel: a critically damped spring runs about 7 / ω seconds longer
/// than with a quarter-point tolerance (0.4 s for a sheet's UIKit present, see docs/reliability.md).
public enum SettleRule {
    /// Tolerance for positions and sizes, in points: a thousandth of a pixel at 3x.
    public static let points: Double = 1.0 / 3000
    /// Tolerance for fractions: alphas (a forty-thousandth of an 8-bit level), progress and fractions of a width
    /// (a thousandth of a pixel at 3x on a 3,000-point width).
    public static let fraction: Double = 1e-7
}

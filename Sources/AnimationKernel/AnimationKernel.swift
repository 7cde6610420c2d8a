/// AnimationKernel: interactive UI transitions that are exact, fast and testable.
///
/// - `Kernel/`: thin safe wrappers over the C engine (`Spring`, `TimingCurve`, images and blur).
/// - `Geometry/`: the value types the transition models speak (`Point`, `Size`, `Rect`, `EdgeInsets`).
/// - `Motion/`: interruptible animated values driven by springs or curves, evaluated at absolute time.
/// - `Transitions/`: headless models (bottom sheet, navigation inside it, card lift, pull-to-dismiss)
///   that take geometry, timestamps and gestures and return frames for any renderer.
public enum AnimationKernel {
    /// The library's semantic version.
    public static let version = "0.1.0"
}

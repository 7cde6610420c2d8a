/// A colour with straight (non-premultiplied) components, each in `0...1`.
///
/// Components are stored as given; conversions to bytes clamp to `0...1` (NaN counts as 0).
public struct RGBAColor: Sendable, Hashable {
    /// Red, `0...1`.
    public var red: Double
    /// Green, `0...1`.
    public var green: Double
    /// Blue, `0...1`.
    public var blue: Double
    /// Opacity, `0...1` (1 = opaque).
    public var alpha: Double

    /// A colour from straight components in `0...1`; `alpha` defaults to 1 (opaque).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Fully transparent (all components 0).
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with `alpha` multiplied by `factor` (clamped to `0...1` when converted).
    public func multipliedAlpha(by factor: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Premultiplied RGBA8 bytes: each component is clamped to `0...1`, colours are multiplied by alpha, and
    /// every value is rounded to the nearest of 0...255. Colour bytes never exceed the alpha byte.
    public var premultipliedRGBA8: (UInt8, UInt8, UInt8, UInt8) {
        let a = Self.unit(alpha)
        let alphaByte = Self.byte(a)
        func channel(_ c: Double) -> UInt8 { min(Self.byte(Self.unit(c) * a), alphaByte) }
        return (channel(red), channel(green), channel(blue), alphaByte)
    }

    private static func unit(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(max(value, 0), 1)
    }

    private static func byte(_ unitValue: Double) -> UInt8 { UInt8((unitValue * 255).rounded()) }
}

import AnimationKernel

/// The preview draws with the library's colour type: straight (non-premultiplied) sRGB components in 0...1,
/// clamped when drawn.
package typealias Color = RGBAColor

extension RGBAColor {
    /// A grey: `white` 0 is black, 1 is white.
    package init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` literal, as design tools print them.
    package init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `factor` (clamped to 0...1).
    package func opacity(_ factor: Double) -> RGBAColor { multipliedAlpha(by: clampUnit(factor)) }

    /// `0xRRGGBB` of the colour ignoring alpha, for SVG `#rrggbb`.
    var rgbHex: String {
        let value = (channel8(red) << 16) | (channel8(green) << 8) | channel8(blue)
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    private func channel8(_ x: Double) -> UInt32 { UInt32((clampUnit(x) * 255).rounded()) }
}

/// `x` clamped to 0...1; NaN becomes 0.
@inline(__always) func clampUnit(_ x: Double) -> Double {
    x > 0 ? (x < 1 ? x : 1) : 0
}

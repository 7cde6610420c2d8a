import AnimationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress 0 -> 1 of a spring released from rest at `time` seconds (0 before): the closed-form unit step
/// response of a damped harmonic oscillator with undamped period `response` and `dampingRatio` (SwiftUI's
/// `DampedSpring(response:dampingRatio:)` parameters). Written inline so the demos need no transition model.
func demoSpringProgress(_ time: Double, response: Double, dampingRatio zeta: Double) -> Double {
    guard time > 0 else { return 0 }
    let omega = 2 * Double.pi / response
    if zeta < 1 {
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega * time)
        return 1 - envelope * (cos(omegaD * time) + zeta * omega / omegaD * sin(omegaD * time))
    }
    // Critically damped (over-damped ratios are treated as critical, enough for a demo).
    return 1 - exp(-omega * time) * (1 + omega * time)
}

/// Demo: a card slides in from the trailing edge on a slightly bouncy spring over a list, with a soft
/// shadow and a dimming layer. Reduce Motion cross-fades it in place; RTL brings it from the left.
package struct DemoCardSlideScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"demo-card-slide"`.
    package let name = "demo-card-slide"
    /// Human title.
    package let title = "Demo: card slides in on a spring"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = Size(width: 390, height: 844)
    /// 1.6 s: 0.15 s at rest, then the spring.
    package let duration = 1.6

    private let start = 0.15
    private let cardFrame = Rect(x: 20, y: 170, width: 350, height: 470)

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) { self.options = options }

    private struct State {
        var offset: Double
        var opacity: Double
        var dim: Double
    }

    private func state(at time: Double) -> State {
        if options.reduceMotion {
            let fade = clampUnit((time - start) / 0.3)
            return State(offset: 0, opacity: fade, dim: 0.25 * fade)
        }
        let progress = demoSpringProgress(time - start, response: 0.5, dampingRatio: 0.72)
        // Far enough that the card's shadow (blur reach 54 pt) is off screen too at the start.
        let travel = canvasSize.width - cardFrame.minX + 64
        return State(
            offset: options.layoutDirection.sign * travel * (1 - progress), opacity: 1,
            dim: 0.25 * clampUnit(progress))
    }

    /// Draws the list, the dimming layer, the card's shadow and the card.
    package func render(at time: Double, into canvas: inout Canvas) {
        let s = state(at: time)
        let screen = Rect(origin: .zero, size: canvasSize)
        canvas.drawSyntheticScreen(in: screen, seed: 7, direction: options.layoutDirection)
        canvas.fill(screen, color: Color.black.opacity(s.dim))
        let card = cardFrame.offsetBy(dx: s.offset, dy: 0)
        canvas.drawLayer(opacity: s.opacity) { layer in
            layer.drawShadow(
                of: card, cornerRadius: 24, blurRadius: 36, offset: Point(x: 0, y: 12),
                color: Color.black.opacity(0.28))
            layer.fill(card, cornerRadius: 24, color: .white)
            let header = Rect(x: card.minX, y: card.minY, width: card.width, height: 180)
            layer.withClip(header) { clipped in
                clipped.fill(
                    Rect(x: card.minX, y: card.minY, width: card.width, height: 204), cornerRadius: 24,
                    color: Color(rgb: 0x0A84FF))
            }
            layer.fill(
                Rect(x: card.minX + 24, y: card.minY + 204, width: 190, height: 20)
                    .placed(in: card, options.layoutDirection),
                cornerRadius: 10, color: Color(rgb: 0x1C1C1E))
            layer.drawTextLines(
                in: Rect(x: card.minX + 24, y: card.minY + 244, width: card.width - 48, height: 200), count: 8,
                lineHeight: 22, seed: 3, color: Color(rgb: 0xAEAEB2), direction: options.layoutDirection)
        }
    }

    /// Card offset from its resting place (points), its opacity, and the dimming opacity.
    package func channels(at time: Double) -> [Channel] {
        let s = state(at: time)
        return [
            Channel(name: "card offset x", unit: "pt", value: s.offset),
            Channel(name: "card opacity", unit: "opacity", value: s.opacity),
            Channel(name: "dim opacity", unit: "opacity", value: s.dim),
        ]
    }
}

/// Demo: a sheet rises from the bottom on a critically damped spring while the screen behind it shrinks,
/// rounds its corners and dims. Reduce Motion cross-fades the sheet and leaves the backdrop still.
package struct DemoSheetRiseScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"demo-sheet-rise"`.
    package let name = "demo-sheet-rise"
    /// Human title.
    package let title = "Demo: sheet rises on a critically damped spring"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = Size(width: 390, height: 844)
    /// 1.4 s: 0.1 s at rest, then the spring.
    package let duration = 1.4

    private let start = 0.1
    private let restingTop = 110.0

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) { self.options = options }

    private struct State {
        var top: Double
        var sheetOpacity: Double
        var backdropScale: Double
        var dim: Double
    }

    private func state(at time: Double) -> State {
        if options.reduceMotion {
            let fade = clampUnit((time - start) / 0.3)
            return State(top: restingTop, sheetOpacity: fade, backdropScale: 1, dim: 0.3 * fade)
        }
        let p = demoSpringProgress(time - start, response: 0.45, dampingRatio: 1)
        return State(
            top: lerp(canvasSize.height, restingTop, p), sheetOpacity: 1, backdropScale: lerp(1, 0.92, p),
            dim: 0.3 * p)
    }

    /// Draws the black surround, the scaled backdrop, the dimming layer and the sheet.
    package func render(at time: Double, into canvas: inout Canvas) {
        let s = state(at: time)
        let screen = Rect(origin: .zero, size: canvasSize)
        canvas.fill(screen, color: .black)
        let w = canvasSize.width * s.backdropScale
        let h = canvasSize.height * s.backdropScale
        // Scaled about the horizontal centre, keeping a gap above for the status bar as iOS does.
        let backdrop = Rect(x: (canvasSize.width - w) / 2, y: 60 * (1 - s.backdropScale) / 0.08, width: w, height: h)
        let corner = 40 * (1 - s.backdropScale) / 0.08
        canvas.drawSyntheticScreen(
            in: backdrop, seed: 11, cornerRadius: corner, direction: options.layoutDirection)
        canvas.fill(backdrop, cornerRadius: corner, color: Color.black.opacity(s.dim))
        let sheet = Rect(x: 0, y: s.top, width: canvasSize.width, height: canvasSize.height - restingTop + 40)
        canvas.drawLayer(opacity: s.sheetOpacity) { layer in
            layer.drawShadow(of: sheet, cornerRadius: 12, blurRadius: 24, color: Color.black.opacity(0.2))
            layer.fill(sheet, cornerRadius: 12, color: Color(rgb: 0xF2F2F7))
            layer.fill(
                Rect(x: sheet.midX - 18, y: sheet.minY + 6, width: 36, height: 5), cornerRadius: 2.5,
                color: Color(rgb: 0xC7C7CC))
            layer.fill(
                Rect(x: 16, y: sheet.minY + 40, width: canvasSize.width - 32, height: 260), cornerRadius: 12,
                color: .white)
            layer.drawTextLines(
                in: Rect(x: 32, y: sheet.minY + 60, width: canvasSize.width - 64, height: 230), count: 10,
                lineHeight: 22, seed: 5, color: Color(rgb: 0x8E8E93), direction: options.layoutDirection)
        }
    }

    /// Sheet top edge (points), backdrop scale factor, sheet and dimming opacity.
    package func channels(at time: Double) -> [Channel] {
        let s = state(at: time)
        return [
            Channel(name: "sheet top", unit: "pt", value: s.top),
            Channel(name: "backdrop scale", unit: "scale", value: s.backdropScale),
            Channel(name: "sheet opacity", unit: "opacity", value: s.sheetOpacity),
            Channel(name: "dim opacity", unit: "opacity", value: s.dim),
        ]
    }
}

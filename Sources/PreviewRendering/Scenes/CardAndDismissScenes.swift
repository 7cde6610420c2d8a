import AnimationKernel

/// Draws a backdrop effect over what the canvas shows in `rect` (the screen behind a presented one).
func drawBackdrop(_ effect: BackdropEffect, in rect: Rect, into canvas: inout Canvas) {
    switch effect {
    case .none:
        break
    case .shadow(let color, let alpha):
        canvas.fill(rect, color: color.opacity(alpha))
    case .blur:
        // Sigma in points: the canvas converts with its own scale.
        guard let parameters = effect.backdropParameters(displayScale: 1) else { return }
        try? canvas.applyBackdrop(
            in: rect, sigma: parameters.sigma, saturation: parameters.saturation, tint: parameters.tint)
    }
}

/// A card in the list flies up into a detail while the modal rises; then the list scrolls and the card flies
/// back to where its cell is now.
package struct CardLiftScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"card-lift"`.
    package let name = "card-lift"
    /// Human title.
    package let title = "Card lift: list card flies into a detail, returns to its moved cell"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 3.8 s of script.
    package let duration = 3.8

    private let initial: CardLift
    private let script: Script<CardLift>
    /// The third cell of the list, before and after the list scrolls up by 70 points.
    private static let source = Rect(x: 16, y: 342, width: 358, height: 120)
    private static let scrolled = Rect(x: 16, y: 272, width: 358, height: 120)
    private static let target = Rect(x: 16, y: 100, width: 358, height: 200)

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) {
        self.options = options
        var configuration = CardLift.Configuration()
        configuration.reduceMotion = options.reduceMotion
        let mirror = { (rect: Rect) in options.rtl ? rect.mirrored(inContainerWidth: phoneSize.width) : rect }
        initial = CardLift(
            source: mirror(Self.source), target: mirror(Self.target),
            modalLayout: .init(containerSize: phoneSize, safeArea: phoneSafeArea, contentHeight: 480),
            configuration: configuration)
        script = Script(events: [
            (0.2, { card, t in card.open(at: t) }),
            (2.0, { card, t in card.setSourceRect(mirror(Self.scrolled), at: t) }),
            (2.1, { card, t in card.close(at: t) }),
        ])
    }

    private func frame(at time: Double) -> CardLift.Frame {
        script.model(initial, at: time) { card, t in _ = card.update(to: t) }.frame(at: time)
    }

    /// The list (the lifted card's cell left empty while it flies), the dimming, the modal, and the card in its
    /// host layer.
    package func render(at time: Double, into canvas: inout Canvas) {
        let frame = frame(at: time)
        let scrolledBy = time >= 2.0 ? Self.source.minY - Self.scrolled.minY : 0
        canvas.fill(Rect(origin: .zero, size: canvasSize), color: Color(rgb: 0xF2F2F7))
        for i in 0..<6 {
            let rect = Rect(x: 16, y: 70 + Double(i) * 136 - scrolledBy, width: 358, height: 120)
            if i == 2 { continue }  // the lifted card's own cell: drawn as the card below
            drawCard(
                rect, seed: UInt64(40 + i), radius: 12, elevation: .init(shadowRadius: 2, shadowOpacity: 0.08),
                into: &canvas)
        }
        if frame.hostLayer == .list {
            drawCard(
                frame.card, seed: 42, radius: frame.cornerRadius, elevation: frame.elevation, alpha: frame.cardAlpha,
                into: &canvas)
        }
        canvas.fill(Rect(origin: .zero, size: canvasSize), color: Color.black.opacity(frame.modal.dimmingAlpha))
        canvas.drawLayer(opacity: frame.modal.sheetAlpha) { layer in
            drawSheetBody(frame.modal.sheet, into: &layer)
            layer.withClip(frame.modal.contentArea) { content in
                content.drawTextLines(
                    in: frame.modal.contentArea.inset(by: Insets(top: 240, leading: 24, bottom: 20, trailing: 24)),
                    count: 8, lineHeight: 24, seed: 8, color: Color(rgb: 0x8E8E93), direction: options.layoutDirection)
            }
        }
        if frame.hostLayer != .list {
            drawCard(
                frame.card, seed: 42, radius: frame.cornerRadius, elevation: frame.elevation, alpha: frame.cardAlpha,
                into: &canvas)
        }
    }

    private func drawCard(
        _ rect: Rect, seed: UInt64, radius: Double, elevation: CardLift.Elevation, alpha: Double = 1,
        into canvas: inout Canvas
    ) {
        canvas.drawLayer(opacity: alpha) { layer in
            layer.drawShadow(
                of: rect, cornerRadius: radius, blurRadius: elevation.shadowRadius,
                offset: Point(x: 0, y: elevation.shadowRadius / 3),
                color: Color.black.opacity(elevation.shadowOpacity))
            layer.fill(rect, cornerRadius: radius, color: .white)
            layer.fill(
                Rect(x: rect.minX + 16, y: rect.minY + 16, width: 40, height: 40), cornerRadius: 20,
                color: Color(rgb: 0x34C759))
            layer.drawTextLines(
                in: Rect(
                    x: rect.minX + 72, y: rect.minY + 18, width: max(0, rect.width - 96),
                    height: max(0, rect.height - 30)),
                count: 3, lineHeight: 22, seed: seed, color: Color(rgb: 0x3A3A3C), direction: options.layoutDirection)
        }
    }

    /// The card's y and height, its lift, corner radius and shadow; the modal's top and the dimming.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        return [
            Channel(name: "card y", unit: "pt", value: frame.card.minY),
            Channel(name: "card height", unit: "pt", value: frame.card.height),
            Channel(name: "corner radius", unit: "pt", value: frame.cornerRadius),
            Channel(name: "shadow radius", unit: "pt", value: frame.elevation.shadowRadius),
            Channel(name: "modal top", unit: "pt", value: frame.modal.sheet.minY),
            Channel(name: "lift", unit: "fraction", value: frame.lift),
            Channel(name: "dimming", unit: "fraction", value: frame.modal.dimmingAlpha),
        ]
    }
}

/// Pull-to-dismiss over a blurred backdrop: the drag first scrolls the content to its top, then pulls the screen
/// down while the blur behind it clears; released with a flick, it is dismissed. With `edgeSwipe` the same model
/// runs horizontally from the leading edge (minne's edge swipe).
package struct PullToDismissScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"pull-to-dismiss"` or `"edge-swipe"`.
    package let name: String
    /// Human title.
    package let title: String
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 2.2 s of script.
    package let duration = 2.2

    private let edgeSwipe: Bool
    private let initial: PullToDismiss
    private let script: Script<PullToDismiss>

    /// Creates the scene; `edgeSwipe` makes it the horizontal variant.
    package init(options: PreviewSceneOptions = PreviewSceneOptions(), edgeSwipe: Bool = false) {
        self.options = options
        self.edgeSwipe = edgeSwipe
        name = edgeSwipe ? "edge-swipe" : "pull-to-dismiss"
        title =
            edgeSwipe
            ? "Edge swipe: the screen follows the finger from the leading edge over a shadow, then dismisses"
            : "Pull to dismiss: scroll to top, pull over a blurred backdrop, flick to dismiss"
        var configuration = PullToDismiss.Configuration()
        configuration.reduceMotion = options.reduceMotion
        configuration.axis = edgeSwipe ? .edgeSwipe(options.layoutDirection) : .vertical
        configuration.backdrop = edgeSwipe ? .pullToDismissShadow : .pullToDismissBlur
        var model = PullToDismiss(containerSize: phoneSize, configuration: configuration)
        if !edgeSwipe { model.setContent(offset: 90, maximum: 600) }
        initial = model
        // The finger travels 320 points in 0.6 s, sampled at 120 Hz, then lifts with a flick.
        var events: [(time: Double, apply: (inout PullToDismiss, Double) -> Void)] = [
            (0.3, { model, t in model.dragBegan(at: t) })
        ]
        for i in 1...72 {
            let p = Double(i) / 72
            let translation = 320 * (p * p * (3 - 2 * p))
            events.append((0.3 + Double(i) / 120, { model, t in model.dragChanged(translation: translation, at: t) }))
        }
        events.append((0.9, { model, t in model.dragEnded(velocity: 900, at: t) }))
        script = Script(events: events)
    }

    private func frame(at time: Double) -> PullToDismiss.Frame {
        script.model(initial, at: time) { model, t in _ = model.update(to: t) }.frame(at: time)
    }

    /// The screen behind with the interpolated backdrop over it, then the presented screen at its offset with its
    /// content scrolled by the frame's content offset.
    package func render(at time: Double, into canvas: inout Canvas) {
        let frame = frame(at: time)
        let full = Rect(origin: .zero, size: canvasSize)
        canvas.drawSyntheticScreen(in: full, seed: 31, direction: options.layoutDirection)
        drawBackdrop(frame.backdrop, in: full, into: &canvas)
        canvas.drawLayer(opacity: frame.alpha) { layer in
            layer.drawShadow(of: frame.screen, cornerRadius: 0, blurRadius: 16, color: Color.black.opacity(0.25))
            layer.withClip(frame.screen) { inside in
                inside.fill(frame.screen, color: .white)
                let content = frame.screen.offsetBy(dx: 0, dy: -frame.contentOffset)
                inside.fill(
                    Rect(x: content.minX, y: content.minY, width: content.width, height: 260),
                    color: Color(rgb: 0x5AC8FA))
                inside.drawTextLines(
                    in: Rect(x: content.minX + 24, y: content.minY + 290, width: content.width - 48, height: 900),
                    count: 30,
                    lineHeight: 26, seed: 12, color: Color(rgb: 0x636366), direction: options.layoutDirection)
            }
        }
    }

    /// Screen offset and content offset (points), progress, backdrop rate and the screen's alpha.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        var blurRadius = 0.0
        if case .blur(let radius, _, _, _) = frame.backdrop { blurRadius = radius }
        return [
            Channel(name: "screen offset", unit: "pt", value: frame.offset),
            Channel(name: "content offset", unit: "pt", value: frame.contentOffset),
            Channel(name: "blur radius", unit: "pt", value: blurRadius),
            Channel(name: "progress", unit: "fraction", value: frame.progress),
            Channel(name: "backdrop rate", unit: "fraction", value: frame.backdropRate),
            Channel(name: "alpha", unit: "fraction", value: frame.alpha),
        ]
    }
}

import AnimationKernel

/// Events applied to a model at scripted times. Scenes rebuild their model from the script for every frame, so
/// any time renders on its own (the runner samples frames out of order) exactly as a live renderer would see it.
struct Script<Model> {
    var events: [(time: Double, apply: (inout Model, Double) -> Void)]

    /// The model with every event up to `time` applied at its own timestamp, lifecycle advanced in between.
    func model(_ initial: Model, at time: Double, update: (inout Model, Double) -> Void) -> Model {
        var model = initial
        for event in events where event.time <= time {
            update(&model, event.time)
            event.apply(&model, event.time)
        }
        update(&model, time)
        return model
    }
}

let phoneSize = Size(width: 390, height: 844)
let phoneSafeArea = Insets(top: 47, bottom: 34)
let sheetColor = Color(rgb: 0xF2F2F7)
let keyboardColor = Color(rgb: 0xD1D3D9)

/// Draws the screen behind a sheet, the dimming over it, and the keyboard if it is up.
func drawSheetSurroundings(
    _ frame: BottomSheet.Frame, size: Size, direction: ReadingDirection, into canvas: inout Canvas
) {
    canvas.drawSyntheticScreen(in: Rect(origin: .zero, size: size), seed: 3, direction: direction)
    canvas.fill(Rect(origin: .zero, size: size), color: Color.black.opacity(frame.dimmingAlpha))
}

func drawKeyboard(_ frame: BottomSheet.Frame, size: Size, into canvas: inout Canvas) {
    guard frame.keyboardHeight > 0 else { return }
    let keyboard = Rect(x: 0, y: size.height - frame.keyboardHeight, width: size.width, height: frame.keyboardHeight)
    canvas.fill(keyboard, color: keyboardColor)
    for row in 0..<4 {
        for key in 0..<10 {
            let rect = Rect(
                x: 4 + Double(key) * 38.5, y: keyboard.minY + 10 + Double(row) * 54, width: 33, height: 44)
            canvas.fill(rect, cornerRadius: 5, color: .white)
        }
    }
}

/// The sheet's body: shadow, rounded background and grabber.
func drawSheetBody(_ sheet: Rect, into canvas: inout Canvas) {
    canvas.drawShadow(of: sheet, cornerRadius: 12, blurRadius: 20, color: Color.black.opacity(0.18))
    canvas.fill(sheet, cornerRadius: 12, color: sheetColor)
    canvas.fill(
        Rect(x: sheet.midX - 18, y: sheet.minY + 6, width: 36, height: 5), cornerRadius: 2.5,
        color: Color(rgb: 0xC7C7CC))
}

/// A navigation frame: the screen behind, the dimming, the sheet, its screens back to front (each drawn as a list
/// seeded by `seed(id)`), and the bar with each screen's title at its own alpha.
func drawNavigation(
    _ frame: SheetNavigation.Frame, size: Size, direction: ReadingDirection, into canvas: inout Canvas,
    seed: (String) -> UInt64
) {
    let sheet = frame.sheet
    drawSheetSurroundings(sheet, size: size, direction: direction, into: &canvas)
    canvas.drawLayer(opacity: sheet.sheetAlpha) { layer in
        drawSheetBody(sheet.sheet, into: &layer)
        layer.withClip(sheet.sheet) { inside in
            for screen in frame.screens {
                inside.drawShadow(of: screen.rect, blurRadius: 10, color: Color.black.opacity(0.12 * screen.alpha))
                inside.drawLayer(opacity: screen.alpha) { page in
                    page.fill(screen.rect, color: sheetColor)
                    page.drawListRows(in: screen.rect, seed: seed(screen.id), direction: direction)
                }
            }
            guard frame.navigationBarHeight > 0 else { return }
            let bar = Rect(
                x: sheet.sheet.minX, y: sheet.sheet.minY, width: sheet.sheet.width, height: frame.navigationBarHeight)
            inside.fill(bar, color: sheetColor.opacity(frame.navigationBarAlpha))
            // Each screen's title slides in from the trailing side as it comes in and fades with it.
            for screen in frame.screens where screen.titleAlpha > 0 {
                inside.drawTextLines(
                    in: bar.inset(
                        by: Insets(top: 22, leading: 140 - 30 * screen.titleAlpha, bottom: 14, trailing: 110)),
                    count: 1, lineHeight: 20, seed: 2, color: Color(rgb: 0x1C1C1E).opacity(screen.titleAlpha),
                    direction: direction)
            }
        }
    }
}

/// The bottom sheet: present, a content-height change, the keyboard up and down, then dismiss.
package struct SheetScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"sheet"`.
    package let name = "sheet"
    /// Human title.
    package let title = "Bottom sheet: present, content grows, keyboard, dismiss"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 4.6 s of script.
    package let duration = 4.6

    private let initial: BottomSheet
    private let script: Script<BottomSheet>

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) {
        self.options = options
        var configuration = BottomSheet.Configuration()
        configuration.reduceMotion = options.reduceMotion
        initial = BottomSheet(
            layout: .init(
                containerSize: phoneSize, safeArea: phoneSafeArea, contentHeight: 280, navigationBarHeight: 56),
            configuration: configuration)
        let keyboard = Rect(x: 0, y: 844 - 336, width: 390, height: 336)
        script = Script(events: [
            (0.1, { sheet, t in sheet.present(at: t) }),
            (1.1, { sheet, t in sheet.setContentHeight(460, at: t) }),
            (2.0, { sheet, t in sheet.keyboardWillChange(to: keyboard, duration: 0.25, curve: .keyboard, at: t) }),
            (2.9, { sheet, t in sheet.keyboardWillChange(to: nil, duration: 0.25, curve: .keyboard, at: t) }),
            (3.5, { sheet, t in sheet.dismiss(at: t) }),
        ])
    }

    private func frame(at time: Double) -> BottomSheet.Frame {
        script.model(initial, at: time) { sheet, t in _ = sheet.update(to: t) }.frame(at: time)
    }

    /// Draws the screen behind, the dimming, the sheet with a bar and rows, and the keyboard.
    package func render(at time: Double, into canvas: inout Canvas) {
        let frame = frame(at: time)
        drawSheetSurroundings(frame, size: canvasSize, direction: options.layoutDirection, into: &canvas)
        canvas.drawLayer(opacity: frame.sheetAlpha) { layer in
            drawSheetBody(frame.sheet, into: &layer)
            layer.withClip(frame.contentArea) { content in
                content.drawListRows(in: frame.contentArea, seed: 9, direction: options.layoutDirection)
            }
            let bar = Rect(
                x: frame.sheet.minX, y: frame.sheet.minY, width: frame.sheet.width, height: frame.navigationBarHeight)
            layer.drawTextLines(
                in: bar.inset(by: Insets(top: 22, leading: 120, bottom: 14, trailing: 120)), count: 1,
                lineHeight: 20,
                seed: 2, color: Color(rgb: 0x1C1C1E), direction: options.layoutDirection)
        }
        drawKeyboard(frame, size: canvasSize, into: &canvas)
    }

    /// Sheet top and height, content area height, keyboard height (points); dimming and sheet opacity.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        return [
            Channel(name: "sheet top", unit: "pt", value: frame.sheet.minY),
            Channel(name: "sheet height", unit: "pt", value: frame.sheet.height),
            Channel(name: "content area height", unit: "pt", value: frame.contentArea.height),
            Channel(name: "keyboard height", unit: "pt", value: frame.keyboardHeight),
            Channel(name: "dimming", unit: "opacity", value: frame.dimmingAlpha),
            Channel(name: "sheet opacity", unit: "opacity", value: frame.sheetAlpha),
        ]
    }
}

/// Navigation inside the sheet: present, two pushes, a pop, and an interactive edge-swipe pop.
package struct NavigationScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"navigation"`.
    package let name = "navigation"
    /// Human title.
    package let title = "Navigation in a sheet: push, push, pop, edge-swipe pop"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 4.8 s of script.
    package let duration = 4.8

    private let initial: SheetNavigation
    private let script: Script<SheetNavigation>
    private static let screens: [(id: String, seed: UInt64)] = [("cart", 21), ("payment", 22), ("confirm", 23)]

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) {
        self.options = options
        var configuration = SheetNavigation.Configuration()
        configuration.layoutDirection = options.layoutDirection
        configuration.reduceMotion = options.reduceMotion
        initial = SheetNavigation(
            root: .init(id: "cart", contentHeight: 300), containerSize: phoneSize, safeArea: phoneSafeArea,
            configuration: configuration)
        var events: [(time: Double, apply: (inout SheetNavigation, Double) -> Void)] = [
            (0.1, { nav, t in nav.present(at: t) }),
            (1.0, { nav, t in nav.push(.init(id: "payment", contentHeight: 520), at: t) }),
            (1.8, { nav, t in nav.push(.init(id: "confirm", contentHeight: 220), at: t) }),
            (2.6, { nav, t in nav.pop(at: t) }),
            (3.3, { nav, t in nav.interactivePopBegan(at: t) }),
        ]
        // The finger moves 60 % across in 0.3 s, sampled at 120 Hz, then lifts with its velocity.
        for i in 1...36 {
            let translation = 234.0 * Double(i) / 36
            events.append(
                (
                    3.3 + Double(i) / 120,
                    { nav, t in nav.interactivePopChanged(translationX: translation, velocityX: 780, at: t) }
                ))
        }
        events.append((3.6, { nav, t in nav.interactivePopEnded(velocityX: 780, at: t) }))
        script = Script(events: events)
    }

    private func frame(at time: Double) -> SheetNavigation.Frame {
        script.model(initial, at: time) { nav, t in _ = nav.update(to: t) }.frame(at: time)
    }

    /// Draws the screen behind, the dimming, the sheet, its screens back to front, and the bar.
    package func render(at time: Double, into canvas: inout Canvas) {
        drawNavigation(
            frame(at: time), size: canvasSize, direction: options.layoutDirection, into: &canvas,
            seed: { id in Self.screens.first { $0.id == id }?.seed ?? 1 })
    }

    /// Each screen's x (points), the sheet's top and height, the bar's alpha and the dimming.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        var channels = Self.screens.map { id, _ in
            Channel(name: "\(id) x", unit: "pt", value: frame.screens.first { $0.id == id }?.rect.minX ?? .nan)
        }
        channels += [
            Channel(name: "sheet top", unit: "pt", value: frame.sheet.sheet.minY),
            Channel(name: "sheet height", unit: "pt", value: frame.sheet.sheet.height),
            Channel(name: "bar alpha", unit: "opacity", value: frame.navigationBarAlpha),
            Channel(name: "dimming", unit: "opacity", value: frame.sheet.dimmingAlpha),
        ]
        return channels
    }
}

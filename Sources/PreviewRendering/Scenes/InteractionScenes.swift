import AnimationKernel

/// A finger sampled at 120 Hz from `start` for `duration` seconds, moving `distance` points at a constant speed:
/// one event per sample, `apply(model, translation, velocity, time)`.
func fingerSamples<Model>(
    from start: Double, duration: Double, distance: Double,
    _ apply: @escaping (inout Model, Double, Double, Double) -> Void
) -> [(time: Double, apply: (inout Model, Double) -> Void)] {
    let count = max(1, Int((duration * 120).rounded()))
    let velocity = distance / duration
    return (1...count).map { i in
        let translation = distance * Double(i) / Double(count)
        return (start + duration * Double(i) / Double(count), { model, t in apply(&model, translation, velocity, t) })
    }
}

/// The sheet's scroll handoff: a list in a sheet with a medium and a large detent. Dragged up, the sheet expands
/// to its large detent before the list scrolls; dragged down, the list scrolls back to its top before the sheet
/// moves down; released, it settles on the medium detent.
package struct SheetScrollScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"sheet-scroll"`.
    package let name = "sheet-scroll"
    /// Human title.
    package let title = "Bottom sheet with a scroll view: expand, scroll, scroll back, pull down"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 4.2 s of script.
    package let duration = 4.2

    private let initial: BottomSheet
    private let script: Script<BottomSheet>

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) {
        self.options = options
        var configuration = BottomSheet.Configuration()
        configuration.reduceMotion = options.reduceMotion
        configuration.detents = [.fraction(0.5), .large]
        var sheet = BottomSheet(
            layout: .init(containerSize: phoneSize, safeArea: phoneSafeArea, contentHeight: 1_400),
            configuration: configuration)
        sheet.setContent(offset: 0, minimum: 0, maximum: 1_400)
        initial = sheet
        var events: [(time: Double, apply: (inout BottomSheet, Double) -> Void)] = [
            (0.1, { sheet, t in sheet.present(at: t) }), (1.0, { sheet, t in sheet.dragBegan(at: t) }),
        ]
        // Up 600 points in 0.6 s: about 380 expand the sheet, the rest scrolls the list.
        events += fingerSamples(from: 1.0, duration: 0.6, distance: -600) { sheet, translation, velocity, t in
            sheet.dragChanged(translation: translation, velocity: velocity, at: t)
        }
        events.append((1.6, { sheet, t in sheet.dragEnded(velocity: 0, at: t) }))
        events.append((2.2, { sheet, t in sheet.dragBegan(at: t) }))
        // Down 700 points in 0.7 s: the list scrolls back to its top, then the sheet follows the finger.
        events += fingerSamples(from: 2.2, duration: 0.7, distance: 700) { sheet, translation, velocity, t in
            sheet.dragChanged(translation: translation, velocity: velocity, at: t)
        }
        events.append((2.9, { sheet, t in sheet.dragEnded(velocity: 300, at: t) }))
        script = Script(events: events)
    }

    private func frame(at time: Double) -> BottomSheet.Frame {
        script.model(initial, at: time) { sheet, t in _ = sheet.update(to: t) }.frame(at: time)
    }

    /// Draws the screen behind, the dimming, and the sheet with its list scrolled by the frame's content offset.
    package func render(at time: Double, into canvas: inout Canvas) {
        let frame = frame(at: time)
        drawSheetSurroundings(frame, size: canvasSize, direction: options.layoutDirection, into: &canvas)
        canvas.drawLayer(opacity: frame.sheetAlpha) { layer in
            drawSheetBody(frame.sheet, into: &layer)
            let content = frame.contentArea.inset(by: Insets(top: 16))
            layer.withClip(content) { inside in
                // Rows are 72 points: draw from the first one the offset leaves (partly) visible.
                let first = (frame.contentOffset / 72).rounded(.down)
                let rows = Rect(
                    x: content.minX, y: content.minY - (frame.contentOffset - first * 72), width: content.width,
                    height: content.height + 72)
                inside.drawListRows(
                    in: rows, seed: 40 + UInt64(max(0, first)), direction: options.layoutDirection)
            }
        }
    }

    /// Sheet top (points), the list's content offset (points), the position among the detents and the dimming.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        return [
            Channel(name: "sheet top", unit: "pt", value: frame.sheet.minY),
            Channel(name: "content offset", unit: "pt", value: frame.contentOffset),
            Channel(name: "detent position", unit: "detents", value: frame.detentPosition),
            Channel(name: "dimming", unit: "opacity", value: frame.dimmingAlpha),
        ]
    }
}

/// Dragging the sheet that hosts a navigation stack: pulled up to its large detent mid-push, then flicked back.
package struct NavigationDragScene: PreviewScene {
    /// The options the scene was built with.
    package let options: PreviewSceneOptions
    /// `"navigation-drag"`.
    package let name = "navigation-drag"
    /// Human title.
    package let title = "Navigation in a sheet, dragged: push, pull up to large, flick down"
    /// An iPhone screen, 390 x 844 points.
    package let canvasSize = phoneSize
    /// 3.6 s of script.
    package let duration = 3.6

    private let initial: SheetNavigation
    private let script: Script<SheetNavigation>

    /// Creates the scene.
    package init(options: PreviewSceneOptions = PreviewSceneOptions()) {
        self.options = options
        var configuration = SheetNavigation.Configuration()
        configuration.layoutDirection = options.layoutDirection
        configuration.reduceMotion = options.reduceMotion
        configuration.sheet.detents = [.content, .large]
        initial = SheetNavigation(
            root: .init(id: "cart", contentHeight: 300), containerSize: phoneSize, safeArea: phoneSafeArea,
            configuration: configuration)
        var events: [(time: Double, apply: (inout SheetNavigation, Double) -> Void)] = [
            (0.1, { nav, t in nav.present(at: t) }),
            (1.0, { nav, t in nav.push(.init(id: "payment", contentHeight: 420), at: t) }),
            (1.15, { nav, t in nav.dragBegan(at: t) }),
        ]
        events += fingerSamples(from: 1.15, duration: 0.45, distance: -330) { nav, translation, velocity, t in
            nav.dragChanged(translation: translation, velocity: velocity, at: t)
        }
        events.append((1.6, { nav, t in nav.dragEnded(velocity: -400, at: t) }))
        events.append((2.3, { nav, t in nav.dragBegan(at: t) }))
        events += fingerSamples(from: 2.3, duration: 0.15, distance: 160) { nav, translation, velocity, t in
            nav.dragChanged(translation: translation, velocity: velocity, at: t)
        }
        events.append((2.45, { nav, t in nav.dragEnded(velocity: 2_200, at: t) }))
        script = Script(events: events)
    }

    private func frame(at time: Double) -> SheetNavigation.Frame {
        script.model(initial, at: time) { nav, t in _ = nav.update(to: t) }.frame(at: time)
    }

    /// Draws the screen behind, the dimming, the sheet, its screens back to front, and the bar.
    package func render(at time: Double, into canvas: inout Canvas) {
        drawNavigation(
            frame(at: time), size: canvasSize, direction: options.layoutDirection, into: &canvas,
            seed: { $0 == "cart" ? 21 : 22 })
    }

    /// The sheet's top and height (points), its position among the detents, and the dimming.
    package func channels(at time: Double) -> [Channel] {
        let frame = frame(at: time)
        return [
            Channel(name: "sheet top", unit: "pt", value: frame.sheet.sheet.minY),
            Channel(name: "sheet height", unit: "pt", value: frame.sheet.sheet.height),
            Channel(name: "detent position", unit: "detents", value: frame.sheet.detentPosition),
            Channel(name: "dimming", unit: "opacity", value: frame.sheet.dimmingAlpha),
        ]
    }
}

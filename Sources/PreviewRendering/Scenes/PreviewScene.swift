import AnimationKernel

/// One value a scene charts over time, e.g. a sheet's top edge in points or a dimming layer's opacity.
package struct Channel: Sendable, Hashable {
    /// Legend name, unique within the scene (e.g. "sheet top").
    package var name: String
    /// Unit label; channels sharing a unit share a chart panel and its y axis (e.g. "pt", "opacity").
    package var unit: String
    /// The value at the sampled time.
    package var value: Double

    /// Creates a channel sample.
    package init(name: String, unit: String, value: Double) {
        self.name = name
        self.unit = unit
        self.value = value
    }
}

/// A scripted scenario that `transition-preview` renders to a filmstrip, a chart and an APNG.
///
/// To add a transition: write a type conforming to this protocol in its own file under
/// `Sources/PreviewRendering/Scenes/` and list it in ``PreviewScenes/transitions(options:)``. Drive your
/// model from `time` alone (rebuild or step it deterministically), so any frame can be rendered on its own:
/// the APNG asks for increasing times, but the filmstrip, the chart and the tests ask in any order.
package protocol PreviewScene {
    /// Command-line id, lowercase with dashes: "sheet", "navigation", "card-lift", "pull-to-dismiss".
    var name: String { get }
    /// Human-readable title for the chart.
    var title: String { get }
    /// The canvas in points, e.g. 390 x 844 for a phone.
    var canvasSize: Size { get }
    /// Seconds of scripted scenario; frames are rendered for 0...duration inclusive.
    var duration: Double { get }
    /// Draws the frame at `time` (seconds from the scenario start) into `canvas`, whose ``Canvas/scale`` is
    /// already set. The canvas starts opaque black; draw the whole background.
    func render(at time: Double, into canvas: inout Canvas)
    /// The values charted over time, in the same order and with the same names at every time.
    func channels(at time: Double) -> [Channel]
}

/// Environment settings every scene receives.
package struct PreviewSceneOptions: Sendable, Hashable {
    /// Right-to-left layout: horizontal motion mirrored.
    package var rtl: Bool
    /// Reduce Motion accessibility setting: scenes use their reduced (e.g. cross-fade) variant.
    package var reduceMotion: Bool

    /// Creates options; both default to `false`.
    package init(rtl: Bool = false, reduceMotion: Bool = false) {
        self.rtl = rtl
        self.reduceMotion = reduceMotion
    }

    /// `.rightToLeft` when ``rtl`` is set.
    package var layoutDirection: ReadingDirection { rtl ? .rightToLeft : .leftToRight }
}

/// The registry of scenes the command line knows.
package enum PreviewScenes {
    /// The real transitions, in the order they are rendered by default. Add a scene here to publish it.
    package static func transitions(options: PreviewSceneOptions) -> [any PreviewScene] {
        [
            SheetScene(options: options), NavigationScene(options: options), CardLiftScene(options: options),
            PullToDismissScene(options: options), PullToDismissScene(options: options, edgeSwipe: true),
            SheetScrollScene(options: options), NavigationDragScene(options: options),
        ]
    }

    /// Self-contained demonstrations of the pipeline; their names start with `demo-`.
    package static func demos(options: PreviewSceneOptions) -> [any PreviewScene] {
        [DemoCardSlideScene(options: options), DemoSheetRiseScene(options: options)]
    }

    /// Every registered scene: ``transitions(options:)`` then ``demos(options:)``. A run without `--only` renders
    /// the transitions; the demos only when `--only` names them.
    package static func all(options: PreviewSceneOptions) -> [any PreviewScene] {
        transitions(options: options) + demos(options: options)
    }
}

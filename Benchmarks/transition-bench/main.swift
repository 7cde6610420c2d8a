import AnimationKernel
import BenchmarkSupport

// transition-bench: the per-frame cost of each model's frame(at:) (and update(to:), which a renderer calls every
// frame too), as a median over many frames in flight, next to one closed-form spring evaluation measured in the
// same run. `--alloc-frames N` instead just drives every model for N frames and exits, for counting allocations
// under valgrind (Benchmarks/alloc-check.sh runs it with 1k and 100k frames: equal counts = none per frame).

let phone = Size(width: 390, height: 844)
let safeArea = Insets(top: 47, bottom: 34)

/// A named per-frame workload: `run(frames)` renders those frames of a transition in flight.
///
/// The loop is inside the closure, over a local copy of the model: a model captured as a closure's `var` lives in
/// a heap box whose every access pays a dynamic exclusivity check (and a copy to call a method on it), costs a
/// renderer holding its model in a stored property does not pay.
struct Workload {
    var name: String
    var run: (Range<Int>) -> Void
    /// Whether the 1 us per-frame target applies (frame(at:) paths; event handlers are reported for information).
    var judged = true
}

/// What a driver does on every frame: `update(to:)`, then `frame(at:)`, on a copy of `model` in flight, with time
/// advancing 1 us per frame from `start` (so 100k frames stay within the motion). Returns the last frame.
func updateAndDraw<Model: TransitionModel>(_ model: Model, from start: Double, frames: Range<Int>) -> Model.Frame? {
    var model = model
    var last: Model.Frame?
    for i in frames {
        let t = start + Double(i % 100_000) * 1e-6
        blackHole(model.update(to: t))
        last = model.frame(at: t)
    }
    return last
}

/// Builds the models in a state where every channel is moving, so frames do real work.
func workloads() -> [Workload] {
    var list: [Workload] = []

    var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 420))
    sheet.present(at: 0)
    sheet.setContentHeight(600, at: 0.1)
    let presenting = sheet
    list.append(
        Workload(name: "BottomSheet.frame(at:) presenting") { frames in
            for i in frames { blackHole(presenting.frame(at: 0.1 + Double(i % 1000) * 0.0004)) }
        })
    list.append(
        Workload(name: "BottomSheet update(to:) + frame(at:)") { frames in
            blackHole(updateAndDraw(presenting, from: 0.1, frames: frames))
        })

    var nav = SheetNavigation(root: .init(id: "root", contentHeight: 300), containerSize: phone, safeArea: safeArea)
    nav.present(at: 0)
    _ = nav.update(to: 2)
    nav.push(.init(id: "detail", contentHeight: 520), at: 2)
    nav.push(.init(id: "confirm", contentHeight: 200), at: 2.1)
    let pushing = nav
    list.append(
        Workload(name: "SheetNavigation.frame(at:) two pushes") { frames in
            for i in frames { blackHole(pushing.frame(at: 2.1 + Double(i % 1000) * 0.0003)) }
        })

    var frameIndex = 0
    list.append(
        Workload(name: "SheetNavigation update(to:) + frame(at:)") { frames in
            var updating = nav
            for _ in frames {
                frameIndex += 1
                let t = 2.1 + Double(frameIndex % 100_000) * 1e-6
                blackHole(updating.update(to: t))
                blackHole(updating.frame(at: t))
            }
        })

    var dragging = BottomSheet(layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 420))
    dragging.present(at: 0)
    _ = dragging.update(to: 2)
    dragging.dragBegan(at: 2)
    var dragIndex = 0
    list.append(
        Workload(
            name: "BottomSheet drag sample + frame(at:)",
            run: { frames in
                var model = dragging
                for _ in frames {
                    dragIndex += 1
                    let t = 2 + Double(dragIndex) * 1e-6
                    model.dragChanged(translation: Double(dragIndex % 400), velocity: 800, at: t)
                    blackHole(model.frame(at: t))
                }
                dragging = model
            }, judged: false))
    var card = CardLift(
        source: Rect(x: 16, y: 342, width: 358, height: 120), target: Rect(x: 16, y: 100, width: 358, height: 200),
        modalLayout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 480))
    card.open(at: 0)
    card.setSourceRect(Rect(x: 16, y: 300, width: 358, height: 120), at: 0.2)
    card.close(at: 0.25)
    let lifting = card
    list.append(
        Workload(name: "CardLift.frame(at:) closing mid-flight") { frames in
            for i in frames { blackHole(lifting.frame(at: 0.25 + Double(i % 1000) * 0.0003)) }
        })
    list.append(
        Workload(name: "CardLift update(to:) + frame(at:)") { frames in
            blackHole(updateAndDraw(lifting, from: 0.25, frames: frames))
        })

    var pullConfiguration = PullToDismiss.Configuration()
    pullConfiguration.backdrop = .pullToDismissBlur
    var pull = PullToDismiss(containerSize: phone, configuration: pullConfiguration)
    pull.setContent(offset: 40, maximum: 2000)
    pull.dragBegan(at: 0)
    for i in 1...60 { pull.dragChanged(translation: 4 * Double(i), at: Double(i) / 120) }
    pull.dragEnded(at: 0.5)
    let released = pull
    list.append(
        Workload(name: "PullToDismiss.frame(at:) after release") { frames in
            for i in frames { blackHole(released.frame(at: 0.5 + Double(i % 1000) * 0.0003)) }
        })
    list.append(
        Workload(name: "PullToDismiss update(to:) + frame(at:)") { frames in
            blackHole(updateAndDraw(released, from: 0.5, frames: frames))
        })
    var pullIndex = 0
    list.append(
        Workload(
            name: "PullToDismiss drag sample + frame(at:)",
            run: { frames in
                var model = pull
                for _ in frames {
                    pullIndex += 1
                    let t = 1 + Double(pullIndex) * 1e-5
                    model.dragChanged(translation: Double(pullIndex % 600), at: t)
                    blackHole(model.frame(at: t))
                }
                pull = model
            }, judged: false))
    // The renderer's per-frame path (prepared snapshot), small enough to run for 100k frames under valgrind: it
    // is here so the allocation check covers it too.
    var renderer = try! BackdropRenderer(width: 128, height: 96, displayScale: 3)
    try! renderer.prepare(makeSnapshot(width: 128, height: 96))
    var small = try! RGBA8Image(width: renderer.preparedSize.width, height: renderer.preparedSize.height)
    let effect = BackdropEffect.pullToDismissBlur
    list.append(
        Workload(
            name: "BackdropRenderer.renderPrepared, 128x96 snapshot",
            run: { frames in
                for i in frames {
                    // Every other frame renders only a band (a pull's uncovered top).
                    let band = i % 2 == 0 ? nil : Rect(x: 0, y: 0, width: 128, height: Double(i % 96))
                    try? renderer.renderPrepared(
                        effect.interpolated(rate: Double(i % 100) / 100), into: &small, visible: band)
                }
            }, judged: false))
    return list
}

/// A full-screen pull-to-dismiss gesture: 120 frames at 120 Hz, each a drag sample, the model's frame, and the
/// blurred backdrop drawn by `render`, timed frame by frame.
func pullGestureFrames(_ render: (PullToDismiss.Frame) -> Void) -> [Double] {
    var configuration = PullToDismiss.Configuration()
    configuration.backdrop = .pullToDismissBlur
    var model = PullToDismiss(containerSize: phone, configuration: configuration)
    model.dragBegan(at: 0)
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(120)
    for i in 1...120 {
        let t = Double(i) / 120
        let start = clock.now
        model.dragChanged(translation: 2.5 * Double(i), at: t)
        render(model.frame(at: t))
        let (seconds, attoseconds) = (clock.now - start).components
        times.append(Double(seconds) * 1e9 + Double(attoseconds) * 1e-9)
    }
    return times
}

/// Median, best and worst of three gestures (after one warm-up gesture).
func gestureSample(_ render: (PullToDismiss.Frame) -> Void) -> (Sample, p90: Double) {
    _ = pullGestureFrames(render)
    var all: [Double] = []
    for _ in 0..<3 { all += pullGestureFrames(render) }
    all.sort()
    return (
        Sample(median: all[all.count / 2], minimum: all[0], maximum: all[all.count - 1], runs: all.count),
        all[all.count * 9 / 10]
    )
}

/// A textured opaque snapshot (gradients and stripes), so the blur has something to do.
func makeSnapshot(width: Int, height: Int) -> RGBA8Image {
    var image = try! RGBA8Image(width: width, height: height)
    image.withUnsafeMutableBytes { bytes in
        for y in 0..<height {
            for x in 0..<width {
                let o = y * width * 4 + x * 4
                bytes[o] = UInt8(truncatingIfNeeded: x &* 7 ^ y)
                bytes[o + 1] = UInt8(truncatingIfNeeded: (x / 16 + y / 16) % 2 == 0 ? 230 : 40)
                bytes[o + 2] = UInt8(truncatingIfNeeded: y &* 3)
                bytes[o + 3] = 255
            }
        }
    }
    return image
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--alloc-frames"), flag + 1 < arguments.count, let n = Int(arguments[flag + 1]) {
    // Allocation check: models are built first (that allocates), then only frames run.
    let all = workloads()
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    for (index, workload) in all.enumerated() where only == nil || only == index {
        workload.run(0..<n)
    }
    print("transition-bench: drove \(all.count) workloads for \(n) frames each")
    for workload in all { print("  \(workload.name)") }
} else {
    var report = Report(benchmark: "transition-bench")
    let framesPerRun = 20_000
    let spring = DampedSpring.snappy
    var sink = 0.0
    let baseline = measure(runs: 15) {
        for i in 0..<framesPerRun {
            sink += spring.evaluate(displacement: 100, velocity: 0, at: Double(i % 1000) * 0.0004).displacement
        }
    }
    blackHole(sink)
    let perBaseline = baseline.perItem(framesPerRun)
    report.add("baseline: one DampedSpring.evaluate", perBaseline)
    for workload in workloads() {
        let sample = measure(runs: 15) { workload.run(0..<framesPerRun) }
        let perFrame = sample.perItem(framesPerRun)
        report.add(
            workload.name, perFrame, baseline: ("DampedSpring.evaluate", perBaseline),
            target: workload.judged ? ("<= 1 us per frame", perFrame.median <= 1000) : nil)
    }

    // Core Animation keyframes for a whole settling segment (once per segment), against computing the same span's
    // frames at 120 Hz on the main thread (what the export saves while nothing interactive happens). The key count
    // is printed next to the fewest evenly spaced keys that meet the same bound.
    var presentingSheet = BottomSheet(layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 420))
    presentingSheet.present(at: 0)
    let exportingSheet = presentingSheet
    let span = exportingSheet.settleTime
    var keyCount = 0
    let export = measure(runs: 15) {
        let keys = exportingSheet.keyframes(from: 0, maximumError: 0.25) { $0.sheet.minY }
        keyCount = keys?.times.count ?? 0
        blackHole(keys)
    }
    let framesAt120 = Int(span * 120) + 1
    let perFrameWork = measure(runs: 15) {
        for i in 0..<framesAt120 { blackHole(exportingSheet.frame(at: Double(i) / 120)) }
    }
    let evenly = evenlySpacedKeys(from: 0, to: span, maximumError: 0.25) { exportingSheet.frame(at: $0).sheet.minY }
    report.add(
        "keyframes: BottomSheet present, top within 0.25 pt over \(format2(span)) s", export,
        baseline: ("\(framesAt120) frames at 120 Hz", perFrameWork),
        extra: [("keys", "\(keyCount)"), ("evenly spaced keys for the same bound", "\(evenly)")])

    // The render-server handover: what each transition hands to Core Animation once no finger holds it (springs,
    // curves, keyframes and their keys), against drawing the same span from the main thread at 120 Hz (one model
    // frame per display-link tick, each writing every moving property). Timed: building the handover once, against
    // those frames.
    for handover in handovers() {
        let all = handover.animations()
        let paths = handover.paths()
        let span = max(0, handover.settleTime - handover.time)
        let frames = Int(span * 120) + 1
        // A path moving by one spring or curve counts as that animation; a path in keyframes as keyframes.
        let progressions = paths.compactMap { path -> LayerAnimation? in
            if case .progress(let progress, _, _) = path { return progress }
            return nil
        }
        let moving = (all + progressions).filter { $0.animationCount > 0 }
        func count(_ kind: (LayerAnimation) -> Bool) -> Int { moving.filter(kind).count }
        let springs = count { if case .spring = $0 { return true } else { return false } }
        let curves = count { if case .curve = $0 { return true } else { return false } }
        let pathKeyframed = paths.filter { if case .keyframes = $0 { return true } else { return false } }.count
        let keyframed = count { if case .keyframes = $0 { return true } else { return false } } + pathKeyframed
        let keys = all.reduce(0) { $0 + $1.keyCount } + paths.reduce(0) { $0 + $1.keyCount }
        let movingCount = moving.count + pathKeyframed
        let build = measure(runs: 15) { blackHole(handover.animations()) }
        let mainThread = measure(runs: 15) { handover.drawFrames(frames) }
        report.add(
            "render server: \(handover.name), \(format2(span)) s", build,
            baseline: ("\(frames) frames at 120 Hz", mainThread),
            extra: [
                ("animations", "\(movingCount) of \(all.count + paths.count) properties"),
                ("springs / curves / keyframes", "\(springs) / \(curves) / \(keyframed)"),
                ("keys", "\(keys)"), ("120 Hz samples", "\(frames * movingCount)"),
            ])
    }

    // The 120-frame gesture with a full-screen blurred backdrop, against a memcpy of the same bytes.
    let width = 1290
    let height = 2796
    let snapshot = makeSnapshot(width: width, height: height)
    var output = try! RGBA8Image(width: width, height: height)
    var renderer = try! BackdropRenderer(width: width, height: height, displayScale: 3)
    let bytes = width * height * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    source.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
    destination.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    let copy = measure(runs: 31) { destination.copyMemory(from: source, byteCount: bytes) }
    source.deallocate()
    destination.deallocate()
    // The renderer's gesture path: the snapshot is reduced once when the gesture begins, and each frame blurs the
    // quarter-size image that the compositor draws enlarged (see BackdropRenderer.prepare).
    let prepare = measure(runs: 15) { try! renderer.prepare(snapshot) }
    report.add(
        "prepare: reduce the 1290x2796 snapshot by 4 (once per gesture)", prepare,
        baseline: ("memcpy of the image", copy))
    var small = try! RGBA8Image(width: renderer.preparedSize.width, height: renderer.preparedSize.height)
    // Only the band above the moving screen shows (snapshot pixels: the screen's top in points x pixels per point).
    let pixelsPerPoint = Double(height) / phone.height
    let (prepared, preparedP90) = gestureSample { frame in
        let band = Rect(x: 0, y: 0, width: Double(width), height: max(0, frame.screen.minY) * pixelsPerPoint)
        try? renderer.renderPrepared(frame.backdrop, into: &small, visible: band)
    }
    report.add(
        "pull-to-dismiss frame, 1290x2796 blurred backdrop (prepared, visible band, compositor enlarges)", prepared,
        baseline: ("memcpy of the image", copy),
        target: ("every frame < 4 ms", prepared.maximum < 4e6),
        extra: [("worst", formatTime(prepared.maximum)), ("p90", formatTime(preparedP90))])
    // For comparison: a full-resolution output every frame (ck_backdrop_apply from the snapshot each time).
    let (full, fullP90) = gestureSample { frame in try? renderer.render(frame.backdrop, from: snapshot, into: &output) }
    report.add(
        "pull-to-dismiss frame, 1290x2796 blurred backdrop (full-resolution output)", full,
        baseline: ("memcpy of the image", copy),
        extra: [("worst", formatTime(full.maximum)), ("p90", formatTime(fullP90))])
    report.summary()
}

/// One transition at the moment it is handed to Core Animation.
struct Handover {
    var name: String
    /// The handover time and the model's settle time (seconds).
    var time: Double
    var settleTime: Double
    /// Every layer property's animation from `time`.
    var animations: () -> [LayerAnimation]
    /// Every path's animation from `time` (a card's shadow path).
    var paths: () -> [RoundedRectAnimation]
    /// Draws the model's first `count` frames at 120 Hz from `time` (what the main thread does without a handover).
    var drawFrames: (Int) -> Void

    init<Model: TransitionModel>(
        _ name: String, _ model: Model, at time: Double, _ all: @escaping (Model) -> [LayerAnimation],
        paths: @escaping (Model) -> [RoundedRectAnimation] = { _ in [] }
    ) {
        self.name = name
        self.time = time
        self.settleTime = model.settleTime
        self.animations = { all(model) }
        self.paths = { paths(model) }
        self.drawFrames = { count in
            for i in 0..<count { blackHole(model.frame(at: time + Double(i) / 120)) }
        }
    }
}

/// The transitions the handover is reported for, each just after its last event.
func handovers() -> [Handover] {
    let layout = BottomSheet.Layout(containerSize: phone, safeArea: safeArea, contentHeight: 420)
    var present = BottomSheet(layout: layout)
    present.present(at: 0)
    var configuration = BottomSheet.Configuration()
    configuration.detents = [.fraction(0.4), .large]
    var detent = BottomSheet(layout: layout, configuration: configuration)
    detent.present(at: 0)
    _ = detent.update(to: 3)
    _ = detent.moveToDetent(.large, at: 3)
    var nav = SheetNavigation(root: .init(id: "root", contentHeight: 300), containerSize: phone, safeArea: safeArea)
    nav.present(at: 0)
    _ = nav.update(to: 3)
    nav.push(.init(id: "detail", contentHeight: 300), at: 3)
    var open = CardLift(
        source: Rect(x: 16, y: 342, width: 358, height: 120), target: Rect(x: 16, y: 100, width: 358, height: 200),
        modalLayout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 480))
    var close = open
    open.open(at: 0)
    close.open(at: 0)
    _ = close.update(to: 5)
    close.close(at: 5)
    func released(_ translation: Double, velocity: Double) -> PullToDismiss {
        var pull = PullToDismiss(containerSize: phone)
        pull.dragBegan(at: 0)
        pull.dragChanged(translation: translation / 2, velocity: velocity, at: 0.05)
        pull.dragChanged(translation: translation, velocity: velocity, at: 0.1)
        pull.dragEnded(velocity: velocity, at: 0.1)
        return pull
    }
    return [
        Handover("sheet present", present, at: 0) { $0.layerAnimations(from: 0)?.all ?? [] },
        Handover("sheet detent change", detent, at: 3) { $0.layerAnimations(from: 3)?.all ?? [] },
        Handover("navigation push", nav, at: 3) { $0.layerAnimations(from: 3)?.all ?? [] },
        Handover(
            "card lift open", open, at: 0, { $0.layerAnimations(from: 0)?.all ?? [] },
            paths: { $0.layerAnimations(from: 0).map { [$0.shadowPath] } ?? [] }),
        Handover(
            "card lift close", close, at: 5, { $0.layerAnimations(from: 5)?.all ?? [] },
            paths: { $0.layerAnimations(from: 5).map { [$0.shadowPath] } ?? [] }),
        Handover("pull-to-dismiss cancel", released(120, velocity: 0), at: 0.1) {
            $0.layerAnimations(from: 0.1)?.all ?? []
        },
        Handover("pull-to-dismiss dismiss", released(400, velocity: 1500), at: 0.1) {
            $0.layerAnimations(from: 0.1)?.all ?? []
        },
    ]
}

/// The fewest evenly spaced keys whose linear interpolation stays within `maximumError` of `f` (checked at 4,000
/// points), found by bisection on the count.
func evenlySpacedKeys(from start: Double, to end: Double, maximumError: Double, _ f: (Double) -> Double) -> Int {
    func error(_ n: Int) -> Double {
        var worst = 0.0
        for k in 0...4_000 {
            let t = start + (end - start) * Double(k) / 4_000
            let position = (t - start) / (end - start) * Double(n - 1)
            let i = min(Int(position), n - 2)
            let (a, b) = (
                start + (end - start) * Double(i) / Double(n - 1), start + (end - start) * Double(i + 1) / Double(n - 1)
            )
            let u = (t - a) / (b - a)
            worst = max(worst, abs(f(a) + (f(b) - f(a)) * u - f(t)))
        }
        return worst
    }
    var (low, high) = (2, 2)
    while error(high) > maximumError && high < 65_536 { (low, high) = (high, high * 2) }
    while high - low > 1 {
        let mid = (low + high) / 2
        if error(mid) > maximumError { low = mid } else { high = mid }
    }
    return high
}

/// `x` with two decimals, without Foundation.
func format2(_ x: Double) -> String {
    let hundredths = Int((x * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

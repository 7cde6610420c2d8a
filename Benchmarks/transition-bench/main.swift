import AnimationKernel
import BenchmarkSupport

// transition-bench: the per-frame cost of each model's frame(at:) (and update(to:), which a renderer calls every
// frame too), as a median over many frames in flight, next to one closed-form spring evaluation measured in the
// same run. `--alloc-frames N` instead just drives every model for N frames and exits, for counting allocations
// under valgrind (Benchmarks/alloc-check.sh runs it with 1k and 100k frames: equal counts = none per frame).

let phone = Size(width: 390, height: 844)
let safeArea = EdgeInsets(top: 47, bottom: 34)

/// A named per-frame workload: `frame(i)` renders frame i of a transition in flight.
struct Workload {
    var name: String
    var frame: (Int) -> Void
}

/// Builds the models in a state where every channel is moving, so frames do real work.
func workloads() -> [Workload] {
    var list: [Workload] = []

    var sheet = BottomSheet(layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 420))
    sheet.present(at: 0)
    sheet.setContentHeight(600, at: 0.1)
    let presenting = sheet
    list.append(
        Workload(name: "BottomSheet.frame(at:) presenting") { i in
            blackHole(presenting.frame(at: 0.1 + Double(i % 1000) * 0.0004))
        })

    var nav = SheetNavigation(root: .init(id: "root", contentHeight: 300), containerSize: phone, safeArea: safeArea)
    nav.present(at: 0)
    _ = nav.update(to: 2)
    nav.push(.init(id: "detail", contentHeight: 520), at: 2)
    nav.push(.init(id: "confirm", contentHeight: 200), at: 2.1)
    let pushing = nav
    list.append(
        Workload(name: "SheetNavigation.frame(at:) two pushes") { i in
            blackHole(pushing.frame(at: 2.1 + Double(i % 1000) * 0.0003))
        })

    var updating = nav
    var frameIndex = 0
    list.append(
        Workload(name: "SheetNavigation update(to:) + frame(at:)") { _ in
            frameIndex += 1
            let t = 2.1 + Double(frameIndex % 100_000) * 1e-6
            blackHole(updating.update(to: t))
            blackHole(updating.frame(at: t))
        })

    var dragging = BottomSheet(layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 420))
    dragging.present(at: 0)
    _ = dragging.update(to: 2)
    dragging.dragBegan(at: 2)
    var dragIndex = 0
    list.append(
        Workload(name: "BottomSheet drag sample + frame(at:)") { _ in
            dragIndex += 1
            let t = 2 + Double(dragIndex) * 1e-6
            dragging.dragChanged(translation: Double(dragIndex % 400), velocity: 800, at: t)
            blackHole(dragging.frame(at: t))
        })
    return list
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--alloc-frames"), flag + 1 < arguments.count, let n = Int(arguments[flag + 1]) {
    // Allocation check: models are built first (that allocates), then only frames run.
    let all = workloads()
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    for (index, workload) in all.enumerated() where only == nil || only == index {
        for i in 0..<n { workload.frame(i) }
    }
    print("transition-bench: drove \(all.count) workloads for \(n) frames each")
} else {
    var report = Report(benchmark: "transition-bench")
    let framesPerRun = 20_000
    let spring = Spring.snappy
    var sink = 0.0
    let baseline = measure(runs: 15) {
        for i in 0..<framesPerRun {
            sink += spring.evaluate(displacement: 100, velocity: 0, at: Double(i % 1000) * 0.0004).displacement
        }
    }
    blackHole(sink)
    let perBaseline = baseline.perItem(framesPerRun)
    report.add("baseline: one Spring.evaluate", perBaseline)
    for workload in workloads() {
        let sample = measure(runs: 15) { for i in 0..<framesPerRun { workload.frame(i) } }
        let perFrame = sample.perItem(framesPerRun)
        report.add(
            workload.name, perFrame, baseline: ("Spring.evaluate", perBaseline),
            target: ("<= 1 us per frame", perFrame.median <= 1000))
    }
    report.summary()
}

import AnimationKernel
import PreviewRendering
import TestSupport
import Testing

/// Runs the command line in-process, capturing both streams.
func runPreview(_ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
    var output: [String] = []
    var errors: [String] = []
    let status = PreviewRunner.run(
        arguments: arguments, output: { output.append($0) }, errorOutput: { errors.append($0) })
    return (status, output, errors)
}

func demoScene(_ name: String, options: PreviewSceneOptions = PreviewSceneOptions()) -> (any PreviewScene)? {
    PreviewScenes.all(options: options).first { $0.name == name }
}

@Suite struct Pipeline {
    static let demoNames = ["demo-card-slide", "demo-sheet-rise"]
    static let allNames = PreviewScenes.all(options: PreviewSceneOptions()).map(\.name)

    @Test(arguments: allNames)
    func everySceneWritesDecodableFilesThatMatchTheScene(name: String) throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let scale = 0.1
        let fps = 12
        let run = runPreview(["--out", directory, "--only", name, "--scale", "0.1", "--fps", "12"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.count == 1 && run.output[0].contains(name))
        #expect(listDirectory(directory) == [name + "-chart.svg", name + "-filmstrip.png", name + ".png"])
        let scene = try #require(demoScene(name))

        // The APNG: one frame per 1/fps from 0 to the duration, the first and last equal to the scene
        // rendered at those times, and motion in between.
        let apng = try DecodedPNG(try #require(readFile(directory + "/" + name + ".png")))
        let times = PreviewRunner.frameTimes(duration: scene.duration, fps: fps)
        #expect(times.first == 0 && times.last == scene.duration)
        #expect(apng.declaredFrameCount == times.count && apng.frames.count == times.count)
        let first = PreviewRunner.renderFrame(scene, at: 0, scale: scale)
        let last = PreviewRunner.renderFrame(scene, at: scene.duration, scale: scale)
        #expect(apng.width == first.width && apng.height == first.height)
        expectSameBytes(
            apng.frames.first?.pixels ?? [], expectedStraight(first), width: first.width,
            "first APNG frame differs from the scene at t = 0")
        expectSameBytes(
            apng.frames.last?.pixels ?? [], expectedStraight(last), width: last.width,
            "last APNG frame differs from the scene at its end")
        // (A sheet may start and end in the same state, dismissed; mid-way it must show something else.)
        #expect(apng.frames.first?.pixels != apng.frames[apng.frames.count / 2].pixels)
        let distinct = Set(apng.frames.map(\.pixels)).count
        #expect(distinct >= times.count / 3, "only \(distinct) distinct frames of \(times.count)")
        // 1/fps between frames; a shorter last interval in milliseconds; then a hold on the end state.
        let delays = apng.frames.map { [$0.delayNumerator, $0.delayDenominator] }
        let expectedDelays = zip(times, times.dropFirst()).map { t0, t1 -> [Int] in
            abs((t1 - t0) * Double(fps) - 1) < 1e-9 ? [1, fps] : [Int(((t1 - t0) * 1000).rounded()), 1000]
        }
        #expect(delays == expectedDelays + [[800, 1000]])
        #expect(delays.filter { $0 == [1, fps] }.count >= times.count - 2)

        // The filmstrip: eight frames at half the scale, the first of them exactly the scene at t = 0.
        let strip = try DecodedPNG(try #require(readFile(directory + "/" + name + "-filmstrip.png")))
        let small = expectedStraight(PreviewRunner.renderFrame(scene, at: 0, scale: scale / 2))
        let frameWidth = Canvas(size: scene.canvasSize, scale: scale / 2).width
        let gap = strip.width - 8 * frameWidth
        #expect(gap > 0 && gap % 9 == 0)
        let inset = gap / 9
        for row in 0..<(small.count / (frameWidth * 4)) {
            let start = ((inset + row) * strip.width + inset) * 4
            #expect(
                Array(strip.image[start..<start + frameWidth * 4])
                    == Array(small[row * frameWidth * 4..<(row + 1) * frameWidth * 4]))
        }

        // The chart names every channel.
        let svgBytes = try #require(readFile(directory + "/" + name + "-chart.svg"))
        let svg = String(decoding: svgBytes, as: UTF8.self)
        #expect(checkWellFormed(svg).ok)
        for channel in scene.channels(at: 0) { #expect(svg.contains(">\(channel.name)<")) }
    }

    /// The first and last frames show the models' start and end states (read through the scenes' channels).
    @Test(
        arguments: [
            // A dismissed sheet waits half a point below the container (see BottomSheet).
            ("sheet", "sheet top", 844.5, 844.5), ("navigation", "sheet top", 844.5, 844 - (300 + 56 + 34)),
            ("navigation", "cart x", 0, 0), ("card-lift", "card y", 342, 272), ("card-lift", "modal top", 844.5, 844.5),
            ("pull-to-dismiss", "screen offset", 0, 844), ("pull-to-dismiss", "content offset", 90, 0),
            ("edge-swipe", "screen offset", 0, 390),
        ] as [(String, String, Double, Double)])
    func transitionsStartAndEndInTheModelsStates(name: String, channel: String, start: Double, end: Double) throws {
        let scene = try #require(demoScene(name))
        func value(at t: Double) throws -> Double {
            try #require(scene.channels(at: t).first { $0.name == channel }).value
        }
        let first = try value(at: 0)
        let last = try value(at: scene.duration)
        #expect(abs(first - start) < 0.5, "\(name) \(channel) starts at \(first)")
        // Springs settle to within half a point; a dismissed screen may rest a little beyond the edge.
        #expect(abs(last - end) < 0.5 || (end >= 390 && last >= end), "\(name) \(channel) ends at \(last)")
    }

    @Test func defaultRunRendersTheTransitions() {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let run = runPreview(["--out", directory + "/nested/out", "--scale", "0.05", "--fps", "4", "--stored"])
        #expect(run.status == 0)
        let names = PreviewScenes.transitions(options: PreviewSceneOptions()).map(\.name)
        #expect(!names.isEmpty)
        #expect(run.output.count == names.count)
        let files = listDirectory(directory + "/nested/out")
        #expect(files.count == 3 * names.count)
        for name in names { #expect(files.contains(name + ".png")) }
    }

    @Test(arguments: demoNames)
    func layoutDirectionAndReduceMotionReachTheScene(name: String) throws {
        let plain = try #require(demoScene(name))
        let rtl = try #require(demoScene(name, options: PreviewSceneOptions(rtl: true)))
        let reduced = try #require(demoScene(name, options: PreviewSceneOptions(reduceMotion: true)))
        let t = plain.duration * 0.2
        let a = PreviewRunner.renderFrame(plain, at: t, scale: 0.1).pixels
        #expect(a != PreviewRunner.renderFrame(reduced, at: t, scale: 0.1).pixels)
        if name == "demo-card-slide" {
            #expect(a != PreviewRunner.renderFrame(rtl, at: t, scale: 0.1).pixels)
        }
        #expect(plain.channels(at: t).map(\.name) == reduced.channels(at: t).map(\.name))
    }

    @Test(arguments: [(2.0, 30, 61), (1.6, 30, 49), (1.4, 12, 18), (0, 30, 1), (.nan, 30, 1), (0.05, 30, 3)])
    func frameTimesCoverTheWholeScenario(duration: Double, fps: Int, count: Int) {
        let times = PreviewRunner.frameTimes(duration: duration, fps: fps)
        #expect(times.count == count)
        #expect(times.first == 0)
        #expect(times.last == (duration.isFinite ? duration : 0))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 <= 1 / Double(fps) + 1e-12 })
    }

    @Test func filmstripTimesAreEvenAndInclusive() {
        #expect(PreviewRunner.filmstripTimes(duration: 1.4).count == 8)
        #expect(PreviewRunner.filmstripTimes(duration: 1.4).first == 0)
        #expect(PreviewRunner.filmstripTimes(duration: 1.4).last == 1.4)
    }
}

@Suite struct CommandLineErrors {
    @Test(arguments: [
        ["--bogus"], ["--fps", "0"], ["--fps", "abc"], ["--fps", "121"], ["--scale", "-1"], ["--scale", "9"],
        ["--scale", "nan"], ["--only", "no-such-scene"], ["--rtl=yes"], ["--fps"], ["--only", "--rtl"], ["extra"],
    ])
    func badOptionFailsWithoutWritingAnything(arguments: [String]) {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let run = runPreview(["--out", directory + "/out"] + arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.count == 1 && run.errors[0].hasPrefix("transition-preview: error: "))
        #expect(listDirectory(directory).isEmpty)
    }

    @Test func unknownSceneListsTheKnownOnes() {
        let run = runPreview(["--only", "sheeet"])
        #expect(run.status == 2)
        #expect(run.errors.first?.contains("demo-card-slide") == true)
    }

    @Test(arguments: ["/file", "/file/sub"])
    func unwritableDirectoryFailsWithoutWritingAnything(suffix: String) {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        touch(directory + "/file")
        let run = runPreview(["--out", directory + suffix, "--only", "demo-card-slide", "--scale", "0.05"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.count == 1 && run.errors[0].contains(directory + "/file"))
        #expect(listDirectory(directory) == ["file"])
    }

    /// A write that fails after rendering (here: a directory squats on the APNG's name, so the rename
    /// fails) leaves no temporary files behind.
    @Test func failedWriteLeavesNoTemporaryFiles() {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let blocker = directory + "/demo-card-slide.png"
        #expect(mkdirForTest(blocker))
        let run = runPreview(["--out", directory, "--only", "demo-card-slide", "--scale", "0.05", "--fps", "4"])
        #expect(run.status == 1)
        #expect(run.errors.count == 1 && run.errors[0].contains("demo-card-slide.png"))
        #expect(!listDirectory(directory).contains { $0.contains(".tmp-") })
        #expect(listDirectory(blocker).isEmpty)
    }

    @Test func helpAndListSucceed() {
        let help = runPreview(["--help"])
        #expect(help.status == 0 && help.errors.isEmpty)
        #expect(help.output.joined().contains("--reduce-motion"))
        let list = runPreview(["--list"])
        #expect(list.status == 0)
        let names = PreviewScenes.all(options: PreviewSceneOptions()).map(\.name)
        #expect(list.output.map { String($0.prefix { $0 != "\t" }) } == names)
    }

    @Test func onlyAcceptsRepeatsAndCommaLists() throws {
        let configuration = try PreviewConfiguration.parse([
            "--only", "demo-sheet-rise,demo-card-slide", "--only=demo-sheet-rise", "--fps=24", "--rtl",
        ])
        #expect(configuration.fps == 24 && configuration.sceneOptions.rtl)
        let chosen = try PreviewRunner.select(
            configuration, from: PreviewScenes.all(options: configuration.sceneOptions))
        #expect(chosen.map(\.name) == ["demo-sheet-rise", "demo-card-slide"])
    }
}

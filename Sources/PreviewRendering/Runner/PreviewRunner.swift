import AnimationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files one scene produced and their sizes in bytes.
package struct PreviewArtifacts: Sendable, Hashable {
    /// Scene name.
    package var scene: String
    /// Path of `<name>-filmstrip.png`.
    package var filmstripPath: String
    /// Path of `<name>-chart.svg`.
    package var chartPath: String
    /// Path of the APNG `<name>.png`.
    package var animationPath: String
    /// Frames in the APNG.
    package var frameCount: Int
    /// Size of the filmstrip file in bytes.
    package var filmstripBytes: Int
    /// Size of the chart file in bytes.
    package var chartBytes: Int
    /// Size of the APNG file in bytes.
    package var animationBytes: Int
}

/// The `transition-preview` pipeline: options, rendering, encoding and atomic writes. The executable's
/// `main.swift` only calls ``run(arguments:output:errorOutput:)``.
package enum PreviewRunner {
    /// Frames in a filmstrip.
    package static let filmstripFrameCount = 8
    /// How long viewers hold the APNG's last frame before it loops, in milliseconds, so the end state reads.
    package static let finalFrameHoldMilliseconds: UInt16 = 800
    /// Longest scenario rendered, in seconds; longer durations are cut here.
    package static let maximumDuration = 60.0

    /// Runs the command line: parses `arguments` (without the program name), renders, writes, prints one
    /// progress line per scene through `output` and errors through `errorOutput`. Returns the exit status:
    /// 0 success, 2 bad option, 1 unwritable output.
    package static func run(
        arguments: [String], output: (String) -> Void = { print($0) },
        errorOutput: (String) -> Void = { writeStandardError($0) }
    ) -> Int32 {
        do throws(PreviewError) {
            let configuration = try PreviewConfiguration.parse(arguments)
            if configuration.showHelp {
                output(PreviewConfiguration.usage)
                return 0
            }
            let registered = PreviewScenes.all(options: configuration.sceneOptions)
            if configuration.listScenes {
                for scene in registered { output("\(scene.name)\t\(scene.title)") }
                return 0
            }
            let scenes = try select(configuration, from: registered)
            _ = try run(configuration, scenes: scenes, output: output)
            return 0
        } catch {
            errorOutput("transition-preview: error: \(error)")
            return error.exitStatus
        }
    }

    /// The scenes `--only` names (in that order), or the transitions when it names none.
    package static func select(_ configuration: PreviewConfiguration, from registered: [any PreviewScene])
        throws(PreviewError) -> [any PreviewScene]
    {
        guard !configuration.only.isEmpty else {
            return PreviewScenes.transitions(options: configuration.sceneOptions)
        }
        var chosen: [any PreviewScene] = []
        for name in configuration.only where !chosen.contains(where: { $0.name == name }) {
            guard let scene = registered.first(where: { $0.name == name }) else {
                let known = registered.map(\.name).joined(separator: ", ")
                throw .usage("unknown scene '\(name)'; known scenes: \(known)")
            }
            chosen.append(scene)
        }
        return chosen
    }

    /// Creates the output directory, checks it is writable, then renders and writes each scene.
    package static func run(
        _ configuration: PreviewConfiguration, scenes: [any PreviewScene], output: (String) -> Void = { _ in }
    ) throws(PreviewError) -> [PreviewArtifacts] {
        let directory = configuration.outputDirectory
        try FileSystem.makeDirectory(directory)
        // Fail before minutes of rendering if nothing can be written here.
        let probe = temporaryPath(directory, ".write-test")
        try FileSystem.write([], to: probe)
        FileSystem.remove(probe)
        var results: [PreviewArtifacts] = []
        for (index, scene) in scenes.enumerated() {
            let clock = ContinuousClock()
            let start = clock.now
            let artifacts = try write(scene, configuration: configuration)
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            output(
                "[\(index + 1)/\(scenes.count)] \(scene.name): \(artifacts.frameCount) frames, "
                    + "\(artifacts.animationPath) \(byteCount(artifacts.animationBytes)), "
                    + "filmstrip \(byteCount(artifacts.filmstripBytes)), chart \(byteCount(artifacts.chartBytes)), "
                    + "\(fmt(seconds, 2)) s")
            results.append(artifacts)
        }
        return results
    }

    /// Renders one scene's three files and writes them atomically: each goes to a temporary name in the
    /// output directory, and only when all three are written are they renamed into place. On failure the
    /// temporary files are removed.
    package static func write(_ scene: any PreviewScene, configuration: PreviewConfiguration)
        throws(PreviewError) -> PreviewArtifacts
    {
        let directory = configuration.outputDirectory
        let (animation, frameCount) = animation(
            of: scene, scale: configuration.scale, fps: configuration.fps, method: configuration.deflateMethod)
        let filmstrip = PNGEncoder.encode(
            filmstrip(of: scene, scale: configuration.filmstripScale), method: configuration.deflateMethod)
        let chart = Array(
            ChannelChart(title: scene.title, duration: clampedDuration(scene), channels: scene.channels).svg().utf8)
        let files: [(name: String, bytes: [UInt8])] = [
            ("\(scene.name)-filmstrip.png", filmstrip), ("\(scene.name)-chart.svg", chart),
            ("\(scene.name).png", animation),
        ]
        var temporaries: [String] = []
        do throws(PreviewError) {
            for file in files {
                let temporary = temporaryPath(directory, file.name)
                temporaries.append(temporary)
                try FileSystem.write(file.bytes, to: temporary)
            }
            for (file, temporary) in zip(files, temporaries) {
                try FileSystem.rename(temporary, to: join(directory, file.name))
            }
        } catch {
            for temporary in temporaries { FileSystem.remove(temporary) }
            throw error
        }
        return PreviewArtifacts(
            scene: scene.name, filmstripPath: join(directory, files[0].name), chartPath: join(directory, files[1].name),
            animationPath: join(directory, files[2].name), frameCount: frameCount, filmstripBytes: filmstrip.count,
            chartBytes: chart.count, animationBytes: animation.count)
    }

    /// The scene's frame at `time`, on a fresh opaque black canvas of its size at `scale` pixels per point.
    /// (Opaque so that a canvas size that is not a whole number of pixels leaves no half-transparent edge.)
    package static func renderFrame(_ scene: any PreviewScene, at time: Double, scale: Double) -> Canvas {
        var blurContext: BlurContext?
        return renderFrame(scene, at: time, scale: scale, blurContext: &blurContext)
    }

    /// ``renderFrame(_:at:scale:)`` with `blurContext` lent to the canvas for its backdrops and handed back
    /// afterwards (made or grown if the frame needed it), so a sequence of frames shares one blur scratch.
    package static func renderFrame(
        _ scene: any PreviewScene, at time: Double, scale: Double, blurContext: inout BlurContext?
    ) -> Canvas {
        var canvas = Canvas(size: scene.canvasSize, scale: scale)
        swap(&canvas.blurContext, &blurContext)
        canvas.clear(to: .black)
        scene.render(at: time, into: &canvas)
        swap(&canvas.blurContext, &blurContext)
        return canvas
    }

    /// The APNG frame times: every `1 / fps` seconds from 0, plus `duration` itself as the last frame.
    package static func frameTimes(duration: Double, fps: Int) -> [Double] {
        let end = duration.isFinite ? min(max(duration, 0), maximumDuration) : 0
        let rate = Double(max(1, fps))
        // The small tolerance keeps 2 s at 30 fps at 61 frames despite rounding in end * rate.
        let intervals = Int((end * rate - 1e-9).rounded(.up))
        return (0...max(0, intervals)).map { min(Double($0) / rate, end) }
    }

    /// The filmstrip frame times: ``filmstripFrameCount`` evenly spaced over `0...duration`, both ends included.
    package static func filmstripTimes(duration: Double) -> [Double] {
        let end = duration.isFinite ? min(max(duration, 0), maximumDuration) : 0
        let last = Double(filmstripFrameCount - 1)
        return (0..<filmstripFrameCount).map { end * Double($0) / last }
    }

    /// The animated PNG of the scene and its frame count. Frame delays are `1/fps` s; a shorter final
    /// interval is given in milliseconds; the last frame holds for ``finalFrameHoldMilliseconds``.
    package static func animation(of scene: any PreviewScene, scale: Double, fps: Int, method: DeflateMethod)
        -> (bytes: [UInt8], frameCount: Int)
    {
        let times = frameTimes(duration: clampedDuration(scene), fps: fps)
        let probe = Canvas(size: scene.canvasSize, scale: scale)
        var encoder = APNGEncoder(width: probe.width, height: probe.height, frameCount: times.count, method: method)
        var blurContext: BlurContext?
        for (index, time) in times.enumerated() {
            let frame = renderFrame(scene, at: time, scale: scale, blurContext: &blurContext)
            let (numerator, denominator): (UInt16, UInt16)
            if index + 1 == times.count {
                (numerator, denominator) = (finalFrameHoldMilliseconds, 1000)
            } else if abs((times[index + 1] - time) * Double(fps) - 1) < 1e-9 {
                (numerator, denominator) = (1, UInt16(fps))
            } else {
                (numerator, denominator) = (UInt16(max(1, ((times[index + 1] - time) * 1000).rounded())), 1000)
            }
            encoder.addFrame(frame, delayNumerator: numerator, delayDenominator: denominator)
        }
        return (encoder.finish(), times.count)
    }

    /// Eight frames side by side on a light grey strip, each with a small bar below showing how far into
    /// the scenario it is, at `scale` pixels per point.
    package static func filmstrip(of scene: any PreviewScene, scale: Double) -> Canvas {
        let times = filmstripTimes(duration: clampedDuration(scene))
        var blurContext: BlurContext?
        let first = renderFrame(scene, at: times[0], scale: scale, blurContext: &blurContext)
        let gap = max(2, Int((24 * scale).rounded()))
        let barSpace = max(3, Int((20 * scale).rounded()))
        let width = gap + times.count * (first.width + gap)
        let height = 2 * gap + first.height + barSpace
        var strip = Canvas(width: width, height: height, scale: 1)
        strip.clear(to: Color(rgb: 0xE5E5EA))
        let duration = clampedDuration(scene)
        for (index, time) in times.enumerated() {
            let frame = index == 0 ? first : renderFrame(scene, at: time, scale: scale, blurContext: &blurContext)
            let x = gap + index * (first.width + gap)
            strip.draw(frame, atPixelX: x, y: gap)
            let barY = Double(gap + first.height) + Double(barSpace) * 0.45
            let barHeight = max(2, Double(barSpace) * 0.3)
            let track = Rect(x: Double(x), y: barY, width: Double(first.width), height: barHeight)
            strip.fill(track, cornerRadius: barHeight / 2, color: Color(rgb: 0xC7C7CC))
            let fraction = duration > 0 ? time / duration : 1
            let done = Rect(x: Double(x), y: barY, width: Double(first.width) * fraction, height: barHeight)
            strip.fill(done, cornerRadius: barHeight / 2, color: Color(rgb: 0x0A84FF))
        }
        return strip
    }

    /// Writes `message` and a newline to standard error.
    package static func writeStandardError(_ message: String) {
        // write(2) on descriptor 2 rather than the C `stderr` global, which Swift 6 treats as shared mutable state.
        let line = Array((message + "\n").utf8)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBufferPointer { FileSystem.writeDescriptor(2, $0, from: offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    static func clampedDuration(_ scene: any PreviewScene) -> Double {
        let d = scene.duration
        return d.isFinite ? min(max(d, 0), maximumDuration) : 0
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func temporaryPath(_ directory: String, _ name: String) -> String {
        join(directory, ".\(name).tmp-\(FileSystem.processID)")
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return "\(fmt(Double(bytes) / 1_048_576, 1)) MB" }
        if bytes >= 1 << 10 { return "\(fmt(Double(bytes) / 1024, 0)) KB" }
        return "\(bytes) B"
    }
}

/// What went wrong in a preview run; the description is the message printed on standard error.
package enum PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A bad command-line option or value (exit status 2).
    case usage(String)
    /// An output directory or file could not be created or written (exit status 1).
    case io(String)

    /// The message, without a program-name prefix.
    package var description: String {
        switch self {
        case .usage(let message), .io(let message): message
        }
    }

    /// The process exit status for this error: 2 for usage, 1 for I/O.
    package var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .io: 1
        }
    }
}

/// The options of a `transition-preview` run, parsed from the command line.
package struct PreviewConfiguration: Sendable, Hashable {
    /// `--out DIR`: where files go, created with parents if missing. Default `preview` (relative to the
    /// working directory).
    package var outputDirectory = "preview"
    /// `--only NAME` (repeatable, or comma-separated): scene names to render; empty renders the default set.
    package var only: [String] = []
    /// `--scale S`: pixels per point of the animation; the filmstrip uses half of it. Default 1, range
    /// (0, 4].
    package var scale = 1.0
    /// `--fps N`: animation frames per second, 1...120. Default 30.
    package var fps = 30
    /// `--rtl` and `--reduce-motion`.
    package var sceneOptions = PreviewSceneOptions()
    /// `--help` / `-h`: print usage and exit 0.
    package var showHelp = false
    /// `--list`: print the registered scene names and exit 0.
    package var listScenes = false
    /// `--stored`: write uncompressed (stored) deflate blocks instead of fixed Huffman; faster, larger.
    package var deflateMethod = DeflateMethod.fixedHuffman

    /// The default configuration.
    package init() {}

    /// Pixels per point of the filmstrip frames: half of ``scale``.
    package var filmstripScale: Double { scale / 2 }

    /// Usage text for `--help`.
    package static let usage = """
        USAGE: transition-preview [options]

        Renders each transition's scripted scenario to pictures in the output directory:
          <name>-filmstrip.png  8 evenly spaced frames side by side (at half the --scale)
          <name>-chart.svg      the transition's channels over time
          <name>.png            animated PNG (APNG) of the whole scenario at --fps

        OPTIONS:
          -o, --out DIR     output directory (default: preview); created if missing
          --only NAME       render only this scene; repeat or separate names with commas
          --scale S         pixels per point of the animation, 0 < S <= 4 (default: 1); filmstrip uses S/2
          --fps N           animation frames per second, 1...120 (default: 30)
          --rtl             right-to-left layout
          --reduce-motion   the Reduce Motion variant of each transition
          --stored          uncompressed PNG data (faster, larger files)
          --list            print the scene names and exit
          -h, --help        print this help and exit

        Without --only, the transitions are rendered; the demo scenes only when --only names them.
        Files are written under temporary names and renamed when complete.
        Exit status: 0 on success, 2 for a bad option, 1 if the output cannot be written.
        """

    /// Parses arguments (without the program name). Throws ``PreviewError/usage(_:)`` for an unknown
    /// option, a missing or malformed value, or a value out of range.
    package static func parse(_ arguments: [String]) throws(PreviewError) -> PreviewConfiguration {
        var configuration = PreviewConfiguration()
        var index = 0
        func value(for option: String) throws(PreviewError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw .usage("option '\(option)' needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func optionValue() throws(PreviewError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: argument)
            }
            func noValue() throws(PreviewError) {
                if inlineValue != nil { throw .usage("option '\(argument)' takes no value") }
            }
            switch argument {
            case "--out", "-o":
                let path = try optionValue()
                guard !path.isEmpty else { throw .usage("option '--out' needs a non-empty directory") }
                configuration.outputDirectory = path
            case "--only":
                let names = try optionValue().split(separator: ",").map(String.init)
                guard !names.isEmpty else { throw .usage("option '--only' needs a scene name") }
                configuration.only += names
            case "--scale":
                let text = try optionValue()
                guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 4 else {
                    throw .usage("invalid --scale '\(text)': expected a number in (0, 4]")
                }
                configuration.scale = scale
            case "--fps":
                let text = try optionValue()
                guard let fps = Int(text), (1...120).contains(fps) else {
                    throw .usage("invalid --fps '\(text)': expected a whole number in 1...120")
                }
                configuration.fps = fps
            case "--rtl":
                try noValue()
                configuration.sceneOptions.rtl = true
            case "--reduce-motion":
                try noValue()
                configuration.sceneOptions.reduceMotion = true
            case "--stored":
                try noValue()
                configuration.deflateMethod = .stored
            case "--list":
                try noValue()
                configuration.listScenes = true
            case "--help", "-h":
                configuration.showHelp = true
            default:
                throw .usage("unknown option '\(argument)' (see --help)")
            }
            index += 1
        }
        return configuration
    }
}

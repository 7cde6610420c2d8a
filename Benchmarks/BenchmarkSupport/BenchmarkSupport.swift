// Shared harness for the benchmark executables: repeat a body, keep the median, compare against a
// baseline measured in the same run, print a table and optionally one JSON line per case.
//
// Machines here are shared and noisy, so absolute times mean little: every case is reported with the
// ratio to a baseline (a memcpy of the same bytes, a naive algorithm) timed moments before it.

/// Keeps a value alive so the optimiser cannot delete the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Timing statistics of one measured body, in nanoseconds per run.
public struct Sample: Sendable {
    /// Median wall time of one run.
    public var median: Double
    /// Fastest run.
    public var minimum: Double
    /// Slowest run.
    public var maximum: Double
    /// How many runs were timed (after warm-up).
    public var runs: Int

    /// Creates a sample from its statistics.
    public init(median: Double, minimum: Double, maximum: Double, runs: Int) {
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.runs = runs
    }

    /// The sample per item when one run processed `count` items (frames, calls, pixels).
    public func perItem(_ count: Int) -> Sample {
        let n = Double(max(1, count))
        return Sample(median: median / n, minimum: minimum / n, maximum: maximum / n, runs: runs)
    }
}

/// Times `body` `runs` times after `warmup` untimed runs, with the monotonic clock.
public func measure(runs: Int = 15, warmup: Int = 2, _ body: () -> Void) -> Sample {
    for _ in 0..<warmup { body() }
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<max(1, runs) {
        let start = clock.now
        body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        times.append(Double(seconds) * 1e9 + Double(attoseconds) * 1e-9)
    }
    times.sort()
    return Sample(median: times[times.count / 2], minimum: times[0], maximum: times[times.count - 1], runs: times.count)
}

/// One line of a benchmark report.
public struct Row: Sendable {
    /// What was measured, e.g. `propagate_n shared, 2^20 lanes`.
    public var name: String
    /// The measured case.
    public var sample: Sample
    /// The baseline's name and sample, when the case is judged relative to one.
    public var baseline: (name: String, sample: Sample)?
    /// The requirement, e.g. `<= 3x memcpy`, and whether it was met.
    public var target: (text: String, met: Bool)?
    /// Extra figures (ns/call, errors, fps) printed after the times.
    public var extra: [(String, String)]

    /// Median of the case divided by the median of its baseline.
    public var ratio: Double? { baseline.map { sample.median / $0.sample.median } }
}

/// Collects rows and prints them as a table, plus JSON lines when `--json` is among the arguments.
public struct Report {
    /// The benchmark's name, printed in the header and in every JSON line.
    public let benchmark: String
    /// Whether to print one JSON object per row.
    public let json: Bool
    private(set) var rows: [Row] = []

    /// Reads `--json` from the command line.
    public init(benchmark: String, arguments: [String] = CommandLine.arguments) {
        self.benchmark = benchmark
        self.json = arguments.contains("--json")
        print("\(benchmark): medians of repeated runs; ratios are to a baseline timed in the same run")
    }

    /// Adds a row and prints it at once, so progress shows on slow cases.
    public mutating func add(
        _ name: String, _ sample: Sample, baseline: (name: String, sample: Sample)? = nil,
        target: (text: String, met: Bool)? = nil, extra: [(String, String)] = []
    ) {
        let row = Row(name: name, sample: sample, baseline: baseline, target: target, extra: extra)
        rows.append(row)
        var line = pad(name, 44) + " median " + pad(formatTime(sample.median), 10, right: true)
        if let baseline = row.baseline, let ratio = row.ratio {
            line += "  = " + pad(format(ratio, 2) + "x", 8, right: true) + " " + baseline.name
        }
        for (key, value) in extra { line += "  \(key) \(value)" }
        if let target { line += "  [target \(target.text): \(target.met ? "met" : "MISSED")]" }
        print(line)
        if json { print(jsonLine(row)) }
    }

    /// Prints how many targets were met; returns true when all were.
    @discardableResult
    public func summary() -> Bool {
        let judged = rows.compactMap { $0.target }
        let met = judged.filter { $0.met }.count
        print("\(benchmark): \(met) of \(judged.count) targets met")
        return met == judged.count
    }

    private func jsonLine(_ row: Row) -> String {
        var fields: [String] = [
            "\"benchmark\":\"\(escape(benchmark))\"", "\"case\":\"\(escape(row.name))\"",
            "\"median_ns\":\(format(row.sample.median, 1))", "\"min_ns\":\(format(row.sample.minimum, 1))",
            "\"max_ns\":\(format(row.sample.maximum, 1))", "\"runs\":\(row.sample.runs)",
        ]
        if let baseline = row.baseline, let ratio = row.ratio {
            fields.append("\"baseline\":\"\(escape(baseline.name))\"")
            fields.append("\"baseline_median_ns\":\(format(baseline.sample.median, 1))")
            fields.append("\"ratio\":\(format(ratio, 4))")
        }
        if let target = row.target {
            fields.append("\"target\":\"\(escape(target.text))\"")
            fields.append("\"met\":\(target.met)")
        }
        for (key, value) in row.extra { fields.append("\"\(escape(key))\":\"\(escape(value))\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// Formats nanoseconds with a unit that keeps 3-4 significant digits.
public func formatTime(_ nanoseconds: Double) -> String {
    if nanoseconds < 1e3 { return format(nanoseconds, 2) + " ns" }
    if nanoseconds < 1e6 { return format(nanoseconds / 1e3, 2) + " us" }
    if nanoseconds < 1e9 { return format(nanoseconds / 1e6, 3) + " ms" }
    return format(nanoseconds / 1e9, 3) + " s"
}

/// Fixed-point formatting without Foundation.
public func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return "\(value)" }
    let whole = Int64(scaled)
    let intPart = whole / Int64(scale)
    let fracPart = whole % Int64(scale)
    var text = (value < 0 && whole != 0 ? "-" : "") + String(intPart)
    if decimals > 0 {
        let digits = String(fracPart)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// Scientific formatting (`1.23e-07`) for errors that span many decades.
public func formatScientific(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite, value != 0 else { return value == 0 ? "0" : format(value, 0) }
    var exponent = 0
    var mantissa = abs(value)
    while mantissa >= 10 { mantissa /= 10; exponent += 1 }
    while mantissa < 1 { mantissa *= 10; exponent -= 1 }
    let sign = value < 0 ? "-" : ""
    let expSign = exponent < 0 ? "-" : "+"
    let expDigits = String(abs(exponent))
    return sign + format(mantissa, digits) + "e" + expSign + (expDigits.count < 2 ? "0" : "") + expDigits
}

private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

private func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.append(ch)
        }
    }
    return out
}

/// A small deterministic generator (SplitMix64) so every run benchmarks the same inputs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// Seeds the generator.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

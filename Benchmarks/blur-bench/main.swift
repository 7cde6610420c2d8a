// blur-bench: box, gaussian and backdrop on a full-screen 1290 x 2796 premultiplied RGBA8 image, one core.
// Every case is a median and a ratio to a memcpy of the same image timed in the same run (the physical limit:
// the output must be written once): the fastest of the memcpy medians timed between the groups of cases. Issue 4
// targets: box <= 4x, gaussian <= 8x, backdrop (downsample 0, sigma 4...60) <= 2.5x memcpy, and backdrop at sigma 60
// within 1.15x of sigma 4. Issue 48: every gaussian sigma from 0.5 to 64 in steps of 0.1 <= 5x memcpy (the sweep).
import AnimationKernel
import BenchmarkSupport
import CKernel

let width: UInt32 = 1290
let height: UInt32 = 2796
let stride = Int(width) * 4
let bytes = stride * Int(height)

var report = Report(benchmark: "blur-bench")

// A textured premultiplied image: gradients plus noise, alpha mostly opaque.
var rng = SplitMix64(seed: 4)
let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
let pixels = source.bindMemory(to: UInt8.self, capacity: bytes)
for y in 0..<Int(height) {
    for x in 0..<Int(width) {
        let i = y * stride + x * 4
        let a = 192 + Int(rng.next() % 64)
        for c in 0..<3 { pixels[i + c] = UInt8(((x * (3 + c) + y * (5 - c)) % 200 + Int(rng.next() % 56)) * a / 255) }
        pixels[i + 3] = UInt8(a)
    }
}
target.copyMemory(from: source, byteCount: bytes)
let scratchSize = ck_blur_scratch_size(width, height)
let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchSize, alignment: 64)
var src = ck_image(data: pixels, width: width, height: height, stride: stride)
var dst = ck_image(
    data: target.bindMemory(to: UInt8.self, capacity: bytes), width: width, height: height, stride: stride)

let best = InstructionSet.best
print("image \(width) x \(height) premultiplied RGBA8 (\(bytes / 1_000_000) MB), best ISA \(best)")

// The baseline is the fastest memcpy of the run. The memcpy is timed before, between and after the groups of cases,
// back to back like the cases (each in its own steady state), and each of those medians is printed as it comes. The
// 28 MB of buffers fit a shared L3 only while other tenants leave room, so the memcpy's time changes within a run; a
// baseline caught in a slow stretch would let a case pass that misses its target against the machine's own limit,
// which is what the targets are about. The cases' rows therefore come at the end, once that limit is known. The memcpy
// is not interleaved run by run with the cases: each blur's scratch would then evict the buffers the memcpy needs
// while the blur finds them where the memcpy left them, and the ratios would favour the blur (docs/performance.md,
// "Blur on two machines").
var memcpys: [(when: String, sample: Sample)] = []
var cases: [(name: String, sample: Sample, limit: (text: String, ratio: Double)?)] = []

/// Times the memcpy of the image (31 runs after 3 warm-ups) and prints its median at once.
@MainActor func timeMemcpy(_ when: String) {
    let sample = measure(runs: 31, warmup: 3) { target.copyMemory(from: source, byteCount: bytes) }
    memcpys.append((when, sample))
    report.add("memcpy \(when)", sample)
}

/// Times `body` on `isa` (11 runs after 2 warm-ups); its row is printed at the end. `limit`: the target as
/// the largest ratio to the baseline.
@MainActor @discardableResult
func timeCase(_ name: String, _ isa: InstructionSet, limit: (text: String, ratio: Double)? = nil, _ body: () -> Void)
    -> Sample
{
    try! isa.activate()
    defer { try! best.activate() }
    let sample = measure(runs: 11, warmup: 2, body)
    cases.append(("\(name) (\(isa))", sample, limit))
    return sample
}

timeMemcpy("before the box")

// MARK: Box
for radius: UInt32 in [2, 8, 30, 60] {
    timeCase("box r \(radius)", best, limit: ("<= 4x memcpy", 4)) {
        _ = ck_box_blur(&src, &dst, radius, radius, scratch, scratchSize)
    }
}
for radius: UInt32 in [8, 60] {
    timeCase("box r \(radius)", .scalar) { _ = ck_box_blur(&src, &dst, radius, radius, scratch, scratchSize) }
}
timeMemcpy("before the gaussian")

// MARK: Gaussian
for sigma: Float in [1, 4, 15, 30] {
    timeCase("gaussian sigma \(Int(sigma))", best, limit: ("<= 8x memcpy", 8)) {
        _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize)
    }
}
for sigma: Float in [4, 30] {
    timeCase("gaussian sigma \(Int(sigma))", .scalar) {
        _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize)
    }
}
// Between the targets' sigmas: the direct filter below 1.5, the band into the image reduced by 2 (no target).
for sigma: Float in [1.4, 1.8, 2.9] {
    timeCase("gaussian sigma \(sigma)", best) { _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize) }
}
timeMemcpy("before the gaussian sweep")

// MARK: Gaussian sweep
// Every sigma from 0.5 to 64 in steps of 0.1 (issue 48: each within 5x memcpy, goal 4x), as an animated radius would
// land on them. Two passes over the sweep, each sigma a median of 5 runs; a sigma keeps the lower of its two medians,
// so a burst of load from another tenant during one pass does not count against it.
let sweepSigmas = (0...635).map { Float(5 + $0) / 10 }
var sweepMedians = [Double](repeating: .infinity, count: sweepSigmas.count)
for pass in 0..<2 {
    for (i, sigma) in sweepSigmas.enumerated() {
        let sample = measure(runs: 5, warmup: 1) { _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize) }
        sweepMedians[i] = min(sweepMedians[i], sample.median)
    }
    timeMemcpy("after gaussian sweep pass \(pass + 1)")
}
timeMemcpy("before the backdrop")

// MARK: Backdrop
var backdropSamples: [Float: Sample] = [:]
for sigma: Float in [4, 8, 15, 30, 60] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    backdropSamples[sigma] = timeCase("backdrop ds 0 sigma \(Int(sigma))", best, limit: ("<= 2.5x memcpy", 2.5)) {
        _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize)
    }
}
for sigma: Float in [4, 30] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    timeCase("backdrop ds 0 sigma \(Int(sigma))", .scalar) {
        _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize)
    }
}
// Below sigma 2 downsample 0 blurs at full resolution (the direct filter; no target).
do {
    var params = ck_backdrop(sigma: 1.5, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    timeCase("backdrop ds 0 sigma 1.5", best) { _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize) }
}
for (sigma, ds): (Float, UInt32) in [(20, 1), (20, 2), (20, 4)] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: ds)
    timeCase("backdrop ds \(ds) sigma \(Int(sigma))", best) {
        _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize)
    }
}
timeMemcpy("before the sweep")

// MARK: Animated sweep
// sigma 4 -> 30 in 0.1 steps, as a drag would: 261 frames, each a full backdrop.
let frames = 261
let sweep = measure(runs: 3, warmup: 1) {
    for step in 0..<frames {
        var params = ck_backdrop(
            sigma: 4 + Float(step) * 0.1, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
        _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize)
    }
}
timeMemcpy("after the sweep")

// MARK: Rows
// timeMemcpy ran five times above, so there is a fastest.
let fastest = memcpys.min { $0.sample.median < $1.sample.median }!
let base = (name: "memcpy", sample: fastest.sample)
report.add("baseline: the fastest memcpy (\(fastest.when))", base.sample)
for c in cases {
    let met = c.limit.map { ($0.text, c.sample.median / base.sample.median <= $0.ratio) }
    report.add(c.name, c.sample, baseline: base, target: met)
}
// The sweep: every sigma's ratio, ten to a line, then the worst and the median.
let sweepRatios = sweepMedians.map { $0 / base.sample.median }
print("gaussian sweep (\(best)), x memcpy at sigma 0.5 + 0.1 i:")
for start in Swift.stride(from: 0, to: sweepRatios.count, by: 10) {
    let end = min(start + 10, sweepRatios.count)
    let cells = (start..<end).map { pad6(format(sweepRatios[$0], 2)) }.joined(separator: " ")
    print("  sigma " + pad6(format(Double(sweepSigmas[start]), 1)) + ": " + cells)
}
let worstIndex = sweepRatios.indices.max { sweepRatios[$0] < sweepRatios[$1] }!
let medianRatio = sweepRatios.sorted()[sweepRatios.count / 2]
report.add(
    "gaussian sweep sigma 0.5-64 step 0.1, worst (\(best))",
    Sample(median: sweepMedians[worstIndex], minimum: sweepMedians.min()!, maximum: sweepMedians[worstIndex], runs: 5),
    baseline: base, target: ("<= 5x memcpy", sweepRatios[worstIndex] <= 5),
    extra: [("at sigma", format(Double(sweepSigmas[worstIndex]), 1)), ("median x", format(medianRatio, 2))])
if let four = backdropSamples[4], let sixty = backdropSamples[60] {
    report.add(
        "backdrop sigma 60 vs sigma 4", sixty, baseline: ("backdrop sigma 4", four),
        target: ("<= 1.15x", sixty.median / four.median <= 1.15))
}
let perFrame = sweep.median / Double(frames)
report.add(
    "backdrop sweep sigma 4->30 step 0.1, \(frames) frames", sweep,
    extra: [
        ("per frame", formatTime(perFrame)), ("= memcpy x", format(perFrame / base.sample.median, 2)),
        ("fps", format(1e9 / perFrame, 0)),
    ])

report.summary()
source.deallocate()
target.deallocate()
scratch.deallocate()

/// Right-aligns a figure in six columns.
func pad6(_ text: String) -> String { String(repeating: " ", count: max(0, 6 - text.count)) + text }

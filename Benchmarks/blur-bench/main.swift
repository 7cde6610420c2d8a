// blur-bench: box, gaussian and backdrop on a full-screen 1290 x 2796 premultiplied RGBA8 image, one core.
// Every case is a median and a ratio to a memcpy of the same image timed in the same run (the physical limit:
// the output must be written once). Issue 4 targets: box <= 4x, gaussian <= 8x, backdrop (downsample 0,
// sigma 4...60) <= 2.5x memcpy, and backdrop at sigma 60 within 1.15x of sigma 4.
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

@MainActor func memcpyBaseline() -> (name: String, sample: Sample) {
    ("memcpy", measure(runs: 31, warmup: 3) { target.copyMemory(from: source, byteCount: bytes) })
}

func run(_ isa: ck_isa, _ body: () -> Void) -> Sample {
    _ = ck_isa_set(isa)
    defer { _ = ck_isa_set(ck_isa_best()) }
    return measure(runs: 11, warmup: 2, body)
}

func isaName(_ isa: ck_isa) -> String { ["scalar", "sse2", "avx2", "neon"][Int(isa.rawValue)] }
let best = ck_isa_best()
print("image \(width) x \(height) premultiplied RGBA8 (\(bytes / 1_000_000) MB), best ISA \(isaName(best))")

var base = memcpyBaseline()
report.add("memcpy 1290x2796x4", base.sample)

// MARK: Box
for radius: UInt32 in [2, 8, 30, 60] {
    let sample = run(best) { _ = ck_box_blur(&src, &dst, radius, radius, scratch, scratchSize) }
    let ratio = sample.median / base.sample.median
    report.add("box r \(radius) (\(isaName(best)))", sample, baseline: base, target: ("<= 4x memcpy", ratio <= 4))
}
for radius: UInt32 in [8, 60] {
    let sample = run(CK_ISA_SCALAR) { _ = ck_box_blur(&src, &dst, radius, radius, scratch, scratchSize) }
    report.add("box r \(radius) (scalar)", sample, baseline: base)
}

// MARK: Gaussian
// Each section times its own memcpy and prints it: the copy of 28 MB of buffers runs at cache speed or at memory speed
// depending on what the section before left in the (shared) last-level cache, so one baseline for all would skew them.
base = memcpyBaseline()
report.add("memcpy before the gaussian", base.sample)
for sigma: Float in [1, 4, 15, 30] {
    let sample = run(best) { _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize) }
    let ratio = sample.median / base.sample.median
    report.add(
        "gaussian sigma \(Int(sigma)) (\(isaName(best)))", sample, baseline: base,
        target: ("<= 8x memcpy", ratio <= 8))
}
for sigma: Float in [4, 30] {
    let sample = run(CK_ISA_SCALAR) { _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize) }
    report.add("gaussian sigma \(Int(sigma)) (scalar)", sample, baseline: base)
}
// Between the targets' sigmas: the direct filter up to the image reduced by 2 at sigma 3 (no target).
for sigma: Float in [2, 2.9] {
    let sample = run(best) { _ = ck_gaussian_blur(&src, &dst, sigma, scratch, scratchSize) }
    report.add("gaussian sigma \(sigma) (\(isaName(best)))", sample, baseline: base)
}

// MARK: Backdrop
base = memcpyBaseline()
report.add("memcpy before the backdrop", base.sample)
var backdropSamples: [Float: Sample] = [:]
for sigma: Float in [4, 8, 15, 30, 60] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    let sample = run(best) { _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize) }
    backdropSamples[sigma] = sample
    let ratio = sample.median / base.sample.median
    report.add(
        "backdrop ds 0 sigma \(Int(sigma)) (\(isaName(best)))", sample, baseline: base,
        target: ("<= 2.5x memcpy", ratio <= 2.5))
}
if let four = backdropSamples[4], let sixty = backdropSamples[60] {
    report.add(
        "backdrop sigma 60 vs sigma 4", sixty, baseline: ("backdrop sigma 4", four),
        target: ("<= 1.15x", sixty.median / four.median <= 1.15))
}
for sigma: Float in [4, 30] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    let sample = run(CK_ISA_SCALAR) { _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize) }
    report.add("backdrop ds 0 sigma \(Int(sigma)) (scalar)", sample, baseline: base)
}
// Below sigma 2 downsample 0 blurs at full resolution (the direct filter; no target).
do {
    var params = ck_backdrop(sigma: 1.5, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
    let sample = run(best) { _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize) }
    report.add("backdrop ds 0 sigma 1.5 (\(isaName(best)))", sample, baseline: base)
}
for (sigma, ds): (Float, UInt32) in [(20, 1), (20, 2), (20, 4)] {
    var params = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (24, 24, 24, 48), downsample: ds)
    let sample = run(best) { _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize) }
    report.add("backdrop ds \(ds) sigma \(Int(sigma)) (\(isaName(best)))", sample, baseline: base)
}

// MARK: Animated sweep
// sigma 4 -> 30 in 0.1 steps, as a drag would: 261 frames, each a full backdrop.
base = memcpyBaseline()
report.add("memcpy before the sweep", base.sample)
let frames = 261
let sweep = measure(runs: 3, warmup: 1) {
    for step in 0..<frames {
        var params = ck_backdrop(
            sigma: 4 + Float(step) * 0.1, saturation: 1.8, tint: (24, 24, 24, 48), downsample: 0)
        _ = ck_backdrop_apply(&src, &dst, &params, scratch, scratchSize)
    }
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

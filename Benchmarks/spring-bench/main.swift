// spring-bench: the spring kernels against baselines timed in the same run.
//
//   propagate_n, 2^20 lanes, one shared propagator  vs  copying the same x and v arrays   (target <= 3x)
//   propagate_n one frame                          vs  RK4 at 1 ms substeps (POP/rebound) (target >= 50x faster)
//   eval_n, 2^20 lanes in mixed regimes            vs  a naive per-lane libm closed form  (target >= 8x faster)
//   ck_spring_eval                                 ns/call, next to the naive closed form
// Each kernel case also runs with the scalar ISA forced, to show what the SIMD paths buy.
//
// Usage: swift run -c release spring-bench [--json]
import AnimationKernel
import BenchmarkSupport
import CKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let lanes = 1 << 20
let frame = 1.0 / 60
var report = Report(benchmark: "spring-bench")
var random = SplitMix64(seed: 42)
@MainActor func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }

/// Runs `body` with `isa` selected, then restores the best ISA.
func with<T>(_ isa: InstructionSet, _ body: () -> T) -> T {
    try! isa.activate()
    defer { try! InstructionSet.best.activate() }
    return body()
}

/// Times `a` and `b` alternately, one run each per round, so that load changes on a shared machine hit
/// the case and its baseline alike; returns each side's median run with min, max and count of all rounds.
func measurePair(rounds: Int, _ a: () -> Void, _ b: () -> Void) -> (Sample, Sample) {
    a()
    b()
    var first: [Sample] = []
    var second: [Sample] = []
    for _ in 0..<rounds {
        first.append(measure(runs: 1, warmup: 0, a))
        second.append(measure(runs: 1, warmup: 0, b))
    }
    func summary(_ samples: [Sample]) -> Sample {
        let sorted = samples.sorted { $0.median < $1.median }
        var middle = sorted[sorted.count / 2]
        middle.minimum = sorted[0].median
        middle.maximum = sorted[sorted.count - 1].median
        middle.runs = sorted.count
        return middle
    }
    return (summary(first), summary(second))
}

let isaName = InstructionSet.best.description

// MARK: - Propagation

// SwiftUI's .bouncy (omega0 4 pi, zeta 0.7): values stay far from denormals over the repeated runs.
let bouncy = ck_spring(omega0: 4 * Double.pi, zeta: 0.7)
var propagator = ck_propagator()
_ = ck_propagator_make(bouncy, frame, &propagator)
var xs = (0..<lanes).map { _ in Float(unit() * 200 - 100) }
var vs = (0..<lanes).map { _ in Float(unit() * 2000 - 1000) }
var copyX = [Float](repeating: 0, count: lanes)
var copyV = [Float](repeating: 0, count: lanes)

@MainActor
func copyFrame() {
    xs.withUnsafeBufferPointer { src in
        copyX.withUnsafeMutableBufferPointer { dst in
            UnsafeMutableRawPointer(dst.baseAddress!).copyMemory(from: src.baseAddress!, byteCount: lanes * 4)
        }
    }
    vs.withUnsafeBufferPointer { src in
        copyV.withUnsafeMutableBufferPointer { dst in
            UnsafeMutableRawPointer(dst.baseAddress!).copyMemory(from: src.baseAddress!, byteCount: lanes * 4)
        }
    }
    blackHole(copyX[lanes / 2] + copyV[lanes / 3])
}

@MainActor func propagateFrame() {
    xs.withUnsafeMutableBufferPointer { x in
        vs.withUnsafeMutableBufferPointer { v in
            _ = ck_propagate_n(&propagator, 1, x.baseAddress, v.baseAddress, lanes)
        }
    }
    blackHole(xs[lanes / 2])
}

let (propagateBest, copy) = measurePair(rounds: 31, propagateFrame, copyFrame)
report.add(
    "propagate_n shared, 2^20 lanes (\(isaName))", propagateBest, baseline: ("copy x+v", copy),
    target: ("<= 3x copy", propagateBest.median <= 3 * copy.median))
let (propagateScalar, copyAgain) = with(.scalar) { measurePair(rounds: 31, propagateFrame, copyFrame) }
report.add("propagate_n shared, 2^20 lanes (scalar)", propagateScalar, baseline: ("copy x+v", copyAgain))

// The same frame the way Facebook's POP and rebound advance springs: RK4 at fixed 1 ms substeps, then
// interpolation between the last two substep states for the leftover time (rebound's DampedSpring.advance).
let stiffness = bouncy.omega0 * bouncy.omega0
let dampingCoefficient = 2 * bouncy.zeta * bouncy.omega0
let solverStep = 0.001
let substeps = Int(frame / solverStep)  // 16
let alpha = (frame - Double(substeps) * solverStep) / solverStep
var rkX = xs
var rkV = vs

@inline(never)
@MainActor func rk4Frame() {
    // Locals, so the inner loop sees constants and not main-actor globals.
    let h = solverStep
    let stiffness = stiffness
    let dampingCoefficient = dampingCoefficient
    let substeps = substeps
    let alpha = alpha
    rkX.withUnsafeMutableBufferPointer { px in
        rkV.withUnsafeMutableBufferPointer { pv in
            for lane in 0..<lanes {
                var x = Double(px[lane])
                var v = Double(pv[lane])
                var previousX = x
                var previousV = v
                for _ in 0..<substeps {
                    previousX = x
                    previousV = v
                    let a1 = -stiffness * x - dampingCoefficient * v
                    let x2 = x + v * h / 2
                    let v2 = v + a1 * h / 2
                    let a2 = -stiffness * x2 - dampingCoefficient * v2
                    let x3 = x + v2 * h / 2
                    let v3 = v + a2 * h / 2
                    let a3 = -stiffness * x3 - dampingCoefficient * v3
                    let x4 = x + v3 * h
                    let v4 = v + a3 * h
                    let a4 = -stiffness * x4 - dampingCoefficient * v4
                    x += h / 6 * (v + 2 * v2 + 2 * v3 + v4)
                    v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
                }
                // rebound keeps the substep state and shows an interpolation for the leftover time.
                px[lane] = Float(x * alpha + previousX * (1 - alpha))
                pv[lane] = Float(v * alpha + previousV * (1 - alpha))
            }
        }
    }
    blackHole(rkX[lanes / 2])
}

let (rk4, propagateNextToRK4) = measurePair(rounds: 5, rk4Frame, propagateFrame)
report.add(
    "propagate_n one frame, 2^20 (\(isaName))", propagateNextToRK4, baseline: ("RK4 1 ms substeps", rk4),
    target: (">= 50x faster than RK4", rk4.median >= 50 * propagateNextToRK4.median),
    extra: [("speedup", format(rk4.median / propagateNextToRK4.median, 1) + "x")])

// MARK: - Closed form for many lanes

// Mixed regimes in every vector: under-, critically and overdamped lanes interleaved.
let zetaChoices: [Float] = [0, 0.15, 0.3, 0.7, 0.999999, 1, 1.000001, 1.5, 4, 40]
let omega0s = (0..<lanes).map { _ in Float(2 + unit() * 60) }
let zetas = (0..<lanes).map { _ in zetaChoices[Int(random.next() % UInt64(zetaChoices.count))] }
let x0s = (0..<lanes).map { _ in Float(unit() * 2 - 1) }
let v0s = (0..<lanes).map { _ in Float(unit() * 40 - 20) }
let times = (0..<lanes).map { _ in Float(unit() * 2) }
var outX = [Float](repeating: 0, count: lanes)
var outV = [Float](repeating: 0, count: lanes)

@MainActor func evalLanes() {
    _ = ck_spring_eval_n(omega0s, zetas, x0s, v0s, times, &outX, &outV, lanes)
    blackHole(outX[lanes / 2])
}

/// The textbook closed form per lane in double with libm, branching on the regime.
@inline(__always)
func naiveSpring(_ w: Double, _ z: Double, _ x0: Double, _ v0: Double, _ t: Double) -> (Double, Double) {
    if z < 1 {
        let wd = w * (1 - z * z).squareRoot()
        let e = exp(-z * w * t)
        let b = (v0 + z * w * x0) / wd
        let c = cos(wd * t)
        let s = sin(wd * t)
        return (e * (x0 * c + b * s), e * ((v0 * c) - (w * w * x0 + z * w * v0) / wd * s))
    } else if z == 1 {
        let e = exp(-w * t)
        return (e * (x0 + (v0 + w * x0) * t), e * (v0 - (w * w * x0 + w * v0) * t))
    } else {
        let root = w * (z * z - 1).squareRoot()
        let r1 = -z * w + root
        let r2 = -z * w - root
        let c2 = (r1 * x0 - v0) / (r1 - r2)
        let c1 = x0 - c2
        let e1 = exp(r1 * t)
        let e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}

@MainActor func naiveLanes() {
    let (w, z, x0, v0, t) = (omega0s, zetas, x0s, v0s, times)
    outX.withUnsafeMutableBufferPointer { px in
        outV.withUnsafeMutableBufferPointer { pv in
            for i in 0..<px.count {
                let (x, v) = naiveSpring(Double(w[i]), Double(z[i]), Double(x0[i]), Double(v0[i]), Double(t[i]))
                px[i] = Float(x)
                pv[i] = Float(v)
            }
        }
    }
    blackHole(outX[lanes / 2])
}

let (evalBest, naive) = measurePair(rounds: 15, evalLanes, naiveLanes)
report.add(
    "eval_n mixed regimes, 2^20 lanes (\(isaName))", evalBest, baseline: ("naive libm", naive),
    target: (">= 8x faster than naive", naive.median >= 8 * evalBest.median),
    extra: [("speedup", format(naive.median / evalBest.median, 1) + "x")])
let (evalScalar, naiveAgain) = with(.scalar) { measurePair(rounds: 5, evalLanes, naiveLanes) }
report.add(
    "eval_n mixed regimes, 2^20 lanes (scalar)", evalScalar, baseline: ("naive libm", naiveAgain),
    extra: [("speedup", format(naiveAgain.median / evalScalar.median, 1) + "x")])

// MARK: - Scalar double closed form

let calls = 4096
let ws = (0..<calls).map { Double(omega0s[$0]) }
let zs = (0..<calls).map { Double(zetas[$0]) }
let ts = (0..<calls).map { Double(times[$0]) }
@MainActor func evalCallsRun() {
    var sum = 0.0
    for i in 0..<calls {
        var x = 0.0
        var v = 0.0
        _ = ck_spring_eval(ck_spring(omega0: ws[i], zeta: zs[i]), 1, -3, ts[i], &x, &v)
        sum += x
    }
    blackHole(sum)
}
@MainActor func naiveCallsRun() {
    var sum = 0.0
    for i in 0..<calls { sum += naiveSpring(ws[i], zs[i], 1, -3, ts[i]).0 }
    blackHole(sum)
}
let (evalCalls, naiveCalls) = measurePair(rounds: 41, evalCallsRun, naiveCallsRun)
report.add(
    "ck_spring_eval (double), 4096 calls", evalCalls, baseline: ("naive libm closed form", naiveCalls),
    extra: [("ns/call", format(evalCalls.median / Double(calls), 1))])

report.summary()

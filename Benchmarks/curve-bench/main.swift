// curve-bench: the cubic-bezier kernel against the classic browser solver, for speed and accuracy.
//
// Baseline (written here): WebKit / Chromium's UnitBezier as most engines ship it: Newton from t = x for
// up to 8 steps while |x(t) - x| >= 1e-7, then bisection until |x(t) - x| < 1e-7, then y(t). It stops on
// an x residual, so its y error is unbounded where dx/dt -> 0. Every case runs on the same 2^20 seeded
// random inputs in [0, 1]; accuracy is measured on 2^16 of them against a double-double bisection.
import AnimationKernel
import BenchmarkSupport
import CKernel

// MARK: - Baseline: the classic browser solver

struct BrowserBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func solveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
        var t2 = x
        for _ in 0..<8 {
            let x2 = sampleX(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = derivativeX(t2)
            if abs(d2) < 1e-6 { break }
            t2 -= x2 / d2
        }
        var t0 = 0.0
        var t1 = 1.0
        t2 = x
        if t2 < t0 { return t0 }
        if t2 > t1 { return t1 }
        while t0 < t1 {
            let x2 = sampleX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 - t0) * 0.5 + t0
            if t2 == t0 || t2 == t1 { break }
        }
        return t2
    }

    func value(_ x: Double) -> Double { sampleY(solveX(x)) }
}

// MARK: - Reference: bisection with double-double evaluation

/// An unevaluated sum hi + lo with |lo| <= ulp(hi) / 2 (Dekker / Knuth error-free transformations).
struct DoubleDouble {
    var hi: Double
    var lo: Double

    init(_ value: Double) {
        hi = value
        lo = 0
    }

    init(hi: Double, lo: Double) {
        let s = hi + lo
        self.hi = s
        self.lo = lo - (s - hi)
    }

    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = a.hi + b.hi
        let v = s - a.hi
        let e = (a.hi - (s - v)) + (b.hi - v)
        return DoubleDouble(hi: s, lo: e + a.lo + b.lo)
    }

    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = a.hi * b.hi
        let e = (-p).addingProduct(a.hi, b.hi)
        return DoubleDouble(hi: p, lo: e + a.hi * b.lo + a.lo * b.hi)
    }

    static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -a.hi, lo: -a.lo) }
}

/// Exact-enough y(x): t bisected over all doubles in [0, 1] with x(t) in double-double, so the side
/// decisions are exact; y(t) in double-double.
func referenceY(_ p: (Double, Double, Double, Double), _ x: Double) -> Double {
    func bernstein(_ c1: Double, _ c2: Double, _ t: Double) -> DoubleDouble {
        let tt = DoubleDouble(t)
        let s = DoubleDouble(1) + -tt
        let three = DoubleDouble(3)
        return three * DoubleDouble(c1) * s * s * tt + three * DoubleDouble(c2) * s * tt * tt + tt * tt * tt
    }
    var lo = 0.0
    var hi = 1.0
    while true {
        let mid = lo + (hi - lo) / 2
        if mid <= lo || mid >= hi { break }
        let diff = bernstein(p.0, p.2, mid) + -DoubleDouble(x)
        if diff.hi + diff.lo < 0 { lo = mid } else { hi = mid }
    }
    let xl = bernstein(p.0, p.2, lo) + -DoubleDouble(x)
    let xh = bernstein(p.0, p.2, hi) + -DoubleDouble(x)
    let t = abs(xl.hi + xl.lo) <= abs(xh.hi + xh.lo) ? lo : hi
    let y = bernstein(p.1, p.3, t)
    return y.hi + y.lo
}

// MARK: - Cases

let count = 1 << 20
var generator = SplitMix64(seed: 0x00C0_FFEE)
let inputs: [Double] = (0..<count).map { _ in Double(generator.next() >> 11) * 0x1p-53 }
let floatInputs: [Float] = inputs.map { Float($0) }
let accuracyCount = 1 << 16

let curves: [(String, (Double, Double, Double, Double))] = [
    ("(0.2,1,0.42,1)", (0.2, 1, 0.42, 1)),
    ("ease", (0.25, 0.1, 0.25, 1)),
    ("ease-in-out", (0.42, 0, 0.58, 1)),
    ("overshoot (0.34,1.56,0.64,1)", (0.34, 1.56, 0.64, 1)),
]

let best = InstructionSet.best
let isas = InstructionSet.available

var report = Report(benchmark: "curve-bench")
print("2^20 random inputs per case; best ISA \(best); ns/eval = median / 2^20")

/// One curve: float batch per ISA and scalar calls against the browser solver, then accuracy. Buffers
/// and the curve live behind pointers so the timed loops carry no exclusivity checks.
func run(_ name: String, _ p: (Double, Double, Double, Double), _ report: inout Report) {
    let baseline = BrowserBezier(p.0, p.1, p.2, p.3)
    let curve = UnsafeMutablePointer<ck_bezier>.allocate(capacity: 1)
    let xs = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let ys = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let xd = UnsafeMutablePointer<Double>.allocate(capacity: count)
    defer {
        curve.deallocate()
        xs.deallocate()
        ys.deallocate()
        xd.deallocate()
    }
    for index in 0..<count {
        xs[index] = floatInputs[index]
        xd[index] = inputs[index]
    }
    guard ck_bezier_init(curve, p.0, p.1, p.2, p.3) == CK_OK else { fatalError("bench curve rejected") }

    // Float batch: the browser solver over the same float inputs (computed in double, stored as float).
    let browserBatch = measure(runs: 9) {
        for index in 0..<count { ys[index] = Float(baseline.value(Double(xs[index]))) }
        blackHole(ys[count / 2])
    }
    for isa in isas.reversed() {
        try! isa.activate()
        let sample = measure(runs: 15) {
            _ = ck_bezier_value_n(curve, xs, ys, count)
            blackHole(ys[count / 2])
        }
        let perEval = sample.median / Double(count)
        let speedup = browserBatch.median / sample.median
        report.add(
            "value_n \(isa) \(name)", sample, baseline: ("browser solver (float io)", browserBatch),
            target: isa == best ? (">= 8x browser and <= 1.5 ns/eval", speedup >= 8 && perEval <= 1.5) : nil,
            extra: [("ns/eval", format(perEval, 3)), ("speedup", format(speedup, 1) + "x")])
    }
    try! best.activate()

    // Scalar double calls.
    let browserScalar = measure(runs: 9) {
        var sum = 0.0
        for index in 0..<count { sum += baseline.value(xd[index]) }
        blackHole(sum)
    }
    let kernelScalar = measure(runs: 15) {
        var sum = 0.0
        for index in 0..<count { sum += ck_bezier_value(curve, xd[index]) }
        blackHole(sum)
    }
    let perCall = kernelScalar.median / Double(count)
    report.add(
        "ck_bezier_value \(name)", kernelScalar, baseline: ("browser solver (double)", browserScalar),
        target: ("<= 10 ns/call", perCall <= 10),
        extra: [
            ("ns/call", format(perCall, 2)), ("browser ns/call", format(browserScalar.median / Double(count), 2)),
        ])

    // Accuracy on the first 2^16 inputs, all three against the same reference.
    var browserError = 0.0
    var kernelError = 0.0
    var kernelFloatError = 0.0
    _ = ck_bezier_value_n(curve, xs, ys, accuracyCount)
    for index in 0..<accuracyCount {
        let x = xd[index]
        let exact = referenceY(p, x)
        browserError = max(browserError, abs(baseline.value(x) - exact))
        kernelError = max(kernelError, abs(ck_bezier_value(curve, x) - exact))
        let exactAtFloat = referenceY(p, Double(xs[index]))
        kernelFloatError = max(kernelFloatError, abs(Double(ys[index]) - exactAtFloat))
    }
    print(
        "  accuracy \(name), max |y - exact| over 2^16 inputs: browser \(formatScientific(browserError))"
            + "  kernel double \(formatScientific(kernelError))  kernel float \(formatScientific(kernelFloatError))")
    if report.json {
        print(
            "{\"benchmark\":\"curve-bench\",\"case\":\"accuracy \(name)\",\"browser_max_error\":\(browserError),"
                + "\"kernel_double_max_error\":\(kernelError),\"kernel_float_max_error\":\(kernelFloatError)}")
    }
}

for (name, p) in curves { run(name, p, &report) }

report.summary()

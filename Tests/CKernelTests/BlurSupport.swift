import CKernel
import TestImageSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A premultiplied RGBA8 test image in a plain array, with its geometry.
struct TestImage {
    var width: Int
    var height: Int
    var stride: Int
    var bytes: [UInt8]

    /// Gradients with sharp wraps plus noise and varying alpha: every frequency is present, colour <= alpha.
    /// `test_image_textured` from Tests/support/include/test_image.h, the generator the native self-test, fuzz
    /// harnesses and tools share; padding bytes are 0xEE.
    static func textured(width: Int, height: Int, padding: Int = 0, seed: UInt64 = 1) -> TestImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        let stride = width * 4 + padding
        var bytes = [UInt8](repeating: 0xEE, count: stride * height)
        bytes.withUnsafeMutableBufferPointer {
            test_image_textured($0.baseAddress, UInt32(width), UInt32(height), stride, &state)
        }
        return TestImage(width: width, height: height, stride: stride, bytes: bytes)
    }

    static func zeros(like other: TestImage) -> TestImage {
        TestImage(
            width: other.width, height: other.height, stride: other.stride,
            bytes: [UInt8](repeating: 0, count: other.bytes.count))
    }

    func pixel(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { bytes[y * stride + x * 4 + c] }

    /// The pixel bytes without row padding, for comparisons.
    var pixels: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height { out += bytes[(y * stride)..<(y * stride + width * 4)] }
        return out
    }

    var colourNeverExceedsAlpha: Bool {
        for y in 0..<height {
            for x in 0..<width where (0..<3).contains(where: { pixel(x, y, $0) > pixel(x, y, 3) }) { return false }
        }
        return true
    }
}

/// Runs a kernel from `source` into `destination` (nil: in place on a copy of source); returns status and result.
func runKernel(
    _ source: TestImage, into destination: TestImage? = nil, scratch: Bool = true,
    _ body: (UnsafePointer<ck_image>, UnsafeMutablePointer<ck_image>, UnsafeMutableRawPointer?, Int) -> ck_status
) -> (ck_status, TestImage) {
    let size = ck_blur_scratch_size(UInt32(source.width), UInt32(source.height))
    var buffer = [UInt8](repeating: 0, count: scratch ? size : 0)
    if var out = destination {
        var src = source
        let status = buffer.withUnsafeMutableBytes { sc in
            src.bytes.withUnsafeMutableBufferPointer { s in
                out.bytes.withUnsafeMutableBufferPointer { d in
                    var si = ck_image(
                        data: s.baseAddress, width: UInt32(src.width), height: UInt32(src.height), stride: src.stride)
                    var di = ck_image(
                        data: d.baseAddress, width: UInt32(out.width), height: UInt32(out.height), stride: out.stride)
                    return body(&si, &di, scratch ? sc.baseAddress : nil, scratch ? size : 0)
                }
            }
        }
        return (status, out)
    }
    var img = source
    let status = buffer.withUnsafeMutableBytes { sc in
        img.bytes.withUnsafeMutableBufferPointer { p in
            var im = ck_image(
                data: p.baseAddress, width: UInt32(img.width), height: UInt32(img.height), stride: img.stride)
            return withUnsafeMutablePointer(to: &im) {
                body($0, $0, scratch ? sc.baseAddress : nil, scratch ? size : 0)
            }
        }
    }
    return (status, img)
}

/// `ck_backdrop_reduce(source, factor)` into a small image of the documented size (ceil(side / factor) + 2).
func reduce(_ source: TestImage, by factor: Int) -> (status: ck_status, small: TestImage) {
    let width = (source.width + factor - 1) / factor + 2
    let height = (source.height + factor - 1) / factor + 2
    var small = TestImage(
        width: width, height: height, stride: width * 4, bytes: .init(repeating: 0, count: width * height * 4))
    var src = source
    let status = src.bytes.withUnsafeMutableBufferPointer { s in
        small.bytes.withUnsafeMutableBufferPointer { d in
            var si = ck_image(
                data: s.baseAddress, width: UInt32(source.width), height: UInt32(source.height), stride: source.stride)
            var di = ck_image(data: d.baseAddress, width: UInt32(width), height: UInt32(height), stride: width * 4)
            return ck_backdrop_reduce(&si, &di, UInt32(factor))
        }
    }
    return (status, small)
}

/// How many times each source index in 0..<n is used by a window of radius r at output i, edges replicated.
func windowWeights(n: Int, radius r: Int) -> [[UInt64]] {
    (0..<n).map { i in
        var w = [UInt64](repeating: 0, count: n)
        let lo = i - r, hi = i + r
        // Indices below 0 clamp to 0, above n - 1 to n - 1; the rest count once.
        w[0] += UInt64(max(0, min(hi, -1) - lo + 1))
        w[n - 1] += UInt64(max(0, hi - max(lo, n) + 1))
        if max(lo, 0) <= min(hi, n - 1) { for j in max(lo, 0)...min(hi, n - 1) { w[j] += 1 } }
        return w
    }
}

/// The contract's box blur in exact integers: floor((S + N/2) / N) over the replicated window.
func naiveBox(_ image: TestImage, rx: Int, ry: Int) -> [UInt8] {
    let (w, h) = (image.width, image.height)
    let wx = windowWeights(n: w, radius: rx), wy = windowWeights(n: h, radius: ry)
    let n = UInt64(2 * rx + 1) * UInt64(2 * ry + 1)
    var rows = [UInt64](repeating: 0, count: w * h * 4)
    for sy in 0..<h {
        for x in 0..<w {
            for c in 0..<4 {
                var s: UInt64 = 0
                for sx in 0..<w where wx[x][sx] != 0 { s += wx[x][sx] * UInt64(image.pixel(sx, sy, c)) }
                rows[(sy * w + x) * 4 + c] = s
            }
        }
    }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for i in 0..<(w * 4) {
            var s: UInt64 = 0
            for sy in 0..<h where wy[y][sy] != 0 { s += wy[y][sy] * rows[sy * w * 4 + i] }
            out[y * w * 4 + i] = UInt8((s + n / 2) / n)
        }
    }
    return out
}

/// The sampled, normalised gaussian exp(-i^2 / 2 sigma^2) over |i| <= 5 sigma + 1, with replicated edges, in
/// double; the clamped taps are folded into per-output weight rows so large sigmas stay cheap.
func referenceGaussian(_ image: TestImage, sigma: Double) -> [Double] {
    func weights(_ n: Int) -> [[Double]] {
        let r = Int((5 * sigma).rounded(.up)) + 1
        var k = (-r...r).map { i -> Double in
            let d = Double(i) / sigma
            return exp(-0.5 * d * d)
        }
        let total = k.reduce(0, +)
        k = k.map { $0 / total }
        return (0..<n).map { i in
            var w = [Double](repeating: 0, count: n)
            for j in -r...r { w[min(max(i + j, 0), n - 1)] += k[j + r] }
            return w
        }
    }
    let (w, h) = (image.width, image.height)
    let wx = weights(w), wy = weights(h)
    var tmp = [Double](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            for c in 0..<4 {
                var s = 0.0
                for sx in 0..<w { s += wx[x][sx] * Double(image.pixel(sx, y, c)) }
                tmp[(y * w + x) * 4 + c] = s
            }
        }
    }
    var out = [Double](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for i in 0..<(w * 4) {
            var s = 0.0
            for sy in 0..<h { s += wy[y][sy] * tmp[sy * w * 4 + i] }
            out[y * w * 4 + i] = s
        }
    }
    return out
}

/// Peak signal-to-noise ratio in dB for 8-bit data (infinite when equal).
func psnr(_ a: [UInt8], _ b: [Double]) -> Double {
    var se = 0.0
    for i in 0..<a.count {
        let d = Double(a[i]) - b[i]
        se += d * d
    }
    return se == 0 ? .infinity : 10 * log10(255.0 * 255.0 / (se / Double(a.count)))
}

func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { psnr(a, b.map(Double.init)) }

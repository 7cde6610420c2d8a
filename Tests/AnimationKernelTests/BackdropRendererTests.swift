import AnimationKernel
import CKernel
import TestImageSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A premultiplied test snapshot, as plain bytes: the shared textured test image (test_image.h's gradients, sharp
/// wraps, noise and varying alpha, colour <= alpha).
func snapshotBytes(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBufferPointer {
        test_image_textured($0.baseAddress, UInt32(width), UInt32(height), width * 4, &state)
    }
    return bytes
}

func image(_ bytes: [UInt8], width: Int, height: Int) throws -> RGBA8Image {
    var image = try RGBA8Image(width: width, height: height)
    image.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
    return image
}

func bytes(of image: RGBA8Image) -> [UInt8] { image.withUnsafeBytes { [UInt8]($0) } }

/// `ck_backdrop_apply` called directly (kernel-allocated scratch) on a copy of `source`.
func kernelBackdrop(
    _ source: [UInt8], width: Int, height: Int, sigma: Float, saturation: Float, tint: (UInt8, UInt8, UInt8, UInt8),
    downsample: UInt32 = 0
) -> [UInt8] {
    var out = source
    let status = out.withUnsafeMutableBufferPointer { buffer in
        var im = ck_image(data: buffer.baseAddress, width: UInt32(width), height: UInt32(height), stride: width * 4)
        var params = ck_backdrop(sigma: sigma, saturation: saturation, tint: tint, downsample: downsample)
        return withUnsafeMutablePointer(to: &im) { ck_backdrop_apply($0, $0, &params, nil, 0) }
    }
    #expect(status == CK_OK)
    return out
}

/// Premultiplied bytes of a grey `level` at `alpha`, rounded as the tint rule: colour <= alpha.
func premultipliedGrey(_ level: Double, alpha: Double) -> (UInt8, UInt8, UInt8, UInt8) {
    let a = UInt8((alpha * 255).rounded())
    let c = min(UInt8((level * alpha * 255).rounded()), a)
    return (c, c, c, a)
}

@Suite struct BackdropRendererTests {
    static let width = 97
    static let height = 61
    static let scale = 3.0

    @Test(arguments: [0.0, 0.05, 0.2, 0.5, 0.81, 1.0])
    func aBlurredFrameEqualsTheKernelWithTheInterpolatedParameters(rate: Double) throws {
        let (w, h) = (Self.width, Self.height)
        let source = snapshotBytes(width: w, height: h, seed: 11)
        // A pull-to-dismiss with the extra-light blur, dragged so that the rate is `rate`.
        var model = pull { $0.backdrop = .pullToDismissExtraLightBlur }
        model.dragBegan(at: 0)
        model.dragChanged(translation: (1 - rate) * 844 * 0.33, velocity: 0, at: 0.1)
        let frame = model.frame(at: 0.1)
        #expect(close(frame.backdropRate, rate, 1e-12))
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: Self.scale)
        var output = try RGBA8Image(width: w, height: h)
        try renderer.render(frame.backdrop, from: try image(source, width: w, height: h), into: &output)
        // The numbers: radius 20 x rate points, saturation (1.8 - 1) x rate + 1, tint alpha 0.82 x rate.
        // Downsampling for speed: the kernel's choice from sigma 4 px (4x, 8x from 12 px), 2x below, none without
        // blur.
        let sigma = 20 * frame.backdropRate * Self.scale
        let expected = kernelBackdrop(
            source, width: w, height: h, sigma: Float(sigma),
            saturation: Float((1.8 - 1) * frame.backdropRate + 1),
            tint: premultipliedGrey(0.97, alpha: 0.82 * frame.backdropRate),
            downsample: sigma >= 4 ? 0 : (sigma > 0 ? 2 : 1))
        expectSameBytes(bytes(of: output), expected, width: output.width)
        if rate > 0 { #expect(expected != source) }
    }

    @Test(arguments: [0.0, 0.3, 1.0])
    func aShadowFrameIsTheColourCompositedByTheKernel(rate: Double) throws {
        let (w, h) = (Self.width, Self.height)
        let source = snapshotBytes(width: w, height: h, seed: 12)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: Self.scale)
        var img = try image(source, width: w, height: h)
        try renderer.render(BackdropEffect.pullToDismissShadow.interpolated(rate: rate), in: &img)
        let expected = kernelBackdrop(
            source, width: w, height: h, sigma: 0, saturation: 1, tint: premultipliedGrey(0, alpha: 0.8 * rate),
            downsample: 1)
        expectSameBytes(bytes(of: img), expected, width: img.width)
        #expect((bytes(of: img) == source) == (rate == 0))
    }

    @Test(arguments: [
        (BackdropRenderer.Downsampling.factor(1), 1), (.factor(2), 2), (.factor(4), 4), (.quality, 0), (.speed, 0),
    ])
    func downsamplingPolicyChoosesTheKernelFactor(policy: BackdropRenderer.Downsampling, factor: Int) throws {
        let (w, h) = (Self.width, Self.height)
        let source = snapshotBytes(width: w, height: h, seed: 13)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: 2, downsampling: policy)
        var output = try RGBA8Image(width: w, height: h)
        let effect = BackdropEffect.pullToDismissBlur.interpolated(rate: 0.6)
        try renderer.render(effect, from: try image(source, width: w, height: h), into: &output)
        let expected = kernelBackdrop(
            source, width: w, height: h, sigma: Float(20 * 0.6 * 2), saturation: Float((1.8 - 1) * 0.6 + 1),
            tint: (0, 0, 0, 0), downsample: UInt32(factor))
        expectSameBytes(bytes(of: output), expected, width: output.width)
    }

    @Test(arguments: [(0.0, 1), (0.01, 2), (3.99, 2), (4.0, 0), (60.0, 0)])
    func speedDownsamplingReducesEveryBlurButNeverBlursMoreThanAsked(sigma: Double, factor: Int) throws {
        let renderer = try BackdropRenderer(width: 4, height: 4, displayScale: 2)
        let parameters = renderer.parameters(for: .blur(radius: sigma / 2, tint: .clear, tintAlpha: 0, saturation: 1))
        #expect(parameters.sigma == sigma && parameters.downsample == factor)
        #expect(renderer.parameters(for: .pullToDismissShadow).downsample == 1)
    }

    @Test func borrowedViewsRenderTheSameAsOwnedImages() throws {
        let (w, h) = (Self.width, Self.height)
        let source = snapshotBytes(width: w, height: h, seed: 14)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: Self.scale)
        let effect = BackdropEffect.pullToDismissDarkBlur.interpolated(rate: 0.4)
        var owned = try image(source, width: w, height: h)
        try renderer.render(effect, in: &owned)
        var borrowed = source
        let failure = borrowed.withUnsafeMutableBytes { raw -> KernelError? in
            do throws(KernelError) {
                let view = try RGBA8ImageView(baseAddress: raw.baseAddress!, width: w, height: h, stride: w * 4)
                try renderer.render(effect, from: view, into: view)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure == nil)
        expectSameBytes(borrowed, bytes(of: owned), width: owned.width)
    }

    @Test func badSizesAndDownsamplingThrow() throws {
        var renderer = try BackdropRenderer(width: 8, height: 8, displayScale: .nan, downsampling: .factor(3))
        var small = try RGBA8Image(width: 8, height: 8)
        #expect(throws: KernelError.self) { try renderer.render(.pullToDismissBlur, in: &small) }
        renderer.downsampling = .quality
        try renderer.render(.pullToDismissBlur, in: &small)  // a NaN scale reads as 1
        #expect(renderer.parameters(for: .pullToDismissBlur).sigma == 20)
        var large = try RGBA8Image(width: 9, height: 8)
        #expect(throws: KernelError.self) { try renderer.render(.pullToDismissBlur, in: &large) }
        #expect(throws: KernelError.self) { _ = try BackdropRenderer(width: -1, height: 8, displayScale: 1) }
    }

    @Test(arguments: [2, 4])
    func preparingReducesTheSnapshotToBlockMeans(factor: Int) throws {
        let (w, h) = (Self.width, Self.height)  // 97 x 61: partial blocks on the right and bottom edges
        let source = snapshotBytes(width: w, height: h, seed: 5)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: 1)
        #expect(renderer.preparedSize == (0, 0))
        try renderer.prepare(try image(source, width: w, height: h), factor: factor)
        let (sw, sh) = renderer.preparedSize
        #expect(sw == (w + factor - 1) / factor && sh == (h + factor - 1) / factor)
        #expect(renderer.preparedFactor == factor)
        var expected = [UInt8](repeating: 0, count: sw * sh * 4)
        for j in 0..<sh {
            for i in 0..<sw {
                // Indices clamped to the image (replicated edges), as ck_backdrop_apply reduces.
                let n = factor * factor
                for c in 0..<4 {
                    var sum = 0
                    for y in (j * factor)..<(j * factor + factor) {
                        for x in (i * factor)..<(i * factor + factor) {
                            sum += Int(source[(min(y, h - 1) * w + min(x, w - 1)) * 4 + c])
                        }
                    }
                    expected[(j * sw + i) * 4 + c] = UInt8((sum + n / 2) / n)
                }
            }
        }
        // No effect is an exact copy of the prepared image.
        var out = try RGBA8Image(width: sw, height: sh)
        try renderer.renderPrepared(.none, into: &out)
        expectSameBytes(bytes(of: out), expected, width: out.width)
    }

    /// Bilinear enlargement by `k` as a compositor samples it: output pixel x reads small position (x + 0.5) / k - 0.5,
    /// clamped to the image.
    static func enlarge(_ small: [UInt8], width sw: Int, height sh: Int, by k: Int) -> [Double] {
        let (w, h) = (sw * k, sh * k)
        var out = [Double](repeating: 0, count: w * h * 4)
        func sample(_ p: Double, _ n: Int) -> (Int, Int, Double) {
            let q = min(max(p, 0), Double(n - 1))
            let i = min(Int(q), n - 1)
            return (i, min(i + 1, n - 1), q - Double(i))
        }
        for y in 0..<h {
            let (y0, y1, fy) = sample((Double(y) + 0.5) / Double(k) - 0.5, sh)
            for x in 0..<w {
                let (x0, x1, fx) = sample((Double(x) + 0.5) / Double(k) - 0.5, sw)
                for c in 0..<4 {
                    func at(_ i: Int, _ j: Int) -> Double { Double(small[(j * sw + i) * 4 + c]) }
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    out[(y * w + x) * 4 + c] = top * (1 - fy) + bottom * fy
                }
            }
        }
        return out
    }

    @Test(arguments: [6.0, 8.0, 12.0, 20.0, 60.0])
    func aPreparedFrameEnlargedLooksLikeTheFullResolutionBlur(sigma: Double) throws {
        let (w, h) = (240, 160)
        let source = snapshotBytes(width: w, height: h, seed: 21)
        let effect = BackdropEffect.blur(radius: sigma, tint: .white, tintAlpha: 0.2, saturation: 1.8)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: 1, downsampling: .factor(1))
        var full = try RGBA8Image(width: w, height: h)
        try renderer.render(effect, from: try image(source, width: w, height: h), into: &full)
        try renderer.prepare(try image(source, width: w, height: h))
        var small = try RGBA8Image(width: w / 4, height: h / 4)
        try renderer.renderPrepared(effect, into: &small)
        let smallBytes = bytes(of: small)
        for p in 0..<(w / 4 * h / 4) { #expect((0..<3).allSatisfy { smallBytes[4 * p + $0] <= smallBytes[4 * p + 3] }) }
        let enlarged = Self.enlarge(smallBytes, width: w / 4, height: h / 4, by: 4)
        let reference = bytes(of: full)
        var squared = 0.0
        for i in 0..<enlarged.count {
            squared += (enlarged[i] - Double(reference[i])) * (enlarged[i] - Double(reference[i]))
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(enlarged.count)))
        // This path reduces by a 4 x 4 box (the kernel's own 4x downsampling switches to a tent below sigma 5 and
        // keeps 45 dB from sigma 4); below sigma 6 the box-reduced image shows (44.7 dB at 4 px, 39.8 at 3).
        #expect(psnr >= 45, "PSNR \(psnr) dB at sigma \(sigma)")
    }

    @Test(arguments: [0.0, 3.0, 6.0, 12.0, 40.0])
    func renderingOnlyTheVisibleBandGivesTheWholeImagesPixelsThere(sigma: Double) throws {
        let (w, h) = (240, 400)
        let source = snapshotBytes(width: w, height: h, seed: 33)
        let effect = BackdropEffect.blur(radius: sigma, tint: .black, tintAlpha: 0.3, saturation: 1.8)
        var renderer = try BackdropRenderer(width: w, height: h, displayScale: 1)
        try renderer.prepare(try image(source, width: w, height: h))
        var whole = try RGBA8Image(width: w / 4, height: h / 4)
        try renderer.renderPrepared(effect, into: &whole)
        let expected = bytes(of: whole)
        // A band at the top (a pull), one in the middle with odd edges, and a left strip (an edge swipe).
        let bands = [
            Rect(x: 0, y: 0, width: 240, height: 130), Rect(x: 9, y: 141, width: 101, height: 77),
            Rect(x: 0, y: 0, width: 50, height: 400),
        ]
        for band in bands {
            var part = try RGBA8Image(width: w / 4, height: h / 4)
            try renderer.renderPrepared(effect, into: &part, visible: band)
            let got = bytes(of: part)
            let (x0, y0) = (Int(band.minX) / 4, Int(band.minY) / 4)
            let (x1, y1) = ((Int(band.maxX) + 3) / 4, (Int(band.maxY) + 3) / 4)
            var mismatches = 0
            var outsideTouched = 0
            for y in 0..<(h / 4) {
                for x in 0..<(w / 4) {
                    for c in 0..<4 {
                        let i = (y * (w / 4) + x) * 4 + c
                        if x >= x0, x < x1, y >= y0, y < y1 {
                            if got[i] != expected[i] { mismatches += 1 }
                        } else if got[i] != 0 {
                            outsideTouched += 1
                        }
                    }
                }
            }
            #expect(mismatches == 0, "band \(band) at sigma \(sigma)")
            #expect(outsideTouched == 0, "band \(band) at sigma \(sigma)")
        }
        var untouched = try RGBA8Image(width: w / 4, height: h / 4)
        try renderer.renderPrepared(effect, into: &untouched, visible: Rect(x: 0, y: 0, width: 0, height: 50))
        #expect(bytes(of: untouched).allSatisfy { $0 == 0 })
    }

    @Test func preparedRenderingRejectsBadFactorsSizesAndDestinations() throws {
        var renderer = try BackdropRenderer(width: 16, height: 16, displayScale: 1)
        let snapshot = try RGBA8Image(width: 16, height: 16)
        #expect(throws: KernelError.self) { try renderer.prepare(snapshot, factor: 3) }
        #expect(throws: KernelError.self) { try renderer.prepare(try RGBA8Image(width: 17, height: 16)) }
        try renderer.prepare(snapshot)
        var wrong = try RGBA8Image(width: 5, height: 4)
        #expect(throws: KernelError.self) { try renderer.renderPrepared(.pullToDismissBlur, into: &wrong) }
        var right = try RGBA8Image(width: 4, height: 4)
        try renderer.renderPrepared(.pullToDismissBlur, into: &right)
    }
}

/// Issue #46 item 16: a frame renders into the buffers of the previous frame; a copy of the renderer or of its output
/// (a `guard var` beside the stored value) would reallocate them every frame.
@Suite struct PreparedBackdropTests {
    @Test func framesRenderInPlace() throws {
        var snapshot = try RGBA8Image(width: 360, height: 300)
        snapshot.withUnsafeMutableBytes { bytes in
            for i in bytes.indices {
                bytes[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 13)
            }
        }
        var backdrop: PreparedBackdrop? = try PreparedBackdrop(snapshot: snapshot, displayScale: 3)
        try backdrop?.render(.pullToDismissBlur)
        let first = try #require(backdrop?.bufferAddresses)
        for frame in 1...20 {
            let effect = BackdropEffect.blur(
                radius: Double(frame), tint: .clear, tintAlpha: 0, saturation: 1.8)
            try backdrop?.render(effect, visible: Rect(x: 0, y: 0, width: 360, height: Double(10 * frame)))
            let now = try #require(backdrop?.bufferAddresses)
            #expect(now == first, "frame \(frame): buffers moved from \(first) to \(now)")
        }
    }
}

/// Issue #46 item 17: the view behind is drawn at the size the renderer needs, not at full resolution.
@Suite struct BackdropCaptureTests {
    @Test func theViewBehindIsDrawnAtHalfScaleAndLandsAtTheDefaultReduction() throws {
        let plan = PreparedBackdrop.capture(pointSize: Size(width: 393, height: 852), screenScale: 3)
        #expect(plan.width == 590 && plan.height == 1278 && plan.scale == 1.5 && plan.factor == 2)
        // A quarter of the pixels of a full-resolution snapshot (1179 x 2556), up to rounding.
        #expect(Double(plan.width * plan.height) <= 1179.0 * 2556 / 4 * 1.01)
        // Prepared, it has the size the default reduction by 4 gives a full-resolution snapshot.
        let half = try PreparedBackdrop(
            snapshot: RGBA8Image(width: plan.width, height: plan.height), displayScale: plan.scale,
            factor: plan.factor)
        let full = try PreparedBackdrop(snapshot: RGBA8Image(width: 1179, height: 2556), displayScale: 3)
        #expect(abs(half.output.width - full.output.width) <= 1 && abs(half.output.height - full.output.height) <= 1)
        #expect(PreparedBackdrop.capture(pointSize: Size(width: 1e12, height: -5), screenScale: .nan).width > 0)
    }
}

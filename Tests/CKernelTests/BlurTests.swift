import CKernel
import TestImageSupport
import TestSupport
import Testing

/// Deterministic small random numbers for test geometry.
struct TestRandom {
    var state: UInt64
    mutating func next(_ range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
}

extension ISASwitching {
    /// Blur kernels on every ISA: exactness, bit-identity with scalar, in place, invariants.
    @Suite struct Blur {
        @Test(arguments: availableISAs)
        func boxBlurIsExactAgainstNaiveSum(isa: ck_isa) {
            var random = TestRandom(state: 7 + UInt64(isa.rawValue))
            // Radii cover the float (N < 2^14), double (N < 2^23) and 64-bit (N > 2^24) divisions.
            let radii: [(Int, Int)] = [
                (0, 1), (1, 0), (1, 1), (2, 5), (9, 3), (40, 2), (65, 70), (3000, 3000), (65535, 65535), (65535, 0),
            ]
            for (rx, ry) in radii {
                let image = TestImage.textured(
                    width: random.next(1...23), height: random.next(1...19), padding: random.next(0...3) * 4,
                    seed: UInt64(rx * 7 + ry))
                let expected = naiveBox(image, rx: rx, ry: ry)
                // In place (the source rows still needed live in a ring in scratch) and into another image.
                let (status, out) = withISA(isa) {
                    runKernel(image) { s, d, sc, n in ck_box_blur(s, d, UInt32(rx), UInt32(ry), sc, n) }
                }
                let (status2, copy) = withISA(isa) {
                    runKernel(image, into: .zeros(like: image)) { s, d, sc, n in
                        ck_box_blur(s, d, UInt32(rx), UInt32(ry), sc, n)
                    }
                }
                #expect(status == CK_OK && status2 == CK_OK)
                expectSameBytes(
                    out.pixels, expected, width: image.width, "radii \(rx), \(ry) on \(image.width) x \(image.height)")
                expectSameBytes(copy.pixels, expected, width: image.width, "radii \(rx), \(ry) out of place")
            }
        }

        /// Every SIMD path equals scalar byte for byte, out of place and in place, for the three functions.
        @Test(arguments: simdISAs)
        func simdPathsAreBitIdenticalToScalar(isa: ck_isa) {
            let kernels:
                [(
                    String,
                    (UnsafePointer<ck_image>, UnsafeMutablePointer<ck_image>, UnsafeMutableRawPointer?, Int) ->
                        ck_status
                )] = [
                    ("box 3x2", { s, d, sc, n in ck_box_blur(s, d, 3, 2, sc, n) }),
                    ("box 61x1", { s, d, sc, n in ck_box_blur(s, d, 61, 1, sc, n) }),
                    ("gaussian 0.7", { s, d, sc, n in ck_gaussian_blur(s, d, 0.7, sc, n) }),
                    ("gaussian 3.3", { s, d, sc, n in ck_gaussian_blur(s, d, 3.3, sc, n) }),
                    ("gaussian 41", { s, d, sc, n in ck_gaussian_blur(s, d, 41, sc, n) }),
                    (
                        "backdrop 6 k0",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 6, saturation: 1.8, tint: (10, 20, 30, 60), downsample: 0)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    (
                        "backdrop 2.5 k1",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 2.5, saturation: 0.3, tint: (0, 0, 0, 0), downsample: 1)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    (
                        "backdrop 30 k0 (reduced by 8)",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 30, saturation: 1.8, tint: (10, 20, 30, 60), downsample: 0)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    (
                        "backdrop 9 k2",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 9, saturation: 1, tint: (40, 40, 40, 80), downsample: 2)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    // The reductions by 4 and 2: the tent below sigma 5 (its vertical half rounds for k = 4), the
                    // box from there.
                    (
                        "backdrop 4.5 k4 (tent)",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 4.5, saturation: 1.2, tint: (0, 0, 0, 0), downsample: 4)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    (
                        "backdrop 12 k4 (box)",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 12, saturation: 1, tint: (0, 0, 0, 0), downsample: 4)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                    (
                        "backdrop 3 k2 (tent)",
                        { s, d, sc, n in
                            var p = ck_backdrop(sigma: 3, saturation: 1, tint: (0, 0, 0, 0), downsample: 2)
                            return ck_backdrop_apply(s, d, &p, sc, n)
                        }
                    ),
                ]
            // Widths of 8 pixels and more reach the 32-byte vector blocks of the reductions.
            for (width, height) in [(1, 1), (37, 13), (70, 41)] {
                let image = TestImage.textured(width: width, height: height, padding: 8, seed: UInt64(width))
                for (name, kernel) in kernels {
                    let reference = withISA(CK_ISA_SCALAR) { runKernel(image, into: .zeros(like: image), kernel).1 }
                    let simd = withISA(isa) { runKernel(image, into: .zeros(like: image), kernel).1 }
                    let inPlace = withISA(isa) { runKernel(image, kernel).1 }
                    expectSameBytes(simd.pixels, reference.pixels, width: width, "\(name) on \(width) x \(height)")
                    expectSameBytes(
                        inPlace.pixels, reference.pixels, width: width, "\(name) in place on \(width) x \(height)")
                }
            }
        }

        /// ck_backdrop_reduce (the box reduction a caller keeps) equals scalar byte for byte for every factor, on
        /// images narrow and wide enough for every vector block and tail.
        @Test(arguments: simdISAs)
        func backdropReduceIsBitIdenticalToScalar(isa: ck_isa) {
            for (width, height) in [(1, 1), (9, 5), (37, 13), (70, 41), (133, 17)] {
                let image = TestImage.textured(width: width, height: height, padding: 4, seed: UInt64(height))
                for factor in [2, 4, 8] {
                    let reference = withISA(CK_ISA_SCALAR) { reduce(image, by: factor) }
                    let simd = withISA(isa) { reduce(image, by: factor) }
                    #expect(reference.status == CK_OK && simd.status == CK_OK, "\(width) x \(height) by \(factor)")
                    expectSameBytes(
                        simd.small.pixels, reference.small.pixels, width: simd.small.width,
                        "reduce \(width) x \(height) by \(factor)")
                }
            }
        }

        @Test(arguments: availableISAs)
        func outputsKeepColourAtMostAlpha(isa: ck_isa) {
            let image = TestImage.textured(width: 45, height: 31, seed: 3)
            #expect(image.colourNeverExceedsAlpha)
            for sigma: Float in [0.5, 1.5, 7, 30] {
                let out = withISA(isa) { runKernel(image) { s, d, sc, n in ck_gaussian_blur(s, d, sigma, sc, n) }.1 }
                #expect(out.colourNeverExceedsAlpha, "gaussian \(sigma)")
                let backdrop = withISA(isa) {
                    runKernel(image) { s, d, sc, n in
                        var p = ck_backdrop(sigma: sigma, saturation: 2.5, tint: (30, 60, 90, 120), downsample: 0)
                        return ck_backdrop_apply(s, d, &p, sc, n)
                    }.1
                }
                #expect(backdrop.colourNeverExceedsAlpha, "backdrop \(sigma)")
            }
            let box = withISA(isa) { runKernel(image) { s, d, sc, n in ck_box_blur(s, d, 4, 9, sc, n) }.1 }
            #expect(box.colourNeverExceedsAlpha)
        }

        /// A transparent half next to a uniform colour: blurring spreads alpha but never a foreign hue. Red equals
        /// alpha and green is 0 in the source, so they must stay so; blue (half of alpha) stays within rounding.
        @Test(arguments: availableISAs)
        func transparentRegionAddsNoColour(isa: ck_isa) {
            var image = TestImage.textured(width: 40, height: 12)
            for y in 0..<12 {
                for x in 0..<40 {
                    let px: [UInt8] = x < 20 ? [0, 0, 0, 0] : [180, 0, 90, 180]
                    for c in 0..<4 { image.bytes[y * image.stride + x * 4 + c] = px[c] }
                }
            }
            let kernels:
                [(UnsafePointer<ck_image>, UnsafeMutablePointer<ck_image>, UnsafeMutableRawPointer?, Int) -> ck_status] =
                    [
                        { s, d, sc, n in ck_box_blur(s, d, 5, 2, sc, n) },
                        { s, d, sc, n in ck_gaussian_blur(s, d, 4, sc, n) },
                        { s, d, sc, n in ck_gaussian_blur(s, d, 0.8, sc, n) },
                    ]
            for kernel in kernels {
                let out = withISA(isa) { runKernel(image, kernel).1 }
                for y in 0..<12 {
                    for x in 0..<40 {
                        let (r, g, b, a) = (
                            out.pixel(x, y, 0), out.pixel(x, y, 1), out.pixel(x, y, 2), out.pixel(x, y, 3)
                        )
                        #expect(
                            r == a && g == 0 && abs(Int(b) * 2 - Int(a)) <= 2, "pixel \(x), \(y): \(r) \(g) \(b) \(a)")
                    }
                }
                #expect(out.pixel(0, 0, 3) == 0, "far transparent pixels stay transparent")
            }
        }
    }
}

/// Gaussian accuracy and continuity (whatever ISA is active; every ISA is bit-identical to scalar).
@Suite struct GaussianQuality {
    static let image = TestImage.textured(width: 64, height: 48, seed: 11)

    /// PSNR of `ck_gaussian_blur` against the float gaussian: at least 50 dB.
    static func expectWithin50dB(_ image: TestImage, sigma: Double) {
        let (status, out) = runKernel(image) { s, d, sc, n in ck_gaussian_blur(s, d, Float(sigma), sc, n) }
        #expect(status == CK_OK)
        let quality = psnr(out.pixels, referenceGaussian(image, sigma: sigma))
        #expect(quality >= 50, "sigma \(sigma): \(quality) dB")
    }

    /// Ten steps of 0.1 from `start`: no pixel moves by more than 3 levels, and every step changes the image.
    static func expectContinuous(_ image: TestImage, from start: Double) {
        var previous = runKernel(image) { s, d, sc, n in ck_gaussian_blur(s, d, Float(start), sc, n) }.1.pixels
        for step in 1...10 {
            let sigma = Float(start + Double(step) * 0.1)
            let out = runKernel(image) { s, d, sc, n in ck_gaussian_blur(s, d, sigma, sc, n) }.1.pixels
            let moves = zip(out, previous).map { abs(Int($0) - Int($1)) }
            #expect(moves.max() ?? 0 <= 3, "sigma \(sigma)")
            #expect(moves.contains { $0 > 0 }, "sigma \(sigma) did not change the image")
            previous = out
        }
    }

    @Test(arguments: [1.0, 1.5, 2, 3, 4.5, 8, 16, 32, 64])
    func gaussianIsWithin50dBOfFloatGaussian(sigma: Double) {
        Self.expectWithin50dB(Self.image, sigma: sigma)
    }

    /// Steps of 0.1 in windows across the range: at most 3 levels per step, and every step changes the image. The
    /// first window ends on the switch from full resolution to the image reduced by 2 (3.0); the others cross several
    /// radius changes of single boxes. The windows start at 2 because below about 1.5 the exact
    /// gaussian itself moves an isolated full-contrast pixel by more than 3 levels per step (7 from 1.0 to 1.1).
    @Test(arguments: [2.0, 9.5, 31.5, 63.0])
    func gaussianIsContinuousInSigma(start: Double) {
        Self.expectContinuous(Self.image, from: start)
    }

    /// The gaussian through the image reduced by 2 from sigma 3 and by 4 from 7, on images whose shorter side is at
    /// least 8 sigma (here up to 12): quality on both sides of each switch, and of the reduced image's own switch
    /// from the direct filter to boxes (sigma 6.12 at k = 2).
    static let larger = TestImage.textured(width: 96, height: 100, seed: 5)

    @Test(arguments: [2.9, 3, 6.1, 6.2, 6.9, 7, 12, 12.1])
    func reducedGaussianIsWithin50dBOfFloatGaussian(sigma: Double) {
        Self.expectWithin50dB(Self.larger, sigma: sigma)
    }

    /// Steps of 0.1 across each switch (3, 6.12, 7 and, on 96 x 100, back to full resolution after 12): no jump of
    /// more than 3 levels, and every step still changes the image.
    @Test(arguments: [2.5, 6.0, 11.5])
    func gaussianIsContinuousAcrossTheReducedSwitch(start: Double) {
        Self.expectContinuous(Self.larger, from: start)
    }

    @Test func zeroBlurIsAnExactCopyAndTinySigmaNoJump() {
        let image = TestImage.textured(width: 19, height: 7, padding: 4)
        let w = image.width
        let gaussian0 = runKernel(image, into: .zeros(like: image)) { s, d, sc, n in ck_gaussian_blur(s, d, 0, sc, n) }
        expectSameBytes(gaussian0.1.pixels, image.pixels, width: w, "gaussian sigma 0")
        let box0 = runKernel(image, into: .zeros(like: image)) { s, d, sc, n in ck_box_blur(s, d, 0, 0, sc, n) }
        expectSameBytes(box0.1.pixels, image.pixels, width: w, "box radius 0")
        let tiny = runKernel(image) { s, d, sc, n in ck_gaussian_blur(s, d, 0.01, sc, n) }
        expectSameBytes(tiny.1.pixels, image.pixels, width: w, "gaussian sigma 0.01")
        var p = ck_backdrop(sigma: 0, saturation: 1, tint: (0, 0, 0, 0), downsample: 0)
        let backdrop = runKernel(image) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }
        expectSameBytes(backdrop.1.pixels, image.pixels, width: w, "backdrop sigma 0")
    }

    @Test func callerScratchAndAllocatedScratchAgree() {
        let image = TestImage.textured(width: 33, height: 21)
        let a = runKernel(image, scratch: true) { s, d, sc, n in ck_gaussian_blur(s, d, 5, sc, n) }
        let b = runKernel(image, scratch: false) { s, d, sc, n in ck_gaussian_blur(s, d, 5, sc, n) }
        #expect(a.0 == CK_OK && b.0 == CK_OK)
        expectSameBytes(a.1.pixels, b.1.pixels, width: image.width)
    }
}

/// The backdrop's reduced-resolution paths against full resolution.
@Suite struct BackdropQuality {
    static let image = TestImage.textured(width: 120, height: 96, seed: 5)

    static func backdrop(_ image: TestImage, sigma: Float, downsample: UInt32) -> [UInt8] {
        runKernel(image) { s, d, sc, n in
            var p = ck_backdrop(sigma: sigma, saturation: 1.8, tint: (20, 20, 20, 60), downsample: downsample)
            return ck_backdrop_apply(s, d, &p, sc, n)
        }.1.pixels
    }

    /// Opaque sawtooth gradients with a little noise: sharp edges everywhere, the hardest case measured by
    /// Tests/tools/blur_downsample.c.
    static let sawtooth: TestImage = {
        var image = TestImage.textured(width: 120, height: 96, seed: 9)
        var noise: UInt64 = 3
        for y in 0..<96 {
            for x in 0..<120 {
                for c in 0..<3 {
                    image.bytes[y * image.stride + x * 4 + c] = test_texture_byte(
                        UInt32(x), UInt32(y), Int32(c), UInt32(test_rng_step(&noise) >> 58), 255)
                }
                image.bytes[y * image.stride + x * 4 + 3] = 255
            }
        }
        return image
    }()

    /// The contract's bound for both factors from sigma 4, on both sides of the switch from the tent reduction
    /// to the box at sigma 5 (a box gave 44.2 dB at k = 4, sigma 4), and k = 2 from sigma 2, where downsample 0
    /// starts to pick it.
    @Test(arguments: [
        (UInt32(2), Float(2)), (2, 4), (2, 4.9), (2, 5), (2, 12), (2, 60), (4, 4), (4, 4.9), (4, 5), (4, 12), (4, 60),
    ])
    func downsampledBackdropIsWithin45dB(factor: UInt32, sigma: Float) {
        for image in [Self.image, Self.sawtooth] {
            let full = Self.backdrop(image, sigma: sigma, downsample: 1)
            let reduced = Self.backdrop(image, sigma: sigma, downsample: factor)
            let quality = psnr(reduced, full)
            #expect(quality >= 45, "k \(factor) sigma \(sigma): \(quality) dB")
        }
    }

    /// On both sides of each switch of factor (2 at sigma 2, 4 at 4, 8 at 12) and of the reduction filter (5).
    @Test(arguments: [Float(1), 1.9, 2, 3, 3.9, 4, 5, 6, 11.9, 12, 20, 60])
    func automaticDownsampleKeeps45dB(sigma: Float) {
        for image in [Self.image, Self.sawtooth] {
            let full = Self.backdrop(image, sigma: sigma, downsample: 1)
            let auto = Self.backdrop(image, sigma: sigma, downsample: 0)
            #expect(psnr(auto, full) >= 45, "sigma \(sigma)")
        }
    }

    @Test func saturationZeroGivesGreyAndTintComposites() {
        var image = TestImage.textured(width: 8, height: 8)
        for i in stride(from: 0, to: image.bytes.count, by: 4) {
            image.bytes[i] = 200
            image.bytes[i + 1] = 100
            image.bytes[i + 2] = 0
            image.bytes[i + 3] = 255
        }
        var p = ck_backdrop(sigma: 0, saturation: 0, tint: (0, 0, 0, 0), downsample: 1)
        let grey = runKernel(image) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }.1
        let y = UInt8((0.2126 * 200 + 0.7152 * 100).rounded())
        #expect([grey.pixel(3, 3, 0), grey.pixel(3, 3, 1), grey.pixel(3, 3, 2)] == [y, y, y])
        p = ck_backdrop(sigma: 0, saturation: 1, tint: (0, 0, 128, 128), downsample: 1)
        let tinted = runKernel(image) { s, d, sc, n in ck_backdrop_apply(s, d, &p, sc, n) }.1
        // source-over: out = tint + c * (255 - 128) / 255
        #expect(tinted.pixel(1, 1, 0) == UInt8((200.0 * 127 / 255).rounded()))
        #expect(tinted.pixel(1, 1, 2) == 128)
        #expect(tinted.pixel(1, 1, 3) == 255)
    }
}

/// Every bad input in the contract gets its status.
@Suite struct BlurBadInput {
    enum Call { case box(UInt32, UInt32), gaussian(Float), backdrop(ck_backdrop) }

    static func call(
        _ call: Call, _ s: UnsafePointer<ck_image>?, _ d: UnsafeMutablePointer<ck_image>?,
        _ sc: UnsafeMutableRawPointer?, _ n: Int
    ) -> ck_status {
        switch call {
        case .box(let rx, let ry): return ck_box_blur(s, d, rx, ry, sc, n)
        case .gaussian(let sigma): return ck_gaussian_blur(s, d, sigma, sc, n)
        case .backdrop(var p): return ck_backdrop_apply(s, d, &p, sc, n)
        }
    }

    static func inPlace(_ call: Call, _ image: inout ck_image) -> ck_status {
        withUnsafeMutablePointer(to: &image) { Self.call(call, $0, $0, nil, 0) }
    }

    static let good = ck_backdrop(sigma: 4, saturation: 1, tint: (0, 0, 0, 0), downsample: 0)

    @Test(arguments: [
        (Call.box(65536, 0), CK_ERR_ARGUMENT), (.box(0, 70000), CK_ERR_ARGUMENT), (.gaussian(.nan), CK_ERR_ARGUMENT),
        (.gaussian(-1), CK_ERR_ARGUMENT), (.gaussian(2000.5), CK_ERR_ARGUMENT), (.gaussian(.infinity), CK_ERR_ARGUMENT),
        (.backdrop(ck_backdrop(sigma: 4, saturation: .nan, tint: (0, 0, 0, 0), downsample: 0)), CK_ERR_ARGUMENT),
        (.backdrop(ck_backdrop(sigma: 4, saturation: 1, tint: (0, 0, 0, 0), downsample: 3)), CK_ERR_ARGUMENT),
        (.backdrop(ck_backdrop(sigma: 4, saturation: 1, tint: (9, 0, 0, 8), downsample: 0)), CK_ERR_ARGUMENT),
        (.backdrop(ck_backdrop(sigma: -2, saturation: 1, tint: (0, 0, 0, 0), downsample: 0)), CK_ERR_ARGUMENT),
    ])
    func outOfRangeNumbersAreArgumentErrors(call: Call, expected: ck_status) {
        var bytes = [UInt8](repeating: 0, count: 64)
        let status = bytes.withUnsafeMutableBufferPointer { p in
            var im = ck_image(data: p.baseAddress, width: 4, height: 4, stride: 16)
            return Self.inPlace(call, &im)
        }
        #expect(status == expected)
    }

    @Test(arguments: [Call.box(1, 1), .gaussian(2), .backdrop(good)])
    func geometryErrorsHaveTheirStatus(call: Call) {
        var bytes = [UInt8](repeating: 0, count: 4096)
        bytes.withUnsafeMutableBufferPointer { p in
            let base = p.baseAddress!
            var a = ck_image(data: base, width: 8, height: 8, stride: 32)
            var shifted = ck_image(data: base + 4, width: 8, height: 8, stride: 32)
            var otherStride = ck_image(data: base, width: 8, height: 8, stride: 36)
            var far = ck_image(data: base + 2048, width: 8, height: 8, stride: 32)
            var narrow = ck_image(data: base + 2048, width: 8, height: 8, stride: 31)
            var smaller = ck_image(data: base + 2048, width: 7, height: 8, stride: 32)
            var huge = ck_image(data: base, width: (1 << 20) + 1, height: 1, stride: 4 * ((1 << 20) + 1))
            var overflow = ck_image(data: base, width: 1, height: 1 << 20, stride: Int.max / 1000)
            var empty = ck_image(data: nil, width: 0, height: 5, stride: 0)
            var nullData = ck_image(data: nil, width: 2, height: 2, stride: 8)
            var scratch = [UInt8](repeating: 0, count: 16)
            #expect(Self.call(call, nil, &a, nil, 0) == CK_ERR_NULL)
            #expect(Self.call(call, &a, nil, nil, 0) == CK_ERR_NULL)
            #expect(Self.inPlace(call, &nullData) == CK_ERR_NULL)
            #expect(Self.call(call, &a, &shifted, nil, 0) == CK_ERR_OVERLAP)
            #expect(Self.call(call, &a, &otherStride, nil, 0) == CK_ERR_OVERLAP)
            #expect(Self.call(call, &a, &narrow, nil, 0) == CK_ERR_SIZE)
            #expect(Self.call(call, &a, &smaller, nil, 0) == CK_ERR_SIZE)
            #expect(Self.inPlace(call, &huge) == CK_ERR_SIZE)
            #expect(Self.inPlace(call, &overflow) == CK_ERR_SIZE)
            #expect(scratch.withUnsafeMutableBytes { Self.call(call, &a, &far, $0.baseAddress, 16) } == CK_ERR_SIZE)
            #expect(Self.inPlace(call, &empty) == CK_OK)
            #expect(Self.call(call, &a, &far, nil, 0) == CK_OK)
        }
    }

    @Test func scratchSizeGrowsWithTheImage() {
        #expect(ck_blur_scratch_size(0, 10) == 0)
        #expect(ck_blur_scratch_size(100, 100) <= ck_blur_scratch_size(101, 100))
        #expect(ck_blur_scratch_size(100, 100) <= ck_blur_scratch_size(100, 101))
    }
}

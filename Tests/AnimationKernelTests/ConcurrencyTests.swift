import AnimationKernel
import CKernel
import Testing

/// Memory the tasks of one test share, read-only once filled (a source image). Unchecked because it
/// holds raw pointers; sharing one address (not a copy per task) is the point, so that
/// `swift test --sanitize=thread` sees every task read the same bytes while others run.
private final class SharedBytes: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let count: Int

    init(count: Int) {
        self.count = count
        pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64)
    }

    deinit { pointer.deallocate() }
}

/// Runs `job` for every index on a task group, several at once, and returns the results in index order.
private func concurrently<R: Sendable>(_ count: Int, _ job: @escaping @Sendable (Int) -> R) async -> [R] {
    await withTaskGroup(of: (Int, R).self) { group in
        for index in 0..<count { group.addTask { (index, job(index)) } }
        var results = [R?](repeating: nil, count: count)
        for await (index, result) in group { results[index] = result }
        return results.compactMap { $0 }
    }
}

/// Whether two result lists agree: same length, and each pair equal (NaN with NaN, infinities with
/// themselves) or within `tolerance` times the list's scale (1 + its largest finite magnitude).
private func agree(_ got: [Double], _ expected: [Double], tolerance: Double) -> Bool {
    guard got.count == expected.count else { return false }
    let scale = 1 + expected.lazy.filter(\.isFinite).map(abs).reduce(0, max)
    return zip(got, expected).allSatisfy { a, b in
        a == b || (a.isNaN && b.isNaN) || abs(a - b) <= tolerance * scale
    }
}

/// The kernels keep no mutable state besides the atomic ISA choice, so calls from many tasks at once must
/// give what the same calls give one after another. These tests never switch ISA, but the ISA-switching
/// suites of CKernelTests run in the same process meanwhile, so a job may run on another ISA than its
/// single-threaded twin: images must still match byte for byte (the contract makes every ISA bit-exact),
/// springs and curves within the contract's float bounds (1e-4 of the scale after 2 s of propagation, 5e-7
/// for the curve batch; both far below what a race would do). Meant for `swift test --sanitize=thread`
/// (Tests/sanitizers.sh), which reports any data race inside the kernels or the wrappers.
@Suite struct Concurrency {
    /// More jobs than the machine has cores, so tasks interleave on every worker thread.
    static let jobs = 12

    /// One job's spring results: the Swift `DampedSpring` closed form and settling time, a `SpringArray` stepped with
    /// the propagator, and the float batch closed form (`ck_spring_eval_n`, which has no Swift wrapper yet).
    private static func springJob(_ index: Int) throws -> [Double] {
        let dampingRatio = [0.05, 0.3, 1.0, 1.0 + 1e-9, 4.0][index % 5]  // all damped: settling is finite
        let spring = try DampedSpring(response: 0.2 + 0.05 * Double(index), dampingRatio: dampingRatio)
        var results: [Double] = []
        for step in 0..<64 {
            let time = Double(step) / 30
            results.append(spring.value(from: 0, to: 1, initialVelocity: Double(index), at: time))
            results.append(spring.velocity(from: 0, to: 1, initialVelocity: Double(index), at: time))
        }
        results.append(spring.settlingDuration(from: 0, to: 1))

        let lanes = 37  // not a multiple of any SIMD width: tails run too
        var array = try SpringArray(spring: spring, values: (0..<lanes).map { Float($0) })
        for lane in 0..<lanes { try array.retarget(lane: lane, to: Float(index - lane)) }
        for frame in 0..<240 { array.advance(by: frame % 3 == 0 ? 1.0 / 120 : 1.0 / 60) }
        results += array.displacements.map(Double.init) + array.velocities.map(Double.init)

        let omega0 = [Float](repeating: Float(spring.angularFrequency), count: lanes)
        let zeta = [Float](repeating: Float(spring.dampingRatio), count: lanes)
        let x0 = (0..<lanes).map { Float($0) / Float(lanes) }
        let v0 = (0..<lanes).map { Float(index - $0) }
        let t = (0..<lanes).map { Float($0) / 60 }
        var xs = [Float](repeating: 0, count: lanes)
        var vs = [Float](repeating: 0, count: lanes)
        results.append(Double(ck_spring_eval_n(omega0, zeta, x0, v0, t, &xs, &vs, lanes).rawValue))
        results += xs.map(Double.init) + vs.map(Double.init)
        return results
    }

    @Test func springsGiveTheSameResultsFromManyTasks() async throws {
        let alone = try (0..<Self.jobs).map(Self.springJob)
        let together = await concurrently(Self.jobs) { index in Result { try Self.springJob(index) } }
        #expect(together.count == alone.count)
        for (index, expected) in alone.enumerated() {
            let concurrent = try together[index].get()
            #expect(expected.allSatisfy { $0.isFinite }, "job \(index): a spring result is not finite")
            #expect(agree(concurrent, expected, tolerance: 1e-4), "job \(index)")
        }
    }

    @Test func oneTimingCurveSharedByManyTasksGivesTheSameValues() async throws {
        // TimingCurve keeps its precomputed ck_bezier in one reference-counted box: every task reads it.
        let curves = [try TimingCurve.cubicBezier(0.3, -0.4, 0.6, 1.5), TimingCurve.easeInEaseOut, .default]
        let job: @Sendable (Int) -> [Double] = { index in
            let curve = curves[index % curves.count]
            let progress = (0..<203).map { Float($0 + index) / 200 - 0.01 }
            var batch = [Float](repeating: 0, count: progress.count)
            progress.withUnsafeBufferPointer { input in
                batch.withUnsafeMutableBufferPointer { output in curve.values(at: input, into: output) }
            }
            var results = batch.map(Double.init)
            for x in progress { results += [curve.value(at: Double(x)), curve.slope(at: Double(x))] }
            return results
        }
        let alone = (0..<Self.jobs).map(job)
        let together = await concurrently(Self.jobs, job)
        for (index, expected) in alone.enumerated() {
            #expect(expected.allSatisfy { !$0.isNaN }, "job \(index): a curve value is NaN")
            #expect(agree(together[index], expected, tolerance: 5e-7), "job \(index)")
        }
    }

    @Test func oneSourceImageBlurredFromManyTasksGivesTheSameBytes() async {
        let width: UInt32 = 37
        let height: UInt32 = 23
        let stride = 4 * Int(width) + 12
        let source = SharedBytes(count: stride * Int(height))
        let bytes = source.pointer.bindMemory(to: UInt8.self, capacity: source.count)
        for i in 0..<source.count {
            let alpha = UInt8(truncatingIfNeeded: i &* 7 &+ 90)
            bytes[i] = i % 4 == 3 ? alpha : UInt8(truncatingIfNeeded: i &* 31) % (alpha &+ 1)
        }
        // Each job owns its destination and scratch; all of them read the one source at once.
        let job: @Sendable (Int) -> [UInt8] = { index in
            var src = ck_image(
                data: source.pointer.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                stride: stride)
            var out = [UInt8](repeating: 0, count: stride * Int(height))
            var scratch = [UInt8](repeating: 0, count: ck_blur_scratch_size(width, height))
            var statuses: [UInt8] = []
            out.withUnsafeMutableBufferPointer { outBuffer in
                scratch.withUnsafeMutableBytes { scratchBuffer in
                    var dst = ck_image(data: outBuffer.baseAddress, width: width, height: height, stride: stride)
                    let box = ck_box_blur(
                        &src, &dst, UInt32(index % 5), UInt32(index % 3), scratchBuffer.baseAddress, scratchBuffer.count
                    )
                    statuses.append(UInt8(box.rawValue))
                    let gaussian = withUnsafeMutablePointer(to: &dst) { inPlace in
                        ck_gaussian_blur(
                            inPlace, inPlace, 0.5 + Float(index), scratchBuffer.baseAddress, scratchBuffer.count)
                    }
                    statuses.append(UInt8(gaussian.rawValue))
                    var params = ck_backdrop(
                        sigma: Float(index), saturation: 1.8, tint: (20, 20, 20, 40), downsample: UInt32(index % 3))
                    let backdrop = ck_backdrop_apply(&src, &dst, &params, nil, 0)
                    statuses.append(UInt8(backdrop.rawValue))
                }
            }
            return statuses + out
        }
        let alone = (0..<Self.jobs).map(job)
        let together = await concurrently(Self.jobs, job)
        for (index, expected) in alone.enumerated() {
            #expect(Array(expected.prefix(3)) == [0, 0, 0], "job \(index): a blur failed")
            #expect(together[index] == expected, "job \(index)")
        }
    }
}

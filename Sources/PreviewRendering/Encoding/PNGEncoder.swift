/// PNG and APNG files written in the project: RGBA8 with straight (non-premultiplied) alpha, 8 bits per
/// channel, per-row adaptive filtering, zlib via ``Zlib``.
package enum PNGEncoder {
    /// The 8-byte PNG signature.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes the whole canvas as a still PNG (its premultiplied pixels are unpremultiplied on write).
    package static func encode(_ canvas: Canvas, method: DeflateMethod = .fixedHuffman) -> [UInt8] {
        var out = signature
        appendHeader(width: canvas.width, height: canvas.height, to: &out)
        let data = compressedRegion(
            of: canvas, PixelRegion(x: 0, y: 0, width: canvas.width, height: canvas.height),
            method: method)
        appendChunk("IDAT", data, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    static func appendHeader(width: Int, height: Int, to out: inout [UInt8]) {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &out)
    }

    /// Appends length, type, data and the CRC-32 of type + data.
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &out)
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        appendBigEndian(crc.value, to: &out)
    }

    /// The zlib stream of the filtered scanlines of `region`, unpremultiplied to straight alpha.
    static func compressedRegion(of canvas: Canvas, _ region: PixelRegion, method: DeflateMethod) -> [UInt8] {
        let rowBytes = region.width * 4
        let lineBytes = rowBytes + 1
        var filtered = [UInt8](repeating: 0, count: lineBytes * region.height)
        // Two straight-alpha rows (current and previous, zero above the first) and one candidate per filter.
        var rows = [UInt8](repeating: 0, count: 2 * rowBytes)
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        canvas.pixels.withUnsafeBufferPointer { pixels in
            rows.withUnsafeMutableBufferPointer { rows in
                candidates.withUnsafeMutableBufferPointer { candidates in
                    filtered.withUnsafeMutableBufferPointer { filtered in
                        guard let source = pixels.baseAddress, let rowBase = rows.baseAddress,
                            let candidateBase = candidates.baseAddress, let out = filtered.baseAddress
                        else { return }
                        var current = rowBase
                        var above = rowBase + rowBytes
                        for y in 0..<region.height {
                            let start = source + (region.y + y) * canvas.stride + region.x * 4
                            for i in Swift.stride(from: 0, to: rowBytes, by: 4) {
                                let a = start[i + 3]
                                current[i] = unpremultiply(start[i], a)
                                current[i + 1] = unpremultiply(start[i + 1], a)
                                current[i + 2] = unpremultiply(start[i + 2], a)
                                current[i + 3] = a
                            }
                            let type = chooseFilter(current, above, rowBytes, candidateBase)
                            let line = out + y * lineBytes
                            line[0] = type
                            (line + 1).update(from: candidateBase + Int(type) * rowBytes, count: rowBytes)
                            swap(&current, &above)
                        }
                    }
                }
            }
        }
        return Zlib.compress(filtered, method: method)
    }

    /// `round(c * 255 / a)` for a premultiplied channel, clamped (a premultiplied channel never exceeds alpha
    /// in a well-formed canvas, but the clamp keeps foreign data safe).
    @inline(__always) static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        if a == 255 { return c }
        if a == 0 { return 0 }
        return UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }

    /// Applies the five PNG filters (none, sub, up, average, Paeth) to `row` into the five `count`-byte
    /// slots of `out`, and returns the type with the smallest sum of absolute (signed) residuals, the
    /// heuristic the PNG specification recommends (section 12.8).
    static func chooseFilter(
        _ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, _ count: Int,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UInt8 {
        @inline(__always) func cost(_ r: UInt8) -> Int { r < 128 ? Int(r) : 256 - Int(r) }
        var scores = (0, 0, 0, 0, 0)
        let none = out
        let sub = out + count
        let up = out + 2 * count
        let average = out + 3 * count
        let paethOut = out + 4 * count
        for i in 0..<min(4, count) {
            let x = row[i]
            let b = above[i]
            none[i] = x
            sub[i] = x
            up[i] = x &- b
            average[i] = x &- (b >> 1)
            paethOut[i] = x &- b  // a = c = 0, so Paeth picks b
        }
        for i in Swift.stride(from: 4, to: count, by: 1) {
            let x = row[i]
            let a = row[i - 4]
            let b = above[i]
            let c = above[i - 4]
            none[i] = x
            sub[i] = x &- a
            up[i] = x &- b
            average[i] = x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
            paethOut[i] = x &- paeth(a, b, c)
        }
        for i in 0..<count {
            scores.0 += cost(none[i])
            scores.1 += cost(sub[i])
            scores.2 += cost(up[i])
            scores.3 += cost(average[i])
            scores.4 += cost(paethOut[i])
        }
        var best: UInt8 = 0
        var bestScore = scores.0
        if scores.1 < bestScore { (best, bestScore) = (1, scores.1) }
        if scores.2 < bestScore { (best, bestScore) = (2, scores.2) }
        if scores.3 < bestScore { (best, bestScore) = (3, scores.3) }
        if scores.4 < bestScore { (best, bestScore) = (4, scores.4) }
        return best
    }

    /// The Paeth predictor (PNG specification section 9.4): whichever of left, above, upper-left is closest
    /// to `left + above - upperLeft`, ties in that order.
    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        // |p - a| = |b - c|, |p - b| = |a - c|, |p - c| = |a + b - 2c| with p = a + b - c; written without
        // branches on the data so the selects compile to conditional moves.
        let ia = Int16(a)
        let ib = Int16(b)
        let ic = Int16(c)
        let pa = abs(ib - ic)
        let pb = abs(ia - ic)
        let pc = abs(ia + ib - 2 * ic)
        let bOrC = pb <= pc ? b : c
        return pa <= pb && pa <= pc ? a : bOrC
    }
}

/// A rectangle of pixels (integer pixel coordinates, top-left origin).
package struct PixelRegion: Sendable, Hashable {
    /// Left column.
    package var x: Int
    /// Top row.
    package var y: Int
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int

    /// Creates a region.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Builds an animated PNG (APNG 1.0): `acTL`, then per frame an `fcTL` and its image data (`IDAT` for the
/// first frame, which is also the still image that viewers without APNG support show; `fdAT` after).
///
/// Each frame after the first stores only the bounding box of the pixels that changed since the previous
/// frame (`dispose_op` NONE, `blend_op` SOURCE), so still parts of a transition cost nothing. Decoding
/// composites the boxes and yields exactly the frames that were added.
package struct APNGEncoder: Sendable {
    /// Frame width in pixels.
    package let width: Int
    /// Frame height in pixels.
    package let height: Int
    /// Deflate method for every frame.
    package let method: DeflateMethod
    private let frameCount: Int
    private var bytes: [UInt8]
    private var sequence: UInt32 = 0
    private var framesAdded = 0
    private var previous: Canvas?

    /// Starts a file of exactly `frameCount` frames (>= 1) of `width` x `height` pixels, looping forever.
    package init(width: Int, height: Int, frameCount: Int, method: DeflateMethod = .fixedHuffman) {
        self.width = width
        self.height = height
        self.frameCount = max(1, frameCount)
        self.method = method
        bytes = PNGEncoder.signature
        PNGEncoder.appendHeader(width: width, height: height, to: &bytes)
        var control: [UInt8] = []
        appendBigEndian(UInt32(self.frameCount), to: &control)
        appendBigEndian(0, to: &control)  // num_plays 0: loop forever
        PNGEncoder.appendChunk("acTL", control, to: &bytes)
    }

    /// Whether every announced frame has been added.
    package var isComplete: Bool { framesAdded == frameCount }

    /// Adds the next frame, shown for `delayNumerator / delayDenominator` seconds. Canvases of another size
    /// or frames beyond the announced count are ignored (returns `false`).
    @discardableResult
    package mutating func addFrame(_ canvas: Canvas, delayNumerator: UInt16, delayDenominator: UInt16) -> Bool {
        guard canvas.width == width, canvas.height == height, framesAdded < frameCount else { return false }
        let region: PixelRegion
        if let previous {
            region = Self.changedRegion(from: previous, to: canvas)
        } else {
            region = PixelRegion(x: 0, y: 0, width: width, height: height)
        }
        var control: [UInt8] = []
        appendBigEndian(sequence, to: &control)
        sequence += 1
        appendBigEndian(UInt32(region.width), to: &control)
        appendBigEndian(UInt32(region.height), to: &control)
        appendBigEndian(UInt32(region.x), to: &control)
        appendBigEndian(UInt32(region.y), to: &control)
        control += [UInt8(delayNumerator >> 8), UInt8(delayNumerator & 0xFF)]
        control += [UInt8(delayDenominator >> 8), UInt8(delayDenominator & 0xFF)]
        control += [0, 0]  // dispose_op NONE, blend_op SOURCE
        PNGEncoder.appendChunk("fcTL", control, to: &bytes)
        let data = PNGEncoder.compressedRegion(of: canvas, region, method: method)
        if framesAdded == 0 {
            PNGEncoder.appendChunk("IDAT", data, to: &bytes)
        } else {
            var frameData: [UInt8] = []
            frameData.reserveCapacity(data.count + 4)
            appendBigEndian(sequence, to: &frameData)
            sequence += 1
            frameData += data
            PNGEncoder.appendChunk("fdAT", frameData, to: &bytes)
        }
        framesAdded += 1
        previous = canvas
        return true
    }

    /// The complete file (appends `IEND`). Call after the last frame.
    package func finish() -> [UInt8] {
        var out = bytes
        PNGEncoder.appendChunk("IEND", [], to: &out)
        return out
    }

    /// The bounding box of the pixels that differ; a 1 x 1 box at the origin if none do (fcTL needs a
    /// non-empty region).
    static func changedRegion(from old: Canvas, to new: Canvas) -> PixelRegion {
        var minX = new.width
        var minY = new.height
        var maxX = -1
        var maxY = -1
        old.pixels.withUnsafeBytes { oldBytes in
            new.pixels.withUnsafeBytes { newBytes in
                // Whole pixels compared as 32-bit words (unaligned loads: the storage is a byte array).
                @inline(__always) func differs(_ index: Int) -> Bool {
                    oldBytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
                        != newBytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
                }
                for y in 0..<new.height {
                    let rowStart = y * new.width
                    var first = -1
                    for x in 0..<new.width where differs(rowStart + x) {
                        first = x
                        break
                    }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in Swift.stride(from: new.width - 1, through: first, by: -1) where differs(rowStart + x) {
                        last = x
                        break
                    }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        if maxX < 0 { return PixelRegion(x: 0, y: 0, width: 1, height: 1) }
        return PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// How a zlib stream's deflate blocks are coded (RFC 1951).
package enum DeflateMethod: Sendable, Hashable, CaseIterable {
    /// Stored (uncompressed) blocks of at most 65535 bytes: fastest, largest.
    case stored
    /// One block with the fixed Huffman code of RFC 1951 section 3.2.6 over greedy LZ77 matches
    /// (hash chains over a 32 KiB window). Falls back to stored blocks if that would be smaller.
    case fixedHuffman
}

/// A zlib stream (RFC 1950) written in the project: 2-byte header, deflate blocks, Adler-32 trailer.
package enum Zlib {
    /// Compresses `bytes` into a complete zlib stream.
    package static func compress(_ bytes: [UInt8], method: DeflateMethod = .fixedHuffman) -> [UInt8] {
        bytes.withUnsafeBufferPointer { compress($0, method: method) }
    }

    /// Compresses `bytes` into a complete zlib stream.
    package static func compress(_ bytes: UnsafeBufferPointer<UInt8>, method: DeflateMethod = .fixedHuffman) -> [UInt8]
    {
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01 makes (CMF * 256 + FLG) a multiple of 31, no dictionary.
        var out: [UInt8] = [0x78, 0x01]
        switch method {
        case .stored:
            appendStored(bytes, to: &out)
        case .fixedHuffman:
            var writer = BitWriter(capacity: bytes.count / 4 + 64)
            FixedHuffmanEncoder.encode(bytes, into: &writer)
            let coded = writer.finish()
            // A stored stream costs 5 bytes per 65535; fixed Huffman can lose on noise-like data.
            let storedSize = bytes.count + 5 * max(1, (bytes.count + 65534) / 65535)
            if coded.count < storedSize {
                out.append(contentsOf: coded)
            } else {
                appendStored(bytes, to: &out)
            }
        }
        var adler = Adler32()
        adler.update(bytes)
        appendBigEndian(adler.value, to: &out)
        return out
    }

    private static func appendStored(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 5 * (bytes.count / 65535 + 1) + 4)
        var start = 0
        repeat {
            let length = min(65535, bytes.count - start)
            let final: UInt8 = start + length == bytes.count ? 1 : 0
            // Header bits BFINAL, BTYPE = 00, then padding to the byte boundary: one byte.
            out.append(final)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            if length > 0 { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + length])) }
            start += length
        } while start < bytes.count
    }
}

/// Appends `value` as 4 big-endian bytes (PNG and zlib byte order).
@inlinable func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
    out.append(UInt8(value >> 24))
    out.append(UInt8((value >> 16) & 0xFF))
    out.append(UInt8((value >> 8) & 0xFF))
    out.append(UInt8(value & 0xFF))
}

/// Deflate's bit order: values are packed starting at the least significant bit of each byte.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends the low `length` bits of `bits` (length <= 32).
    @inline(__always) mutating func write(_ bits: UInt32, _ length: UInt32) {
        buffer |= UInt64(bits) << count
        count += UInt64(length)
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(word & 0xFF))
            bytes.append(UInt8((word >> 8) & 0xFF))
            bytes.append(UInt8((word >> 16) & 0xFF))
            bytes.append(UInt8(word >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Pads the last byte with zero bits and returns everything written.
    mutating func finish() -> [UInt8] {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = count >= 8 ? count - 8 : 0
        }
        return bytes
    }
}

/// Greedy LZ77 plus the fixed Huffman code (RFC 1951 section 3.2.6), all in one final block.
enum FixedHuffmanEncoder {
    static let windowBits = 15
    static let windowSize = 1 << windowBits
    static let hashBits = 15
    /// Candidates tried per position: bounds the time on repetitive data; 24 keeps most of the gain.
    static let maxChain = 24
    /// A match this long is taken without searching further.
    static let niceLength = 128

    /// Literal/length symbol -> (bit-reversed code, code length). Huffman codes are sent most significant
    /// bit first inside the LSB-first stream, hence the reversal.
    static let literalCodes: [(code: UInt32, length: UInt32)] = (0..<288).map { symbol in
        let (code, length): (Int, Int)
        switch symbol {
        case 0..<144: (code, length) = (0x30 + symbol, 8)
        case 144..<256: (code, length) = (0x190 + symbol - 144, 9)
        case 256..<280: (code, length) = (symbol - 256, 7)
        default: (code, length) = (0xC0 + symbol - 280, 8)
        }
        return (reverse(UInt32(code), length), UInt32(length))
    }

    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
        227, 258,
    ]
    static let lengthExtra: [UInt32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra: [UInt32] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// Match length 0...258 -> index into `lengthBase` (entries below 3 unused).
    static let lengthIndex: [UInt8] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        return UInt8(lengthBase.lastIndex { $0 <= length } ?? 0)
    }
    /// Distance code by zlib's split table: distances 1...256 directly, larger ones by (distance - 1) >> 7.
    static let distanceIndex: [UInt8] = (0..<512).map { slot in
        let distance = slot < 256 ? slot + 1 : ((slot - 256) << 7) + 1
        return UInt8(distanceBase.lastIndex { $0 <= distance } ?? 0)
    }
    /// Distance code -> its 5-bit code, bit-reversed.
    static let distanceCodes: [UInt32] = (0..<30).map { reverse(UInt32($0), 5) }

    static func reverse(_ code: UInt32, _ length: Int) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<length where code & (1 << bit) != 0 { result |= 1 << UInt32(length - 1 - bit) }
        return result
    }

    static func encode(_ input: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
        writer.write(1, 1)  // BFINAL
        writer.write(1, 2)  // BTYPE = 01, fixed Huffman
        let n = input.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        let windowMask = windowSize - 1
        literalCodes.withUnsafeBufferPointer { literals in
            head.withUnsafeMutableBufferPointer { head in
                previous.withUnsafeMutableBufferPointer { previous in
                    guard let base = input.baseAddress else { return }
                    @inline(__always) func hash(_ position: Int) -> Int {
                        let word =
                            UInt32(base[position]) | UInt32(base[position + 1]) << 8 | UInt32(base[position + 2]) << 16
                        return Int((word &* 2_654_435_761) >> UInt32(32 - hashBits))
                    }
                    @inline(__always) func insert(_ position: Int) {
                        let h = hash(position)
                        previous[position & windowMask] = head[h]
                        head[h] = Int32(position)
                    }
                    var position = 0
                    while position < n {
                        var bestLength = 0
                        var bestDistance = 0
                        if position + 3 <= n {
                            let limit = min(258, n - position)
                            var candidate = Int(head[hash(position)])
                            var chain = maxChain
                            while candidate >= 0 && position - candidate <= windowSize && chain > 0 {
                                // Reject quickly on the byte that would have to extend the best match.
                                if base[candidate + bestLength] == base[position + bestLength] || bestLength == 0 {
                                    var length = 0
                                    while length < limit && base[candidate + length] == base[position + length] {
                                        length += 1
                                    }
                                    if length > bestLength {
                                        bestLength = length
                                        bestDistance = position - candidate
                                        if length >= niceLength || length == limit { break }
                                    }
                                }
                                let next = Int(previous[candidate & windowMask])
                                // Older entries only; a stale slot (overwritten by a newer position) ends the chain.
                                if next >= candidate { break }
                                candidate = next
                                chain -= 1
                            }
                        }
                        if bestLength >= 3 {
                            let li = Int(lengthIndex[bestLength])
                            let symbol = literals[257 + li]
                            writer.write(symbol.code, symbol.length)
                            if lengthExtra[li] > 0 {
                                writer.write(UInt32(bestLength - lengthBase[li]), lengthExtra[li])
                            }
                            let slot = bestDistance <= 256 ? bestDistance - 1 : 256 + ((bestDistance - 1) >> 7)
                            let di = Int(distanceIndex[slot])
                            writer.write(distanceCodes[di], 5)
                            if distanceExtra[di] > 0 {
                                writer.write(UInt32(bestDistance - distanceBase[di]), distanceExtra[di])
                            }
                            let end = position + bestLength
                            let lastHashable = min(end, n - 2)
                            while position < lastHashable {
                                insert(position)
                                position += 1
                            }
                            position = end
                        } else {
                            let symbol = literals[Int(base[position])]
                            writer.write(symbol.code, symbol.length)
                            if position + 3 <= n { insert(position) }
                            position += 1
                        }
                    }
                }
            }
            let end = literals[256]
            writer.write(end.code, end.length)
        }
    }
}

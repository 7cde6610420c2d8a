// A small PNG / APNG decoder written independently of the encoder (from RFC 1950/1951 and the PNG and APNG
// specifications), so the tests check that files decode, not that the encoder agrees with itself.

struct DecodeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Inflate (RFC 1951): stored, fixed Huffman and dynamic Huffman blocks.
struct Inflater {
    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private(set) var output: [UInt8] = []

    init(_ input: [UInt8], from start: Int = 0) {
        self.input = input
        position = start
    }

    /// Offset of the first byte after the deflate stream (after `inflate()`).
    var endPosition: Int { position }

    private mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard position < input.count else { throw DecodeError("deflate stream truncated") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(n)) - 1))
        bitBuffer >>= UInt32(n)
        bitCount -= n
        return value
    }

    /// Canonical Huffman decoding table: counts per length and symbols sorted by code (as in zlib's puff).
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                if left < 0 { throw DecodeError("over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try bits(1)
            let count = h.counts[length]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw DecodeError("invalid Huffman code")
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private mutating func codes(_ literal: Huffman, _ distance: Huffman) throws {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let li = symbol - 257
                guard li < 29 else { throw DecodeError("bad length symbol") }
                let length = Self.lengthBase[li] + (try bits(Self.lengthExtra[li]))
                let di = try decode(distance)
                guard di < 30 else { throw DecodeError("bad distance symbol") }
                let dist = Self.distanceBase[di] + (try bits(Self.distanceExtra[di]))
                guard dist <= output.count else { throw DecodeError("distance too far back") }
                let start = output.count - dist
                for i in 0..<length { output.append(output[start + i]) }
            }
        }
    }

    /// Decodes blocks until the final one; returns the block types seen (0 stored, 1 fixed, 2 dynamic).
    @discardableResult
    mutating func inflate() throws -> [Int] {
        var types: [Int] = []
        var last = 0
        repeat {
            last = try bits(1)
            let type = try bits(2)
            types.append(type)
            switch type {
            case 0:
                bitBuffer = 0
                bitCount = 0
                guard position + 4 <= input.count else { throw DecodeError("stored header truncated") }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                let inverse = Int(input[position + 2]) | Int(input[position + 3]) << 8
                guard length == (~inverse & 0xFFFF) else { throw DecodeError("stored length check failed") }
                position += 4
                guard position + length <= input.count else { throw DecodeError("stored block truncated") }
                output += input[position..<position + length]
                position += length
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for i in 144..<256 { lengths[i] = 9 }
                for i in 256..<280 { lengths[i] = 7 }
                try codes(Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literalCount = try bits(5) + 257
                let distanceCount = try bits(5) + 1
                let codeCount = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for i in 0..<codeCount { codeLengths[order[i]] = try bits(3) }
                let lengthCode = try Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try decode(lengthCode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw DecodeError("repeat with no length") }
                        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try codes(
                    Huffman(lengths: Array(lengths[0..<literalCount])),
                    Huffman(lengths: Array(lengths[literalCount..<literalCount + distanceCount])))
            default:
                throw DecodeError("reserved block type")
            }
        } while last == 0
        bitBuffer = 0
        bitCount = 0
        return types
    }
}

enum ZlibDecoder {
    /// Checks the header and Adler-32; returns the data and the deflate block types.
    static func decompress(_ stream: [UInt8]) throws -> (data: [UInt8], blockTypes: [Int]) {
        guard stream.count >= 6 else { throw DecodeError("zlib stream too short") }
        guard stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0 else {
            throw DecodeError("bad zlib header")
        }
        var inflater = Inflater(stream, from: 2)
        let types = try inflater.inflate()
        let end = inflater.endPosition
        guard end + 4 <= stream.count else { throw DecodeError("missing Adler-32") }
        let stored = stream[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in inflater.output {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        guard stored == b << 16 | a else { throw DecodeError("Adler-32 mismatch") }
        return (inflater.output, types)
    }
}

/// A decoded PNG: straight-alpha RGBA8 frames (one for a still image), with APNG delays.
struct DecodedPNG {
    struct Frame {
        var pixels: [UInt8]  // full canvas, straight RGBA8, after compositing
        var delayNumerator: Int
        var delayDenominator: Int
        var region: (x: Int, y: Int, width: Int, height: Int)
    }

    var width = 0
    var height = 0
    var chunkTypes: [String] = []
    var declaredFrameCount: Int?
    var frames: [Frame] = []
    var blockTypes: Set<Int> = []

    /// The still image (IDAT), straight RGBA8.
    var image: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw DecodeError("bad signature") }
        var offset = 8
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        func u16(_ data: [UInt8], _ i: Int) -> Int { Int(data[i]) << 8 | Int(data[i + 1]) }
        func u32(_ data: [UInt8], _ i: Int) -> Int {
            Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
        }
        var idat: [UInt8] = []
        var pending: (control: [UInt8], data: [UInt8])?
        var expectedSequence = 0
        var controls: [([UInt8], [UInt8])] = []
        var sawIEND = false
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw DecodeError("chunk header truncated") }
            let length = u32(offset)
            let typeBytes = Array(bytes[offset + 4..<offset + 8])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw DecodeError("chunk \(type) truncated") }
            let data = Array(bytes[offset + 8..<offset + 8 + length])
            let crc = u32(offset + 8 + length)
            guard UInt32(crc) == referenceCRC(typeBytes + data) else { throw DecodeError("CRC mismatch in \(type)") }
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                width = u32(data, 0)
                height = u32(data, 4)
                guard data[8] == 8, data[9] == 6, data[10] == 0, data[11] == 0, data[12] == 0 else {
                    throw DecodeError("unsupported IHDR")
                }
            case "acTL":
                declaredFrameCount = u32(data, 0)
            case "fcTL":
                guard u32(data, 0) == expectedSequence else { throw DecodeError("fcTL sequence out of order") }
                expectedSequence += 1
                if let pending { controls.append(pending) }
                pending = (data, [])
            case "IDAT":
                idat += data
                if pending != nil { pending?.data += data }
            case "fdAT":
                guard u32(data, 0) == expectedSequence else { throw DecodeError("fdAT sequence out of order") }
                expectedSequence += 1
                guard pending != nil else { throw DecodeError("fdAT before fcTL") }
                pending?.data += data[4...]
            case "IEND":
                sawIEND = true
            default:
                guard typeBytes[0] & 0x20 != 0 else { throw DecodeError("unknown critical chunk \(type)") }
            }
            offset += 12 + length
        }
        guard sawIEND, chunkTypes.last == "IEND" else { throw DecodeError("missing IEND") }
        if let pending { controls.append(pending) }
        let (stillImage, stillTypes) = try Self.unfilter(ZlibDecoder.decompress(idat), width: width, height: height)
        image = stillImage
        blockTypes.formUnion(stillTypes)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for (control, data) in controls {
            let w = u32(control, 4)
            let h = u32(control, 8)
            let x = u32(control, 12)
            let y = u32(control, 16)
            guard w > 0, h > 0, x + w <= width, y + h <= height else { throw DecodeError("frame region out of bounds") }
            guard control[24] == 0, control[25] == 0 else { throw DecodeError("only dispose NONE / blend SOURCE") }
            let (region, types) = try Self.unfilter(ZlibDecoder.decompress(data), width: w, height: h)
            blockTypes.formUnion(types)
            for row in 0..<h {
                let dst = ((y + row) * width + x) * 4
                canvas.replaceSubrange(dst..<dst + w * 4, with: region[row * w * 4..<(row + 1) * w * 4])
            }
            frames.append(
                Frame(
                    pixels: canvas, delayNumerator: u16(control, 20), delayDenominator: u16(control, 22),
                    region: (x, y, w, h)))
        }
    }

    /// Reverses the five PNG filters of RGBA8 scanlines.
    static func unfilter(_ decoded: (data: [UInt8], blockTypes: [Int]), width: Int, height: Int) throws -> (
        [UInt8], [Int]
    ) {
        let data = decoded.data
        let rowBytes = width * 4
        guard data.count == (rowBytes + 1) * height else {
            throw DecodeError("image data is \(data.count) bytes, expected \((rowBytes + 1) * height)")
        }
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = data[y * (rowBytes + 1) + 1 + i]
                let a = i >= 4 ? Int(out[y * rowBytes + i - 4]) : 0
                let b = y > 0 ? Int(out[(y - 1) * rowBytes + i]) : 0
                let c = i >= 4 && y > 0 ? Int(out[(y - 1) * rowBytes + i - 4]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError("bad filter type \(type)")
                }
                out[y * rowBytes + i] = UInt8((Int(x) + predictor) & 0xFF)
            }
        }
        return (out, decoded.blockTypes)
    }
}

/// Bitwise CRC-32 (no table), independent of the encoder's table-driven one.
func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

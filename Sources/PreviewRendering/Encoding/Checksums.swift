/// CRC-32 as PNG and zlib's gzip use it (ISO 3309 / ITU-T V.42): reflected polynomial 0xEDB88320,
/// initial value and final XOR 0xFFFFFFFF. PNG stores it over each chunk's type and data.
package struct CRC32: Sendable, Hashable {
    /// The running register (before the final XOR).
    private var register: UInt32 = 0xFFFF_FFFF

    /// Starts an empty checksum (the CRC of no bytes is 0).
    package init() {}

    /// The checksum of the bytes fed so far.
    package var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Feeds `bytes`.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = register
        CRC32.table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        register = crc
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Byte-at-a-time table: entry n is the CRC register after shifting n through eight rounds.
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}

/// Adler-32 (RFC 1950), the checksum at the end of a zlib stream: two sums modulo 65521 over the
/// uncompressed bytes.
package struct Adler32: Sendable, Hashable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// Starts an empty checksum (the Adler-32 of no bytes is 1).
    package init() {}

    /// The checksum of the bytes fed so far: `b << 16 | a`.
    package var value: UInt32 { (b << 16) | a }

    /// Feeds `bytes`.
    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        // 5552 is zlib's NMAX: the most bytes for which b cannot overflow 32 bits before the modulo
        // (255 n (n + 1) / 2 + (n + 1)(65521 - 1) <= 2^32 - 1).
        var a = self.a
        var b = self.b
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + 5552)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        self.a = a
        self.b = b
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBufferPointer { adler.update($0) }
        return adler.value
    }
}

/// CRC-32C (Castagnoli), the archive's integrity check: detects every single-bit flip and
/// every burst up to 32 bits, so a corrupted archive fails loudly instead of decoding differently.
///
/// Slicing-by-8: eight table lookups per 8 bytes instead of one per byte.
enum CRC32C {
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[index] = crc
        }
        for index in 0..<256 {
            var crc = tables[index]
            for table in 1..<8 {
                crc = tables[Int(crc & 0xFF)] ^ (crc >> 8)
                tables[table * 256 + index] = crc
            }
        }
        return tables
    }()

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { t in
            var i = 0
            let count = bytes.count
            while i + 8 <= count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ UInt64(crc)
                crc = t[7 * 256 + Int(word & 0xFF)] ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)] ^ t[4 * 256 + Int((word >> 24) & 0xFF)]
                    ^ t[3 * 256 + Int((word >> 32) & 0xFF)] ^ t[2 * 256 + Int((word >> 40) & 0xFF)]
                    ^ t[1 * 256 + Int((word >> 48) & 0xFF)] ^ t[Int(word >> 56)]
                i += 8
            }
            while i < count {
                crc = t[Int((crc ^ UInt32(bytes[i])) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

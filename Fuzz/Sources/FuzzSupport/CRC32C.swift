/// CRC-32C (Castagnoli), bit by bit: the fuzz targets append correct checksums to archives.
public func crc32c(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}

/// Eight bytes tested at once, in one `UInt64` (SWAR): the word-at-a-time tests of the pre-scan,
/// the whitespace compaction and the JSON string writer.
///
/// Words are loaded little-endian, so the lowest byte is the first in memory and
/// `trailingZeroBitCount >> 3` of a result is the index of the first flagged byte.
enum ByteWord {
    /// 0x01 in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every byte: results flag a byte with its high bit.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in every byte of a word.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// The high bit of each zero byte of `word`. A borrow may also flag bytes above the first
    /// real zero, never below it: the lowest flag is exact, and nothing is missed.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// Whether `bytes` are all ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i &+ 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highs != 0 { return false }
            i &+= 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i &+= 1
        }
        return true
    }
}

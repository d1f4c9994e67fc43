/// Eight bytes tested at once, in one `UInt64` (SWAR): the word-at-a-time tests of the pre-scan,
/// the whitespace compaction, line counting and key comparisons.
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

    /// Whether `bytes` are all ASCII: words OR-ed together, the last one overlapping the one
    /// before it, so that no byte loop runs for eight bytes or more (keys and most strings are
    /// short: a byte loop for their tails cost 47 instructions a key).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        if count >= 8 {
            var any = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            var offset = 0
            while offset &+ 8 <= count {
                any |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            return any & highs == 0
        }
        if count >= 4 {
            let any = base.loadUnaligned(as: UInt32.self) | base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            return any & 0x8080_8080 == 0
        }
        var any: UInt8 = 0
        for offset in 0..<count { any |= base.load(fromByteOffset: offset, as: UInt8.self) }
        return any < 0x80
    }

    /// Whether `count` bytes at `a` and `b` are equal. Keys are short: comparing a word at a time
    /// in line beats a call to `memcmp`. The tail is one more word (or half word) ending at the
    /// last byte, overlapping what was compared, so no load reaches past either buffer.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i &+ 8 < count {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                i &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var i = 0
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i &+= 1
        }
        return true
    }

    /// Whether a text is all ASCII (a coding key's, mostly a literal whose bytes are contiguous).
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isASCII(UnsafeRawBufferPointer($0)) } ?? text.utf8.allSatisfy { $0 < 0x80 }
    }
}

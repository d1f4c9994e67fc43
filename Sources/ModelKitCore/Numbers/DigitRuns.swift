/// Runs of ASCII digits read several at a time (SWAR on a 64- or 32-bit word): the integer and
/// floating-point parsers take eight, then four digits per step instead of one.
enum DigitRuns {
    /// Whether the eight bytes of `word` (memory order) are all ASCII digits.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        let w = UInt64(littleEndian: word)
        return (w & 0xF0F0_F0F0_F0F0_F0F0) | (((w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4) == 0x3333_3333_3333_3333
    }

    /// The value of eight ASCII digits (first digit most significant), in three multiplies.
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var v = UInt64(littleEndian: word) &- 0x3030_3030_3030_3030
        v = (v &* 10) &+ (v >> 8)
        return ((v & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
            &+ ((v >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))) >> 32
    }

    /// Whether the four bytes of `word` (memory order) are all ASCII digits.
    @inline(__always)
    static func isFourDigits(_ word: UInt32) -> Bool {
        let w = UInt32(littleEndian: word)
        return (w & 0xF0F0_F0F0) | (((w &+ 0x0606_0606) & 0xF0F0_F0F0) >> 4) == 0x3333_3333
    }

    /// The value of four ASCII digits (first digit most significant): pairs, then the pair of pairs.
    @inline(__always)
    static func fourDigitsValue(_ word: UInt32) -> UInt64 {
        var v = UInt32(littleEndian: word) &- 0x3030_3030
        v = (v &* 10) &+ (v >> 8)
        return UInt64((v & 0xFF) &* 100 &+ ((v >> 16) & 0xFF))
    }
}

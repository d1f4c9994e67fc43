/// Decimal text ↔ big-endian magnitude bytes for CBOR bignums (tags 2 and 3), on 64-bit limbs.
///
/// Both directions are quadratic in the length (schoolbook), so archives bound their numbers:
/// ``maxDigits`` decimal digits, ``maxBytes`` magnitude bytes. Within that bound a conversion
/// takes well under a millisecond; beyond it writing and reading fail instead of taking minutes.
enum BigNumberConversion {
    /// The longest mantissa or exponent an archive holds, in decimal digits.
    static let maxDigits = 10_000
    /// The longest bignum magnitude an archive reader accepts: enough for ``maxDigits`` digits.
    static let maxBytes = 4_160

    private static let chunkDigits = 19
    private static let chunkBase: UInt64 = 10_000_000_000_000_000_000

    /// Big-endian magnitude bytes (no leading zero bytes; `[0]` for zero) of decimal digits.
    static func bigEndianBytes(ofDecimalDigits digits: String) -> [UInt8] {
        var limbs: [UInt64] = []  // little-endian base 2^64
        let text = Array(digits.utf8)
        var start = 0
        // The first chunk takes the remainder, so every later one has exactly 19 digits.
        var length = text.count % chunkDigits == 0 ? chunkDigits : text.count % chunkDigits
        while start < text.count {
            var chunk: UInt64 = 0
            var scale: UInt64 = 1
            for i in start..<start + length {
                chunk = chunk * 10 + UInt64(text[i] &- 0x30)
                scale *= 10
            }
            multiplyAdd(&limbs, by: scale, adding: chunk)
            start += length
            length = chunkDigits
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(limbs.count * 8)
        for limb in limbs.reversed() {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: limb >> UInt64(shift))) }
        }
        let firstNonZero = bytes.firstIndex { $0 != 0 } ?? max(0, bytes.count - 1)
        return bytes.isEmpty ? [0] : Array(bytes[firstNonZero...])
    }

    /// Decimal digits (no leading zeros; `"0"` for zero) of a big-endian magnitude.
    static func decimalDigits(ofBigEndian bytes: UnsafeRawBufferPointer) -> String {
        var limbs: [UInt64] = []  // little-endian base 2^64
        var index = bytes.count
        while index > 0 {
            let from = max(0, index - 8)
            var limb: UInt64 = 0
            for i in from..<index { limb = limb << 8 | UInt64(bytes[i]) }
            limbs.append(limb)
            index = from
        }
        while limbs.last == 0 { limbs.removeLast() }
        if limbs.isEmpty { return "0" }
        var chunks: [UInt64] = []  // little-endian base 10^19
        while !limbs.isEmpty {
            var remainder: UInt64 = 0
            for i in stride(from: limbs.count - 1, through: 0, by: -1) {
                let (q, r) = chunkBase.dividingFullWidth((remainder, limbs[i]))
                limbs[i] = q
                remainder = r
            }
            chunks.append(remainder)
            while limbs.last == 0 { limbs.removeLast() }
        }
        var text = String(chunks.last!)
        for chunk in chunks.dropLast().reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: chunkDigits - part.count) + part
        }
        return text
    }

    private static func multiplyAdd(_ limbs: inout [UInt64], by factor: UInt64, adding addend: UInt64) {
        var carry = addend
        for i in limbs.indices {
            let (high, low) = limbs[i].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[i] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry > 0 { limbs.append(carry) }
    }
}

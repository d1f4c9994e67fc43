#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Decimal` as plain decimal text (never an exponent), straight into a caller's buffer: the
/// same bytes as `description`, without building a `String`.
enum DecimalFormatting {
    /// The most bytes ``write(_:into:)`` writes: a sign, `0.`, up to 128 zeros after the point
    /// and 39 significant digits (or 39 digits followed by 127 zeros).
    static let maxCount = 1 + 2 + 128 + 39

    /// Whether this Foundation's `Decimal` storage is one this formatter reads (otherwise it
    /// copies `description`).
    static var readsStorage: Bool { RawDecimal.layout != nil }

    /// Writes finite `value` (the caller handles NaN) at `out`, which has room for ``maxCount``
    /// bytes; returns the number of bytes written.
    static func write(_ value: Decimal, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let parts = RawDecimal(value) else {
            // A Foundation whose `Decimal` layout we do not know: its own text.
            var text = value.description
            return text.withUTF8 { utf8 in
                out.update(from: utf8.baseAddress!, count: min(utf8.count, maxCount))
                return min(utf8.count, maxCount)
            }
        }
        if parts.significand == 0 {
            out[0] = UInt8(ascii: "0")
            return 1
        }
        // Why unsafe: `out` has room for `maxCount` bytes, the longest text a `Decimal` has. Digits
        // go straight to their final places (least significant first), with no scratch or closure.
        var count = 0
        if parts.isNegative {
            out[count] = UInt8(ascii: "-")
            count += 1
        }
        let digitCount = decimalDigitCount(parts.significand)
        // Digits before the point: all of them then `exponent` zeros, fewer when the exponent is
        // negative, or none (`0.` and zeros after the point).
        let integerDigits = digitCount + parts.exponent
        if integerDigits <= 0 {
            out[count] = UInt8(ascii: "0")
            out[count + 1] = UInt8(ascii: ".")
            count += 2
            for _ in 0..<(-integerDigits) {
                out[count] = UInt8(ascii: "0")
                count += 1
            }
        }
        let hasInnerPoint = integerDigits > 0 && integerDigits < digitCount
        let end = count + digitCount + (hasInnerPoint ? 1 : 0)
        var position = end
        var rest = parts.significand
        for index in stride(from: digitCount - 1, through: 0, by: -1) {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
            position -= 1
            out[position] = 0x30 &+ UInt8(truncatingIfNeeded: remainder)
            rest = quotient
            if hasInnerPoint && index == integerDigits {
                position -= 1
                out[position] = UInt8(ascii: ".")
            }
        }
        count = end
        for _ in 0..<max(parts.exponent, 0) {
            out[count] = UInt8(ascii: "0")
            count += 1
        }
        return count
    }

    private static func decimalDigitCount(_ value: UInt128) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}

/// The parts of a `Decimal`, read from its storage: Foundation exposes them publicly only as
/// `Decimal`s (`significand`) or through `NSDecimalNumber`, both of which cost work or allocations.
///
/// Every Foundation stores it as `NSDecimal`: byte 0 the exponent, byte 1 the length in 16-bit
/// words and the sign, then the 128-bit significand as eight little-endian 16-bit words from byte
/// 4. Byte 1's bit order differs: swift-foundation keeps the length in the high nibble and the sign
/// in bit 3, Apple's C bit-fields the length in the low nibble and the sign in bit 4.
/// ``layout`` picks the one that reads known values back, once, and a Foundation matching neither
/// falls back to `description` rather than writing wrong digits.
private struct RawDecimal {
    var exponent: Int
    var isNegative: Bool
    var significand: UInt128

    enum Layout {
        case lengthHighSignBit3
        case lengthLowSignBit4
    }

    init?(_ value: Decimal) {
        guard let layout = RawDecimal.layout else { return nil }
        self.init(value, layout)
    }

    private init(_ value: Decimal, _ layout: Layout) {
        (exponent, isNegative, significand) = withUnsafeBytes(of: value) { raw in
            // Why unsafe: reads the value's own 20 bytes, at offsets `layout` was verified with.
            let flags = raw[1]
            let length: Int
            let isNegative: Bool
            switch layout {
            case .lengthHighSignBit3: (length, isNegative) = (Int(flags >> 4), flags & 0x08 != 0)
            case .lengthLowSignBit4: (length, isNegative) = (Int(flags & 0x0F), flags & 0x10 != 0)
            }
            var significand: UInt128 = 0
            for word in stride(from: min(length, 8) - 1, through: 0, by: -1) {
                significand = significand << 16 | UInt128(raw.loadUnaligned(fromByteOffset: 4 + word * 2, as: UInt16.self))
            }
            return (Int(raw.load(fromByteOffset: 0, as: Int8.self)), isNegative, significand)
        }
    }

    static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        let probes: [(Decimal, Int, Bool, UInt128)] = [
            (Decimal(sign: .minus, exponent: -3, significand: 12345), -3, true, 12345),
            (Decimal(sign: .plus, exponent: 7, significand: 65537), 7, false, 65537),
            (Decimal(sign: .minus, exponent: 0, significand: Decimal(UInt64.max)), 0, true, UInt128(UInt64.max)),
        ]
        return [Layout.lengthHighSignBit3, .lengthLowSignBit4].first { layout in
            probes.allSatisfy { value, exponent, isNegative, significand in
                let parts = RawDecimal(value, layout)
                return value.exponent == exponent && parts.exponent == exponent
                    && parts.isNegative == isNegative && parts.significand == significand
            }
        }
    }()
}

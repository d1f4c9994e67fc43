/// Where number text becomes a `Double` or `Float`, correctly rounded.
///
/// Fast path (Clinger): up to 19 significant digits whose value is below 2^53, scaled by an
/// exactly representable power of ten (10^0…10^22), is one correctly rounded multiply or
/// divide. Otherwise, up to 19 digits: Eisel–Lemire (a 128-bit product with a table of powers
/// of five, `powersOfFive128`), which decides all but a few inputs exactly. What is left
/// (more digits, subnormals, overflow, the undecided) goes to the C library's
/// `strtod_l`/`strtof_l` (correctly rounded in glibc) under a "C" locale created once, so an
/// app's `setlocale` cannot change the decimal point.
enum DoubleParser {
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        if let fast = clinger(bytes) { return fast }
        return slowPath(bytes) { pointer in parseDoubleInCLocale(pointer) }
    }

    /// The number `bytes` spell, when a `Double` holds it: nil for one too large (infinite) and
    /// for a nonzero one too small (it would read as 0), which `JSONDecoder` refuses as not
    /// representable. What a `Double` field and a date read from a number accept.
    @inline(__always)
    static func parseRepresentable(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let value = parse(bytes), value.isFinite, value != 0 || JSONNumberGrammar.isZero(bytes) else { return nil }
        return value
    }

    /// Eisel–Lemire (Lemire, "Number Parsing at a Gigabyte per Second", 2021; as in fast_float):
    /// `w × 10^q` from the top bits of `w × 5^q`, or nil where it cannot decide quickly and
    /// exactly (a possible carry hidden by the table's truncation, subnormals, overflow).
    @inline(__always)
    static func eiselLemire(_ w: UInt64, _ q: Int, negative: Bool) -> Double? {
        guard w != 0 else { return negative ? -0.0 : 0.0 }
        guard q >= -342, q <= 308 else { return nil }
        let leadingZeros = w.leadingZeroBitCount
        let w = w << UInt64(leadingZeros)
        let index = 2 * (q + 342)
        var (high, low) = w.multipliedFullWidth(by: powersOfFive128[index])
        // 54 bits are kept and one more decides rounding: when the 9 bits below them are all
        // ones, a carry from the table's low word could change them; add it in.
        if high & 0x1FF == 0x1FF {
            let second = w.multipliedFullWidth(by: powersOfFive128[index + 1]).high
            let (sum, carry) = low.addingReportingOverflow(second)
            low = sum
            if carry { high += 1 }
        }
        // The 128-bit product may still be one unit short of a carry: rare, let strtod decide.
        if low == .max { return nil }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 9)
        var mantissa = high >> shift
        // floor(q × log2(10)) + 63, in fixed point (217706 / 2^16 ≈ log2(10)).
        var power2 = ((217_706 * q) >> 16) + 63 + upperBit - leadingZeros + 1023
        guard power2 > 0 else { return nil }  // subnormal
        // Exactly halfway between two doubles (only possible for small |q|): round to even.
        if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1, mantissa << shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil }  // overflow: strtod says infinity
        return Double(bitPattern: UInt64(power2) << 52 | mantissa | (negative ? 1 << 63 : 0))
    }

    static func parseFloat(_ bytes: UnsafeRawBufferPointer) -> Float? {
        // Through Double would round twice; strtof_l rounds once.
        slowPath(bytes) { pointer in parseFloatInCLocale(pointer) }
    }

    /// Clinger, else Eisel–Lemire: exact when it applies, nil otherwise.
    @inline(__always)
    private static func clinger(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        // Eight digits per step where eight are there (mantissa wraps past 19 digits, which
        // the guard below rejects).
        while i + 8 <= n, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), DigitRuns.isEightDigits(word) {
            mantissa = mantissa &* 100_000_000 &+ DigitRuns.eightDigitsValue(word)
            digits += 8
            i += 8
        }
        if i + 4 <= n, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self), DigitRuns.isFourDigits(word) {
            mantissa = mantissa &* 10_000 &+ DigitRuns.fourDigitsValue(word)
            digits += 4
            i += 4
        }
        if i + 2 <= n, case let d0 = bytes[i] &- 0x30, d0 < 10, case let d1 = bytes[i + 1] &- 0x30, d1 < 10 {
            mantissa = mantissa &* 100 &+ UInt64(d0 &* 10 &+ d1)
            digits += 2
            i += 2
        }
        while i < n, case let d = bytes[i] &- 0x30, d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i + 8 <= n, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), DigitRuns.isEightDigits(word) {
                mantissa = mantissa &* 100_000_000 &+ DigitRuns.eightDigitsValue(word)
                digits += 8
                exponent -= 8
                i += 8
            }
            if i + 4 <= n, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self), DigitRuns.isFourDigits(word) {
                mantissa = mantissa &* 10_000 &+ DigitRuns.fourDigitsValue(word)
                digits += 4
                exponent -= 4
                i += 4
            }
            if i + 2 <= n, case let d0 = bytes[i] &- 0x30, d0 < 10, case let d1 = bytes[i + 1] &- 0x30, d1 < 10 {
                mantissa = mantissa &* 100 &+ UInt64(d0 &* 10 &+ d1)
                digits += 2
                exponent -= 2
                i += 2
            }
            while i < n, case let d = bytes[i] &- 0x30, d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                exponent -= 1
                i += 1
            }
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var value = 0
            while i < n, case let d = bytes[i] &- 0x30, d < 10 {
                if value < 100_000 { value = value * 10 + Int(d) }
                i += 1
            }
            exponent += exponentNegative ? -value : value
        }
        guard i == n, digits > 0, digits <= 19 else { return nil }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else {
            return eiselLemire(mantissa, exponent, negative: negative)
        }
        var value = Double(mantissa)
        if exponent > 0 {
            value *= exactPowers[exponent]
        } else if exponent < 0 {
            value /= exactPowers[-exponent]
        }
        return negative ? -value : value
    }

    /// Copies the text into a NUL-terminated stack buffer for the C parser; checks the grammar
    /// first, since `strtod` accepts more (hex, "inf", leading spaces).
    private static func slowPath<T>(_ bytes: UnsafeRawBufferPointer, _ convert: (UnsafePointer<CChar>) -> T) -> T? {
        guard JSONNumberGrammar.isValid(bytes) else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            return convert(buffer.baseAddress!)
        }
    }
}

import CYajl

/// Where number text becomes a `Double` or `Float`, correctly rounded.
///
/// Fast path (Clinger): up to 19 significant digits whose value is below 2^53, scaled by an
/// exactly representable power of ten (10^0…10^22), is one correctly rounded multiply or
/// divide. Everything else goes to the C library's `strtod_l`/`strtof_l` (correctly rounded in
/// glibc) under a "C" locale created once, so an app's `setlocale` cannot change the decimal
/// point.
enum DoubleParser {
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        if let fast = clinger(bytes) { return fast }
        return slowPath(bytes) { pointer in strtod_l(pointer, nil, cLocale) }
    }

    static func parseFloat(_ bytes: UnsafeRawBufferPointer) -> Float? {
        // Through Double would round twice; strtof_l rounds once.
        slowPath(bytes) { pointer in strtof_l(pointer, nil, cLocale) }
    }

    /// Exact when it applies, nil otherwise.
    @inline(__always)
    private static func clinger(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while i < n, case let d = bytes[i] &- 0x30, d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
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
        guard i == n, digits > 0, digits <= 19, mantissa <= 1 << 53 else { return nil }
        var value = Double(mantissa)
        if exponent == 0 {
        } else if exponent > 0 && exponent <= 22 {
            value *= exactPowers[exponent]
        } else if exponent < 0 && exponent >= -22 {
            value /= exactPowers[-exponent]
        } else {
            return nil
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

// An immutable handle created once; `locale_t` is a C pointer, hence nonisolated(unsafe).
nonisolated(unsafe) private let cLocale: locale_t = cyajl_new_c_locale()

extension IntegerParser {
    /// Number text with a fraction or exponent whose exact value is a whole number (`1e2`,
    /// `1.0`, `9007199254740993.0`) into `T`, without going through `Double`: `.notAnInteger`
    /// when the exact value has a fraction (`9007199254740993.5`), `.overflow` beyond `T`.
    /// Strict conversion uses it, so a value is either exact or refused.
    static func exactIntegralValue<T: FixedWidthInteger>(ofNumber bytes: UnsafeRawBufferPointer, as type: T.Type) -> IntegerParseResult<T> {
        var i = 0
        let n = bytes.count
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        // Significant digits (leading zeros dropped), and how many of them follow the point.
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        while i < n {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte >= 0x30 && byte <= 0x39 {
                if !(digits.isEmpty && byte == 0x30) { digits.append(byte) }
                if seenPoint { fractionDigits += 1 }
            } else {
                break
            }
            i += 1
        }
        var exponent = 0
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            // Saturating: beyond 2^40 only the sign matters for the decisions below.
            while i < n { exponent = min(exponent * 10 + Int(bytes[i] &- 0x30), 1 << 40); i += 1 }
            if exponentNegative { exponent = -exponent }
        }
        if digits.isEmpty { return .value(0) }
        // A fraction digit is pure zero padding only when it is a trailing zero.
        var scale = exponent - fractionDigits
        while digits.last == 0x30 {
            digits.removeLast()
            scale += 1
        }
        guard scale >= 0 else { return .notAnInteger }
        guard digits.count + scale <= 40 else { return .overflow }
        if negative { digits.insert(UInt8(ascii: "-"), at: 0) }
        digits.append(contentsOf: repeatElement(0x30, count: scale))
        return digits.withUnsafeBytes { IntegerParser.parse($0, as: T.self) }
    }
}

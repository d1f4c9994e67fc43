/// The outcome of reading an integer from number text.
enum IntegerParseResult<T> {
    case value(T)
    case overflow
    /// The text has a fraction or an exponent (or is not a number).
    case notAnInteger
}

/// Where number text becomes an integer: exactly, never through `Double`, with range checks
/// for the target type (so `300` into `Int8` is an error, never a wrapped value).
enum IntegerParser {
    /// Plain integer text (`-?digits`) into `T`.
    @inline(__always)
    static func parse<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as type: T.Type) -> IntegerParseResult<T> {
        let n = bytes.count
        guard n > 0 else { return .notAnInteger }
        var i = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        guard i < n else { return .notAnInteger }
        // Up to 19 digits always fit in UInt64: accumulate without overflow checks.
        var magnitude: UInt64 = 0
        let fastEnd = min(n, i + 19)
        while i < fastEnd {
            let digit = bytes[i] &- 0x30
            guard digit < 10 else { return .notAnInteger }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            i += 1
        }
        while i < n {
            let digit = bytes[i] &- 0x30
            guard digit < 10 else { return .notAnInteger }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            if o1 || o2 {
                // Keep scanning: a fraction or exponent later makes it "not an integer" instead.
                i += 1
                while i < n {
                    let d = bytes[i] &- 0x30
                    if d >= 10 { return .notAnInteger }
                    i += 1
                }
                return .overflow
            }
            magnitude = sum
            i += 1
        }
        if negative {
            guard T.isSigned else { return magnitude == 0 ? .value(0) : .overflow }
            // |T.min| = T.max + 1.
            if magnitude <= UInt64(T.max) { return .value(0 - T(magnitude)) }
            if magnitude == UInt64(T.max) + 1 { return .value(T.min) }
            return .overflow
        }
        guard magnitude <= UInt64(T.max) else { return .overflow }
        return .value(T(magnitude))
    }

    /// Lenient conversion of any number text: integers exactly; fractions and exponents
    /// through `Double`, truncated toward zero and range-checked.
    static func integralValue<T: FixedWidthInteger>(ofNumber bytes: UnsafeRawBufferPointer, as type: T.Type) -> IntegerParseResult<T> {
        switch parse(bytes, as: T.self) {
        case .value(let v): return .value(v)
        case .overflow: return .overflow
        case .notAnInteger:
            guard JSONNumberGrammar.isValid(bytes), let double = DoubleParser.parse(bytes) else { return .notAnInteger }
            let truncated = double.rounded(.towardZero)
            guard truncated.isFinite, let value = T(exactly: truncated) else { return .overflow }
            return .value(value)
        }
    }
}

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
        while i + 8 <= fastEnd, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), DigitRuns.isEightDigits(word) {
            magnitude = magnitude &* 100_000_000 &+ DigitRuns.eightDigitsValue(word)
            i += 8
        }
        if i + 4 <= fastEnd, case let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self), DigitRuns.isFourDigits(word) {
            magnitude = magnitude &* 10_000 &+ DigitRuns.fourDigitsValue(word)
            i += 4
        }
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

    /// Any number text truncated toward zero into `T`, exactly: the integral digits are read
    /// from the text with the exponent applied as a shift of the decimal point (never through
    /// `Double`, which loses integers above 2^53). `isExact` tells whether nothing was truncated.
    static func truncatedValue<T: FixedWidthInteger>(ofNumber bytes: UnsafeRawBufferPointer, as type: T.Type)
        -> (result: IntegerParseResult<T>, isExact: Bool) {
        switch parse(bytes, as: T.self) {
        case .value(let v): return (.value(v), true)
        case .overflow: return (.overflow, true)
        case .notAnInteger: break
        }
        guard JSONNumberGrammar.isValid(bytes) else { return (.notAnInteger, false) }
        let n = bytes.count
        var i = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let integerStart = i
        while i < n, bytes[i] &- 0x30 < 10 { i += 1 }
        let integerEnd = i
        var fractionStart = i
        var fractionEnd = i
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            fractionStart = i
            while i < n, bytes[i] &- 0x30 < 10 { i += 1 }
            fractionEnd = i
        }
        // The exponent saturates: beyond any digit count it only decides "0" or "overflow".
        var exponent = 0
        if i < n {
            i += 1  // e or E
            var exponentNegative = false
            if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < n {
                exponent = min(exponent * 10 + Int(bytes[i] &- 0x30), 1 << 40)
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // The significant digits are integer digits then fraction digits; the decimal point sits
        // after `pointAt` of them.
        let integerCount = integerEnd - integerStart
        let digitCount = integerCount + (fractionEnd - fractionStart)
        func digit(_ k: Int) -> UInt8 {
            k < integerCount ? bytes[integerStart + k] &- 0x30 : bytes[fractionStart + k - integerCount] &- 0x30
        }
        let pointAt = integerCount + exponent
        var magnitude: UInt64 = 0
        var overflow = false
        var k = 0
        while k < pointAt && !overflow {
            // Zeros shifted in after zero digits stay zero ("0e999999999").
            if k >= digitCount && magnitude == 0 { break }
            let d = k < digitCount ? digit(k) : 0
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(d))
            overflow = o1 || o2
            magnitude = sum
            k += 1
        }
        var isExact = true
        k = max(pointAt, 0)
        while k < digitCount {
            if digit(k) != 0 { isExact = false; break }
            k += 1
        }
        if overflow { return (.overflow, isExact) }
        if negative {
            guard T.isSigned else { return (magnitude == 0 ? .value(0) : .overflow, isExact) }
            if magnitude <= UInt64(T.max) { return (.value(0 - T(magnitude)), isExact) }
            if magnitude == UInt64(T.max) + 1 { return (.value(T.min), isExact) }
            return (.overflow, isExact)
        }
        guard magnitude <= UInt64(T.max) else { return (.overflow, isExact) }
        return (.value(T(magnitude)), isExact)
    }
}

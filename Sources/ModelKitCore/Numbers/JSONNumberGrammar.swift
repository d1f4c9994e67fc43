/// RFC 8259's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
///
/// yajl enforces it on number tokens; this checks numeric strings under lenient conversion
/// and `JSONNumber(text:)`.
enum JSONNumberGrammar {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < n && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        if i < n && bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return false }
        if bytes[i] == 0x30 {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == n
    }

    /// Whether a valid number's digits before its exponent are all zero (`0`, `-0.000e5`): a
    /// number that parses to zero otherwise underflowed, and is out of range, not zero.
    static func isZero(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }
}

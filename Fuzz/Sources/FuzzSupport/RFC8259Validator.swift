/// A deliberately plain RFC 8259 checker over bytes, the reference the differential target
/// compares ModelKit against. Recursive descent, one function per grammar rule, no tables.
///
/// Where RFC 8259 leaves a choice, it follows ModelKit's documented decisions: a leading UTF-8
/// byte-order mark is ignored (§8.1 allows it); `\u` escapes must form valid scalars (a lone
/// surrogate is rejected, as I-JSON, RFC 7493 §2.1, requires); nesting deeper than `maxDepth`
/// arrays/objects is rejected (§9 allows a limit).
public struct RFC8259Validator {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Whether `bytes` is one JSON text.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512) -> Bool {
        var validator = RFC8259Validator(bytes, maxDepth: maxDepth)
        return validator.text()
    }

    // JSON-text = ws value ws
    private mutating func text() -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard value() else { return false }
        skipWhitespace()
        return index == bytes.count
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func value() -> Bool {
        guard let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    // object = { [ member *( , member ) ] }   member = string : value
    private mutating func object() -> Bool {
        depth += 1
        guard depth <= maxDepth else { return false }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return true }
        while true {
            guard current == UInt8(ascii: "\""), string() else { return false }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return false }
            index += 1
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; skipWhitespace(); continue }
            guard current == UInt8(ascii: "}") else { return false }
            index += 1
            depth -= 1
            return true
        }
    }

    // array = [ [ value *( , value ) ] ]
    private mutating func array() -> Bool {
        depth += 1
        guard depth <= maxDepth else { return false }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; depth -= 1; return true }
        while true {
            guard value() else { return false }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; skipWhitespace(); continue }
            guard current == UInt8(ascii: "]") else { return false }
            index += 1
            depth -= 1
            return true
        }
    }

    // number = [ minus ] int [ frac ] [ exp ]
    private mutating func number() -> Bool {
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() else { return false }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return true
    }

    /// One or more decimal digits.
    private mutating func digits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    // string = " *char "   (valid UTF-8, no raw control characters, escapes forming scalars)
    private mutating func string() -> Bool {
        index += 1
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                index += 1
                guard escape() else { return false }
            case 0x00..<0x20:
                return false
            case 0x20..<0x80:
                index += 1
            default:
                guard utf8Sequence() else { return false }
            }
        }
        return false
    }

    private mutating func escape() -> Bool {
        guard let byte = current else { return false }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return false }
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by an escaped low surrogate.
                guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return false }
                return true
            case 0xDC00...0xDFFF:
                return false
            default:
                return true
            }
        default:
            return false
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            unit = unit * 16 + digit
            index += 1
        }
        return unit
    }

    /// One well-formed UTF-8 sequence of 2–4 bytes (Unicode table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private mutating func utf8Sequence() -> Bool {
        let lead = bytes[index]
        let count: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; secondRange = 0x80...0x9F
        case 0xF0: count = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; secondRange = 0x80...0x8F
        default: return false
        }
        guard bytes.count - index >= count, secondRange.contains(bytes[index + 1]) else { return false }
        for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
        index += count
        return true
    }
}

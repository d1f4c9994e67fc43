import Foundation

// JSON text of single values, shared by the JSON writer and the JSONValue builder (which keeps
// a number's text exactly as the writer would print it).
extension ByteOutput {
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// RFC 8259 escaping; runs of bytes that need none are copied at once, found sixteen (then
    /// eight) bytes at a time (most strings need no escape at all).
    func putQuoted(_ text: String, escapingSlashes escapesSlashes: Bool) {
        // Two copies of the scan, each with the slash rule a constant: the test per word is
        // then a few instructions shorter (it runs for every eight bytes of every string).
        if escapesSlashes {
            putQuoted(text, slashes: true)
        } else {
            putQuoted(text, slashes: false)
        }
    }

    @inline(__always)
    private func putQuoted(_ text: String, slashes escapesSlashes: Bool) {
        var text = text
        text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            reserve(raw.count + 2)
            appendReserved(UInt8(ascii: "\""))
            var runStart = 0
            var i = 0
            let n = raw.count
            while i < n {
                let end: Int
                if n - i >= 16 {
                    // Two words per step: one branch for sixteen clean bytes.
                    let first = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let second = raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                    if !ByteOutput.mayNeedEscape(first, second, slashes: escapesSlashes) {
                        i &+= 16
                        continue
                    }
                    end = i + 16
                } else if n - i >= 8 {
                    if !ByteOutput.mayNeedEscape(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), slashes: escapesSlashes) {
                        i += 8
                        continue
                    }
                    end = i + 8
                } else {
                    // The last few bytes: one word ending at the end (overlapping bytes already
                    // written is harmless: a clean word means these are clean too).
                    if n >= 8, !ByteOutput.mayNeedEscape(raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), slashes: escapesSlashes) {
                        break
                    }
                    end = n
                }
                while i < end {
                    let byte = raw[i]
                    i += 1
                    guard byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && escapesSlashes) else { continue }
                    put(UnsafeRawBufferPointer(rebasing: raw[runStart..<(i - 1)]))
                    runStart = i
                    putEscape(byte)
                }
            }
            put(UnsafeRawBufferPointer(rebasing: raw[runStart..<raw.count]))
            put(UInt8(ascii: "\""))
        }
    }

    /// ``mayNeedEscape(_:slashes:)`` for sixteen bytes at once.
    @inline(__always)
    private static func mayNeedEscape(_ first: UInt64, _ second: UInt64, slashes: Bool) -> Bool {
        escapeBits(first, slashes: slashes) | escapeBits(second, slashes: slashes) != 0
    }

    /// Whether any of eight bytes is a control character, a quote, a backslash or (when escaped) `/`. Bytes
    /// of multi-byte UTF-8 sequences (0x80 and up) never match. May say yes for a clean word
    /// (then the bytes are checked one by one), never no for one that needs an escape.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, slashes: Bool) -> Bool {
        escapeBits(word, slashes: slashes) != 0
    }

    /// The high bit of each byte that may need an escape (see ``mayNeedEscape(_:slashes:)``).
    @inline(__always)
    private static func escapeBits(_ word: UInt64, slashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        var found = ((word &- 0x20 &* ones) & ~word & highs)
            | hasZeroByte(word ^ (0x22 &* ones))
            | hasZeroByte(word ^ (0x5C &* ones))
        if slashes { found |= hasZeroByte(word ^ (0x2F &* ones)) }
        return found
    }

    private func putEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: put("\\\"")
        case 0x5C: put("\\\\")
        case 0x2F: put("\\/")
        case 0x0A: put("\\n")
        case 0x0D: put("\\r")
        case 0x09: put("\\t")
        case 0x08: put("\\b")
        case 0x0C: put("\\f")
        default:
            put("\\u00")
            put(ByteOutput.hexDigits.utf8Start[Int(byte >> 4)])
            put(ByteOutput.hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }

    /// The shortest text that reads back to the same value; integral values below 10^15
    /// without a fraction (`description` would add ".0"). The caller handles non-finite values.
    func putJSONNumber(_ value: Double) {
        if value.rounded(.towardZero) == value && abs(value) < 1e15 {
            if value < 0 || (value == 0 && value.sign == .minus) { put(UInt8(ascii: "-")) }
            putDigits(UInt64(abs(value)))
            return
        }
        append(upTo: FloatFormatting.maxCount) { FloatFormatting.write(value, into: $0) }
    }

    /// The shortest text that reads back to the same `Float`.
    func putJSONNumber(_ value: Float) {
        append(upTo: FloatFormatting.maxCount) { FloatFormatting.write(value, into: $0) }
    }

    /// A decimal's exact digits (the caller handles NaN).
    func putJSONNumber(_ value: Decimal) {
        append(upTo: DecimalFormatting.maxCount) { DecimalFormatting.write(value, into: $0) }
    }

    /// `"2024-05-01T12:00:00Z"` (fractional seconds when present); the caller checks the year range.
    func putQuotedISO8601(_ value: Date) {
        append(upTo: DateFormatting.maxISO8601Count + 2) { out in
            out[0] = UInt8(ascii: "\"")
            let count = DateFormatting.writeISO8601(value, to: out + 1)
            out[count + 1] = UInt8(ascii: "\"")
            return count + 2
        }
    }
}

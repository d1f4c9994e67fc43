#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// JSON text of single values, shared by the JSON writer and the JSONValue builder (which keeps
// a number's text exactly as the writer would print it).
extension ByteOutput {
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// RFC 8259 escaping; runs of bytes that need none are copied at once, found sixteen (then
    /// eight) bytes at a time, and each escape is found in its word without a byte loop (URLs
    /// put a `/` every few bytes, and `JSONEncoder` escapes it).
    func putQuoted(_ text: String, escapingSlashes escapesSlashes: Bool) {
        // A native string lends its bytes without the copy (and retain) `withUTF8` makes. Two
        // copies of the scan, each with the slash rule a constant: the test per word is then a
        // few instructions shorter (it runs for every eight bytes of every string).
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if escapesSlashes {
                putQuoted(UnsafeRawBufferPointer(bytes), slashes: true)
            } else {
                putQuoted(UnsafeRawBufferPointer(bytes), slashes: false)
            }
        }
        if done == nil {
            var text = text
            text.withUTF8 { putQuoted(UnsafeRawBufferPointer($0), slashes: escapesSlashes) }
        }
    }

    @inline(__always)
    private func putQuoted(_ raw: UnsafeRawBufferPointer, slashes escapesSlashes: Bool) {
        reserve(raw.count + 2)
        appendReserved(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let n = raw.count
        while i < n {
            let hit: Int
            if n &- i >= 16 {
                // Two words per step: one branch for sixteen clean bytes.
                let first = ByteOutput.escapeBits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), slashes: escapesSlashes)
                let second = ByteOutput.escapeBits(raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self), slashes: escapesSlashes)
                if first | second == 0 {
                    i &+= 16
                    continue
                }
                hit = first != 0 ? i &+ first.trailingZeroBitCount &>> 3 : i &+ 8 &+ second.trailingZeroBitCount &>> 3
            } else if n &- i >= 8 {
                let bits = ByteOutput.escapeBits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), slashes: escapesSlashes)
                if bits == 0 {
                    i &+= 8
                    continue
                }
                hit = i &+ bits.trailingZeroBitCount &>> 3
            } else {
                // The last one to seven bytes as one word, the rest of it a byte that never needs
                // an escape: from a word ending at the end when the string is that long (the
                // bytes before `i`, done already, shifted out), else copied.
                let left = n &- i
                var word = ByteOutput.cleanPadding
                if n >= 8 {
                    word = raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) &>> UInt64(64 &- 8 &* left)
                        | ByteOutput.cleanPadding &<< UInt64(8 &* left)
                } else {
                    withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[i..<n])) }
                }
                let bits = ByteOutput.escapeBits(word, slashes: escapesSlashes)
                if bits == 0 { break }
                hit = i &+ bits.trailingZeroBitCount &>> 3
            }
            // The lowest flagged byte of a word is exact: a borrow only starts at a real hit.
            let run = UnsafeRawBufferPointer(start: raw.baseAddress! + runStart, count: hit &- runStart)
            let byte = raw[hit]
            if let letter = ByteOutput.escapeLetter(byte) {
                put(run, then: UInt8(ascii: "\\"), letter)
            } else {
                put(run)
                putUnicodeEscape(byte)
            }
            i = hit &+ 1
            runStart = i
        }
        put(UnsafeRawBufferPointer(rebasing: raw[runStart..<n]))
        put(UInt8(ascii: "\""))
    }

    /// Eight `A`s: fills a word past a string's last byte without flagging anything.
    private static var cleanPadding: UInt64 { 0x4141_4141_4141_4141 }

    /// The high bit of each byte of `word` that may need an escape: a control character, a
    /// quote, a backslash or (when escaped) `/`; bytes of multi-byte UTF-8 sequences (0x80 and up)
    /// never match. The lowest flagged byte is exact (a borrow only starts at a real hit), those
    /// above it may be false positives.
    @inline(__always)
    private static func escapeBits(_ word: UInt64, slashes: Bool) -> UInt64 {
        // Bytes below 0x20: the borrow test of `zeroBytes`, against 0x20 instead of 0.
        var found = ((word &- ByteWord.repeating(0x20)) & ~word & ByteWord.highs)
            | ByteWord.zeroBytes(word ^ ByteWord.repeating(0x22))
            | ByteWord.zeroBytes(word ^ ByteWord.repeating(0x5C))
        if slashes { found |= ByteWord.zeroBytes(word ^ ByteWord.repeating(0x2F)) }
        return found
    }

    /// The letter of a two-byte escape (`\n` …), or nil for the control characters written as `\u00XX`.
    @inline(__always)
    private static func escapeLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x22, 0x5C, 0x2F: return byte
        case 0x0A: return UInt8(ascii: "n")
        case 0x0D: return UInt8(ascii: "r")
        case 0x09: return UInt8(ascii: "t")
        case 0x08: return UInt8(ascii: "b")
        case 0x0C: return UInt8(ascii: "f")
        default: return nil
        }
    }

    private func putUnicodeEscape(_ byte: UInt8) {
        put("\\u00")
        put(ByteOutput.hexDigits.utf8Start[Int(byte >> 4)])
        put(ByteOutput.hexDigits.utf8Start[Int(byte & 0xF)])
    }

    /// The shortest text that reads back to the same value, as `JSONEncoder` writes it:
    /// `description` without a trailing `.0` (`1`, `1000000000000000`, `1e+16`, `0.1`). Integral
    /// values up to 2^53 (where `description` adds `.0`; above, it writes an exponent) as
    /// integers; the rest never end in `.0`. The caller handles non-finite values.
    func putJSONNumber(_ value: Double) {
        if value.rounded(.towardZero) == value && abs(value) <= 9_007_199_254_740_992 {
            if value < 0 || (value == 0 && value.sign == .minus) { put(UInt8(ascii: "-")) }
            putDigits(UInt64(abs(value)))
            return
        }
        append(upTo: FloatFormatting.maxCount) { FloatFormatting.write(value, into: $0) }
    }

    /// The shortest text that reads back to the same `Float`, as `JSONEncoder` writes it
    /// (`1`, `2.5`, `1e+10`).
    func putJSONNumber(_ value: Float) {
        append(upTo: FloatFormatting.maxCount) { Self.droppingWholeFraction(FloatFormatting.write(value, into: $0), at: $0) }
    }

    /// The length of the `count` bytes at `text` without a trailing `.0`.
    @inline(__always)
    private static func droppingWholeFraction(_ count: Int, at text: UnsafeMutablePointer<UInt8>) -> Int {
        count > 2 && text[count - 1] == UInt8(ascii: "0") && text[count - 2] == UInt8(ascii: ".") ? count - 2 : count
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

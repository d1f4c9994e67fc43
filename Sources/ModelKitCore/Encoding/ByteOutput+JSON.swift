#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// JSON text of single values, shared by the JSON writer and the JSONValue builder (which keeps
// a number's text exactly as the writer would print it).
extension ByteOutput {
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// RFC 8259 escaping, sixteen bytes a turn: each block is stored whole and the output moves
    /// on to its first byte that needs an escape (URLs put a `/` every few bytes, and
    /// `JSONEncoder` escapes it), so a clean block costs one vector compare and one store.
    func putQuoted(_ text: String, escapingSlashes escapesSlashes: Bool) {
        // A native string lends its bytes without the copy (and retain) `withUTF8` makes. Two
        // copies of the scan, each with the slash rule a constant: the test per block is then a
        // compare shorter (it runs for every sixteen bytes of every string).
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

    /// Bytes escaped per reservation: room for the worst case (every byte `\u00XX`) plus one
    /// block of slack is reserved per piece, not per string, so a long string does not ask for
    /// six times its length.
    private static var piece: Int { 256 }

    @inline(__always)
    private func putQuoted(_ raw: UnsafeRawBufferPointer, slashes escapesSlashes: Bool) {
        put(UInt8(ascii: "\""))
        var i = 0
        let n = raw.count
        while i < n {
            var end = min(n, i &+ Self.piece)
            if isInLentMemory && capacity &- count < (end &- i) &* 6 &+ 16 {
                // The caller's memory is nearly full: reserving the worst case would move the
                // output to the heap for bytes that may fit. A block at a time, then a byte.
                end = min(end, i &+ 16)
                if capacity &- count < (end &- i) &* 6 &+ 16 {
                    putEscaped(raw[i], slashes: escapesSlashes)
                    i &+= 1
                    continue
                }
            }
            let from = i
            append(upTo: (end &- from) &* 6 &+ 16) { out in Self.escape(raw, from: from, to: end, into: out, slashes: escapesSlashes) }
            i = end
        }
        put(UInt8(ascii: "\""))
    }

    /// Writes `raw[from..<to]` escaped to `out`, which has room for six bytes per byte plus
    /// sixteen; returns the count written. Blocks are read from `raw` while sixteen bytes are
    /// left in it, and the last few from overlapping loads within it, padded (no read past the string).
    @inline(__always)
    private static func escape(_ raw: UnsafeRawBufferPointer, from: Int, to end: Int, into out: UnsafeMutablePointer<UInt8>,
                               slashes escapesSlashes: Bool) -> Int {
        var i = from, o = 0
        // Why unsafe: loads stay within `raw` (the tail block reads within it too); each store of sixteen bytes
        // lands within the room the caller reserved, as `o` grows by at most six per byte read.
        let target = UnsafeMutableRawPointer(out)
        while i < end {
            let block: SIMD16<UInt8>
            let left = end &- i
            if left >= 16 {
                block = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            } else {
                block = tailBlock(raw, from: i, count: left)
            }
            target.storeBytes(of: block, toByteOffset: o, as: SIMD16<UInt8>.self)
            let flags = escapeLanes(block, slashes: escapesSlashes)
            if flags[0] | flags[1] == 0 {
                let taken = min(left, 16)
                i &+= taken
                o &+= taken
                continue
            }
            let clean = flags[0] != 0 ? flags[0].trailingZeroBitCount &>> 3 : 8 &+ flags[1].trailingZeroBitCount &>> 3
            i &+= clean
            o &+= clean
            o &+= writeEscape(raw[i], to: out + o)
            i &+= 1
        }
        return o
    }

    /// The last `count` (1…15) bytes of a string from `from`, in the low lanes of a block whose
    /// other lanes are `A` (never escaped): two overlapping loads within the string, assembled
    /// in two words (a copy into a padded block called memcpy, once per string).
    @inline(__always)
    private static func tailBlock(_ raw: UnsafeRawBufferPointer, from i: Int, count: Int) -> SIMD16<UInt8> {
        let fill: UInt64 = 0x4141_4141_4141_4141
        var low: UInt64, high = fill
        if count >= 8 {
            low = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // The string's last eight bytes end at lane count - 1; those already in `low` are shifted out.
            let last = raw.loadUnaligned(fromByteOffset: i &+ count &- 8, as: UInt64.self)
            high = count == 8 ? fill : last &>> UInt64((16 &- count) &* 8) | fill &<< UInt64((count &- 8) &* 8)
        } else if count >= 4 {
            let first = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: i &+ count &- 4, as: UInt32.self))
            // Overlapping lanes hold the same bytes in both words.
            low = first | last &<< UInt64((count &- 4) &* 8) | fill &<< UInt64(count &* 8)
        } else {
            low = fill &<< UInt64(count &* 8)
            for k in 0..<count { low |= UInt64(raw[i &+ k]) &<< UInt64(k &* 8) }
        }
        // Lane k is byte k of the words (little-endian, as the lane masks are read).
        return unsafeBitCast(SIMD2<UInt64>(low, high), to: SIMD16<UInt8>.self)
    }

    /// Every lane of `block` that needs an escape as 0xFF: a control character, a quote, a
    /// backslash or (when escaped) `/`; bytes of multi-byte UTF-8 sequences never do. Read as
    /// two words, lowest lane first. Spelled with explicit vector types and bit casts: inferred
    /// operand types and `any(_:)` compile to a loop per lane.
    @inline(__always)
    private static func escapeLanes(_ block: SIMD16<UInt8>, slashes: Bool) -> SIMD2<UInt64> {
        let control = block .< SIMD16<UInt8>(repeating: 0x20)
        let quote = block .== SIMD16<UInt8>(repeating: 0x22)
        let backslash = block .== SIMD16<UInt8>(repeating: 0x5C)
        var found = control .| quote .| backslash
        if slashes { found = found .| (block .== SIMD16<UInt8>(repeating: 0x2F)) }
        return unsafeBitCast(found, to: SIMD2<UInt64>.self)
    }

    /// One byte of a string, escaped if it must be (the last bytes of lent memory).
    private func putEscaped(_ byte: UInt8, slashes escapesSlashes: Bool) {
        let needsEscape = byte < 0x20 || byte == 0x22 || byte == 0x5C || (escapesSlashes && byte == 0x2F)
        guard needsEscape else { return put(byte) }
        append(upTo: 6) { Self.writeEscape(byte, to: $0) }
    }

    /// The escape of `byte` at `out` (`\n`, `\"`, `\u001f` …); returns its length.
    @inline(__always)
    private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\\")
        if byte >= 0x20 {
            // A quote, a backslash or a slash: the byte itself follows the backslash.
            out[1] = byte
            return 2
        }
        if let letter = escapeLetter(byte) {
            out[1] = letter
            return 2
        }
        let digits = hexDigits.utf8Start
        out[1] = UInt8(ascii: "u")
        out[2] = UInt8(ascii: "0")
        out[3] = UInt8(ascii: "0")
        out[4] = digits[Int(byte >> 4)]
        out[5] = digits[Int(byte & 0xF)]
        return 6
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

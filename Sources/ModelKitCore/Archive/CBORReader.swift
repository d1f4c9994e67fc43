#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads CBOR: an archive's header and checksum, and the items of its payload, which
/// ``CBORTapeRecorder`` records as a tape for the schema reader.
struct CBORReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// Arrays, maps and tags open around the item being read: bounded, so that hostile nesting
    /// (a million nested arrays, a chain of 10,000 tags) is an error, not a stack overflow.
    var nesting = 0
    /// Twice JSON's default `maxDepth`: every archived container may carry a tag (dates, bignums).
    static let maxNesting = 1024

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    enum Failure: Error { case truncated, malformed(String) }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw Failure.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func argument(_ info: UInt8) throws -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24: return UInt64(try byte())
        case 25, 26, 27:
            let count = 1 << Int(info - 24)
            guard offset + count <= bytes.count else { throw Failure.truncated }
            var value: UInt64 = 0
            for _ in 0..<count { value = value << 8 | UInt64(bytes[offset]); offset += 1 }
            return value
        default: throw Failure.malformed("indefinite or reserved length at byte \(offset - 1)")
        }
    }

    mutating func slice(_ count: UInt64) throws -> UnsafeRawBufferPointer {
        guard count <= UInt64(bytes.count - offset) else { throw Failure.truncated }
        defer { offset += Int(count) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(count)])
    }

    /// Reads a text string (header fields).
    mutating func text() throws -> String {
        let head = try byte()
        guard head >> 5 == 3 else { throw Failure.malformed("expected a text string at byte \(offset - 1)") }
        return String(decoding: try textBytes(try argument(head & 31)), as: UTF8.self)
    }

    /// The bytes of a text string, which must be UTF-8 (RFC 8949 §3.1): read as they were,
    /// invalid bytes became U+FFFD silently, where the JSON path rejects the same bytes.
    mutating func textBytes(_ count: UInt64) throws -> UnsafeRawBufferPointer {
        let start = offset
        let text = try slice(count)
        if let bad = Self.firstInvalidUTF8(in: text) {
            throw Failure.malformed("invalid UTF-8 in a text string at byte \(start + bad)")
        }
        return text
    }

    /// Where `text` stops being well-formed UTF-8 (overlong forms, encoded surrogates and code
    /// points above U+10FFFF are not), or nil. ASCII runs cost a comparison a byte.
    static func firstInvalidUTF8(in text: UnsafeRawBufferPointer) -> Int? {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var i = 0
        while i < text.count {
            if base[i] < 0x80 {
                i += 1
                continue
            }
            let length = InputScanner.wellFormedSequence(base + i, available: text.count - i)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    mutating func unsigned() throws -> UInt64 {
        let head = try byte()
        guard head >> 5 == 0 else { throw Failure.malformed("expected an unsigned integer at byte \(offset - 1)") }
        return try argument(head & 31)
    }

    /// Steps over one complete item (to find where the checksummed part ends, before the
    /// checksum is verified): iterative, counting the items still due, so no nesting of any depth
    /// recurses. Every item takes at least one byte, so more items due than bytes left is truncation.
    mutating func skipItem() throws {
        var due: UInt64 = 1
        while due > 0 {
            due -= 1
            let head = try byte()
            let major = head >> 5
            let info = head & 31
            switch major {
            case 0, 1: _ = try argument(info)
            case 2, 3: _ = try slice(try argument(info))
            case 4, 5:
                let count = try argument(info)
                let (items, overflow) = major == 5 ? count.multipliedReportingOverflow(by: 2) : (count, false)
                let left = UInt64(bytes.count - offset)
                guard !overflow, due <= left, items <= left - due else { throw Failure.truncated }
                due += items
            case 6:
                _ = try argument(info)
                due += 1
            default:
                if info >= 24 && info <= 27 { _ = try argument(info) } else if info > 27 { throw Failure.malformed("reserved simple value") }
            }
        }
    }

    /// Enters an array, map or tag while recording.
    mutating func enter() throws {
        nesting += 1
        if nesting > Self.maxNesting { throw Failure.malformed("nesting deeper than \(Self.maxNesting) levels at byte \(offset - 1)") }
    }

    /// A bignum's magnitude, bounded in size.
    mutating func bignumMagnitude() throws -> UnsafeRawBufferPointer {
        let head = try byte()
        guard head >> 5 == 2 else { throw Failure.malformed("bignum without a byte string") }
        let count = try argument(head & 31)
        guard count <= UInt64(BigNumberConversion.maxBytes) else {
            throw Failure.malformed("bignum of \(count) bytes (at most \(BigNumberConversion.maxBytes)) at byte \(offset)")
        }
        return try slice(count)
    }

    /// An integer (a decimal fraction's exponent or mantissa, a bignum among them) as decimal text.
    mutating func integerText() throws -> String {
        let head = try byte()
        let value = try argument(head & 31)
        switch head >> 5 {
        case 0: return String(value)
        case 1: return value == .max ? "-18446744073709551616" : "-" + String(value + 1)
        case 6 where value == 2 || value == 3:
            let digits = BigNumberConversion.decimalDigits(ofBigEndian: try bignumMagnitude())
            return value == 3 ? "-" + Self.addOne(digits) : digits
        default: throw Failure.malformed("expected an integer at byte \(offset - 1)")
        }
    }

    /// `digits` (decimal, no sign) plus one: a negative bignum's magnitude is its value minus one.
    static func addOne(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] < UInt8(ascii: "9") {
                bytes[i] += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes[i] = UInt8(ascii: "0")
            i -= 1
        }
        return "1" + String(decoding: bytes, as: UTF8.self)
    }
}

/// IEEE half precision → Float (CBOR writers may use it for small floats).
func Float16Bits(_ bits: UInt16) -> Float {
    let sign: Float = bits & 0x8000 != 0 ? -1 : 1
    let exponent = Int((bits >> 10) & 0x1F)
    let fraction = Float(bits & 0x3FF)
    switch exponent {
    case 0: return sign * fraction * Float(sign: .plus, exponent: -24, significand: 1)
    case 31: return fraction == 0 ? sign * .infinity : .nan
    default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads CBOR and feeds it to the decode engine as tokens, so archives decode through the same
/// frames and schema tables as JSON (model members keyed by field name).
struct CBORReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// Arrays, maps and tags open around the item being fed: bounded, so that hostile nesting
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

    /// Enters an array, map or tag while feeding.
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

    /// Feeds one item to the engine.
    mutating func feed(_ engine: DecodeEngine) throws {
        let head = try byte()
        let major = head >> 5
        let info = head & 31
        switch major {
        case 0:
            try integer(try argument(info), negative: false, engine)
        case 1:
            let n = try argument(info)
            if n == .max {
                try number("-18446744073709551616", engine)
            } else {
                try integer(n + 1, negative: true, engine)
            }
        case 2:
            try check(engine.onScalar(.bytes(try slice(try argument(info))), kind: .string), engine)
        case 3:
            try check(engine.onString(try textBytes(try argument(info))), engine)
        case 4:
            let count = try argument(info)
            try enter()
            defer { nesting -= 1 }
            try check(engine.onOpen(.array), engine)
            for _ in 0..<count { try feed(engine) }
            try check(engine.onClose(), engine)
        case 5:
            let count = try argument(info)
            try enter()
            defer { nesting -= 1 }
            try check(engine.onOpen(.object), engine)
            for _ in 0..<count {
                let keyHead = try byte()
                guard keyHead >> 5 == 3 else { throw Failure.malformed("map key is not a text string at byte \(offset - 1)") }
                try check(engine.onKey(try textBytes(try argument(keyHead & 31))), engine)
                try feed(engine)
            }
            try check(engine.onClose(), engine)
        case 6:
            let tag = try argument(info)
            try enter()
            defer { nesting -= 1 }
            try tagged(tag, engine)
        default:
            switch info {
            case 20: try check(engine.onScalar(.bool(false), kind: .literal), engine)
            case 21: try check(engine.onScalar(.bool(true), kind: .literal), engine)
            case 22, 23: try check(engine.onScalar(.null, kind: .literal), engine)
            case 25: try float(Double(Float(Float16Bits(UInt16(try argument(info))))), engine)
            case 26: try float(Double(Float(bitPattern: UInt32(try argument(info)))), engine, single: true)
            case 27: try float(Double(bitPattern: try argument(info)), engine)
            default: throw Failure.malformed("unsupported simple value \(info)")
            }
        }
    }

    private mutating func tagged(_ tag: UInt64, _ engine: DecodeEngine) throws {
        switch tag {
        case 2, 3:
            // Bignum: big-endian magnitude → decimal text.
            var digits = BigNumberConversion.decimalDigits(ofBigEndian: try bignumMagnitude())
            if tag == 3 { digits = "-" + Self.addOne(digits) }
            try number(digits, engine)
        case 4:
            // Decimal fraction [exponent, mantissa] → "mantissa e exponent".
            guard try byte() == 0x82 else { throw Failure.malformed("decimal fraction is not a 2-element array") }
            let exponent = try integerText()
            let mantissa = try integerText()
            try number(exponent == "0" ? mantissa : "\(mantissa)e\(exponent)", engine)
        default:
            // Self-describe (55799), epoch dates (1) and unknown tags: the content speaks for itself.
            try feed(engine)
        }
    }

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

    /// Integers become number text in a stack buffer: no `String` per number.
    private func integer(_ magnitude: UInt64, negative: Bool, _ engine: DecodeEngine) throws {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var i = 21
            var v = magnitude
            repeat {
                i -= 1
                buffer[i] = 0x30 &+ UInt8(v % 10)
                v /= 10
            } while v > 0
            if negative {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            let text = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[i..<21])
            try check(engine.onScalar(.number(text), kind: .number), engine)
        }
    }

    private func number(_ text: String, _ engine: DecodeEngine) throws {
        var text = text
        try text.withUTF8 { try check(engine.onScalar(.number(UnsafeRawBufferPointer($0)), kind: .number), engine) }
    }

    private func float(_ value: Double, _ engine: DecodeEngine, single: Bool = false) throws {
        guard value.isFinite else {
            // JSON tokens have no NaN or infinity: as text, which floating-point fields accept.
            var text = value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf")
            try text.withUTF8 { try check(engine.onString(UnsafeRawBufferPointer($0)), engine) }
            return
        }
        try number(single ? Float(value).description : value.description, engine)
    }

    private func check(_ proceeds: Bool, _ engine: DecodeEngine) throws {
        if !proceeds { throw engine.failure ?? ModelDecodingError(reason: .invalid("archive decoding stopped"), path: "$", line: 0, column: 0, byteOffset: offset) }
    }

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

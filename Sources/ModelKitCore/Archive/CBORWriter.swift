#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a value as CBOR (RFC 8949) through the schema tables: models as maps keyed by field
/// name (`.notArchived` fields left out), numbers exact, `Data` as byte strings.
final class CBORWriter: ValueVisitor {
    private let output: ByteOutput

    init(capacity: Int = 256) { output = ByteOutput(capacity: capacity) }

    var leadingMember: (key: String, value: String)?

    var bytes: [UInt8] { output.bytes }
    var written: UnsafeRawBufferPointer { output.written }

    @inline(__always) private func put(_ byte: UInt8) { output.put(byte) }
    @inline(__always) func put(_ raw: UnsafeRawBufferPointer) { output.put(raw) }

    /// A major type and its argument, in the shortest form.
    func head(_ major: UInt8, _ value: UInt64) {
        let m = major << 5
        switch value {
        case 0..<24: put(m | UInt8(value))
        case 24...0xFF: put(m | 24); put(UInt8(value))
        case 0x100...0xFFFF: put(m | 25); append(bigEndian: value, count: 2)
        case 0x1_0000...0xFFFF_FFFF: put(m | 26); append(bigEndian: value, count: 4)
        default: put(m | 27); append(bigEndian: value, count: 8)
        }
    }

    private func append(bigEndian value: UInt64, count: Int) {
        output.reserve(count)
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            output.appendReserved(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            head(3, UInt64(utf8.count))
            put(UnsafeRawBufferPointer(utf8))
        }
    }

    func visitNull() throws { put(0xF6) }
    func visitBool(_ value: Bool) throws { put(value ? 0xF5 : 0xF4) }
    func visitSigned(_ value: Int64) throws {
        if value >= 0 { head(0, UInt64(value)) } else { head(1, UInt64(-(value + 1))) }
    }
    func visitUnsigned(_ value: UInt64) throws { head(0, value) }
    func visitFloat(_ value: Float) throws {
        put(0xFA)
        append(bigEndian: UInt64(value.bitPattern), count: 4)
    }
    func visitDouble(_ value: Double) throws {
        put(0xFB)
        append(bigEndian: value.bitPattern, count: 8)
    }
    /// Decimals as their exact decimal text (RFC 8949 tag 4 cannot hold 38-digit mantissas in
    /// an integer; readers get a plain string).
    func visitDecimal(_ value: Decimal) throws { text(value.description) }
    /// Exact JSON number text, under tag 4 (decimal fraction) when it has a fraction or exponent.
    func visitNumberText(_ number: String) throws {
        let canonical = JSONNumber(uncheckedText: number).canonical
        let digits = canonical.digits.isEmpty ? "0" : canonical.digits
        guard digits.utf8.count <= BigNumberConversion.maxDigits else {
            throw ModelEncodingError(path: "$", message: "a number of \(digits.utf8.count) significant digits is longer than an archive holds (\(BigNumberConversion.maxDigits))")
        }
        if case .small(let exponent) = canonical.exponent, exponent >= 0, digits.count + exponent <= 18 {
            let magnitude = UInt64(digits + String(repeating: "0", count: exponent))!
            if canonical.negative { head(1, magnitude - 1) } else { head(0, magnitude) }
            return
        }
        // Integer text stays an integer (a bignum), so it reads back as the same text: as a
        // decimal fraction `4731301624530348277760` would come back as `473130162453034827776e1`.
        if case .small(let exponent) = canonical.exponent, exponent >= 0, Self.isIntegerText(number),
           digits.utf8.count + exponent <= BigNumberConversion.maxDigits {
            bignum(digits + String(repeating: "0", count: exponent), negative: canonical.negative)
            return
        }
        head(6, 4)
        head(4, 2)
        switch canonical.exponent {
        case .small(let exponent): try visitSigned(Int64(exponent))
        case .large(let negative, let magnitude):
            guard magnitude.utf8.count <= BigNumberConversion.maxDigits else {
                throw ModelEncodingError(path: "$", message: "a number's exponent of \(magnitude.utf8.count) digits is longer than an archive holds (\(BigNumberConversion.maxDigits))")
            }
            bignum(magnitude, negative: negative)
        }
        if digits.count <= 18 {
            let magnitude = UInt64(digits)!
            if canonical.negative { head(1, magnitude - 1) } else { head(0, magnitude) }
        } else {
            bignum(digits, negative: canonical.negative)
        }
    }

    private static func isIntegerText(_ number: String) -> Bool {
        !number.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// A bignum (tag 2, or tag 3 holding -1 - n): big-endian magnitude bytes.
    private func bignum(_ digits: String, negative: Bool) {
        var magnitude = BigNumberConversion.bigEndianBytes(ofDecimalDigits: digits)
        if negative { magnitude = Self.subtractOne(magnitude) }
        head(6, negative ? 3 : 2)
        head(2, UInt64(magnitude.count))
        magnitude.withUnsafeBytes { put($0) }
    }
    func visitString(_ value: String) throws { text(value) }
    func visitData(_ value: Data) throws {
        head(2, UInt64(value.count))
        value.withUnsafeBytes { put($0) }
    }
    /// Tag 1: seconds since 1970 as a float64 (sub-microsecond for present-day dates).
    func visitDate(_ value: Date) throws {
        head(6, 1)
        try visitDouble(value.timeIntervalSince1970)
    }
    func beginArray(count: Int) throws {
        try enter()
        head(4, UInt64(count))
    }
    func endArray() throws { nesting -= 1 }
    func beginObject(count: Int) throws {
        try enter()
        head(5, UInt64(count))
    }
    func visitKey(_ key: String) throws { text(key) }
    func endObject() throws { nesting -= 1 }

    /// Containers open, the model's own included; of those, models the decoder buffers
    /// (polymorphic and preprocessing ones), which nest within a bound of their own.
    private var nesting = 0
    private var bufferedNesting = 0

    /// Opens a container: no deeper than `Archive.decode` reads (its default `maxDepth`), so
    /// that an archive written is an archive that can be read back.
    private func enter() throws {
        nesting += 1
        if nesting > Self.readableDepth {
            throw ModelEncodingError(path: "$", message: "nested deeper than \(Self.readableDepth) levels: an archive that deep could not be read back")
        }
    }
    private static let readableDepth = DecodingLimits().maxDepth

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        try enter()
        defer { nesting -= 1 }
        if schema.buffersObject {
            bufferedNesting += 1
            if bufferedNesting > DecodingLimits.maxBufferedNesting {
                throw ModelEncodingError(path: "$", message: "polymorphic or preprocessing models nested deeper than \(DecodingLimits.maxBufferedNesting) levels: an archive that deep could not be read back")
            }
        }
        defer { if schema.buffersObject { bufferedNesting -= 1 } }
        let layout = schema.archiveLayout
        let references = layout.slotReferences
        let leading = leadingMember
        leadingMember = nil
        head(5, UInt64(references.count + (leading == nil ? 0 : 1)))
        if let leading {
            text(leading.key)
            text(leading.value)
        }
        try layout.nameBytes.withUnsafeBytes { names in
            var start = 0
            for (index, reference) in references.enumerated() {
                let end = layout.nameEnds[index]
                put(UnsafeRawBufferPointer(rebasing: names[start..<end]))
                start = end
                // Why a guaranteed reference: the layout retains its slots (`retainedSlots`) for the whole write.
                try reference._withUnsafeGuaranteedRef { try $0.access.visit(root, self) }
            }
        }
    }

    static func subtractOne(_ magnitude: [UInt8]) -> [UInt8] {
        var result = magnitude
        var i = result.count - 1
        while i >= 0 {
            if result[i] > 0 {
                result[i] -= 1
                break
            }
            result[i] = 0xFF
            i -= 1
        }
        while result.count > 1 && result[0] == 0 { result.removeFirst() }
        return result
    }
}

// An archive's payload as a tape (issue 35, "one engine"): the schema reader reads archives as
// it reads JSON documents, with no push engine, frames or replay. CBOR knows each container's
// length up front and its texts are checked UTF-8 already, so one pass writes the entries
// directly: texts, keys and byte strings copied into the tape's side buffer (the tape has no
// input, as one recorded from a `JSONValue`), integers, bignums, decimal fractions and floats
// as the number text the push engine was fed, byte strings as `.bytes` entries (`Data` takes
// them as they are). Tags carry no entry: a date's seconds, an unknown tag's content, stand
// for themselves.

/// Records one CBOR item (an archive's payload) onto a tape.
struct CBORTapeRecorder {
    var reader: CBORReader
    let tape: Tape
    /// Arrays and maps open around the item being recorded, bounded by `maxDepth`: the first
    /// container past it is recorded empty and ends the recording, every container open closed
    /// around it (``firstTooDeep``). The push engine failed there, after any misfit before it
    /// and before any malformation after it: the reader reads what comes before and fails there.
    private var depth = 0
    private let maxDepth: Int
    /// The entry of the container nested deeper than `maxDepth` that ended the recording, or `Int.max`.
    private(set) var firstTooDeep = Int.max
    /// Thrown to end the recording at ``firstTooDeep``.
    private struct Stopped: Error {}

    /// A recorder of `payload` (the bytes of exactly one item, checked by `skipItem`) onto
    /// `tape`, emptied for it; `maxDepth` is the decode's (`DecodingLimits.maxDepth`, at most its bound).
    init(_ payload: UnsafeRawBufferPointer, onto tape: Tape, maxDepth: Int) {
        reader = CBORReader(payload)
        // Every item takes at least a byte: a quarter of them is room for most payloads at once
        // (the tape grows by `realloc` past that).
        tape.reuse(for: UnsafeRawBufferPointer(start: nil, count: 0), compacted: nil, capacity: min(payload.count / 4, 1 << 14))
        self.tape = tape
        self.maxDepth = maxDepth
    }

    /// Records one item with everything in it, or up to a container nested past `maxDepth`.
    /// Throws ``CBORReader/Failure`` for malformed CBOR.
    mutating func record() throws {
        do {
            try recordItem()
        } catch is Stopped {}
    }

    private mutating func recordItem() throws {
        let head = try reader.byte()
        let major = head >> 5
        let info = head & 31
        switch major {
        case 0:
            integer(try reader.argument(info), negative: false)
        case 1:
            let n = try reader.argument(info)
            if n == .max {
                number("-18446744073709551616")
            } else {
                integer(n + 1, negative: true)
            }
        case 2:
            _ = tape.appendText(.bytes, try reader.slice(try reader.argument(info)), isKey: false)
        case 3:
            _ = tape.appendText(.string, try reader.textBytes(try reader.argument(info)), isKey: false)
        case 4, 5:
            let count = try reader.argument(info)
            try reader.enter()
            defer { reader.nesting -= 1 }
            try open(major == 4 ? .array : .object)
            defer { depth -= 1 }
            // `skipItem` found every item counted here: no count outruns the payload.
            for _ in 0..<count {
                if major == 5 {
                    let keyHead = try reader.byte()
                    guard keyHead >> 5 == 3 else { throw CBORReader.Failure.malformed("map key is not a text string at byte \(reader.offset - 1)") }
                    _ = tape.appendText(.string, try reader.textBytes(try reader.argument(keyHead & 31)), isKey: true)
                }
                try recordItem()
            }
            _ = tape.closeContainer(end: 0)
        case 6:
            let tag = try reader.argument(info)
            try reader.enter()
            defer { reader.nesting -= 1 }
            try tagged(tag)
        default:
            switch info {
            case 20: tape.appendLiteral(.falseValue, at: 0)
            case 21: tape.appendLiteral(.trueValue, at: 0)
            case 22, 23: tape.appendLiteral(.null, at: 0)
            case 25: float(Double(Float(Float16Bits(UInt16(try reader.argument(info))))))
            case 26: float(Double(Float(bitPattern: UInt32(try reader.argument(info)))), single: true)
            case 27: float(Double(bitPattern: try reader.argument(info)))
            default: throw CBORReader.Failure.malformed("unsupported simple value \(info)")
            }
        }
    }

    /// Opens an array or map, a level deeper; past `maxDepth`, ends the recording there.
    private mutating func open(_ kind: TapeEntry.Kind) throws {
        depth += 1
        firstTooDeep = tape.count
        tape.openContainer(kind, at: 0)
        guard depth > maxDepth else {
            firstTooDeep = .max
            return
        }
        while !tape.closeContainer(end: 0) {}
        throw Stopped()
    }

    private mutating func tagged(_ tag: UInt64) throws {
        switch tag {
        case 2, 3:
            // Bignum: big-endian magnitude → decimal text.
            var digits = BigNumberConversion.decimalDigits(ofBigEndian: try reader.bignumMagnitude())
            if tag == 3 { digits = "-" + CBORReader.addOne(digits) }
            number(digits)
        case 4:
            // Decimal fraction [exponent, mantissa] → "mantissa e exponent".
            guard try reader.byte() == 0x82 else { throw CBORReader.Failure.malformed("decimal fraction is not a 2-element array") }
            let exponent = try reader.integerText()
            let mantissa = try reader.integerText()
            number(exponent == "0" ? mantissa : "\(mantissa)e\(exponent)")
        default:
            // Self-describe (55799), epoch dates (1) and unknown tags: the content speaks for itself.
            try recordItem()
        }
    }

    /// Integers become number text in a stack buffer, copied onto the tape: no `String` per number.
    private func integer(_ magnitude: UInt64, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
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
            _ = tape.appendText(.number, UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[i..<21]), isKey: false)
        }
    }

    private func number(_ text: String) {
        var text = text
        _ = text.withUTF8 { tape.appendText(.number, UnsafeRawBufferPointer($0), isKey: false) }
    }

    private func float(_ value: Double, single: Bool = false) {
        guard value.isFinite else {
            // JSON tokens have no NaN or infinity: as text, which floating-point fields accept.
            var text = value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf")
            _ = text.withUTF8 { tape.appendText(.string, UnsafeRawBufferPointer($0), isKey: false) }
            return
        }
        number(single ? Float(value).description : value.description)
    }
}

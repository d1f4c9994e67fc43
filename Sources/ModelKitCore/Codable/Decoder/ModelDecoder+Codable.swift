#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelDecoder {
    /// Decodes any `Decodable` type from UTF-8 bytes (the Codable bridge): `[UInt8]`, `Data`,
    /// `UnsafeRawBufferPointer` (read in place), any byte collection.
    ///
    /// With the same checks and conversions as the schema path: RFC 8259 and the limits, numbers
    /// exact and range-checked, dates by ``DecodingOptions/dates``, scalars converted as
    /// ``DecodingOptions/conversion`` says. A ``Model`` type (or any ``ModelValue``) takes the
    /// schema path, also when it is nested in a Codable type. Failures are `DecodingError`s whose
    /// `underlyingError` is the located ``ModelDecodingError``.
    public func decode<T: Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// Decodes any `Decodable` type from JSON text (the Codable bridge).
    public func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// Decodes any `Decodable` type from `Data`, as `JSONDecoder` takes it: its bytes in place,
    /// without the generic collection path (whose metadata lookups cost a few hundred
    /// instructions a decode).
    public func decode<T: Decodable>(_ type: T.Type, from json: Data) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// The door as for bytes, from `Data`.
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: Data) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// A model (or a container of models, ``JSONValue``) takes the model door; a standard value
    /// that is also a ``ModelValue`` (`Int`, `Date`, `[Double]` …) the Codable door.
    @inlinable
    public func decode<T: ModelValue & Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// The door as for bytes, from JSON text.
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: String) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// `type` may be a subclass of `T` (`Employee.self as Person.Type`): its own `init(from:)` runs.
    static func decodeAny<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> T {
        if let schemaType = CodingDoor.modelDoorType(type) {
            return try decodeThroughSchema(schemaType, from: bytes, options: options) as! T
        }
        return try decodeBridged(type, from: bytes, options: options)
    }

    private static func decodeThroughSchema<M: ModelValue>(_ type: M.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> M {
        try DecodeRun.decodeValue(M.self, from: bytes, options: options)
    }

    /// A `Date` read by `JSONDecoder`'s `.custom` strategy where no `Decoder` is at hand (a schema
    /// model's field): the value is decoded again through the bridge, which makes one.
    static func decodeDate(_ json: JSONValue, with convert: @escaping @Sendable (any Decoder) throws -> Date,
                           options: DecodingOptions) throws -> Date {
        var options = options
        options.codable.userInfo[CustomDate.converter] = CustomDate.Converter(convert: convert)
        let bytes = try ModelEncoder().encode(json)
        return try bytes.withUnsafeBytes { try decodeBridged(CustomDate.self, from: $0, options: options) }.date
    }

    private struct CustomDate: Decodable {
        struct Converter: Sendable { let convert: @Sendable (any Decoder) throws -> Date }
        static let converter = CodingUserInfoKey(rawValue: "ModelKit.customDate")!
        let date: Date
        init(from decoder: any Decoder) throws {
            guard let converter = decoder.userInfo[Self.converter] as? Converter else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no date conversion"))
            }
            date = try converter.convert(decoder)
        }
    }

    /// The bridge (the Codable door): one pass builds the tape, then `T.init(from:)` reads it,
    /// with what the options leave unset at `JSONDecoder`'s defaults. `T` takes no model door.
    @usableFromInline
    static func decodeBridged<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> T {
        if options.codable.assumesTopLevelDictionary, let braced = Self.bracedMembers(bytes) {
            var options = options
            options.codable.assumesTopLevelDictionary = false
            return try braced.withUnsafeBytes { try decodeBridged(type, from: $0, options: options) }
        }
        let options = options.forCodableDoor
        let recorder: TapeRecorder
        do {
            recorder = try TapeRecorder.record(bytes, options: options)
        } catch let error as ModelDecodingError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        let tape = recorder.tape
        var decoder: BridgeDecoder? = BridgeDecoder(tape: tape, conversions: Self.conversions(parkedWith: recorder, options: options), options: options)
        defer {
            // `T` may have kept the decoder, a container or a super decoder: they must go on
            // reading this document after the caller's bytes are gone.
            let kept = !isKnownUniquelyReferenced(&decoder) || tape.readers != 1
            // Our decoder ends before the recorder goes back to the pool, where another decode
            // may take it (and its tape) at once.
            decoder = nil
            recorder.finish(keptByDecoders: kept)
        }
        return try decoder!.decodeDocument(type)
    }

    /// The bridge's conversions, parked with `recorder` (made on its first bridge decode) and set
    /// to `options`. Mismatches throw: a Codable property cannot be "left untouched".
    private static func conversions(parkedWith recorder: TapeRecorder, options: DecodingOptions) -> ScalarConversions {
        var strict = options
        strict.mismatch = .fail
        if let parked = recorder.parkedByBridge {
            // Only this function parks there, and only conversions.
            let conversions = unsafeDowncast(parked, to: ScalarConversions.self)
            conversions.reset(options: strict)
            return conversions
        }
        let conversions = ScalarConversions(options: strict)
        recorder.parkedByBridge = conversions
        return conversions
    }

    /// `assumesTopLevelDictionary`, as `JSONDecoder` reads it: input that does not start with
    /// `{` (after blanks) is the members of an object, given here with its braces; nil for input
    /// that has them. Positions in errors then count the brace added in front.
    private static func bracedMembers(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let first = bytes.firstIndex { !isJSONWhitespace($0) }
        if let first, bytes[first] == UInt8(ascii: "{") { return nil }
        var braced: [UInt8] = [UInt8(ascii: "{")]
        braced.reserveCapacity(bytes.count + 2)
        braced.append(contentsOf: bytes)
        braced.append(UInt8(ascii: "}"))
        return braced
    }
}

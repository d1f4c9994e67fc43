import Foundation

extension ModelDecoder {
    /// Decodes any `Decodable` type from UTF-8 bytes (the Codable bridge): `[UInt8]`, `Data`,
    /// `UnsafeRawBufferPointer` (read in place), any byte collection.
    ///
    /// On the same engine as the schema path: the same RFC 8259 checks and limits, numbers
    /// exact and range-checked, dates by ``DecodingOptions/dates``, scalars converted as
    /// ``DecodingOptions/conversion`` says. A ``Model`` type (or any ``ModelValue``) takes the
    /// schema path, also when it is nested in a Codable type. Failures are `DecodingError`s whose
    /// `underlyingError` is the located ``ModelDecodingError``.
    public func decode<T: Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        try withJSONBytes(json) { try decodeAny(T.self, from: $0) }
    }

    /// Decodes any `Decodable` type from JSON text (the Codable bridge).
    public func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try withJSONBytes(json) { try decodeAny(T.self, from: $0) }
    }

    /// A type that is both ``ModelValue`` and `Decodable` takes the schema path.
    @inlinable
    public func decode<T: ModelValue & Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        let box = ResultBox<T>()
        return try withJSONBytes(json) { try DecodeRun.run(.decoding(into: box), box, $0, options: options) }
    }

    /// A type that is both ``ModelValue`` and `Decodable` takes the schema path.
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: String) throws -> T {
        let box = ResultBox<T>()
        return try withJSONBytes(json) { try DecodeRun.run(.decoding(into: box), box, $0, options: options) }
    }

    private func decodeAny<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        if let schemaType = T.self as? any ModelValue.Type {
            return try decodeThroughSchema(schemaType, from: bytes) as! T
        }
        return try decodeBridged(T.self, from: bytes)
    }

    private func decodeThroughSchema<M: ModelValue>(_ type: M.Type, from bytes: UnsafeRawBufferPointer) throws -> M {
        let box = ResultBox<M>()
        return try DecodeRun.run(.decoding(into: box), box, bytes, options: options)
    }

    /// The bridge: one pass builds the tape, then `T.init(from:)` reads it. `T` is no
    /// ``ModelValue`` (those take the schema path).
    func decodeBridged<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let tape: Tape
        let engine: DecodeEngine
        do {
            (tape, engine) = try Tape.build(bytes, options: options)
        } catch let error as ModelDecodingError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        var decoder: TapeDecoder? = TapeDecoder(tape: tape, engine: engine, options: options)
        defer {
            let kept = !isKnownUniquelyReferenced(&decoder) || tape.readers != 1
            // Our decoder ends before the engine goes back to the pool, where another decode
            // may take it (and the tape it parks) at once.
            decoder = nil
            if kept {
                // `T` kept the decoder, a container or a super decoder: they must go on reading
                // this document after the caller's bytes are gone, and the engine and its tape
                // stay theirs.
                tape.keepInput()
                engine.wholeInput = tape.input
                engine.discardParser()
            } else {
                DecodeRun.recycle(engine)
            }
        }
        return try decoder!.decodeDocument(T.self)
    }
}

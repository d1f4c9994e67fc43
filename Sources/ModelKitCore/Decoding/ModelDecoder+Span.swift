// `ModelDecoder.decode(_:from:)` over spans: `RawSpan`, `Span<UInt8>` and `UTF8Span`. Each
// reaches the bytes in place (`withUnsafeBytes`) and runs the very decode the `[UInt8]`
// overloads run after `withJSONBytes`: the input is never copied. A `UTF8Span` is valid UTF-8
// already, so the pre-scan's quick check skips that part (its other RFC 8259 checks stay).

extension ModelDecoder {
    /// Decodes `type` from UTF-8 bytes in a `RawSpan`, read in place (never copied).
    @inlinable
    public func decode<T: ModelValue>(_ type: T.Type, from json: RawSpan) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// Decodes `type` from UTF-8 bytes in a `Span<UInt8>`, read in place (never copied).
    @inlinable
    public func decode<T: ModelValue>(_ type: T.Type, from json: Span<UInt8>) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// Decodes `type` from a `UTF8Span`, read in place: its UTF-8 is valid already, so that check
    /// of the pre-scan is skipped (the other RFC 8259 checks stay).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public func decode<T: ModelValue>(_ type: T.Type, from json: UTF8Span) throws -> T {
        let options = try optionsForDecode()
        return try json.span.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options, validUTF8: true) }
    }

    /// Decodes any `Decodable` type (the Codable bridge) from a `RawSpan`, read in place.
    public func decode<T: Decodable>(_ type: T.Type, from json: RawSpan) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// Decodes any `Decodable` type (the Codable bridge) from a `Span<UInt8>`, read in place.
    public func decode<T: Decodable>(_ type: T.Type, from json: Span<UInt8>) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// Decodes any `Decodable` type (the Codable bridge) from a `UTF8Span`, read in place. The
    /// bridge checks its UTF-8 as any input's (only the schema path skips that check).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    public func decode<T: Decodable>(_ type: T.Type, from json: UTF8Span) throws -> T {
        let options = try optionsForDecode()
        return try json.span.withUnsafeBytes { try Self.decodeAny(type, from: $0, options: options) }
    }

    /// A type that is both ``ModelValue`` and `Decodable` takes the schema path.
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: RawSpan) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// A type that is both ``ModelValue`` and `Decodable` takes the schema path.
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: Span<UInt8>) throws -> T {
        let options = try optionsForDecode()
        return try json.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// A type that is both ``ModelValue`` and `Decodable` takes the schema path.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public func decode<T: ModelValue & Decodable>(_ type: T.Type, from json: UTF8Span) throws -> T {
        let options = try optionsForDecode()
        return try json.span.withUnsafeBytes { try Self.decodeAtDoor(T.self, from: $0, options: options, validUTF8: true) }
    }

    /// The schema path over bytes in place: what `decode(_:from:options:)` runs after
    /// `withJSONBytes`.
    @inlinable
    static func decode<T: ModelValue>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer, options: DecodingOptions,
                                      validUTF8: Bool = false) throws -> T {
        try DecodeRun.decodeValue(T.self, from: bytes, options: options, validUTF8: validUTF8)
    }
}

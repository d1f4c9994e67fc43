// `init(json:)`, `update(json:)`, `[M](json:)` and `[String: M](json:)` over spans: the bytes
// in place (`withUnsafeBytes`), through the same runs as the byte-collection overloads, never
// copied. A `UTF8Span` skips the pre-scan's UTF-8 check (it is valid UTF-8 by construction).

extension Model {
    /// Decodes exactly `Self` from UTF-8 bytes in a `RawSpan`, read in place (never copied).
    @inlinable
    public init(json: RawSpan, options: DecodingOptions = DecodingOptions()) throws {
        let box = ResultBox<Self>()
        try json.withUnsafeBytes { try DecodeRun.fillExactly(box, $0, options: options) }
        self = box.takeValue()
    }

    /// Decodes exactly `Self` from UTF-8 bytes in a `Span<UInt8>`, read in place (never copied).
    @inlinable
    public init(json: Span<UInt8>, options: DecodingOptions = DecodingOptions()) throws {
        let box = ResultBox<Self>()
        try json.withUnsafeBytes { try DecodeRun.fillExactly(box, $0, options: options) }
        self = box.takeValue()
    }

    /// Decodes exactly `Self` from a `UTF8Span`, read in place; its UTF-8 is not checked again.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public init(json: UTF8Span, options: DecodingOptions = DecodingOptions()) throws {
        let box = ResultBox<Self>()
        try json.span.withUnsafeBytes {
            try DecodeRun.fillExactly(box, $0, options: options, validUTF8: true)
        }
        self = box.takeValue()
    }

    /// Sets only the fields whose keys are present in a `RawSpan`'s JSON; nested models merge in
    /// place. On error the model is left unchanged.
    @inlinable
    public mutating func update(json: RawSpan, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try json.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: current) }
    }

    /// Sets only the fields whose keys are present in a `Span<UInt8>`'s JSON; nested models merge
    /// in place. On error the model is left unchanged.
    @inlinable
    public mutating func update(json: Span<UInt8>, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try json.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: current) }
    }

    /// Sets only the fields whose keys are present in a `UTF8Span`'s JSON; nested models merge in
    /// place. On error the model is left unchanged.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public mutating func update(json: UTF8Span, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try json.span.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: current, validUTF8: true) }
    }

    /// `decodeExactly(_:options:into:)` for bytes whose UTF-8 is known valid (a `UTF8Span`'s).
    @inlinable
    static func decodeExactly(_ bytes: UnsafeRawBufferPointer, options: DecodingOptions, into existing: Self?,
                              validUTF8: Bool) throws -> Self {
        if let existing { return try DecodeRun.update(existing, from: bytes, options: options, validUTF8: validUTF8) }
        return try DecodeRun.decode(Self.self, from: bytes, options: options, exactly: true, validUTF8: validUTF8)
    }
}

extension Model where Self: AnyObject {
    /// Sets only the fields whose keys are present in a `RawSpan`'s JSON, on this instance.
    /// On error the instance may be partly updated.
    @inlinable
    public func update(json: RawSpan, options: DecodingOptions = DecodingOptions()) throws {
        _ = try json.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: self) }
    }

    /// Sets only the fields whose keys are present in a `Span<UInt8>`'s JSON, on this instance.
    /// On error the instance may be partly updated.
    @inlinable
    public func update(json: Span<UInt8>, options: DecodingOptions = DecodingOptions()) throws {
        _ = try json.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: self) }
    }

    /// Sets only the fields whose keys are present in a `UTF8Span`'s JSON, on this instance.
    /// On error the instance may be partly updated.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public func update(json: UTF8Span, options: DecodingOptions = DecodingOptions()) throws {
        _ = try json.span.withUnsafeBytes { try Self.decodeExactly($0, options: options, into: self, validUTF8: true) }
    }
}

extension Array where Element: ModelValue {
    /// Decodes a top-level array of models or tagged enums from a `RawSpan`, read in place.
    @inlinable
    public init(json: RawSpan, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.withUnsafeBytes { try ModelDecoder.decode([Element].self, fromBytes: $0, options: options) }
    }

    /// Decodes a top-level array of models or tagged enums from a `Span<UInt8>`, read in place.
    @inlinable
    public init(json: Span<UInt8>, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.withUnsafeBytes { try ModelDecoder.decode([Element].self, fromBytes: $0, options: options) }
    }

    /// Decodes a top-level array of models or tagged enums from a `UTF8Span`, read in place.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public init(json: UTF8Span, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.span.withUnsafeBytes {
            try ModelDecoder.decode([Element].self, fromBytes: $0, options: options, validUTF8: true)
        }
    }
}

extension Dictionary where Key == String, Value: ModelValue {
    /// Decodes a top-level object of models or tagged enums from a `RawSpan`, read in place.
    @inlinable
    public init(json: RawSpan, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.withUnsafeBytes { try ModelDecoder.decode([String: Value].self, fromBytes: $0, options: options) }
    }

    /// Decodes a top-level object of models or tagged enums from a `Span<UInt8>`, read in place.
    @inlinable
    public init(json: Span<UInt8>, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.withUnsafeBytes { try ModelDecoder.decode([String: Value].self, fromBytes: $0, options: options) }
    }

    /// Decodes a top-level object of models or tagged enums from a `UTF8Span`, read in place.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inlinable
    public init(json: UTF8Span, options: DecodingOptions = DecodingOptions()) throws {
        self = try json.span.withUnsafeBytes {
            try ModelDecoder.decode([String: Value].self, fromBytes: $0, options: options, validUTF8: true)
        }
    }
}

import Foundation

/// Decodes any ``ModelValue`` from JSON: a model, an array, set or dictionary of them, ``JSONValue``
/// or a scalar. Cheap to create, `Sendable`, usable from many tasks at once.
///
/// ```swift
/// let decoder = ModelDecoder(options: DecodingOptions(conversion: .strict))
/// let books = try decoder.decode([Book].self, from: bytes)
/// ```
///
/// Unlike `init(json:)`, a ``PolymorphicModel`` at the top level builds the subclass it chooses.
public struct ModelDecoder: Sendable {
    /// The options every decode uses.
    public var options: DecodingOptions

    /// A decoder with these options.
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
    }

    /// Decodes `type` from UTF-8 bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, or any byte collection.
    @inlinable
    public func decode<T: ModelValue, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        let box = ResultBox<T>()
        return try withJSONBytes(json) { try DecodeRun.run(.decoding(into: box), box, $0, options: options) }
    }

    /// Decodes `type` from JSON text.
    @inlinable
    public func decode<T: ModelValue>(_ type: T.Type, from json: String) throws -> T {
        let box = ResultBox<T>()
        return try withJSONBytes(json) { try DecodeRun.run(.decoding(into: box), box, $0, options: options) }
    }

    /// Decodes `type` from an already-parsed ``JSONValue``.
    public func decode<T: ModelValue>(_ type: T.Type, from json: JSONValue) throws -> T {
        let box = ResultBox<T>()
        let root = RootFrame.decoding(into: box)
        let engine = try DecodeRun.replay(root, json, options: options)
        guard let value = box.value else { throw DecodeRun.noValue(root, engine, typeName: T._typeName) }
        return value
    }

    /// Decodes `type`, and also returns what `mismatch: .skip` dropped (each with its path and position).
    public func decodeWithReport<T: ModelValue, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> (value: T, skipped: [ModelDecodingError]) {
        try withJSONBytes(json) { bytes in
            let box = ResultBox<T>()
            var skipped: [ModelDecodingError] = []
            let value = try DecodeRun.run(.decoding(into: box), box, bytes, options: options, report: &skipped)
            return (value, skipped)
        }
    }
}

extension Model {
    /// Decodes exactly `Self` from UTF-8 bytes (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, any byte collection).
    @inlinable
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: nil) }
    }

    /// Decodes exactly `Self` from JSON text.
    @inlinable
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: nil) }
    }

    /// Sets only the fields whose keys are present; nested models merge in place.
    /// On error the model is left unchanged.
    public mutating func update<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: current) }
    }

    /// Sets only the fields whose keys are present, from JSON text.
    public mutating func update(json: String, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: current) }
    }

    @inlinable
    static func decodeExactly(_ bytes: UnsafeRawBufferPointer, options: DecodingOptions, into existing: Self?) throws -> Self {
        let box = ResultBox<Self>(existing: existing)
        return try DecodeRun.run(.decodingExactly(into: box), box, bytes, options: options, merging: existing != nil)
    }
}

extension Model where Self: AnyObject {
    /// Sets only the fields whose keys are present, on this instance (no `var` needed).
    /// On error the instance may be partly updated.
    public func update<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        _ = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: self) }
    }

    /// Sets only the fields whose keys are present, from JSON text, on this instance.
    public func update(json: String, options: DecodingOptions = DecodingOptions()) throws {
        _ = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: self) }
    }
}

extension Array where Element: Model {
    /// Decodes a top-level array of models; elements may be polymorphic, nulls and non-objects are dropped (lenient).
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder(options: options).decode([Element].self, from: json)
    }

    /// Decodes a top-level array of models from JSON text.
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder(options: options).decode([Element].self, from: json)
    }
}

extension Dictionary where Key == String, Value: Model {
    /// Decodes a top-level object whose values are models.
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder(options: options).decode([String: Value].self, from: json)
    }

    /// Decodes a top-level object whose values are models, from JSON text.
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder(options: options).decode([String: Value].self, from: json)
    }
}

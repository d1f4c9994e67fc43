#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelEncoder {
    /// Encodes any `Encodable` value as JSON, as `Data` (the Codable bridge, with `JSONEncoder`'s
    /// defaults for what the options leave unset). A ``Model`` (or a container of models),
    /// also nested in a Codable type, is written through its schema.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try withEncodedBytes(value) { Data($0) }
    }

    /// Encodes any `Encodable` value as JSON, as UTF-8 bytes (ask for `[UInt8]` by type).
    @_disfavoredOverload
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try withEncodedBytes(value) { Array($0) }
    }

    /// A model (or a container of models, ``JSONValue``) takes the model door; a standard value
    /// that is also a ``ModelValue`` (`Date`, `[Double]` …) the Codable door.
    public func encode<T: ModelValue & Encodable>(_ value: T) throws -> Data {
        try withEncodedBytes(value) { Data($0) }
    }

    /// The same, as UTF-8 bytes (ask for `[UInt8]` by type).
    @_disfavoredOverload
    public func encode<T: ModelValue & Encodable>(_ value: T) throws -> [UInt8] {
        guard CodingDoor.takesModelDoor(T.self) else { return try withEncodedBytes(value) { Array($0) } }
        let writer = JSONWriter(options: configuration.options)
        try value._visit(writer)
        return writer.bytes
    }

    /// `JSONEncoder.encode(_:configuration:)`: a value that needs a configuration to encode.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        try encode(ConfiguredValue(value: value, configuration: configuration))
    }

    /// `JSONEncoder.encode(_:configuration:)` with the configuration from a provider type.
    public func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
    where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// Encodes a model (any ``ModelValue``) through its schema and hands `body` the bytes in
    /// place: the same encode-into-the-caller's-buffer API as for `Encodable` values. A standard
    /// value (`Date`, `[Double]` …) takes the Codable door.
    public func withEncodedBytes<T: ModelValue, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        guard CodingDoor.takesModelDoor(T.self) else {
            // The door said `T` is Encodable.
            let encodable: any Encodable = value as! any Encodable
            return try Self.withEncodedRecordingSize(encodable, configuration, body)
        }
        let writer = newWriter(configuration.options)
        try value._visit(writer)
        Self.lastSize.record(writer.byteCount)
        return try body(writer.written)
    }

    /// A type that is both ``ModelValue`` and `Encodable`: the door as for a ``ModelValue``.
    public func withEncodedBytes<T: ModelValue & Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        guard CodingDoor.takesModelDoor(T.self) else { return try Self.withEncodedRecordingSize(value, configuration, body) }
        let writer = newWriter(configuration.options)
        try value._visit(writer)
        Self.lastSize.record(writer.byteCount)
        return try body(writer.written)
    }

    /// Encodes `value` and hands `body` the JSON bytes in place, with no intermediate array: for
    /// writing a response body straight into a server's buffer. The bytes are valid only during
    /// `body`. A ``Model`` takes the schema path.
    public func withEncodedBytes<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try Self.withEncodedRecordingSize(value, configuration, body)
    }

    private static func withEncodedRecordingSize<T: Encodable, R>(_ value: T, _ configuration: EncoderConfiguration,
                                                                  _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try withEncoded(value, configuration) { bytes in
            lastSize.record(bytes.count)
            return try body(bytes)
        }
    }

    /// What the previous encode needed: the next one reserves it, so most encodes allocate once.
    private static let lastSize = SizeHint(256)

    private static func newWriter(_ options: EncodingOptions) -> JSONWriter {
        JSONWriter(options: options, capacity: lastSize.value + 64)
    }

    private func newWriter(_ options: EncodingOptions) -> JSONWriter { Self.newWriter(options) }

    /// Encodes `value` and hands `body` the bytes, valid only during the call.
    private static func withEncoded<T: Encodable, R>(_ value: T, _ configuration: EncoderConfiguration,
                                                     _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        // The value's own type (a subclass may be a model): its door is remembered, since
        // asking the runtime costs a thousand instructions an encode.
        if CodingDoor.modelDoorType(type(of: value)) != nil, let schemaValue = value as? any ModelValue {
            let writer = newWriter(configuration.options)
            try schemaValue._visit(writer)
            return try body(writer.written)
        }
        let options = configuration.codableOptions
        if options.sortedKeys {
            // Codable hands keys over in its own order: sort them through a JSONValue.
            var unsorted = configuration.values
            unsorted.options.sortedKeys = false
            unsorted.options.prettyPrinted = false
            let tree = try withEncoded(value, EncoderConfiguration(unsorted)) { try ModelDecoder().decode(JSONValue.self, from: $0) }
            let writer = newWriter(options)
            try tree._visit(writer)
            return try body(writer.written)
        }
        return try BridgeEncoder.withPooled(configuration, capacity: lastSize.value + 64) { encoder in
            try encoder.encodeRoot(value)
            return try body(encoder.writer.written)
        }
    }
}

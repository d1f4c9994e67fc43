#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelEncoder {
    /// Encodes any `Encodable` value as JSON (the Codable bridge), writing straight into the
    /// schema writer's buffer with these options. A ``Model`` (or any ``ModelValue``), also
    /// nested in a Codable type, is written through its schema.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try withEncodedBytes(value) { Array($0) }
    }

    /// A type that is both ``ModelValue`` and `Encodable` takes the schema path.
    public func encode<T: ModelValue & Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONWriter(options: configuration.options)
        try value._visit(writer)
        return writer.bytes
    }

    /// Encodes a model (any ``ModelValue``) through its schema and hands `body` the bytes in
    /// place: the same encode-into-the-caller's-buffer API as for `Encodable` values.
    public func withEncodedBytes<T: ModelValue, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = newWriter(configuration.options)
        try value._visit(writer)
        Self.lastSize.record(writer.byteCount)
        return try body(writer.written)
    }

    /// A type that is both ``ModelValue`` and `Encodable` takes the schema path.
    public func withEncodedBytes<T: ModelValue & Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = newWriter(configuration.options)
        try value._visit(writer)
        Self.lastSize.record(writer.byteCount)
        return try body(writer.written)
    }

    /// Encodes `value` and hands `body` the JSON bytes in place, with no intermediate array: for
    /// writing a response body straight into a server's buffer. The bytes are valid only during
    /// `body`. A ``Model`` takes the schema path.
    public func withEncodedBytes<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try Self.withEncoded(value, configuration) { bytes in
            Self.lastSize.record(bytes.count)
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
        let options = configuration.options
        // The value's own type (a subclass may be a model): plain types are remembered, since
        // asking the runtime costs a thousand instructions an encode.
        if !SchemaTypeLookup.isPlain(type(of: value)), let schemaValue = value as? any ModelValue {
            let writer = newWriter(options)
            try schemaValue._visit(writer)
            return try body(writer.written)
        }
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

import Foundation
import Synchronization

extension ModelEncoder {
    /// Encodes any `Encodable` value as JSON (the Codable bridge), writing straight into the
    /// schema writer's buffer with these options. A ``Model`` (or any ``ModelValue``), also
    /// nested in a Codable type, is written through its schema.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try withEncodedBytes(value) { Array($0) }
    }

    /// A type that is both ``ModelValue`` and `Encodable` takes the schema path.
    public func encode<T: ModelValue & Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        try value._visit(writer)
        return writer.bytes
    }

    /// Encodes a model (any ``ModelValue``) through its schema and hands `body` the bytes in
    /// place: the same encode-into-the-caller's-buffer API as for `Encodable` values.
    public func withEncodedBytes<T: ModelValue, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = newWriter(options)
        try value._visit(writer)
        Self.lastSize.store(writer.byteCount, ordering: .relaxed)
        return try body(writer.written)
    }

    /// A type that is both ``ModelValue`` and `Encodable` takes the schema path.
    public func withEncodedBytes<T: ModelValue & Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = newWriter(options)
        try value._visit(writer)
        Self.lastSize.store(writer.byteCount, ordering: .relaxed)
        return try body(writer.written)
    }

    /// Encodes `value` and hands `body` the JSON bytes in place, with no intermediate array: for
    /// writing a response body straight into a server's buffer. The bytes are valid only during
    /// `body`. A ``Model`` takes the schema path.
    public func withEncodedBytes<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = try write(value)
        Self.lastSize.store(writer.byteCount, ordering: .relaxed)
        return try body(writer.written)
    }

    /// What the previous encode needed: the next one reserves it, so most encodes allocate once.
    private static let lastSize = Atomic<Int>(256)

    private func newWriter(_ options: EncodingOptions) -> JSONWriter {
        JSONWriter(options: options, capacity: Self.lastSize.load(ordering: .relaxed) + 64)
    }

    private func write<T: Encodable>(_ value: T) throws -> JSONWriter {
        if let schemaValue = value as? any ModelValue {
            let writer = newWriter(options)
            try schemaValue._visit(writer)
            return writer
        }
        if options.sortedKeys {
            // Codable hands keys over in its own order: sort them through a JSONValue.
            var unsorted = options
            unsorted.sortedKeys = false
            unsorted.prettyPrinted = false
            let tree = try ModelEncoder(options: unsorted).withEncodedBytes(value) { try ModelDecoder().decode(JSONValue.self, from: $0) }
            let writer = newWriter(options)
            try tree._visit(writer)
            return writer
        }
        let writer = newWriter(options)
        let encoder = BridgeEncoder(writer: writer, options: options)
        do {
            try encoder.encodeValue(value, key: nil)
            encoder.closeContainers(above: 0)
            if !encoder.needsTree { return writer }
        } catch is BridgeEncoder.NeedsTree {}
        return try writeThroughTree(value)
    }

    /// The route for containers written out of order (and `superEncoder`): Foundation builds the
    /// tree, dates and non-finite floats still follow these options, and the schema writer
    /// writes the result.
    private func writeThroughTree<T: Encodable>(_ value: T) throws -> JSONWriter {
        let foundation = JSONEncoder()
        let options = self.options
        foundation.dateEncodingStrategy = .custom { date, encoder in
            let text = try ModelEncoder(options: options).encode(date)
            try ModelDecoder().decode(JSONValue.self, from: text).encode(to: encoder)
        }
        if case .string(let positive, let negative, let nan) = options.nonFiniteFloats {
            foundation.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        let tree = try ModelDecoder().decode(JSONValue.self, from: foundation.encode(value))
        let writer = newWriter(options)
        try tree._visit(writer)
        return writer
    }
}

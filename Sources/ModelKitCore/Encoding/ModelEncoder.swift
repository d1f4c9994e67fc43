import Foundation

/// Encodes any ``ModelValue`` as JSON: models, arrays, sets and dictionaries of them,
/// ``JSONValue`` and scalars. Cheap to create, `Sendable`, usable from many tasks at once.
///
/// ```swift
/// let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
/// let bytes: [UInt8] = try encoder.encode(books)
/// ```
public struct ModelEncoder: Sendable {
    /// The options every encode uses.
    public var options: EncodingOptions

    /// An encoder with these options.
    public init(options: EncodingOptions = EncodingOptions()) {
        self.options = options
    }

    /// The JSON text of `value`, as UTF-8 bytes.
    public func encode<T: ModelValue>(_ value: T) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        try value._visit(writer)
        return writer.bytes
    }
}

extension Model {
    /// This model as JSON (UTF-8 bytes): the first key of each field, key paths as nested objects,
    /// `.notMapped` fields and nil optionals left out (see ``EncodingOptions``).
    public func jsonBytes(options: EncodingOptions = EncodingOptions()) throws -> [UInt8] {
        // Reserve what the last model of this type needed: one allocation in the common case.
        let output = type(of: self).schema.jsonOutput
        let writer = JSONWriter(options: options, capacity: max(64, output.lastEncodedSize.value + 16))
        try _visit(writer)
        output.lastEncodedSize.store(writer.byteCount)
        return writer.bytes
    }

    /// This model as JSON `Data`.
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        Data(try jsonBytes(options: options))
    }

    /// This model as JSON text.
    public func jsonString(options: EncodingOptions = EncodingOptions()) throws -> String {
        String(decoding: try jsonBytes(options: options), as: UTF8.self)
    }

    /// This model as a ``JSONValue`` (exactly what ``jsonBytes(options:)`` writes).
    public func jsonValue(options: EncodingOptions = EncodingOptions()) throws -> JSONValue {
        try ModelDecoder().decode(JSONValue.self, from: jsonBytes(options: options))
    }

    /// A model's JSON form, as a value of another model (same as ``jsonValue(options:)``).
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try jsonValue(options: options)
    }
}

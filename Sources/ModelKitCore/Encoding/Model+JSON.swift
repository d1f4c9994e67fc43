#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Model {
    /// This model as JSON (UTF-8 bytes): the first key of each field, key paths as nested objects
    /// (arrays where a key has an index, `"images[0].url"`, earlier elements `null`),
    /// `.notMapped` fields and nil optionals left out (see ``EncodingOptions``).
    public func jsonBytes(options: EncodingOptions = EncodingOptions()) throws -> [UInt8] {
        // The writer reserves what the last model of this type needed (see recordSizeHint).
        let writer = JSONWriter(options: options)
        try _visit(writer)
        writer.recordSizeHint()
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
        try JSONValueBuilder.build(options: options) { try _visit($0) }
    }

    /// A model's JSON form, as a value of another model (same as ``jsonValue(options:)``).
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try jsonValue(options: options)
    }
}

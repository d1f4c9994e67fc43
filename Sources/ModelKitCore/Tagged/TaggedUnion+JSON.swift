#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A tagged enum's JSON conversions and conveniences, done once here: a `TaggedModel`'s
// `init(json:)`, `jsonBytes(options:)`, `modelDescription`, … forward to these, and so do the
// members `@Model` writes into a plain (externally tagged) enum.
extension TaggedUnion where Root: ModelValue {
    /// Decodes a value of the enum from UTF-8 bytes (the enum's `init(json:options:)`).
    public func decode<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws -> Root {
        try ModelDecoder.decode(Root.self, from: json, options: options)
    }

    /// Decodes a value of the enum from JSON text.
    public func decode(json: String, options: DecodingOptions = DecodingOptions()) throws -> Root {
        try ModelDecoder.decode(Root.self, from: json, options: options)
    }

    /// Decodes a value of the enum from a ``JSONValue`` (its ``ModelValue/decodeModelValue(from:options:)``).
    public func decode(json: JSONValue, options: DecodingOptions = DecodingOptions()) throws -> Root {
        try ModelDecoder.decode(Root.self, from: json, options: options)
    }

    /// `value` as JSON (UTF-8 bytes), in this union's tagging style.
    public func jsonBytes(of value: Root, options: EncodingOptions = EncodingOptions()) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        try value._visit(writer)
        return writer.bytes
    }

    /// `value` as JSON text.
    public func jsonString(of value: Root, options: EncodingOptions = EncodingOptions()) throws -> String {
        String(decoding: try jsonBytes(of: value, options: options), as: UTF8.self)
    }

    /// `value` as JSON `Data`.
    public func jsonData(of value: Root, options: EncodingOptions = EncodingOptions()) throws -> Data {
        Data(try jsonBytes(of: value, options: options))
    }

    /// `value` as a ``JSONValue`` (exactly what ``jsonBytes(of:options:)`` writes; also its
    /// ``ModelValue/encodeModelValue(options:)``).
    public func jsonValue(of value: Root, options: EncodingOptions = EncodingOptions()) throws -> JSONValue {
        try JSONValueBuilder.build(options: options) { try value._visit($0) }
    }

    /// `Shape.circle Circle { … }`: the case, then its payload's description.
    public func description(of value: Root) -> String {
        let writer = DescriptionWriter()
        try? value._visit(writer)
        return writer.text
    }

    /// Equal when the cases are the same and their payloads are equal field by field.
    public func isEqual(_ value: Root, _ other: Root) -> Bool {
        TokenCollector.tokens(of: value) == TokenCollector.tokens(of: other)
    }

    /// Hashes the case and its payload, consistently with ``isEqual(_:_:)``.
    public func hash(_ value: Root, into hasher: inout Hasher) {
        for token in TokenCollector.tokens(of: value) { token.hash(into: &hasher) }
    }
}

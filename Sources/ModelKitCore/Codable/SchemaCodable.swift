#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A model or tagged enum that is `Codable` in its ModelKit form: `JSONEncoder`, `JSONDecoder`
/// and every other coder see the same keys, key paths and values as ModelKit (`.notMapped`
/// fields left out), or the same tags and payloads, so a type has one wire format.
///
/// `@Model` adds this conformance unless the type declares its own `Codable`, `Decodable` or
/// `Encodable` conformance or `init(from:)`/`encode(to:)`. A hand-written schema or
/// ``TaggedModel`` opts in with one line:
///
/// ```swift
/// extension Book: SchemaCodable {}
/// extension Shape: SchemaCodable {}   // Shape: TaggedModel
/// ```
///
/// A non-final model class also needs the initializer (Swift requires it in the class body;
/// `@Model` writes it):
///
/// <!-- example: skip: a required initializer belongs in the class body, which a separately compiled example cannot add to -->
/// ```swift
/// required convenience init(from decoder: any Decoder) throws {
///     self.init()
///     try decodeSchemaFields(from: decoder)
/// }
/// ```
///
/// ModelKit's own decoder hands the value's part of the document it has parsed to the schema
/// reader, which reads it without parsing it again; a foreign coder goes through a ``JSONValue``.
public protocol SchemaCodable: ModelValue, Codable {}

extension SchemaCodable {
    /// Decodes the value through its schema or union.
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? BridgeDecoder {
            self = try bridge.decodeSchemaValue(Self.self, at: bridge.current, bridge.here)
        } else {
            self = try ModelDecoder().decode(Self.self, from: JSONValue(from: decoder))
        }
    }

    /// Encodes the value through its schema or union.
    public func encode(to encoder: any Encoder) throws {
        if let bridge = encoder as? BridgeEncoder {
            try bridge.scalar(self, key: nil, containerPath: nil)
        } else {
            try encodeModelValue(options: EncodingOptions()).encode(to: encoder)
        }
    }
}

extension SchemaCodable where Self: Model & AnyObject {
    /// Sets this instance's fields from `decoder` through the schema: the body of a non-final
    /// model class's `required convenience init(from:)`.
    public func decodeSchemaFields(from decoder: any Decoder) throws {
        if let bridge = decoder as? BridgeDecoder {
            try bridge.expect(.object, at: bridge.current, bridge.here)
            let bytes = bridge.tape.inputBytes(of: bridge.current)
            do {
                try update(json: bytes, options: bridge.options)
            } catch let error as ModelDecodingError {
                throw bridge.rebased(error, Self.self, at: bridge.current, bridge.here)
            }
        } else {
            try update(json: ModelEncoder().encode(JSONValue(from: decoder)))
        }
    }
}

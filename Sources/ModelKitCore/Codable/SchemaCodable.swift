import Foundation

/// A model that is `Codable` through its schema: `JSONEncoder`, `JSONDecoder` and every other
/// coder see the same keys, key paths and values as ModelKit (`.notMapped` fields left out), so
/// a type has one wire format.
///
/// `@Model` adds this conformance unless the type declares its own `Codable`, `Decodable` or
/// `Encodable` conformance or `init(from:)`/`encode(to:)`. A hand-written schema opts in with
/// one line:
///
/// ```swift
/// extension Book: SchemaCodable {}
/// ```
///
/// A non-final model class also needs the initializer (Swift requires it in the class body;
/// `@Model` writes it):
///
/// ```swift
/// required convenience init(from decoder: any Decoder) throws {
///     self.init()
///     try decodeSchemaFields(from: decoder)
/// }
/// ```
///
/// ModelKit's own coders run the schema engine on the raw bytes directly; a foreign coder goes
/// through a ``JSONValue``.
public protocol SchemaCodable: Model, Codable {}

extension SchemaCodable {
    /// Decodes the model through its schema.
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? TapeDecoder {
            self = try bridge.decodeSchemaValue(Self.self, at: bridge.current, bridge.here)
        } else {
            self = try ModelDecoder().decode(Self.self, from: JSONValue(from: decoder))
        }
    }

    /// Encodes the model through its schema.
    public func encode(to encoder: any Encoder) throws {
        if let bridge = encoder as? BridgeEncoder {
            try bridge.scalar(self, key: nil)
        } else {
            try jsonValue().encode(to: encoder)
        }
    }
}

extension SchemaCodable where Self: AnyObject {
    /// Sets this instance's fields from `decoder` through the schema: the body of a non-final
    /// model class's `required convenience init(from:)`.
    public func decodeSchemaFields(from decoder: any Decoder) throws {
        if let bridge = decoder as? TapeDecoder {
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

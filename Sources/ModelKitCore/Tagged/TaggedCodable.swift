/// A ``TaggedModel`` that is `Codable` in its union's JSON form, so `JSONEncoder`, `JSONDecoder`
/// and every other coder see the same tags and payloads as ModelKit. `@Model` on an enum adds it
/// unless the enum declares its own conformance; by hand: `extension Shape: TaggedCodable {}`.
///
/// ModelKit's own coders run the tagged frames on the tokens directly; a foreign coder goes
/// through a ``JSONValue``.
public protocol TaggedCodable: TaggedModel, Codable {}

extension TaggedCodable {
    /// Decodes the value through its union.
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? TapeDecoder {
            self = try bridge.decodeSchemaValue(Self.self, at: bridge.current, bridge.here)
        } else {
            self = try ModelDecoder().decode(Self.self, from: JSONValue(from: decoder))
        }
    }

    /// Encodes the value through its union.
    public func encode(to encoder: any Encoder) throws {
        if let bridge = encoder as? BridgeEncoder {
            try bridge.scalar(self, key: nil)
        } else {
            try jsonValue().encode(to: encoder)
        }
    }
}

/// A ``TaggedModel`` that is `Codable` in its union's JSON form, so `JSONEncoder`, `JSONDecoder`
/// and every other coder see the same tags and payloads as ModelKit: the same glue as a model's
/// (``SchemaCodable``). `@Model` on an enum adds it unless the enum declares its own conformance;
/// by hand: `enum Shape: TaggedCodable { … }` or `extension Shape: SchemaCodable {}`.
public typealias TaggedCodable = TaggedModel & SchemaCodable

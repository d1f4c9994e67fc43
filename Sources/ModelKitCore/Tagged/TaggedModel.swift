#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An enum whose cases each carry one model (or nothing), in JSON as a tagged union: internally
/// tagged (`{"type": "circle", "radius": 2}`), adjacently tagged (`{"kind": "circle", "data": {…}}`)
/// or externally tagged (`{"circle": {…}}`), as its ``TaggedUnion`` says.
///
/// A tagged model is a ``ModelValue``: a field, an array element, a top-level value, a stream
/// record; archives, descriptions, equality and JSON Schema (`oneOf` with the discriminator)
/// handle it like a model. An unknown tag is a located error, or the case marked `isDefault`.
/// `@Model(tag:)` writes the conformance (plain `@Model` writes the same behaviour as members
/// forwarding to the union); by hand, declare ``taggedUnion``:
///
/// ```swift
/// enum Shape: TaggedModel {
///     case circle(Circle), square(Square)
///     static let taggedUnion = TaggedUnion(Shape.self, tag: "type") {
///         TaggedCase("circle", Circle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
///         TaggedCase("square", Square.self, embed: { .square($0) }, extract: { if case .square(let s) = $0 { s } else { nil } })
///     }
/// }
/// ```
///
/// Decoding an internally tagged object whose tag comes first buffers nothing: the other members
/// go straight into the case's model. Members before the tag are kept until it arrives.
public protocol TaggedModel: ModelValue {
    /// The tagging style and the cases. Built once (declare it as a `static let`).
    static var taggedUnion: TaggedUnion<Self> { get }
}

// Every body is the union's (TaggedUnion+ModelValue, +JSON, +Schema), which a plain `@Model` enum's
// generated members call too.
extension TaggedModel {
    public static var modelTypeName: String { taggedUnion.typeName }

    /// Lenient: a null or non-object where a tagged value is expected is dropped, as for a model.
    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        try taggedUnion.decodeEngineScalar(scalar, in: context)
    }

    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        try Self.taggedUnion.present(self, to: visitor)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try taggedUnion.decode(json: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try Self.taggedUnion.jsonValue(of: self, options: options)
    }

    /// A copy whose payload shares no model class instance with `self`.
    public func modelDeepCopy() -> Self {
        Self.taggedUnion.deepCopy(of: self)
    }

    /// A `oneOf` with a branch per case (see ``TaggedUnion/jsonSchema(in:)``).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        taggedUnion.jsonSchema(in: context)
    }
}

// The same conveniences as a model's.
extension TaggedModel {
    /// Decodes a value from UTF-8 bytes.
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try Self.taggedUnion.decode(json: json, options: options)
    }

    /// Decodes a value from JSON text.
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try Self.taggedUnion.decode(json: json, options: options)
    }

    /// This value as JSON (UTF-8 bytes), in its union's tagging style.
    public func jsonBytes(options: EncodingOptions = EncodingOptions()) throws -> [UInt8] {
        try Self.taggedUnion.jsonBytes(of: self, options: options)
    }

    /// This value as JSON text.
    public func jsonString(options: EncodingOptions = EncodingOptions()) throws -> String {
        try Self.taggedUnion.jsonString(of: self, options: options)
    }

    /// This value as JSON `Data`.
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        try Self.taggedUnion.jsonData(of: self, options: options)
    }

    /// This value as a ``JSONValue`` (exactly what ``jsonBytes(options:)`` writes).
    public func jsonValue(options: EncodingOptions = EncodingOptions()) throws -> JSONValue {
        try Self.taggedUnion.jsonValue(of: self, options: options)
    }

    /// `Shape.circle Circle { … }`: the case, then its payload's description.
    public var modelDescription: String { Self.taggedUnion.description(of: self) }

    /// Equal when the cases are the same and their payloads are equal field by field.
    public func modelIsEqual(_ other: Self) -> Bool { Self.taggedUnion.isEqual(self, other) }

    /// Hashes the case and its payload, consistently with ``modelIsEqual(_:)``.
    public func modelHash(into hasher: inout Hasher) { Self.taggedUnion.hash(self, into: &hasher) }
}

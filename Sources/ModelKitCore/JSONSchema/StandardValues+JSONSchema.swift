#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// How the standard value types describe their JSON form (see ModelValue.jsonSchema(in:)).

extension ModelValue {
    /// Any JSON: a type of your own says more by implementing this requirement.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { [:] }
}

extension StandardInteger {
    /// An `integer` within the type's range.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { JSONSchemaShapes.integer(Self.self) }
}

extension Bool {
    /// A `boolean`.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { ["type": "boolean"] }
}

extension Double {
    /// A `number` (in the encoder view, also what non-finite values write).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { JSONSchemaShapes.floatingPoint(in: context) }
}

extension Float {
    /// A `number` (in the encoder view, also what non-finite values write).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { JSONSchemaShapes.floatingPoint(in: context) }
}

extension Decimal {
    /// A `number`, written and read with all its digits.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { JSONSchemaShapes.floatingPoint(in: context) }
}

extension String {
    /// A `string`.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { ["type": "string"] }
}

extension URL {
    /// A non-empty `string` of format `uri` (an empty string is no URL).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        ["type": "string", "format": "uri", "minLength": 1]
    }
}

extension UUID {
    /// A `string` of format `uuid`.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { ["type": "string", "format": "uuid"] }
}

extension Data {
    /// A base64 `string` (`contentEncoding`); the encoder writes it padded, which the encoder
    /// view checks with a `pattern`.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        guard context.view == .encoder else { return ["type": "string", "contentEncoding": "base64"] }
        return ["type": "string", "contentEncoding": "base64", "pattern": .string(JSONSchemaShapes.base64Pattern)]
    }
}

extension JSONValue {
    /// Any JSON (`{}`).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { [:] }
}

extension Optional where Wrapped: ModelValue {
    /// The wrapped type's schema, also accepting `null` (a nil field is left out by default: its
    /// field is then simply not `required`).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        context.nullable(context.schema(for: Wrapped.self))
    }
}

extension Array where Element: ModelValue {
    /// An `array` of the element's schema.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        ["type": "array", "items": context.schema(for: Element.self)]
    }
}

extension Set where Element: ModelValue {
    /// An `array` of the element's schema; the encoder writes each element once (`uniqueItems`),
    /// while decoding merges repeats.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        guard context.view == .encoder else { return ["type": "array", "items": context.schema(for: Element.self)] }
        return ["type": "array", "items": context.schema(for: Element.self), "uniqueItems": true]
    }
}

extension Dictionary where Key == String, Value: ModelValue {
    /// An `object` whose every member has the value's schema (`additionalProperties`).
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        ["type": "object", "additionalProperties": context.schema(for: Value.self)]
    }
}

extension ModelValue where Self: RawRepresentable, RawValue: ModelValue {
    /// The raw value's schema; for a `CaseIterable` enum, an `enum` of every case's raw value.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        RawValueSchema.describe(Self.self, in: context)
    }
}

extension RawEnumValue {
    @usableFromInline static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        RawValueSchema.describe(Wrapped.self, in: context)
    }
}

/// `RawRepresentable` values travel as their raw value.
enum RawValueSchema {
    static func describe<T: RawRepresentable>(_ type: T.Type, in context: JSONSchemaContext) -> JSONValue where T.RawValue: ModelValue {
        let raw = context.schema(for: T.RawValue.self)
        guard let iterable = type as? any CaseIterable.Type else { return raw }
        let values = cases(of: iterable).compactMap { ($0 as? T).flatMap { try? $0.rawValue.encodeModelValue(options: context.options.encoding) } }
        guard !values.isEmpty else { return raw }
        var members = JSONObject()
        if case .string(let kind)? = raw["type"] { members["type"] = .string(kind) }
        members["enum"] = .array(values)
        return .object(members)
    }

    private static func cases<C: CaseIterable>(of type: C.Type) -> [Any] { type.allCases.map { $0 } }
}

extension Model {
    /// A `$ref` to the model's entry in `$defs`.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { context.reference(to: Self.self) }
}

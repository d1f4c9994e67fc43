#if OpenAPI
import Foundation
import ModelKitCore
import OpenAPIKit

/// Model schemas → OpenAPIKit: ModelKit's JSON Schema with every model referenced from
/// `#/components/schemas/`, in OpenAPIKit's shapes, read by OpenAPIKit's own `Decodable`
/// conformance, and checked by writing the result back out (so nothing is dropped silently).
enum OpenAPISchemaConversion {
    static let referencePrefix = "#/components/schemas/"

    /// The JSON Schemas of `types` and of the models they hold, each once, keyed by component
    /// name in the order first met. Throws when two models would share a name.
    static func definitions(for types: [any Model.Type], options: JSONSchemaOptions) throws -> JSONObject {
        let context = ModelKitCore.JSONSchemaContext(options: options, referencePrefix: referencePrefix)
        for type in types { define(type, in: context) }
        if let typeName = context.renamedTypeNames.first {
            throw OpenAPISchemaError(
                component: ModelKitCore.JSONSchemaContext.definitionName(forTypeName: typeName),
                reason: "two models are named \(typeName); give one another name with Schema's typeName"
            )
        }
        return context.definitionsSoFar
    }

    private static func define<M: Model>(_ type: M.Type, in context: ModelKitCore.JSONSchemaContext) {
        _ = context.reference(to: type)
    }

    /// `schema` as OpenAPIKit's `JSONSchema`, or an error naming what OpenAPIKit would lose.
    static func convert(_ schema: JSONValue, component: String) throws -> JSONSchema {
        let prepared = OpenAPISchemaShapes.prepared(schema)
        let converted: JSONSchema
        do {
            // ModelKit's Codable bridge hands OpenAPIKit the keys in document order (Foundation's
            // JSONDecoder does not), so `properties` keep the schema table's order.
            converted = try ModelDecoder().decode(JSONSchema.self, from: ModelEncoder().encode(prepared))
        } catch {
            throw OpenAPISchemaError(component: component, reason: "OpenAPIKit cannot read it: \(error)")
        }
        let written = try json(converted)
        if let (pointer, reason) = firstDifference(expected: prepared, written: written, at: "") {
            throw OpenAPISchemaError(component: component, pointer: pointer, reason: reason)
        }
        return converted
    }

    /// `schema` as OpenAPIKit writes it.
    static func json(_ schema: JSONSchema) throws -> JSONValue {
        try ModelDecoder().decode(JSONValue.self, from: ModelEncoder().encode(schema))
    }

    /// Where OpenAPIKit's `written` form first departs from the `expected` schema, and how.
    private static func firstDifference(expected: JSONValue, written: JSONValue, at pointer: String) -> (String, String)? {
        switch (expected, written) {
        case (.object(let expected), .object(let written)):
            let (expected, written) = (withConst(expected), withConst(written))
            for (key, value) in expected {
                guard let other = written[key] else { return (pointer, "OpenAPIKit drops \"\(key)\"") }
                // `required` is a set: OpenAPIKit writes it in the order of `properties`.
                if key == "required", case .array(let names) = value, case .array(let others) = other,
                   names.count == others.count, Set(names) == Set(others) { continue }
                if let difference = firstDifference(expected: value, written: other, at: pointer + "/" + escaped(key)) {
                    return difference
                }
            }
            for (key, _) in written where expected[key] == nil {
                return (pointer, "OpenAPIKit adds \"\(key)\"")
            }
            return nil
        case (.array(let expected), .array(let written)) where expected.count == written.count:
            for (index, (value, other)) in zip(expected, written).enumerated() {
                if let difference = firstDifference(expected: value, written: other, at: pointer + "/\(index)") {
                    return difference
                }
            }
            return nil
        default:
            return expected == written ? nil : (pointer, "OpenAPIKit writes \(written) for \(expected)")
        }
    }

    /// A one-value `enum` as the `const` it means (OpenAPIKit writes one for the other).
    private static func withConst(_ members: JSONObject) -> JSONObject {
        guard case .array(let values)? = members["enum"], values.count == 1 else { return members }
        var members = members
        members["enum"] = nil
        members["const"] = values[0]
        return members
    }

    /// A JSON Pointer reference token (RFC 6901).
    private static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
#endif

import Foundation
import ModelKitCore
import ModelKitOpenAPI
import OpenAPIKit

/// What ModelKitOpenAPI must produce, worked out independently from `M.jsonSchema()`: each
/// document's root and `$defs` as component schemas, `$ref`s pointing into the components.
enum OpenAPIExpectations {
    static let prefix = "#/components/schemas/"

    /// Component name → schema, for `types` and what they hold, from their JSON Schema documents.
    static func components(for types: [any Model.Type], options: JSONSchemaOptions = JSONSchemaOptions()) -> JSONObject {
        var result = JSONObject()
        for type in types {
            let document = type.jsonSchema(options: options)
            let rootName = type.openAPIComponentName
            guard case .object(var root) = document else { continue }
            let definitions = root["$defs"]?.objectValue ?? JSONObject()
            root["$schema"] = nil
            root["$defs"] = nil
            result[rootName] = pointingIntoComponents(.object(root), root: rootName)
            for (name, definition) in definitions { result[name] = pointingIntoComponents(definition, root: rootName) }
        }
        return result
    }

    /// `schema` with `#` as `#/components/schemas/<root>` and `#/$defs/X` as `#/components/schemas/X`.
    static func pointingIntoComponents(_ schema: JSONValue, root: String) -> JSONValue {
        switch schema {
        case .object(let members):
            var result = JSONObject()
            for (key, value) in members {
                if key == "$ref", case .string(let reference) = value {
                    result[key] = .string(reference == "#" ? prefix + root : reference.replacingOccurrences(of: "#/$defs/", with: prefix))
                } else if key == "enum" || key == "const" {
                    result[key] = value
                } else {
                    result[key] = pointingIntoComponents(value, root: root)
                }
            }
            return .object(result)
        case .array(let values): return .array(values.map { pointingIntoComponents($0, root: root) })
        default: return schema
        }
    }

    /// An OpenAPIKit value as ModelKit reads its JSON (from Foundation's encoder).
    static func json(_ value: some Encodable) throws -> JSONValue {
        try ModelDecoder().decode(JSONValue.self, from: Array(JSONEncoder().encode(value)))
    }

    /// The component schemas `components` holds, as JSON.
    static func json(of components: OpenAPI.Components) throws -> JSONObject {
        var result = JSONObject()
        for (key, schema) in components.schemas { result[key.rawValue] = try json(schema) }
        return result
    }
}

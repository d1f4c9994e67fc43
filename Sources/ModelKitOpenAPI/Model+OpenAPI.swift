#if OpenAPI
public import ModelKitCore
public import OpenAPIKit

extension Model {
    /// This model's JSON Schema (``ModelKitCore/ModelValue/jsonSchema(options:)``) as OpenAPIKit's
    /// `JSONSchema`, the schema OpenAPI 3.1 holds for it under `#/components/schemas/`.
    ///
    /// ```swift
    /// let schema = try Issue.openAPISchema()                     // what ModelEncoder writes
    /// let accepted = try Issue.openAPISchema(options: JSONSchemaOptions(view: .strictDecoder))
    /// ```
    ///
    /// The models it holds (and the model itself, where it holds itself) are references to
    /// `#/components/schemas/Name` (``openAPIComponentName``): put their schemas in the document
    /// with `OpenAPI.Components(schemasFor:options:)`.
    ///
    /// - Throws: ``OpenAPISchemaError`` when OpenAPIKit cannot hold the schema whole, or when two
    ///   models it holds have the same name.
    public static func openAPISchema(options: JSONSchemaOptions = JSONSchemaOptions()) throws -> JSONSchema {
        let definitions = try OpenAPISchemaConversion.definitions(for: [Self.self], options: options)
        let name = openAPIComponentName
        guard let definition = definitions[name] else {
            throw OpenAPISchemaError(component: name, reason: "no schema was made for \(schema.typeName)")
        }
        return try OpenAPISchemaConversion.convert(definition, component: name)
    }

    /// The name of this model's entry in `#/components/schemas/`: its schema's `typeName`
    /// with characters other than letters, digits, `_`, `.` and `-` as `_` (`Page<Book>` → `Page_Book_`).
    public static var openAPIComponentName: String {
        ModelKitCore.JSONSchemaContext.definitionName(forTypeName: schema.typeName)
    }

    /// A `$ref` to this model's component schema, for request and response bodies.
    ///
    /// ```swift
    /// let content: OpenAPI.Content.Map = [.json: .content(.init(schema: Issue.openAPIReference))]
    /// ```
    public static var openAPIReference: JSONSchema {
        .reference(.component(named: openAPIComponentName))
    }
}
#endif

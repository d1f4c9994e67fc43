#if OpenAPI
public import ModelKitCore
public import OpenAPIKit

extension OpenAPI.Components {
    /// Components whose `schemas` describe `models` and every model they hold, each once, under
    /// its ``ModelKitCore/Model/openAPIComponentName`` (in the order first met).
    ///
    /// ```swift
    /// let components = try OpenAPI.Components(schemasFor: [Issue.self, UploadSummary.self])
    /// let document = OpenAPI.Document(info: info, servers: [], paths: paths, components: components)
    /// try document.validate()
    /// ```
    ///
    /// - Throws: ``OpenAPISchemaError`` when OpenAPIKit cannot hold a schema whole, or when two
    ///   models have the same name.
    public init(schemasFor models: [any Model.Type], options: JSONSchemaOptions = JSONSchemaOptions()) throws {
        self.init()
        try addSchemas(for: models, options: options)
    }

    /// Adds the schemas of `models` and every model they hold to `schemas`. A schema already
    /// there under the same name must be the same schema.
    ///
    /// - Throws: ``OpenAPISchemaError`` when OpenAPIKit cannot hold a schema whole, or when a
    ///   name is taken by another schema.
    public mutating func addSchemas(for models: [any Model.Type], options: JSONSchemaOptions = JSONSchemaOptions()) throws {
        for (name, definition) in try OpenAPISchemaConversion.definitions(for: models, options: options) {
            let schema = try OpenAPISchemaConversion.convert(definition, component: name)
            let key = try OpenAPI.ComponentKey.forceInit(rawValue: name)
            if let existing = schemas[key], try OpenAPISchemaConversion.json(existing) != OpenAPISchemaConversion.json(schema) {
                throw OpenAPISchemaError(component: name, reason: "the components already hold another schema of that name")
            }
            schemas[key] = schema
        }
    }
}
#endif

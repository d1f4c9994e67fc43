extension ModelValue {
    /// A JSON Schema (draft 2020-12) document of this type's JSON, derived from its schema table:
    /// what ``ModelEncoder`` writes, or what strict decoding accepts (``JSONSchemaOptions/view``).
    ///
    /// ```swift
    /// let schema: JSONValue = Book.jsonSchema()
    /// print(String(decoding: try ModelEncoder(options: .prettyPrinted).encode(schema), as: UTF8.self))
    /// ```
    ///
    /// A model is described at the root (and referenced as `"#"` from inside itself); the models
    /// it holds are in `$defs`, referenced with `$ref`, so recursive models terminate.
    public static func jsonSchema(options: JSONSchemaOptions = JSONSchemaOptions()) -> JSONValue {
        JSONSchemaContext(options: options).document(for: Self.self)
    }
}

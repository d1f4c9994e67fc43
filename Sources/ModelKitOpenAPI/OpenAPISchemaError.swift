#if OpenAPI
/// Why a model's JSON Schema could not become OpenAPIKit's `JSONSchema` faithfully.
///
/// ModelKitOpenAPI checks each conversion by writing the result back out: a schema OpenAPIKit
/// would hold only in part (a keyword it has no place for, two models under one component name)
/// throws this instead of describing less than the model accepts or writes.
public struct OpenAPISchemaError: Error, CustomStringConvertible, Sendable {
    /// The component schema concerned (the model's name under `#/components/schemas/`).
    public let component: String
    /// A JSON Pointer into that schema, `""` for the whole schema.
    public let pointer: String
    /// What went wrong there.
    public let reason: String

    /// An error about `component` at `pointer`.
    public init(component: String, pointer: String = "", reason: String) {
        self.component = component
        self.pointer = pointer
        self.reason = reason
    }

    /// `#/components/schemas/Issue/properties/labels: OpenAPIKit drops "prefixItems"`.
    public var description: String {
        "#/components/schemas/\(component)\(pointer): \(reason)"
    }
}
#endif

/// The schema document being built: the options, and the `$defs` that models are described in.
///
/// ``ModelValue/jsonSchema(in:)`` receives one. A type of your own usually ignores it; a wrapper
/// or container of your own asks it for the schema of what it holds:
///
/// <!-- example: skip: abridged: the value's own decode and encode requirements are left out -->
/// ```swift
/// struct Tagged<Value: ModelValue>: ModelValue {
///     static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
///         ["type": "object", "properties": ["tag": ["type": "string"], "value": context.schema(for: Value.self)]]
///     }
///     …
/// }
/// ```
public final class JSONSchemaContext {
    /// The options of the document being built.
    public let options: JSONSchemaOptions
    /// The view being described (``JSONSchemaOptions/view``).
    public var view: JSONSchemaOptions.View { options.view }

    /// `$defs`, in the order models were first met.
    private(set) var definitions = JSONObject()
    /// Model type → its name in `$defs` (`"#"` for the document's root model).
    private var names: [ObjectIdentifier: String] = [:]
    private var usedNames: Set<String> = []
    /// Where `$ref`s point: `#/$defs/` in a document, `#/components/schemas/` for OpenAPI.
    private let referencePrefix: String
    /// Internally tagged branches being described inline, and the `$defs` names of those met
    /// again while being described (see ``inlineOrReference(_:typeName:_:)``).
    private var inlining: Set<InlineKey> = []
    private var inlineNames: [InlineKey: String] = [:]
    /// Type names that met a model of the same name and were described under another one.
    package private(set) var renamedTypeNames: [String] = []

    init(options: JSONSchemaOptions) {
        self.options = options
        referencePrefix = "#/$defs/"
    }

    /// A context whose models are all referenced as `referencePrefix` + name (ModelKitOpenAPI's
    /// `#/components/schemas/`); ``reference(to:)`` fills the definitions.
    package init(options: JSONSchemaOptions, referencePrefix: String) {
        self.options = options
        self.referencePrefix = referencePrefix
    }

    /// The definitions made so far, in the order their models were first met.
    package var definitionsSoFar: JSONObject { definitions }

    /// The subschema of a `V` at the place being described; models become a `$ref` to `$defs`.
    public func schema<V: ModelValue>(for type: V.Type) -> JSONValue {
        type.jsonSchema(in: self)
    }

    /// `schema`, also accepting `null`.
    public func nullable(_ schema: JSONValue) -> JSONValue {
        JSONSchemaShapes.nullable(schema)
    }

    /// A `$ref` to `type`'s entry in `$defs`, described there on first use (so recursive models
    /// terminate: a model being described is referenced, not described again).
    public func reference<M: Model>(to type: M.Type) -> JSONValue {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return ref(name) }
        let name = uniqueName(type.schema.typeName)
        names[id] = name
        // Reserve the slot so that `$defs` lists models in the order they were first met.
        definitions[name] = .bool(true)
        definitions[name] = ModelSchemaBuilder.definition(of: type, in: self)
        return ref(name)
    }

    /// `build()`'s schema in place, unless it is met again while it is being built (a recursive
    /// internally tagged union, whose payloads are described inline): it then goes to `$defs`
    /// under a name made from `typeName`, and every place it is met references it, so the
    /// description terminates as a recursive model's does.
    func inlineOrReference(_ key: InlineKey, typeName: String, _ build: () -> JSONValue) -> JSONValue {
        if let name = inlineNames[key] { return ref(name) }
        if inlining.contains(key) {
            let name = uniqueName(typeName, isModel: false)
            inlineNames[key] = name
            // Reserved, as models' are, so that `$defs` keeps the order things were first met.
            definitions[name] = .bool(true)
            return ref(name)
        }
        inlining.insert(key)
        let schema = build()
        inlining.remove(key)
        guard let name = inlineNames[key] else { return schema }
        definitions[name] = schema
        return ref(name)
    }

    /// What is described inline: a tagged union's case, by the union's type and the case's tag.
    struct InlineKey: Hashable {
        let union: ObjectIdentifier
        let tag: String
    }

    /// The whole document for `V`: `$schema`, the root schema, then `$defs`. A root model is
    /// described in place and referenced as `"#"`.
    func document<V: ModelValue>(for type: V.Type) -> JSONValue {
        var root: JSONValue
        if let model = type as? any Model.Type {
            root = rootDefinition(of: model)
        } else {
            root = type.jsonSchema(in: self)
        }
        var document: JSONObject = ["$schema": .string(JSONSchemaOptions.draft202012)]
        if case .object(let members) = root {
            for (key, value) in members { document[key] = value }
        } else if root == .bool(false) {
            document["not"] = [:]
        }
        if !definitions.isEmpty { document["$defs"] = .object(definitions) }
        return .object(document)
    }

    private func rootDefinition<M: Model>(of type: M.Type) -> JSONValue {
        names[ObjectIdentifier(type)] = "#"
        return ModelSchemaBuilder.definition(of: type, in: self)
    }

    /// `Page<Book>` → `Page_Book_`: the name a model of that type name is defined under when no
    /// other model took it, a key that needs no escaping in a `$ref` (and a valid OpenAPI component key).
    package static func definitionName(forTypeName typeName: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
        let base = String(typeName.map { allowed.contains($0) ? $0 : "_" })
        return base.isEmpty ? "Model" : base
    }

    /// ``definitionName(forTypeName:)``, made unique.
    /// A name that is no model's (`isModel` false) is no rename of a model's either.
    private func uniqueName(_ typeName: String, isModel: Bool = true) -> String {
        let base = Self.definitionName(forTypeName: typeName)
        var name = base
        var n = 2
        while usedNames.contains(name) {
            name = "\(base)\(n)"
            n += 1
        }
        if name != base && isModel { renamedTypeNames.append(typeName) }
        usedNames.insert(name)
        return name
    }

    private func ref(_ name: String) -> JSONValue {
        ["$ref": .string(name == "#" ? "#" : referencePrefix + name)]
    }
}

/// Turns a model's ``Schema`` table into the JSON Schema of its object: each mapped field's keys
/// (key paths as nested objects), the schema its value type gives, which keys are `required`.
enum ModelSchemaBuilder {
    /// What `$defs` holds for `type`: its object, or the union of its variants.
    static func definition<M: Model>(of type: M.Type, in context: JSONSchemaContext) -> JSONValue {
        if let (declared, own) = variants(of: type) { return union(of: type, declared, own, in: context) }
        return shape(of: type, in: context)
    }

    /// The object `type`'s own schema table describes.
    static func shape<M: Model>(of type: M.Type, in context: JSONSchemaContext) -> JSONValue {
        let schema = type.schema
        let encoder = context.view == .encoder
        if !encoder, schema.isPreprocessing {
            // `willDecode` may rewrite any object into the one the fields describe.
            return ["type": "object", "$comment": "rewritten by willDecode before decoding"]
        }
        let root = ObjectNode()
        var alternatives: [JSONValue] = []
        for slot in schema.slots where !slot.options.contains(.notMapped) {
            let field = FieldDescription(slot, in: context)
            let keys = encoder ? Array(slot.resolvedKeys.prefix(1)) : slot.resolvedKeys
            for key in keys { root.insert(field.schema, at: KeyTable.keyPathParts(key)[...]) }
            if encoder {
                // A postprocessed object may lose keys in `didEncode`: nothing is promised.
                if field.isAlwaysWritten && !schema.isPostprocessing { root.require(KeyTable.keyPathParts(keys[0])[...]) }
            } else if slot.options.contains(.required) {
                if keys.count == 1 {
                    root.require(KeyTable.keyPathParts(keys[0])[...])
                } else {
                    alternatives.append(["anyOf": .array(keys.map { requirement(KeyTable.keyPathParts($0)[...]) })])
                }
            }
        }
        // A polymorphic class that lists no variants may decode as a subclass with more keys.
        let hidesSubclasses = (type as? any PolymorphicModel.Type)?.modelVariants.variants.isEmpty ?? false
        let closed = !encoder && context.options.decoding.unknownKeys == .fail && !hidesSubclasses
        var object = root.schema(closed: closed, loose: !encoder)
        if !alternatives.isEmpty { object["allOf"] = .array(alternatives) }
        if encoder && schema.isPostprocessing { object["$comment"] = "didEncode may change this object" }
        return object
    }
}

/// One field's value schema in the view being described.
private struct FieldDescription {
    let schema: JSONValue
    /// The encoder writes the key whatever the value (the encoder view's `required`).
    let isAlwaysWritten: Bool

    init(_ slot: FieldSlot, in context: JSONSchemaContext) {
        let type = slot.access.shared.wireValueType
        var schema: JSONValue
        if context.view == .encoder {
            let omitsNils = context.options.encoding.nils == .omit
            // A nil optional is left out, never written as null: describe the wrapped value.
            if omitsNils, let optional = type as? any OptionalSchemaValue.Type {
                schema = optional.wrappedSchemaType.jsonSchema(in: context)
                isAlwaysWritten = false
            } else {
                schema = type.jsonSchema(in: context)
                // A value presenting null is left out too (a `JSONValue.null`, a custom type's null).
                isAlwaysWritten = !omitsNils || !JSONSchemaShapes.mayBeNull(schema)
            }
        } else {
            schema = type.jsonSchema(in: context)
            isAlwaysWritten = false
        }
        if let text = slot.fieldDescription {
            if case .bool = schema { schema = [:] }
            schema["description"] = .string(text)
        }
        self.schema = schema
    }
}

/// Optionals, seen through to what they wrap.
protocol OptionalSchemaValue {
    static var wrappedSchemaType: any ModelValue.Type { get }
}

extension Optional: OptionalSchemaValue where Wrapped: ModelValue {
    static var wrappedSchemaType: any ModelValue.Type { Wrapped.self }
}

/// One JSON object level of a model: its keys in first-declared order, what each holds (fields,
/// a key-path subtree, or both) and which must be present.
private final class ObjectNode {
    private var order: [String] = []
    private var fields: [String: [JSONValue]] = [:]
    private var groups: [String: ObjectNode] = [:]
    private var required: [String] = []

    func insert(_ schema: JSONValue, at parts: ArraySlice<String>) {
        guard let key = parts.first else { return }
        if fields[key] == nil && groups[key] == nil { order.append(key) }
        if parts.count == 1 {
            if !fields[key, default: []].contains(schema) { fields[key, default: []].append(schema) }
        } else {
            group(key).insert(schema, at: parts.dropFirst())
        }
    }

    func require(_ parts: ArraySlice<String>) {
        guard let key = parts.first else { return }
        if !required.contains(key) { required.append(key) }
        if parts.count > 1 { group(key).require(parts.dropFirst()) }
    }

    private func group(_ key: String) -> ObjectNode {
        if let existing = groups[key] { return existing }
        let node = ObjectNode()
        groups[key] = node
        return node
    }

    /// `{"type": "object", "properties": …, "required": …}`; `closed` adds
    /// `"additionalProperties": false` (unknown keys fail the decode). With `loose`, a key-path
    /// level that requires nothing has no `type`: the decoder skips a non-object there.
    func schema(closed: Bool, loose: Bool, isRoot: Bool = true) -> JSONValue {
        var properties = JSONObject()
        for key in order {
            var parts = fields[key] ?? []
            if let group = groups[key] { parts.append(group.schema(closed: closed, loose: loose, isRoot: false)) }
            properties[key] = parts.count == 1 ? parts[0] : ["allOf": .array(parts)]
        }
        var object: JSONObject = loose && !isRoot && required.isEmpty ? [:] : ["type": "object"]
        object["properties"] = .object(properties)
        if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
        if closed { object["additionalProperties"] = false }
        return .object(object)
    }
}

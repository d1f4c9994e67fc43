/// Turns a model's ``Schema`` table into the JSON Schema of its object: each mapped field's keys
/// (key paths as nested objects, and arrays where a key has an index), the schema its value type
/// gives, which keys are `required`.
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
        let root = KeyLevel()
        var alternatives: [JSONValue] = []
        for slot in schema.slots where !slot.options.contains(.notMapped) {
            let field = FieldDescription(slot, in: context)
            let keys = encoder ? Array(slot.resolvedKeys.prefix(1)) : slot.resolvedKeys
            for key in keys { root.insert(field.schema, at: KeyPathSegment.segments(of: key)[...]) }
            if encoder {
                // A postprocessed object may lose keys in `didEncode`: nothing is promised.
                if field.isAlwaysWritten && !schema.isPostprocessing { root.require(KeyPathSegment.segments(of: keys[0])[...]) }
            } else if slot.options.contains(.required) {
                if keys.count == 1 {
                    root.require(KeyPathSegment.segments(of: keys[0])[...])
                } else {
                    alternatives.append(["anyOf": .array(keys.map { requirement(KeyPathSegment.segments(of: $0)[...]) })])
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
        if let checks = slot.checkKeywords?(), !checks.isEmpty { Self.add(checks, to: &schema) }
        self.schema = schema
    }

    /// A field's checks as keywords beside its type's (each applies to its own JSON type, so an
    /// optional's `null` passes them). A bound the schema has already (an integer type's range,
    /// another check's) keeps the stricter of the two; any other repeated keyword goes into `allOf`.
    private static func add(_ keywords: [(String, JSONValue)], to schema: inout JSONValue) {
        if case .bool = schema { schema = [:] }
        var more: [JSONValue] = []
        for (key, value) in keywords {
            guard let earlier = schema[key] else {
                schema[key] = value
                continue
            }
            if let lower = Self.lowerBounds[key], let old = earlier.doubleValue, let new = value.doubleValue {
                if lower ? new > old : new < old { schema[key] = value }
            } else {
                more.append([key: value])
            }
        }
        guard !more.isEmpty else { return }
        if case .array(let earlier)? = schema["allOf"] { more = earlier + more }
        schema["allOf"] = .array(more)
    }
}

extension FieldDescription {
    /// The bounding keywords, and whether each is a lower bound (the larger one is stricter).
    static let lowerBounds: [String: Bool] = [
        "minimum": true, "exclusiveMinimum": true, "minLength": true, "minItems": true, "minProperties": true,
        "maximum": false, "exclusiveMaximum": false, "maxLength": false, "maxItems": false, "maxProperties": false,
    ]
}

/// Optionals, seen through to what they wrap.
protocol OptionalSchemaValue {
    static var wrappedSchemaType: any ModelValue.Type { get }
}

extension Optional: OptionalSchemaValue where Wrapped: ModelValue {
    static var wrappedSchemaType: any ModelValue.Type { Wrapped.self }
}

extension ModelSchemaBuilder {
    /// A value that must hold something at the key path `parts` (an object with the key, an
    /// array with the element).
    static func requirement(_ parts: ArraySlice<KeyPathSegment>) -> JSONValue {
        guard let first = parts.first else { return [:] }
        let inner = requirement(parts.dropFirst())
        switch first {
        case .key(let key):
            return ["type": "object", "properties": [key: inner], "required": [.string(key)]]
        case .index(let index):
            return ["type": "array", "prefixItems": .array([JSONValue](repeating: true, count: index) + [inner]),
                    "minItems": .number(JSONNumber(Int64(index + 1)))]
        }
    }
}

/// One JSON level of a model (the model's object, or a key-path object or array): its members in
/// first-declared order, what each holds (fields, a deeper level, or both) and which must be present.
private final class KeyLevel {
    private var order: [KeyPathSegment] = []
    private var fields: [KeyPathSegment: [JSONValue]] = [:]
    private var groups: [KeyPathSegment: KeyLevel] = [:]
    private var required: [KeyPathSegment] = []

    /// A level whose first-declared member is an index is an array (as the encoder writes it).
    private var isArray: Bool {
        if case .index? = order.first { return true }
        return false
    }

    func insert(_ schema: JSONValue, at parts: ArraySlice<KeyPathSegment>) {
        guard let segment = parts.first else { return }
        if fields[segment] == nil && groups[segment] == nil { order.append(segment) }
        if parts.count == 1 {
            if !fields[segment, default: []].contains(schema) { fields[segment, default: []].append(schema) }
        } else {
            group(segment).insert(schema, at: parts.dropFirst())
        }
    }

    func require(_ parts: ArraySlice<KeyPathSegment>) {
        guard let segment = parts.first else { return }
        if !required.contains(segment) { required.append(segment) }
        if parts.count > 1 { group(segment).require(parts.dropFirst()) }
    }

    private func group(_ segment: KeyPathSegment) -> KeyLevel {
        if let existing = groups[segment] { return existing }
        let node = KeyLevel()
        groups[segment] = node
        return node
    }

    /// What the member at `segment` holds: its fields' schemas and its deeper level, all of them.
    private func member(_ segment: KeyPathSegment, closed: Bool, loose: Bool) -> JSONValue {
        var parts = fields[segment] ?? []
        if let group = groups[segment] { parts.append(group.schema(closed: closed, loose: loose, isRoot: false)) }
        return parts.count == 1 ? parts[0] : ["allOf": .array(parts)]
    }

    /// `{"type": "object", "properties": …, "required": …}`; `closed` adds
    /// `"additionalProperties": false` (unknown keys fail the decode). With `loose`, a key-path
    /// level that requires nothing has no `type`: the decoder skips a non-object there.
    func schema(closed: Bool, loose: Bool, isRoot: Bool = true) -> JSONValue {
        if isArray { return arraySchema(closed: closed, loose: loose) }
        var properties = JSONObject()
        for segment in order {
            guard case .key(let key) = segment else { continue }  // an index where keys are: not written, not read
            properties[key] = member(segment, closed: closed, loose: loose)
        }
        var object: JSONObject = loose && !isRoot && required.isEmpty ? [:] : ["type": "object"]
        object["properties"] = .object(properties)
        let keys = required.compactMap { segment -> JSONValue? in
            if case .key(let key) = segment { return .string(key) }
            return nil
        }
        if !keys.isEmpty { object["required"] = .array(keys) }
        if closed { object["additionalProperties"] = false }
        return .object(object)
    }

    /// A key-path array (`"images[1].url"`): `prefixItems` up to the last index. The encoder
    /// writes null in the gaps and where an element has nothing to write before a later one,
    /// and nothing after the last index; the decoder reads only the indexes it knows.
    private func arraySchema(closed: Bool, loose: Bool) -> JSONValue {
        var indexes: [Int: KeyPathSegment] = [:]
        for segment in order { if case .index(let index) = segment { indexes[index] = segment } }
        let last = indexes.keys.max() ?? -1
        var items: [JSONValue] = []
        for index in 0..<(last + 1) {
            guard let segment = indexes[index] else {
                items.append(loose ? true : ["type": "null"])
                continue
            }
            let element = member(segment, closed: closed, loose: loose)
            items.append(loose || required.contains(segment) ? element : ["anyOf": [element, ["type": "null"]]])
        }
        let minimum = required.compactMap { segment -> Int? in
            if case .index(let index) = segment { return index + 1 }
            return nil
        }.max()
        var array: JSONObject = loose && minimum == nil ? [:] : ["type": "array"]
        array["prefixItems"] = .array(items)
        if !loose { array["items"] = false }
        if let minimum { array["minItems"] = .number(JSONNumber(Int64(minimum))) }
        return .object(array)
    }
}

/// Small pieces of JSON Schema shared by the descriptions of the standard types and models.
enum JSONSchemaShapes {
    /// Keywords that constrain every JSON type: adding `"null"` to `type` does not make them accept null.
    private static let typeIndependent: Set<String> = ["enum", "const", "$ref", "anyOf", "oneOf", "allOf", "not", "if"]

    /// `schema`, also accepting `null`: `"null"` joins `type` where that is enough, else an `anyOf`.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema, !members.isEmpty else { return schema }
        if mayBeNull(schema) { return schema }
        if !members.keys.contains(where: typeIndependent.contains) {
            switch members["type"] {
            case .string(let type)?:
                members["type"] = [.string(type), "null"]
                return .object(members)
            case .array(let types)?:
                members["type"] = .array(types + ["null"])
                return .object(members)
            default: break
            }
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    /// Whether a value `schema` describes may be JSON `null` (conservatively: yes unless the schema
    /// rules it out). Such a field is not always written: the encoder leaves out a `null` field.
    static func mayBeNull(_ schema: JSONValue) -> Bool {
        switch schema {
        case .bool(let accepts): return accepts
        case .object(let members):
            if members.isEmpty { return true }
            if members["$ref"] != nil { return false }  // models: objects
            switch members["type"] {
            case .string(let type)?: return type == "null"
            case .array(let types)?: return types.contains("null")
            default: break
            }
            if case .array(let values)? = members["enum"] { return values.contains(.null) }
            if let const = members["const"] { return const == .null }
            for keyword in ["anyOf", "oneOf"] {
                if case .array(let branches)? = members[keyword] { return branches.contains(where: mayBeNull) }
            }
            return true
        default: return true
        }
    }

    /// `{"type": type}` plus `extra` members.
    static func typed(_ type: String, _ extra: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
        var members: JSONObject = ["type": .string(type)]
        for (key, value) in extra { members[key] = value }
        return .object(members)
    }

    /// An integer of `T`'s range.
    static func integer<T: FixedWidthInteger>(_ type: T.Type) -> JSONValue {
        typed("integer", ["minimum": JSONValue(T.min), "maximum": JSONValue(T.max)])
    }

    /// A `Double`, `Float` or `Decimal`: a number, and in the encoder view what non-finite values write.
    static func floatingPoint(in context: JSONSchemaContext) -> JSONValue {
        let number = typed("number")
        guard context.view == .encoder else { return number }
        switch context.options.encoding.nonFiniteFloats {
        case .throw: return number
        case .null: return typed("number").withNull
        case .string(let positive, let negative, let nan):
            return ["anyOf": [number, ["enum": [.string(positive), .string(negative), .string(nan)]]]]
        }
    }

    /// Canonical padded base64, what the encoder writes for `Data`.
    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"
}

extension JSONValue {
    /// This schema, also accepting `null`.
    fileprivate var withNull: JSONValue { JSONSchemaShapes.nullable(self) }
}

#if OpenAPI
import ModelKitCore

/// Rewrites a JSON Schema (draft 2020-12) into an equivalent one in the shapes OpenAPIKit's
/// `JSONSchema` holds whole. OpenAPIKit reads one combinator per schema object and only
/// annotations beside it or beside a `$ref`, boolean schemas only as `additionalProperties`,
/// and integer bounds as `Int`; what it cannot hold it would drop without a word.
enum OpenAPISchemaShapes {
    /// Keywords whose value is one subschema.
    private static let singleSubschema: Set<String> = [
        "items", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "additionalProperties",
    ]
    /// Keywords whose value is an object of subschemas.
    private static let subschemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "dependentSchemas"]
    /// Keywords whose value is an array of subschemas.
    private static let subschemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    /// The combinators, in the order OpenAPIKit looks for them (it reads only the first present).
    private static let combinators = ["allOf", "anyOf", "oneOf", "not"]
    /// What OpenAPIKit keeps beside a combinator or a `$ref`: annotations, which change no
    /// instance's validity and so can stay on the outer schema.
    private static let annotations: Set<String> = [
        "title", "description", "deprecated", "readOnly", "writeOnly", "default", "examples", "externalDocs",
    ]
    private static let integerBounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]

    /// `schema` in OpenAPIKit's shapes; `$comment`s are left out (OpenAPIKit has no place for them).
    static func prepared(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .bool(true): return [:]
        case .bool(false): return ["not": [:]]
        case .object(let members): return split(typedObject(withoutUnsupported(children(of: members))))
        default: return schema
        }
    }

    /// `members` with every subschema prepared (values of `enum`, `const`, `default` are data, left as they are).
    private static func children(of members: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (key, value) in members {
            if key == "additionalProperties", case .bool = value {
                result[key] = value  // OpenAPIKit holds a boolean here.
            } else if singleSubschema.contains(key) {
                result[key] = prepared(value)
            } else if subschemaMaps.contains(key), case .object(let map) = value {
                var prepared = JSONObject()
                for (name, subschema) in map { prepared[name] = Self.prepared(subschema) }
                result[key] = .object(prepared)
            } else if subschemaLists.contains(key), case .array(let list) = value {
                result[key] = .array(list.map { nullAsEnum(prepared($0)) })
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// Keywords that make OpenAPIKit take a schema without `type` for an object schema.
    private static let objectKeywords: Set<String> = [
        "properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames",
    ]

    /// An untyped schema with object keywords, which OpenAPIKit would write back with
    /// `"type": "object"` (refusing the non-objects it accepts), as an `anyOf` that says both.
    /// ModelKit's strict-decoder view has them: a key-path level the decoder skips when it is not an object.
    private static func typedObject(_ members: JSONObject) -> JSONObject {
        guard members["type"] == nil, members["$ref"] == nil, !combinators.contains(where: { members[$0] != nil }),
              members.keys.contains(where: objectKeywords.contains) else { return members }
        var outer = JSONObject()
        var object: JSONObject = ["type": "object"]
        for (key, value) in members {
            if annotations.contains(key) { outer[key] = value } else { object[key] = value }
        }
        outer["anyOf"] = [.object(object), ["not": ["type": "object"]]]
        return outer
    }

    /// `{"type": "null"}` as `{"enum": [null]}`, the same values. OpenAPIKit reads a combinator
    /// with a `null`-typed branch as "nullable" and writes that back as `"type": "null"` beside
    /// the combinator, which would accept nothing but null.
    private static func nullAsEnum(_ branch: JSONValue) -> JSONValue {
        branch == ["type": "null"] ? ["enum": [.null]] : branch
    }

    /// Without `$comment`, without integer bounds beyond `Int` (`UInt64.max`), which OpenAPIKit
    /// cannot read, and with one bound per side: OpenAPIKit holds `maximum` or `exclusiveMaximum`,
    /// not both (an integer type's range beside a check's `..<` bound), so the weaker one goes.
    private static func withoutUnsupported(_ members: JSONObject) -> JSONObject {
        var members = members
        members["$comment"] = nil
        for (inclusive, exclusive, lower) in [("minimum", "exclusiveMinimum", true), ("maximum", "exclusiveMaximum", false)] {
            guard let bound = members[inclusive]?.doubleValue, let strict = members[exclusive]?.doubleValue else { continue }
            // The exclusive bound is the stricter unless the inclusive one lies beyond it.
            let exclusiveWins = lower ? strict >= bound : strict <= bound
            members[exclusiveWins ? inclusive : exclusive] = nil
        }
        if isInteger(members["type"]) {
            for bound in integerBounds {
                if case .number(let number)? = members[bound], number.int64Value == nil, abs(number.doubleValue) >= 0x1p63 {
                    members[bound] = nil
                }
            }
        }
        return members
    }

    private static func isInteger(_ type: JSONValue?) -> Bool {
        switch type {
        case .string("integer")?: return true
        case .array(let types)?: return types.contains("integer")
        default: return false
        }
    }

    /// One combinator or `$ref` per object, with only annotations beside it: the rest goes into
    /// `allOf` branches, which JSON Schema applies together, so the rewrite accepts the same values.
    private static func split(_ members: JSONObject) -> JSONValue {
        let present = combinators.filter { members[$0] != nil }
        let isReference = members["$ref"] != nil
        var outer = JSONObject()
        var rest = JSONObject()
        for (key, value) in members where !combinators.contains(key) && key != "discriminator" {
            if annotations.contains(key) { outer[key] = value } else { rest[key] = value }
        }
        let needsSplit = isReference ? rest.count > 1 || !present.isEmpty : present.count + (rest.isEmpty ? 0 : 1) > 1
        guard needsSplit else { return .object(members) }
        var branches: [JSONValue] = []
        if let reference = rest["$ref"] {
            branches.append(["$ref": reference])
            rest["$ref"] = nil
        }
        if !rest.isEmpty { branches.append(.object(rest)) }
        if case .array(let all)? = members["allOf"] { branches += all }
        // The discriminator names a property of the `oneOf` (or `anyOf`) branches: it goes with them.
        let discriminated = present.first { $0 == "oneOf" } ?? present.first { $0 == "anyOf" }
        for keyword in present where keyword != "allOf" {
            var branch: JSONObject = [keyword: members[keyword]!]
            if keyword == discriminated, let discriminator = members["discriminator"] { branch["discriminator"] = discriminator }
            branches.append(.object(branch))
        }
        if discriminated == nil, let discriminator = members["discriminator"] { outer["discriminator"] = discriminator }
        outer["allOf"] = .array(branches)
        return .object(outer)
    }
}
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TaggedUnion {
    /// The enum's ``ModelValue/jsonSchema(in:)``: a `oneOf` with a branch per case. Internally
    /// and adjacently tagged unions name their tag key as the `discriminator`; an internally
    /// tagged branch is the payload's object with the tag added. With a default case, the
    /// decoder's view also accepts any other tag.
    // Compiled for size: run once per exported schema, carried by every program (check-linkage.sh).
    @_optimize(size)
    public func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        let decoding = context.view != .encoder
        let otherTag: JSONValue? = decoding && defaultIndex != nil
            ? ["type": "string", "not": ["enum": .array(cases.map { .string($0.tag) })]]
            : nil
        var branches: [JSONValue] = []
        var schema = JSONObject()
        switch style {
        case .internallyTagged(let key):
            for taggedCase in cases {
                // A payload holding this union again would be described inline forever.
                let inline = JSONSchemaContext.InlineKey(union: ObjectIdentifier(Root.self), tag: taggedCase.tag)
                branches.append(context.inlineOrReference(inline, typeName: "\(Root.self)_\(taggedCase.tag)") {
                    internalBranch(taggedCase, key: key, context)
                })
            }
            if let otherTag { branches.append(TaggedSchemaShapes.object([key: otherTag], required: [key])) }
            schema["discriminator"] = ["propertyName": .string(key)]
        case .adjacentlyTagged(let key, let content):
            for taggedCase in cases {
                var properties: JSONObject = [key: ["const": .string(taggedCase.tag)]]
                var required = [key]
                if let payload = taggedCase.payloadSchema(context, false) {
                    properties[content] = payload
                    required.append(content)
                }
                branches.append(TaggedSchemaShapes.object(properties, required: required))
            }
            if let otherTag { branches.append(TaggedSchemaShapes.object([key: otherTag], required: [key])) }
            schema["discriminator"] = ["propertyName": .string(key)]
        case .externallyTagged:
            for taggedCase in cases {
                let payload = taggedCase.payloadSchema(context, false) ?? ["type": "object"]
                var branch = TaggedSchemaShapes.object([taggedCase.tag: payload], required: [taggedCase.tag])
                branch["additionalProperties"] = false
                branches.append(branch)
            }
            if decoding, defaultIndex != nil {
                branches.append(["type": "object", "minProperties": 1, "maxProperties": 1,
                                 "propertyNames": ["not": ["enum": .array(cases.map { .string($0.tag) })]]])
            }
        }
        schema["oneOf"] = .array(branches)
        // Keep `oneOf` first, then the discriminator, as the polymorphic models' schemas do.
        var ordered: JSONObject = ["oneOf": schema["oneOf"]!]
        if let discriminator = schema["discriminator"] { ordered["discriminator"] = discriminator }
        return .object(ordered)
    }

    /// The payload's object with the tag among its properties (first) and required.
    private func internalBranch(_ taggedCase: TaggedCase<Root>, key: String, _ context: JSONSchemaContext) -> JSONValue {
        let tag: JSONValue = ["const": .string(taggedCase.tag)]
        guard let payload = taggedCase.payloadSchema(context, true) else {
            return TaggedSchemaShapes.object([key: tag], required: [key])
        }
        guard case .object(var object) = payload, case .object(let properties)? = object["properties"] else {
            // A payload that is itself a union: the tag is required beside it.
            return ["allOf": [payload, TaggedSchemaShapes.object([key: tag], required: [key])]]
        }
        var withTag: JSONObject = [key: tag]
        for (name, value) in properties where name != key { withTag[name] = value }
        object["properties"] = .object(withTag)
        var required: [JSONValue] = [.string(key)]
        if case .array(let names)? = object["required"] { required += names.filter { $0 != .string(key) } }
        object["required"] = .array(required)
        return .object(object)
    }
}

/// Small JSON Schema objects for tagged unions.
enum TaggedSchemaShapes {
    static func object(_ properties: JSONObject, required: [String]) -> JSONValue {
        ["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string))]
    }
}

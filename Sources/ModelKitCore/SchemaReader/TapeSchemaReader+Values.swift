// What the schema reader builds from a tape range rather than reading it into a schema: the one
// tape → `JSONValue` routine (`JSONValue` fields, types of your own, the object a
// `PolymorphicModel` chooses its class from, the object a `PreprocessingModel` rewrites), and
// polymorphic models.

extension TapeSchemaReader {
    /// The value at `index` as a ``JSONValue`` (numbers keep their text; members in document
    /// order, a repeated key as ``JSONObject/append(key:value:)`` keeps it).
    @usableFromInline
    final func jsonValue(at index: Int) throws -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .number: return .number(JSONNumber(uncheckedText: String(decoding: text(entry), as: UTF8.self)))
        case .string: return .string(String(decoding: text(entry), as: UTF8.self))
        // An archive's byte string, as the push engine made it of one: its base64 text.
        case .bytes: return ScalarToken.bytes(text(entry)).jsonValue
        case .array:
            try enter(index)
            defer { nestingLeft &+= 1 }
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.length))
            var element = index + 1
            while element < Int(entry.next) {
                elements.append(try jsonValue(at: element))
                element = Int(entries[element].next)
            }
            return .array(elements)
        case .object:
            try enter(index)
            defer { nestingLeft &+= 1 }
            return .object(try objectValue(at: index))
        }
    }

    /// The members of the object at `index`, a level entered already (by the model that builds
    /// it to choose its class or rewrite it: one level of the document, counted once).
    final func objectValue(at index: Int, skippingTag tagMember: Int = 0) throws -> JSONObject {
        let end = Int(entries[index].next)
        var object = JSONObject()
        var member = index + 1
        while member < end {
            let key = text(entries[member])
            // Without any member on the tag's key: a repeated tag is skipped, or rejected under
            // `.reject` (the push engine checked the keys before it handed the object over).
            if try tagMember == 0 || !skipsTag(key, at: member, tagMember: tagMember) {
                object.append(key: String(decoding: key, as: UTF8.self), value: try jsonValue(at: member + 1))
            }
            member = Int(entries[member + 1].next)
        }
        return object
    }

    /// A type of your own from the container at `index`, through its ``JSONValue`` form;
    /// placed where the container closes (where the push engine has it whole).
    @usableFromInline
    final func custom<T: ModelValue>(_ type: T.Type, at index: Int) throws -> T? {
        let value = try jsonValue(at: index)
        current = ~index
        return try convertCustom(value, to: T.self)
    }

    /// A model whose schema has the push engine buffer its object: a ``PolymorphicModel`` reads
    /// the class it chooses from the object (a ``JSONValue`` built from the range) over the same
    /// range, as that class's plain model (its own choice is not asked again, as on the push
    /// engine); a ``PreprocessingModel`` reads its rewrite (TapeSchemaReader+Preprocessed.swift).
    /// `tagMember` (not 0): the object is an internally tagged value's, whose tag the class is
    /// chosen without (the push engine never handed the tag to the payload) and read skipping.
    @usableFromInline
    final func readChosenModel<M: Model>(_ type: M.Type, at index: Int, skippingTag tagMember: Int = 0) throws -> M? {
        if M.self is any PreprocessingModel.Type {
            return try readPreprocessed(M.self, at: index, skippingTag: tagMember)
        }
        guard let chooser = M.self as? any PolymorphicModel.Type else { throw TapeUnreadable(typeName: M._typeName) }
        var chosenType: M.Type = M.self
        // The root of `Model.init(json:)` is exactly `M` (a tagged root's payload is not the root).
        if !(index == 0 && rootIsExact && tagMember == 0),
           let chosen = chooser.modelType(for: .object(try objectValue(at: index, skippingTag: tagMember))), let subtype = chosen as? M.Type {
            chosenType = subtype
        }
        let schema = chosenType.schema
        var model = chosenType.init()
        try withUnsafeMutablePointer(to: &model) {
            try readMembers(of: index, schema: schema, into: UnsafeMutableRawPointer($0), skippingTag: tagMember)
        }
        guard schema.isValidating else { return model }
        current = ~index
        return try M.validated(model, schema, self)
    }
}

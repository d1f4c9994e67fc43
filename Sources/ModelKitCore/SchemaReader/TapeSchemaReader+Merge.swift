// `update(json:)` on the tape: the members present are set over the existing model; a field
// holding a model (or an optional one that holds one) merges into it the same way, any other
// value is replaced. As on the push engine, the merge holds for the whole decode: a model made
// afresh inside it (an array's element) has its own model fields merged into their defaults,
// and only a model merged into skips its required-field checks.

extension TapeSchemaReader {
    /// `existing` updated from the tape's root value.
    final func readMerging<M: Model>(into existing: M) throws -> M {
        merging = true
        do {
            guard let value = entries[0].kind == .object ? try readModel(merging: existing, at: 0) : try M._decodeTape(0, self) else {
                try countRest()
                throw noValue(typeName: M._typeName)
            }
            try countRest()
            return value
        } catch {
            throw failure(error)
        }
    }

    /// The value at `index` merged into `existing`: over it when it is a model and the value an
    /// object, a new value otherwise.
    @inlinable
    final func merge<Value: ModelValue>(_ index: Int, into existing: Value) throws -> Value? {
        // A cast per merged field (`update(json:)` only): an optional model's value unwraps.
        if entries[index].kind == .object, let model = existing as? any Model {
            return try mergeModel(model, at: index).map { $0 as! Value }
        }
        return try Value._decodeTape(index, self)
    }

    @usableFromInline
    final func mergeModel(_ existing: any Model, at index: Int) throws -> (any Model)? {
        try readModel(merging: existing, at: index)
    }

    /// The object at `index` read over `existing`, with the schema of its dynamic type (a
    /// polymorphic model keeps its class, as on the push engine).
    final func readModel<M: Model>(merging existing: M, at index: Int) throws -> M? {
        try enter(index)
        defer { nestingLeft &+= 1 }
        let weight = DecodingLimits.elementWeight(of: M.self)
        if weight > 0, countsElements { try countWeight(weight, at: index) }
        let schema = type(of: existing).schema
        if schema.isPreprocessing {
            return try withBufferedLevel(at: index) { try readPreprocessed(M.self, at: index, merging: existing) }
        }
        var model = existing
        // Why a raw pointer: the fields' accessors write at their offsets in the model (as in
        // `readModel`); it points at `model`, alive across the call.
        try withUnsafeMutablePointer(to: &model) {
            try readMembers(of: index, schema: schema, into: UnsafeMutableRawPointer($0), checksRequired: false)
        }
        guard schema.isValidating else { return model }
        current = ~index
        return try M.validated(model, schema, self)
    }
}

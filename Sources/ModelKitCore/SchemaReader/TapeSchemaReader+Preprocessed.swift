// `PreprocessingModel` on the tape: the object is built as a `JSONValue` (the one tape →
// `JSONValue` routine), rewritten by the model's `willDecode`, recorded as a tape of its own
// (Tape/Tape+JSONValue.swift) and read by a second reader over it, as any object. A
// failure inside the rewritten value is placed as the push engine places it: where the original
// object closes, its path the object's followed by the path inside the rewritten value.

extension TapeSchemaReader {
    /// A ``PreprocessingModel`` from the object at `index` (entered by the caller): its rewrite
    /// read in its place (a ``PolymorphicModel`` one chooses its class from the rewrite), over
    /// `existing` when merging; nil when `willDecode` drops it. `tagMember` (not 0): the object
    /// is an internally tagged value's, rewritten without its tag (as the push engine handed
    /// the payload its object).
    @_optimize(size)  // errors and rare features: size, not speed (scripts/check-linkage.sh)
    final func readPreprocessed<M: Model>(_ type: M.Type, at index: Int, merging existing: M? = nil, skippingTag tagMember: Int = 0) throws -> M? {
        guard let preprocessing = M.self as? any PreprocessingModel.Type else { throw TapeUnreadable(typeName: M._typeName) }
        let object = JSONValue.object(try objectValue(at: index, skippingTag: tagMember))
        current = ~index  // the push engine has the object whole where it closes
        guard let rewritten = preprocessing.willDecode(object) else { return nil }
        guard case .object = rewritten else { return try mismatch(expected: M._typeName, found: rewritten.kindDescription) }
        var chosenType: M.Type = existing.map { Swift.type(of: $0) } ?? M.self
        if existing == nil, !(index == 0 && rootIsExact), let chooser = M.self as? any PolymorphicModel.Type,
           let chosen = chooser.modelType(for: rewritten), let subtype = chosen as? M.Type {
            chosenType = subtype
        }
        let side = TapeSchemaReader()
        side.start(Tape(recording: rewritten), options: options)
        side.outer = (self, index)
        side.merging = merging
        side.keysByFieldName = keysByFieldName
        // The nesting below carries ``tooDeep``'s offset: the side reader takes its slow path too.
        side.tooDeep = tooDeep == .max ? .max : Int.max - 1
        (side.nestingLeft, side.nestingLimit, side.bufferedLevels) = (nestingLeft, nestingLimit, bufferedLevels)
        side.keptSkippedLimit = keptSkippedLimit
        side.rootIsExact = true
        // The rewrite counts against the decode's budget, its containers again (as the push
        // engine's replay of it counted them).
        side.elementsLeft = elementsLeft
        // One budget of reads again for the decode: a rewrite is no fresh input.
        (side.rereadsLeft, side.rereadBudget) = (rereadsLeft, rereadBudget)
        defer { rereadsLeft = side.rereadsLeft }
        defer { adoptSkipped(of: side) }
        do {
            let schema = chosenType.schema
            var model = existing ?? chosenType.init()
            // Why a raw pointer: as in `readModel`, the accessors write at the fields' offsets in `model`.
            try withUnsafeMutablePointer(to: &model) {
                try side.readMembers(of: 0, schema: schema, into: UnsafeMutableRawPointer($0), checksRequired: existing == nil)
            }
            try side.countRest()
            elementsLeft = side.elementsLeft
            guard schema.isValidating else { return model }
            side.current = ~0
            return try M.validated(model, schema, side)
        } catch {
            // Placed by the side reader (it knows the path inside the rewrite).
            throw side.failure(error)
        }
    }

    /// The failures a side reader skipped, already placed, kept as this reader's.
    private final func adoptSkipped(of side: TapeSchemaReader) {
        for failure in side.skipped where skipped.count < keptSkippedLimit {
            skipped.append(failure)
            if keptSkippedLimit > 1 { skippedAt.append(Self.placedAlready) }
        }
    }

    /// A ``skippedAt`` mark for a failure placed when it was kept (a side reader's).
    static var placedAlready: Int { Int.min }

    /// A failure at entry `index` of a side reader's tape: where the outer reader's object
    /// closes, the path into the rewrite appended to the object's.
    @_optimize(size)
    final func locatedInOuter(_ reason: ModelDecodingError.Reason, at index: Int, path inner: String) -> ModelDecodingError? {
        guard let (reader, object) = outer else { return nil }
        let base = reader.located(reason, at: ~object)
        return ModelDecodingError(reason: reason, path: base.path + inner.dropFirst(JSONPath.root.count),
                                  line: base.line, column: base.column, byteOffset: base.byteOffset)
    }
}

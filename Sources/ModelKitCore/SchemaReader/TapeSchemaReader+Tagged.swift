// Tagged unions (``TaggedModel``) on the tape: the tag is looked up among the object's members
// wherever it is (first or last, nothing buffered), then the case's payload is read where it is:
// internally tagged, the same object as the case's model with the tag key skipped; adjacently
// tagged, the content member's value; externally tagged, the one member's value. Members are
// met in document order, so failures come in the push engine's order; a value the push engine
// buffered until the tag came (members or content before it) is placed where it is, not where
// it was replayed.
//
// Not generic over the enum: `TaggedUnion.decodeEngineScalar` (inlined into the enum's module)
// reads the payload through the case's closure, called back from here.

extension TapeSchemaReader {
    /// What a tagged object holds, once read.
    @usableFromInline
    enum TaggedRead {
        /// No value: a tag dropped under `mismatch: .skip`.
        case none
        /// The case `index`, which has no payload.
        case bare(Int)
        /// The payload was read through the callback (it may still be nil: a payload dropped by
        /// its own decode).
        case payload
    }

    /// Reads the tagged object at `index` through `table`; `payload(case, entry, tagMember)`
    /// reads the chosen case's payload (see ``TaggedCase/readTape``).
    @usableFromInline
    final func readTagged(_ table: TaggedDecodeTable, at index: Int,
                          payload: (_ caseIndex: Int, _ entry: Int, _ tagMember: Int) throws -> Void) throws -> TaggedRead {
        if table.isInternallyTagged { return try readInternallyTagged(table, at: index, payload: payload) }
        // The object is a level of its own (its payload another): counted as the push engine nests.
        try enter(index)
        defer { nestingLeft &+= 1 }
        if table.tagKey.isEmpty { return try readExternallyTagged(table, at: index, payload: payload) }
        return try readAdjacentlyTagged(table, at: index, payload: payload)
    }

    /// `{"type": "circle", "radius": 2}`: the first tag member chooses the case, whose model is
    /// read over the whole object (a later tag member is skipped, or rejected as a duplicate).
    private final func readInternallyTagged(_ table: TaggedDecodeTable, at index: Int,
                                            payload: (Int, Int, Int) throws -> Void) throws -> TaggedRead {
        let end = Int(entries[index].next)
        var member = index + 1
        while member < end, !TaggedDecodeTable.same(text(entries[member]), table.tagKey) {
            member = Int(entries[member + 1].next)
        }
        guard member < end else {
            current = ~index  // found missing once the object is complete, where it closes
            throw DecodeFailure(reason: .missingKey(String(decoding: table.tagKey, as: UTF8.self)))
        }
        let tagMember = member
        let chosen = try chooseCase(table, tagAt: tagMember + 1)
        if let chosen, table.hasPayload[chosen] {
            try payload(chosen, index, tagMember)
            return .payload
        }
        // No model takes the other members (a case without payload, or a dropped tag): only a
        // second tag counts.
        member = Int(entries[tagMember + 1].next)
        while member < end {
            _ = try skipsTag(text(entries[member]), at: member, tagMember: tagMember)
            member = Int(entries[member + 1].next)
        }
        return chosen.map(TaggedRead.bare) ?? .none
    }

    /// `{"kind": "circle", "data": {"radius": 2}}`: the content is read when both it and the tag
    /// have been met, whichever comes first.
    private final func readAdjacentlyTagged(_ table: TaggedDecodeTable, at index: Int,
                                            payload: (Int, Int, Int) throws -> Void) throws -> TaggedRead {
        let end = Int(entries[index].next)
        var member = index + 1
        var tagRead = false
        var chosen: Int?
        var content = 0  // the content's entry (never 0: the root is no member's value)
        while member < end {
            let value = member + 1
            let key = text(entries[member])
            let isTag = TaggedDecodeTable.same(key, table.tagKey)
            if isTag || TaggedDecodeTable.same(key, table.contentKey) {
                if isTag ? tagRead : content != 0 {
                    // The first one counts; a second is rejected under `.reject`, skipped otherwise.
                    if options.duplicateKeys == .reject { throw duplicate(key, at: member) }
                } else if isTag {
                    tagRead = true
                    chosen = try chooseCase(table, tagAt: value)
                    if let chosen, table.hasPayload[chosen], content != 0 {
                        current = content
                        try payload(chosen, content, 0)
                    }
                } else {
                    content = value
                    if let chosen, table.hasPayload[chosen] {
                        current = content
                        try payload(chosen, content, 0)
                    }
                }
            } else if failsOnUnknownKeys {
                current = member
                throw DecodeFailure(reason: .unknownKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
            }
            member = Int(entries[value].next)
        }
        current = ~index  // what is missing is found once the object is complete
        guard tagRead else { throw DecodeFailure(reason: .missingKey(String(decoding: table.tagKey, as: UTF8.self))) }
        guard let chosen else { return .none }
        guard table.hasPayload[chosen] else { return .bare(chosen) }
        guard content != 0 else { throw DecodeFailure(reason: .missingKey(String(decoding: table.contentKey, as: UTF8.self))) }
        return .payload
    }

    /// `{"circle": {"radius": 2}}`: the one key names the case, its value is the payload.
    private final func readExternallyTagged(_ table: TaggedDecodeTable, at index: Int,
                                            payload: (Int, Int, Int) throws -> Void) throws -> TaggedRead {
        let end = Int(entries[index].next)
        let member = index + 1
        guard member < end else {
            current = ~index
            throw table.emptyExternalObject
        }
        current = member
        let chosen = try chooseCase(table, named: text(entries[member]))
        var read = TaggedRead.none
        if let chosen {
            if table.hasPayload[chosen] {
                current = member + 1
                try payload(chosen, member + 1, 0)
                read = .payload
            } else {
                read = .bare(chosen)
            }
        }
        let second = Int(entries[member + 1].next)
        if second < end {
            current = second
            throw table.secondExternalKey(String(decoding: text(entries[second]), as: UTF8.self))
        }
        return read
    }

    /// The case the tag value at `value` names; nil when it was dropped under `.skip`.
    private final func chooseCase(_ table: TaggedDecodeTable, tagAt value: Int) throws -> Int? {
        current = value
        let entry = entries[value]
        guard entry.kind == .string else {
            let _: Bool? = try mismatch(expected: table.tagExpectation, found: token(at: value))
            return nil
        }
        return try chooseCase(table, named: text(entry))
    }

    /// The case `bytes` names, the default case for an unknown tag, or a failure at `current`.
    private final func chooseCase(_ table: TaggedDecodeTable, named bytes: UnsafeRawBufferPointer) throws -> Int? {
        if let index = table.index(ofTag: bytes) ?? table.defaultIndex { return index }
        let failure = table.unknownTag(bytes)
        guard skipsMismatches else { throw failure }
        recordSkipped(failure)
        return nil
    }

    /// Whether the member at `member` is the tag of the object whose first tag is `tagMember`
    /// (its model skips it); a second tag is rejected under `duplicateKeys: .reject`.
    @usableFromInline
    final func skipsTag(_ key: UnsafeRawBufferPointer, at member: Int, tagMember: Int) throws -> Bool {
        let tagKey = text(entries[tagMember])
        guard key.count == tagKey.count, key.elementsEqual(tagKey) else { return false }
        if member != tagMember, options.duplicateKeys == .reject { throw duplicate(key, at: member) }
        return true
    }

    private final func duplicate(_ key: UnsafeRawBufferPointer, at member: Int) -> DecodeFailure {
        current = member
        return DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
    }

    /// A tagged case's payload (``TaggedCase/readTape``): the value at `entry`, or (internally
    /// tagged, `tagMember` > 0) the tagged object at `entry` as `M` with its tag skipped.
    @inlinable
    final func readPayload<M: Model>(_ type: M.Type, at entry: Int, tagMember: Int) throws -> M? {
        guard tagMember > 0 else { return try M._decodeTape(entry, self) }
        return try readModel(M.self, at: entry, skippingTag: tagMember)
    }
}

// The members of an object whose key table is not flat, or of an internally tagged object (its
// tag key skipped, TapeSchemaReader+Tagged.swift): keys with several consumers (fields
// sharing a key, a key that is also a key path's head), key paths (`"ext.desc"`: the nested
// object is read over its range into the same model) and indexes (`"images[0].url"`: element N
// of the array there). Nothing is buffered or replayed: a value several fields want is read from
// the tape once per JSON-side type, as the push engine decodes its buffered copy.

extension TapeSchemaReader {
    /// The members of the object at `index` through `table` (a model's, or a key path's level)
    /// into the model at `root`; `ranks` and `tagMember` as in ``readMembers(of:schema:into:skippingTag:)``.
    final func readPathMembers(of index: Int, table: KeyTable, into root: UnsafeMutableRawPointer,
                               ranks: UnsafeMutablePointer<UInt8>?, tagMember: Int = 0) throws {
        // A bit per key of the table: which the object has had (a repeated one is the policy's).
        // Why unsafe: the bits live on the stack for this object only, as the ranks do; a
        // table of up to 64 keys keeps them in one word.
        guard table.keyCount > 64 else {
            var seen: UInt64 = 0
            try withUnsafeMutablePointer(to: &seen) {
                try readPathMembers(of: index, table: table, into: root, ranks: ranks, tagMember: tagMember, seen: $0)
            }
            return
        }
        try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (table.keyCount + 63) / 64) { words in
            words.initialize(repeating: 0)
            try readPathMembers(of: index, table: table, into: root, ranks: ranks, tagMember: tagMember, seen: words.baseAddress!)
        }
    }

    private final func readPathMembers(of index: Int, table: KeyTable, into root: UnsafeMutableRawPointer,
                                       ranks: UnsafeMutablePointer<UInt8>?, tagMember: Int, seen: UnsafeMutablePointer<UInt64>) throws {
        let end = Int(entries[index].next)
        var member = index + 1
        var hint = 0
        while member < end {
            let value = member + 1
            let key = text(entries[member])
            if tagMember != 0, try skipsTag(key, at: member, tagMember: tagMember) {
                member = Int(entries[value].next)
                continue
            }
            var found = table.lookup(key, hint: hint)
            if found < 0, !isPlainInput || table.hasNonASCIIKeys { found = table.canonicalLookup(key) }
            if found >= 0 {
                hint = found + 1
                let word = found &>> 6, bit: UInt64 = 1 &<< UInt64(found & 63)
                if try seen[word] & bit == 0 || repeated(key, at: member) {
                    seen[word] |= bit
                    try deliver(value, entry: found, of: table, into: root, ranks: ranks)
                }
            } else if failsOnUnknownKeys {
                current = member
                throw DecodeFailure(reason: .unknownKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
            }
            member = Int(entries[value].next)
        }
    }

    /// The value at `value` to every consumer of `table`'s entry `entry`: fields (a field set by
    /// a key of lower rank keeps its value) and key-path levels.
    private final func deliver(_ value: Int, entry: Int, of table: KeyTable, into root: UnsafeMutableRawPointer,
                               ranks: UnsafeMutablePointer<UInt8>?) throws {
        let found = table.entries[entry]
        let consumers = found.firstConsumer..<(found.firstConsumer + found.consumerCount)
        if found.consumerCount > 1, entries[value].isContainer {
            try withBufferedLevel(at: value) { try deliverShared(value, to: consumers, of: table, into: root, ranks: ranks) }
            return
        }
        for i in consumers {
            let consumer = table.consumers[i]
            if let slot = consumer.slot {
                if let ranks {
                    if ranks[slot.index] < consumer.rank { continue }
                    ranks[slot.index] = consumer.rank
                }
                current = value
                if merging {
                    try slot.access.mergeTape(self, value, root)
                } else {
                    try slot.access.readTape(self, value, root)
                }
            } else if let level = consumer.subtable {
                try readLevel(value, level, into: root, ranks: ranks)
            }
        }
    }

    /// A container several consumers want: decoded once per JSON-side type and stored into each
    /// field of that type (a recursive model read per field would cost 2^depth), key-path
    /// levels read over it.
    private final func deliverShared(_ value: Int, to consumers: Range<Int>, of table: KeyTable, into root: UnsafeMutableRawPointer,
                                     ranks: UnsafeMutablePointer<UInt8>?) throws {
        var decoded: [(type: ObjectIdentifier, value: Any?)] = []
        var reads = 0
        for i in consumers {
            let consumer = table.consumers[i]
            guard let slot = consumer.slot else {
                if let level = consumer.subtable {
                    try countReread(value, reads: &reads)
                    try readLevel(value, level, into: root, ranks: ranks)
                }
                continue
            }
            if let ranks {
                if ranks[slot.index] < consumer.rank { continue }
                ranks[slot.index] = consumer.rank
            }
            if merging {
                // Each field merges into its own current value (as the push engine's replay per field).
                try countReread(value, reads: &reads)
                current = value
                try slot.access.mergeTape(self, value, root)
                continue
            }
            let shared = slot.access.shared
            let result: Any?
            if let done = decoded.first(where: { $0.type == shared.wireType }) {
                result = done.value
            } else {
                try countReread(value, reads: &reads)
                current = value
                result = try decodeShared(shared.wireValueType, at: value)
                decoded.append((shared.wireType, result))
            }
            current = value
            if let result { try shared.store(result, root, self) }
        }
    }

    private final func decodeShared<T: ModelValue>(_ type: T.Type, at index: Int) throws -> Any? {
        try T._decodeTape(index, self)
    }

    /// A key-path level over the value at `value`: an object's members by key, an array's
    /// elements by index; a value of the other kind (or a scalar) has nothing for any field.
    private final func readLevel(_ value: Int, _ level: KeyTable, into root: UnsafeMutableRawPointer,
                                 ranks: UnsafeMutablePointer<UInt8>?) throws {
        let entry = entries[value]
        if entry.kind == .object, level.hasKeys {
            try enter(value)
            defer { nestingLeft &+= 1 }
            try readPathMembers(of: value, table: level, into: root, ranks: ranks)
        } else if entry.kind == .array, level.hasElements {
            try enter(value)
            defer { nestingLeft &+= 1 }
            var element = value + 1, position = 0
            let end = Int(entry.next)
            while element < end {
                let found = level.entry(forElement: position)
                if found >= 0 { try deliver(element, entry: found, of: level, into: root, ranks: ranks) }
                element = Int(entries[element].next)
                position += 1
            }
        }
    }
}

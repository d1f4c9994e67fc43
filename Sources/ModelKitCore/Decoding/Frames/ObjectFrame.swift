/// Routes the members of one JSON object to fields through a ``KeyTable``, writing into the
/// model storage at `root`. Subclassed by ``ModelFrame`` (an object that is a model) and
/// ``KeyPathFrame`` (a nested object of a key path, writing into its owner's model; also what
/// an ``ElementPathFrame`` routes the elements of an indexed level through).
@usableFromInline
class ObjectFrame: DecodeFrame {
    let root: UnsafeMutableRawPointer
    let table: KeyTable
    /// Holds precedence ranks for multi-key and required fields (the model that owns `root`).
    unowned(unsafe) var owner: ModelFrameBase!
    let tracksFields: Bool
    /// The entry of the current key, -1 for an unknown key, -2 between members, -3 for a repeated
    /// key whose value is skipped. ``ElementPathFrame`` sets it per element of its level.
    fileprivate var entry = -2
    /// The entry expected next: keys usually arrive in the order they did last time.
    private var hint = 0
    /// Only for error paths: the current key when it is not in the table, as its bytes in the
    /// whole input (no copy: the input outlives the decode, and paths are built during it), or
    /// copied (a key yajl unescaped into its own buffer, or a stream's chunk).
    private var unknownKeyInInput: UnsafeRawBufferPointer?
    private var unknownKey: [UInt8] = []
    /// The table entries whose keys this object has had (the first 64; ``seenBeyond`` the rest),
    /// so that a repeated key follows ``DecodingOptions/duplicateKeys``.
    private var seenKeys: UInt64 = 0
    // Unchecked, like the engine's per-token state: only the engine's thread touches a frame,
    // and the run-time check ran on every object's reset.
    @exclusivity(unchecked) private var seenBeyond: [UInt64] = []
    /// Set while a buffered value is replayed to one consumer of a shared key.
    fileprivate var replayTarget: KeyTable.Consumer?

    init(root: UnsafeMutableRawPointer, table: KeyTable, tracksFields: Bool) {
        self.root = root
        self.table = table
        self.tracksFields = tracksFields
    }

    override final func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        var found = table.lookup(key, hint: hint)
        // `JSONDecoder` compares keys as `String`s: a decomposed `"cafe\u0301"` is the key `café`
        // (and a repeat of it, which `.reject` refuses). Only misses in input that is not plain ASCII look.
        if found < 0, !engine.isPlainInput || table.hasNonASCIIKeys { found = table.canonicalLookup(key) }
        entry = found
        if found >= 0 {
            hint = found + 1
            if found < 64 {
                let bit: UInt64 = 1 &<< UInt64(found)
                if seenKeys & bit != 0 { try repeated(key, engine) }
                seenKeys |= bit
            } else if try !markBeyond(found) {
                try repeated(key, engine)
            }
        } else {
            if let whole = engine.wholeInput, let start = key.baseAddress, let base = whole.baseAddress,
               start >= base, start + key.count <= base + whole.count {
                unknownKeyInInput = key
            } else {
                unknownKeyInInput = nil
                unknownKey.removeAll(keepingCapacity: true)
                unknownKey.append(contentsOf: key)
            }
            // Read from the engine, not fixed in the frame: a spare frame serves later documents.
            if engine.failsOnUnknownKeys {
                throw DecodeFailure(reason: .unknownKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
            }
        }
    }

    override final func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        if let target = replayTarget {
            try deliver(scalar, to: target, engine)
            return
        }
        if entry >= 0 {
            let found = table.entries[entry]
            var i = found.firstConsumer
            while i < found.firstConsumer + found.consumerCount {
                try deliver(scalar, to: table.consumers[i], engine)
                i += 1
            }
        }
        entry = -2
    }

    @inline(__always)
    private func deliver(_ scalar: ScalarToken, to consumer: KeyTable.Consumer, _ engine: DecodeEngine) throws {
        guard let slot = consumer.slotReference else { return }  // a key-path head given a scalar: nothing below it
        // Why a guaranteed reference: the schema keeps its slots alive for as long as a frame decodes with its key table.
        try slot._withUnsafeGuaranteedRef { slot in
            if tracksFields, !owner.claim(slot, rank: consumer.rank) { return }
            try slot.access.decodeScalar(scalar, root, engine)
        }
    }

    override final func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        let consumer: KeyTable.Consumer
        if let target = replayTarget {
            consumer = target
        } else if entry >= 0 {
            let consumers = table.consumers(of: entry)
            guard consumers.count == 1 else {
                // Several recipients: see the value whole once, then replay it to each.
                engine.push(JSONValueFrame(kind: kind))
                return
            }
            consumer = consumers[consumers.startIndex]
        } else {
            engine.pushSkip()
            return
        }
        if let slot = consumer.slotReference {
            // Why a guaranteed reference: as in `deliver` (no retain and release per container).
            try slot._withUnsafeGuaranteedRef { slot in
                if tracksFields, !owner.claim(slot, rank: consumer.rank) {
                    engine.pushSkip()
                } else if let frame = try slot.access.beginContainer(kind, root, engine, engine.isMerging)?.decodeFrame {
                    engine.push(frame)
                } else {
                    engine.pushSkip()
                }
            }
        } else if let subtable = consumer.subtable {
            // A key-path level of the other kind than the value (an array where keys follow, an
            // object where indexes do) has nothing for any field: skipped, like a scalar there.
            if kind == .object, subtable.hasKeys {
                engine.push(KeyPathFrame(root: root, table: subtable, owner: owner))
            } else if kind == .array, subtable.hasElements {
                engine.push(ElementPathFrame(root: root, table: subtable, owner: owner))
            } else {
                engine.pushSkip()
            }
        } else {
            engine.pushSkip()
        }
    }

    override final func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        if let target = replayTarget {
            if let slot = target.slot { try slot.access.finishContainer(child, root, engine) }
            return
        }
        defer { entry = -2 }
        guard entry >= 0 else { return }
        let found = table.entries[entry]
        if found.consumerCount == 1 {
            // Why a guaranteed reference: as in `deliver`.
            try table.consumers[found.firstConsumer].slotReference?._withUnsafeGuaranteedRef { slot in
                try slot.access.finishContainer(child, root, engine)
            }
            return
        }
        let consumers = table.consumers(of: entry)
        // Why `unsafeDowncast`: several consumers of one key make `beginContainer` push a JSONValueFrame, always.
        let value = unsafeDowncast(child, to: JSONValueFrame.self).takeValue()
        // One decode per JSON-side type, stored into every field of that type: replaying the
        // value per field would cost 2^depth in a recursive model. Merging decodes per field
        // (each merges into its own current value).
        var decoded: [(type: ObjectIdentifier, value: Any?)] = []
        for consumer in consumers {
            guard !engine.isMerging, let slot = consumer.slot else {
                replayTarget = consumer
                defer { replayTarget = nil }
                try engine.withNestedReplay { try engine.replay(value) }
                continue
            }
            if tracksFields, !owner.claim(slot, rank: consumer.rank) { continue }
            let shared = slot.access.shared
            let result: Any?
            if let done = decoded.first(where: { $0.type == shared.wireType }) {
                result = done.value
            } else {
                result = try engine.decodeBuffered(value, as: shared.wireValueType)
                decoded.append((shared.wireType, result))
            }
            if let result { try shared.store(result, root, engine) }
        }
    }

    /// Makes a finished frame ready for the next object of the same schema (the order hint is
    /// kept: the next object's keys most likely come in the same order).
    func resetMembers() {
        entry = -2
        replayTarget = nil
        seenKeys = 0
        if !seenBeyond.isEmpty { seenBeyond.removeAll(keepingCapacity: true) }
    }

    /// Records entry `found` (64 or more); false when this object had it already.
    private func markBeyond(_ found: Int) throws -> Bool {
        let word = (found - 64) / 64, bit: UInt64 = 1 &<< UInt64((found - 64) % 64)
        if seenBeyond.count <= word { seenBeyond += [UInt64](repeating: 0, count: word + 1 - seenBeyond.count) }
        defer { seenBeyond[word] |= bit }
        return seenBeyond[word] & bit == 0
    }

    /// A mapped key this object had before: the policy says which value counts.
    private func repeated(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        switch engine.duplicateKeys {
        case .useLast: return
        case .useFirst: entry = -3  // the value is skipped like an unknown key's, but never fails as one
        case .reject: throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
        }
    }

    override final func valueSkipped() {
        entry = -2
    }

    override final func appendPath(to path: inout String) {
        if entry >= 0 {
            path.appendPathKey(table.keyTexts[entry])
        } else if entry == -1 {
            if let bytes = unknownKeyInInput {
                path.appendPathKey(String(decoding: bytes, as: UTF8.self))
            } else {
                path.appendPathKey(String(decoding: unknownKey, as: UTF8.self))
            }
        }
    }
}

/// The nested object of a key path (`"ext"` of `"ext.desc"`): its members land in the owner's model.
final class KeyPathFrame: ObjectFrame {
    init(root: UnsafeMutableRawPointer, table: KeyTable, owner: ModelFrameBase) {
        super.init(root: root, table: table, tracksFields: owner.tracksFields)
        self.owner = owner
    }
}

/// The array of a key path with indexes (`"images"` of `"images[0].url"`): element N goes to the
/// fields (or the deeper level) that index N names, the others are skipped; members land in the
/// owner's model.
///
/// The elements go through an object frame over the level's table, whose current entry is set
/// to the element's before each value: it delivers, buffers shared values and replays them as
/// for a key. It is held here, not subclassed, so that the object frames' own methods stay
/// final and decodes without indexes run exactly the code they ran before indexes existed.
final class ElementPathFrame: DecodeFrame {
    private let elements: KeyPathFrame
    /// The index of the next element.
    private var position = 0

    init(root: UnsafeMutableRawPointer, table: KeyTable, owner: ModelFrameBase) {
        elements = KeyPathFrame(root: root, table: table, owner: owner)
    }

    /// Every value in an array starts an element: a scalar or a container. Not a value replayed
    /// to one consumer of a shared element (that element is under way already).
    @inline(__always)
    private func nextElement() {
        if elements.replayTarget != nil { return }
        elements.entry = elements.table.entry(forElement: position)
        position += 1
    }

    override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        nextElement()
        try elements.scalar(scalar, engine)
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        nextElement()
        try elements.beginContainer(kind, engine)
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        try elements.childFinished(child, engine)
    }

    override func valueSkipped() {
        elements.valueSkipped()
    }

    override func appendPath(to path: inout String) {
        if position > 0 { path.appendPathIndex(position - 1) }
    }
}

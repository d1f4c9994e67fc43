// The schema path over a recorded tape (issue 35): one yajl pass records the document
// (``TapeRecorder``, the Codable bridge's recorder), then a model is read over its object's
// range: members in document order, each key looked up in the schema's ``KeyTable`` on its raw
// bytes, the value set straight into the model through the field's `readTape` accessor
// (specialized in the model's module, like the push path's); arrays reserved to their length,
// which the tape knows before the first element is read.
//
// The reader reads every type the schema path has, for whole documents, stream records and
// archive payloads alike; a document the recorder refuses is the recorder's error. It replaced
// the push engine (frames fed token by token, buffering and replay; deleted in issue 35): where
// a comment says "as the push engine did", the reader keeps that engine's behaviour on purpose,
// and Benchmarks/Results/TAPE-MIGRATION.md lists the deliberate differences.

/// Reads models off a recorded tape. It is the decode's ``ScalarConversions`` (the schema path's
/// lenient/strict and mismatch policies, the same scalar entry points as the push engine), so a
/// value's entry points reach it through ``ModelEngine/Context`` with one load, as they reach the engine.
@usableFromInline
final class TapeSchemaReader: ScalarConversions {
    // Set once per document before any read, read per value by code inlined into the model's
    // module: unchecked exclusivity, as the engine's per-token state (no access spans a call).
    /// The tape's entries: valid while the recorder that made them is held by the decode.
    @exclusivity(unchecked) @usableFromInline final var entries: UnsafePointer<TapeEntry>
    /// Where entries' text offsets point: the input yajl read, or the tape's side buffer.
    @exclusivity(unchecked) @usableFromInline final var inputBase: UnsafeRawPointer
    @exclusivity(unchecked) @usableFromInline final var sideBase: UnsafeRawPointer
    /// The entry being read: where a failure is placed (path and position, only on failure);
    /// `~index` for the closing bracket of the container at `index`.
    @exclusivity(unchecked) @usableFromInline final var current = 0
    /// The tape, for errors (positions, key texts); held by the recorder for the decode.
    @exclusivity(unchecked) final var tape: Tape?
    /// The recorder of this decode's tape (this reader is parked with it between decodes).
    @exclusivity(unchecked) final var recorder: TapeRecorder?
    /// How many more containers may nest in the one being read: `maxDepth` (at most
    /// `DecodingLimits.maxDepthBound`), as on the push engine. The recorder refuses a deeper
    /// document, so this bounds what it cannot see: a built `JSONValue`, a rewrite. The reader
    /// recurses, a level of stack per container entered (TAPE-MIGRATION.md has the measure).
    /// Lowered by ``countingOffset`` while the decode counts elements.
    @exclusivity(unchecked) @usableFromInline final var nestingLeft = 0
    @exclusivity(unchecked) final var nestingLimit = 0
    /// Polymorphic and preprocessing models, and values on a key several fields share, nested in
    /// one another: each level reads its object more than once (a `JSONValue` built from it, a
    /// value per field), so they have a tighter bound (`maxBufferedNesting`).
    @exclusivity(unchecked) final var bufferedLevels = 0
    /// The root is exactly the type asked for (``Model/init(json:options:)``): a polymorphic
    /// root does not choose a subclass.
    @exclusivity(unchecked) final var rootIsExact = false
    @exclusivity(unchecked) final var failsOnUnknownKeys = false
    /// Where each failure kept for a report (`decodeWithReport`) happened, as `current` was:
    /// placed once the read is over, in one pass (TapeReport.swift).
    @exclusivity(unchecked) final var skippedAt: [Int] = []
    /// `update(json:)`: every field read merges into its current value, as on the push engine
    /// (TapeSchemaReader+Merge.swift).
    @exclusivity(unchecked) @usableFromInline final var merging = false
    /// Archives: members are named by field name (``Schema/nameTable``, one name per field),
    /// not by JSON key, as the push engine's `.fieldNames` mode read them (Archive/Archive+Tape.swift).
    @exclusivity(unchecked) final var keysByFieldName = false
    /// An archive's first container nested deeper than `maxDepth` (`Int.max`: none), and the
    /// deepest container entered that holds it (TapeSchemaReader+Depth.swift).
    @exclusivity(unchecked) final var tooDeep = Int.max
    @exclusivity(unchecked) final var enteredTowardTooDeep = -1
    /// A side reader's (over a `PreprocessingModel`'s rewrite): the reader and object whose place
    /// its failures take (TapeSchemaReader+Preprocessed.swift).
    @exclusivity(unchecked) final var outer: (reader: TapeSchemaReader, object: Int)?
    /// The entry of the value read: 0, or a value inside a tape another decoder reads, whose
    /// failures are placed relative to it (TapeSchemaReader+Range.swift).
    @exclusivity(unchecked) @usableFromInline final var rootIndex = 0
    /// `DecodingLimits.maxElements` (TapeSchemaReader+Elements.swift): what is left of it, and
    /// the first entry whose container is not counted yet (`.max` when nothing is counted, so
    /// that an unlimited decode pays one comparison per container).
    @exclusivity(unchecked) @usableFromInline final var maxElements = Int.max
    @exclusivity(unchecked) @usableFromInline final var elementsLeft = Int.max
    @exclusivity(unchecked) @usableFromInline final var countedThrough = Int.max
    /// What the decode may still read again (TapeSchemaReader+Elements.swift), out of ``rereadBudget``.
    @exclusivity(unchecked) final var rereadsLeft = 0
    @exclusivity(unchecked) final var rereadBudget = 0

    init() {
        // Placeholders until `start`: aligned, never read through.
        let placeholder = UnsafeRawPointer(bitPattern: MemoryLayout<TapeEntry>.alignment)!
        entries = placeholder.assumingMemoryBound(to: TapeEntry.self)
        inputBase = placeholder
        sideBase = placeholder
        super.init(options: DecodingOptions())
    }

    func start(_ tape: Tape, options: DecodingOptions) {
        reset(options: options)
        self.tape = tape
        entries = UnsafePointer(tape.entries)
        inputBase = tape.inputBase
        // The side buffer is complete (and so no longer moves) once the recording is.
        sideBase = tape.side.map { UnsafeRawPointer($0.base) } ?? inputBase
        isPlainInput = tape.isPlainInput
        failsOnUnknownKeys = options.unknownKeys == .fail
        current = 0
        bufferedLevels = 0
        skippedAt = []
        merging = false
        keysByFieldName = false
        tooDeep = .max
        enteredTowardTooDeep = -1
        outer = nil
        startCounting(at: 0, budget: options.limits.maxElements, limit: options.limits.maxElements)
        nestingLimit = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        // A decode that counts elements runs every level below zero, so that `enter` takes its
        // slow path there (and an unlimited decode pays nothing for the count).
        nestingLeft = nestingLimit &- (countsElements ? Self.countingOffset : 0)
        rereadBudget = Self.rereadBudget(of: tape)
        rereadsLeft = rereadBudget
    }

    /// The decode is over: the tape goes back with its recorder.
    func end() { tape = nil }

    /// `.skip` keeps what it dropped with its place: the entry being read (TapeDecode.swift).
    /// A decode that reports them all places them once it is over (a path walked from the root
    /// per failure would cost quadratic time for 10^5 skipped elements of one array).
    override func locateSkipped(_ failure: DecodeFailure) -> ModelDecodingError {
        guard keptSkippedLimit > 1, outer == nil else { return located(failure.reason, at: current) }
        skippedAt.append(current)
        return ModelDecodingError(reason: failure.reason, path: JSONPath.root, line: 1, column: 1, byteOffset: 0)
    }

    /// The text of a string (or key) or number entry.
    @inlinable @inline(__always)
    final func text(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        // Why unsafe: `start` and `length` were recorded from bytes inside the input or the side
        // buffer, both alive for the decode (the recorder holds them until `finish`).
        UnsafeRawBufferPointer(start: (entry.isInSideBuffer ? sideBase : inputBase) + Int(entry.start), count: Int(entry.length))
    }

    /// The entry at `index` as the token the values' entry points take (a container as itself).
    @inlinable @inline(__always)
    final func token(at index: Int) -> ScalarToken {
        let entry = entries[index]
        switch entry.kind {
        case .string: return .string(text(entry))
        case .number: return .number(text(entry))
        case .bytes: return .bytes(text(entry))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .null: return .null
        case .object: return .container(.object, index)
        case .array: return .container(.array, index)
        }
    }

    /// A model from the object at `index`; nil when a ``ValidatingModel`` rejects it under `.skip`.
    /// `tagMember`: the object is an internally tagged value's, whose tag key the model skips.
    @inlinable
    final func readModel<M: Model>(_ type: M.Type, at index: Int, skippingTag tagMember: Int = 0) throws -> M? {
        try enter(index)
        defer { nestingLeft &+= 1 }
        // Its object counted one; a large model counts by its size (a constant once specialized).
        let weight = DecodingLimits.elementWeight(of: M.self)
        if weight > 0, countsElements { try countWeight(weight, at: index) }
        let schema = M.schema
        if schema.buffersObject {
            return try withBufferedLevel(at: index) { try readChosenModel(M.self, at: index, skippingTag: tagMember) }
        }
        var model = M()
        try withUnsafeMutablePointer(to: &model) {
            try readMembers(of: index, schema: schema, into: UnsafeMutableRawPointer($0), skippingTag: tagMember)
        }
        guard schema.isValidating else { return model }
        // Checked once the object is complete: placed where it closes, as the push engine does.
        current = ~index
        return try M.validated(model, schema, self)
    }

    /// The container at `index` starts (the caller gives the level back when it ends); the
    /// containers up to it count against the element budget, when there is one.
    @inlinable @inline(__always)
    final func enter(_ index: Int) throws {
        nestingLeft &-= 1
        if nestingLeft < 0 { try enterCounting(index) }
    }

    /// What ``nestingLeft`` is lowered by in a decode that counts elements.
    static var countingOffset: Int { 1 << 40 }

    /// ``enter(_:)`` past its one comparison: the container nests deeper than `maxDepth` (the
    /// push engine's failure, there), or the decode counts elements or watches ``tooDeep``.
    @usableFromInline
    final func enterCounting(_ index: Int) throws {
        guard tooDeep != .max || countsElements, nestingLeft &+ Self.countingOffset >= 0 else {
            current = index
            throw DecodeFailure.limit(.maxDepth, nestingLimit)
        }
        if tooDeep != .max { noteEntered(index) }
        if index >= countedThrough { try countContainers(through: index) }
    }

    /// Runs `body`, a level of ``bufferedLevels``, or fails at `index` past the push engine's bound.
    @usableFromInline
    final func withBufferedLevel<R>(at index: Int, _ body: () throws -> R) throws -> R {
        guard bufferedLevels < DecodingLimits.maxBufferedNesting else {
            current = index
            throw DecodeFailure.limit(.maxDepth, DecodingLimits.maxBufferedNesting)
        }
        bufferedLevels += 1
        defer { bufferedLevels -= 1 }
        return try body()
    }

    /// The members of the object at `index`, in document order, into the model at `root`; a
    /// `tagMember` (not 0) names the tag of an internally tagged object, whose key is skipped;
    /// `checksRequired` is false for a model merged into (`update(json:)`).
    @usableFromInline
    final func readMembers(of index: Int, schema: Schema, into root: UnsafeMutableRawPointer, skippingTag tagMember: Int = 0,
                           checksRequired: Bool = true) throws {
        if keysByFieldName {
            try readNamedMembers(of: index, schema: schema, into: root, skippingTag: tagMember)
            return
        }
        let table = schema.keyTable
        // The flat loop reads plain objects of up to 64 keys (``KeyTable/isFlat``: their
        // seen-bits in a register); a wider table, a tagged object (its tag skipped) and a merge
        // take the general one, which keeps their checks out of the loop every model runs.
        let isFlat = table.isFlat && tagMember == 0 && !merging
        if schema.tracksFields {
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: schema.slots.count) { ranks in
                ranks.initialize(repeating: .max)
                if isFlat {
                    try readMembers(of: index, table: table, into: root, ranks: ranks.baseAddress)
                } else {
                    try readPathMembers(of: index, table: table, into: root, ranks: ranks.baseAddress, tagMember: tagMember)
                }
                for slot in schema.requiredSlots where checksRequired && ranks[slot.index] == .max {
                    // Checked where the object closes, as the push engine does.
                    current = ~index
                    throw DecodeFailure(reason: .missingKey(slot.resolvedKeys.first ?? slot.name))
                }
            }
        } else if isFlat {
            try readMembers(of: index, table: table, into: root, ranks: nil)
        } else {
            try readPathMembers(of: index, table: table, into: root, ranks: nil, tagMember: tagMember)
        }
    }

    /// An archive's object (``keysByFieldName``): each field under its own name, so no rank to
    /// track and no required key to check, as in the push engine's `.fieldNames` mode.
    private final func readNamedMembers(of index: Int, schema: Schema, into root: UnsafeMutableRawPointer, skippingTag tagMember: Int) throws {
        let table = schema.nameTable
        if table.isFlat && tagMember == 0 && !merging {
            try readMembers(of: index, table: table, into: root, ranks: nil)
        } else {
            try readPathMembers(of: index, table: table, into: root, ranks: nil, tagMember: tagMember)
        }
    }

    /// The members of one object whose keys each have one field (``KeyTable/isFlat``); `ranks`
    /// (per field, the rank of the key that set it, lower wins) when the schema has fields on
    /// several keys or required ones. TapeSchemaReader+Members.swift reads the other tables.
    @inline(__always)
    private final func readMembers(of index: Int, table: KeyTable, into root: UnsafeMutableRawPointer,
                                   ranks: UnsafeMutablePointer<UInt8>?) throws {
        let end = Int(entries[index].next)
        var member = index + 1
        var hint = 0
        var seen: UInt64 = 0
        while member < end {
            let value = member + 1
            let key = text(entries[member])
            var found = table.lookup(key, hint: hint)
            // As `JSONDecoder` compares keys (as `String`s): only misses look, in input that is not
            // plain ASCII or for a table with a non-ASCII key (U+212A KELVIN SIGN is the ASCII `K`).
            if found < 0, !isPlainInput || table.hasNonASCIIKeys { found = table.canonicalLookup(key) }
            if found >= 0 {
                hint = found + 1
                let bit: UInt64 = 1 &<< UInt64(found)
                if try seen & bit == 0 || repeated(key, at: member) {
                    seen |= bit
                    let consumer = table.consumers[table.entries[found].firstConsumer]
                    // Why a guaranteed reference: the schema keeps its slots alive;
                    // `isFlat` says every consumer is a field.
                    try consumer.slotReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { slot in
                        if let ranks {
                            if ranks[slot.index] < consumer.rank { return }
                            ranks[slot.index] = consumer.rank
                        }
                        current = value
                        try slot.access.readTape(self, value, root)
                    }
                }
            } else if failsOnUnknownKeys {
                current = member
                throw DecodeFailure(reason: .unknownKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
            }
            member = Int(entries[value].next)
        }
    }

    /// A mapped key this object had before: whether its value is read again (the policy says
    /// which value counts), or throws under `.reject`.
    final func repeated(_ key: UnsafeRawBufferPointer, at member: Int) throws -> Bool {
        switch options.duplicateKeys {
        case .useLast: return true
        case .useFirst: return false
        case .reject:
            current = member
            throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
        }
    }

    /// A key a dictionary has a value for already: whether the new value replaces it.
    @usableFromInline
    final func keyRepeats(_ key: String, at member: Int) throws -> Bool {
        switch options.duplicateKeys {
        case .useLast: return true
        case .useFirst: return false
        case .reject:
            current = member
            throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(key)))
        }
    }

    /// An array of `Element` from the array at `index`, reserved to its length.
    @inlinable
    final func readArray<Element: ModelValue>(of type: Element.Type, at index: Int) throws -> [Element] {
        try enter(index)
        defer { nestingLeft &+= 1 }
        // A container element counts itself; a scalar one counts by its size (the push engine's rule).
        let weight = countsElements ? DecodingLimits.elementWeight(of: Element.self) : 0
        let entry = entries[index]
        var elements: [Element] = []
        elements.reserveCapacity(Int(entry.length))
        var element = index + 1
        let end = Int(entry.next)
        while element < end {
            current = element
            if weight > 0, !entries[element].isContainer { try countWeight(weight, at: element) }
            if let value = try Element._decodeTape(element, self) { elements.append(value) }
            element = Int(entries[element].next)
        }
        return elements
    }

    /// A `[String: Value]` from the object at `index` (a repeated key as ``DecodingOptions/duplicateKeys`` says).
    @inlinable
    final func readDictionary<Value: ModelValue>(of type: Value.Type, at index: Int) throws -> [String: Value] {
        try enter(index)
        defer { nestingLeft &+= 1 }
        let weight = countsElements ? DecodingLimits.elementWeight(of: Value.self) : 0
        let entry = entries[index]
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(Int(entry.length))
        var member = index + 1
        let end = Int(entry.next)
        while member < end {
            let key = String(decoding: text(entries[member]), as: UTF8.self)
            current = member + 1
            // Counted before the repeated-key check, as the push engine counts a skipped repeat.
            if weight > 0, !entries[member + 1].isContainer { try countWeight(weight, at: member + 1) }
            if try dictionary[key] == nil || keyRepeats(key, at: member), let value = try Value._decodeTape(member + 1, self) {
                dictionary[key] = value
            }
            member = Int(entries[member + 1].next)
        }
        return dictionary
    }
}

/// A schema that buffers its object but is neither polymorphic nor preprocessing: no model is
/// built so (`Schema.buffersObject` is set for those two only). Thrown, never trapped, so that a
/// server answers a located 400 even if that ever changed.
struct TapeUnreadable: Error {
    let typeName: String
}

extension ModelEngine.Context {
    /// The schema reader, for the entry points given a tape container (only the reader makes
    /// them, with itself as the context).
    @inlinable var tapeReader: TapeSchemaReader {
        #if DEBUG
        precondition(decode is TapeSchemaReader, "tape containers come from the schema reader")
        #endif
        return unsafeDowncast(decode, to: TapeSchemaReader.self)
    }
}

extension ModelValue {
    /// The value at tape entry `index`, through the value's one entry point for tokens (a
    /// container arrives as ``ScalarToken/container(_:_:)``).
    @inlinable @inline(__always)
    static func _decodeTape(_ index: Int, _ reader: TapeSchemaReader) throws -> Self? {
        try decodeEngineScalar(ModelEngine.Scalar(reader.token(at: index)), in: ModelEngine.Context(decode: reader))
    }
}

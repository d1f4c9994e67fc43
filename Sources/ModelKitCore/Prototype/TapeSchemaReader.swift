// PROTOTYPE (issue 35, "prototype first, then decide"): the schema path as a reader over the
// Codable bridge's tape. Not for merging as is: it reads what the benchmark's user.json,
// twitter.json and canada.json models use (scalars, strings, optionals, nested models, arrays,
// sets, [String: V]) and refuses the rest (key paths, several keys or consumers per field,
// required fields, polymorphic, preprocessing and validating models, merging, custom values'
// containers). Errors carry no path or position yet. See Benchmarks/Results/TAPE-PROTOTYPE.md.
//
// One yajl pass records the tape (``TapeRecorder``, unchanged); then a model is read over its
// object's range: members in document order, each key looked up in the schema's ``KeyTable`` on
// its raw bytes, the value set straight into the model through the field's `readTape` accessor
// (specialized in the model's module, like the push path's); arrays reserved to their length,
// which the tape knows before the first element is read.

/// Entry points of the prototype, for its driver (Benchmarks/Sources/TapePrototypeDriver).
public enum TapePrototype {
    /// Decodes `type` from `json` through the tape: the recording, then the schema reader.
    public static func decode<M: Model>(_ type: M.Type, from json: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> M {
        try json.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: options)
            defer { recorder.finish(keptByDecoders: false) }
            let reader: TapeSchemaReader
            if let parked = recorder.prototypeReader {
                reader = parked
            } else {
                reader = TapeSchemaReader()
                recorder.prototypeReader = reader
            }
            reader.start(recorder.tape, options: options)
            guard let value = try M._decodeTape(0, reader) else {
                throw ModelDecodingError(reason: .typeMismatch(expected: M._typeName, found: "nothing"), path: JSONPath.root,
                                         line: 1, column: 1, byteOffset: 0)
            }
            return value
        }
    }

    /// Records the tape of `json` and nothing more (the recording's share of ``decode(_:from:options:)``);
    /// returns the number of entries.
    public static func recordOnly(_ json: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> Int {
        try json.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: options)
            defer { recorder.finish(keptByDecoders: false) }
            return recorder.tape.count
        }
    }
}

/// Reads models off a recorded tape. It is the decode's ``ScalarConversions`` (the schema path's
/// lenient/strict policy, the same scalar entry points as the push engine), so a value's entry
/// points reach it through ``ModelEngine/Context`` with one load, as they reach the engine.
@usableFromInline
final class TapeSchemaReader: ScalarConversions {
    // Set once per document before any read, read per value by code inlined into the model's
    // module: unchecked exclusivity, as the engine's per-token state (no access spans a call).
    /// The tape's entries: valid while the recorder that made them is held by the decode.
    @exclusivity(unchecked) @usableFromInline final var entries: UnsafePointer<TapeEntry>
    /// Where entries' text offsets point: the input yajl read, or the tape's side buffer.
    @exclusivity(unchecked) @usableFromInline final var inputBase: UnsafeRawPointer
    @exclusivity(unchecked) @usableFromInline final var sideBase: UnsafeRawPointer

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
        entries = UnsafePointer(tape.entries)
        inputBase = tape.inputBase
        // The side buffer is complete (and so no longer moves) once the recording is.
        sideBase = tape.side.map { UnsafeRawPointer($0.base) } ?? inputBase
    }

    /// The text of a string (or key) or number entry.
    @inlinable @inline(__always)
    final func text(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        // Why unsafe: `start` and `length` were recorded from bytes inside the input or the side
        // buffer, both alive for the decode (the recorder holds them until `finish`).
        UnsafeRawBufferPointer(start: (entry.isInSideBuffer ? sideBase : inputBase) + Int(entry.start), count: Int(entry.length))
    }

    /// A scalar entry as the token the values' scalar entry points take.
    @inlinable @inline(__always)
    final func scalar(_ entry: TapeEntry) -> ScalarToken {
        switch entry.kind {
        case .string: return .string(text(entry))
        case .number: return .number(text(entry))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        default: return .null
        }
    }

    /// A model from the object at `index` (or nil, as the push path's `beginEngineContainer` and
    /// `finishEngineContainer` would answer for anything else there).
    @inlinable
    final func readModel<M: Model>(_ type: M.Type, at index: Int) throws -> M? {
        guard entries[index].kind == .object else {
            if lenient { return nil }
            return try mismatch(expected: M._typeName, found: "array")
        }
        var model = M()
        try withUnsafeMutablePointer(to: &model) { try readMembers(of: index, schema: M.schema, into: UnsafeMutableRawPointer($0)) }
        return model
    }

    /// The members of the object at `index`, in document order, into the model at `root`.
    @usableFromInline
    final func readMembers(of index: Int, schema: Schema, into root: UnsafeMutableRawPointer) throws {
        guard !schema.tracksFields, !schema.buffersObject, !schema.isValidating, schema.keyTable.keyCount <= 64 else {
            throw DecodeFailure(reason: .invalid("the tape prototype does not read \(schema.typeName)'s schema"))
        }
        let table = schema.keyTable
        let end = Int(entries[index].next)
        var member = index + 1
        var hint = 0
        var seen: UInt64 = 0
        let firstStands = options.duplicateKeys == .useFirst, ignoresUnknown = options.unknownKeys == .ignore
        while member < end {
            let value = member + 1
            let found = table.lookup(text(entries[member]), hint: hint)
            if found >= 0 {
                hint = found + 1
                let bit: UInt64 = 1 &<< UInt64(found)
                // A repeated key: the first value stands (the default `duplicateKeys: .useFirst`).
                if seen & bit == 0 {
                    seen |= bit
                    try deliver(value, to: table, entry: found, root)
                } else if !firstStands {
                    throw DecodeFailure(reason: .invalid("the tape prototype reads repeated keys as `.useFirst` only"))
                }
            } else if !ignoresUnknown {
                throw DecodeFailure(reason: .invalid("the tape prototype ignores unknown keys only"))
            }
            member = Int(entries[value].next)
        }
    }

    @inline(__always)
    private func deliver(_ value: Int, to table: KeyTable, entry: Int, _ root: UnsafeMutableRawPointer) throws {
        let found = table.entries[entry]
        guard found.consumerCount == 1, let slot = table.consumers[found.firstConsumer].slotReference else {
            throw DecodeFailure(reason: .invalid("the tape prototype reads one field per key, no key paths"))
        }
        // Why a guaranteed reference: the schema keeps its slots alive (as in ObjectFrame).
        try slot._withUnsafeGuaranteedRef { try $0.access.readTape(self, value, root) }
    }

    /// An array of `Element` from the array at `index`, reserved to its length.
    @inlinable
    final func readArray<Element: ModelValue>(of type: Element.Type, at index: Int) throws -> [Element]? {
        let entry = entries[index]
        guard entry.kind == .array else { _ = try containerMismatch(.object, expected: [Element]._typeName); return nil }
        var elements: [Element] = []
        elements.reserveCapacity(Int(entry.length))
        var element = index + 1
        let end = Int(entry.next)
        while element < end {
            if let value = try Element._decodeTape(element, self) { elements.append(value) }
            element = Int(entries[element].next)
        }
        return elements
    }

    /// A `[String: Value]` from the object at `index` (the first of repeated keys stands).
    @inlinable
    final func readDictionary<Value: ModelValue>(of type: Value.Type, at index: Int) throws -> [String: Value]? {
        let entry = entries[index]
        guard entry.kind == .object else { _ = try containerMismatch(.array, expected: [String: Value]._typeName); return nil }
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(Int(entry.length))
        var member = index + 1
        let end = Int(entry.next)
        while member < end {
            let key = String(decoding: text(entries[member]), as: UTF8.self)
            if dictionary[key] == nil, let value = try Value._decodeTape(member + 1, self) { dictionary[key] = value }
            member = Int(entries[member + 1].next)
        }
        return dictionary
    }

    /// A custom value's container: the prototype has no tape → ``JSONValue`` routine yet.
    @usableFromInline
    final func unsupported(_ typeName: String) -> Error {
        DecodeFailure(reason: .invalid("the tape prototype does not read a container into \(typeName)"))
    }
}

extension ModelEngine.Context {
    /// The tape reader, for the tape entry points (only the reader calls them, with itself).
    @inlinable var tapeReader: TapeSchemaReader {
        #if DEBUG
        precondition(decode is TapeSchemaReader, "tape entry points run on the tape reader")
        #endif
        return unsafeDowncast(decode, to: TapeSchemaReader.self)
    }
}

extension ModelValue {
    /// The value at tape entry `index`: scalars through the value's scalar entry point (the
    /// push path's, unchanged), containers through its tape entry point.
    @inlinable @inline(__always)
    static func _decodeTape(_ index: Int, _ reader: TapeSchemaReader) throws -> Self? {
        let entry = reader.entries[index]
        if entry.kind == .object || entry.kind == .array {
            return try decodeEngineTape(ModelEngine.TapeValue(index: index), in: ModelEngine.Context(decode: reader))
        }
        return try decodeEngineScalar(ModelEngine.Scalar(reader.scalar(entry)), in: ModelEngine.Context(decode: reader))
    }

    /// Types of your own: not in the prototype (it has no tape → ``JSONValue`` routine yet).
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Self? {
        throw context.tapeReader.unsupported(_typeName)
    }
}

extension ScalarModelValue {
    /// A scalar type never takes an object or array.
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Self? {
        let reader = context.tapeReader
        _ = try reader.containerMismatch(reader.entries[value.index].kind == .object ? .object : .array, expected: modelTypeName)
        return nil
    }
}

extension ModelValue where Self: RawRepresentable, RawValue: ModelValue {
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Self? {
        let reader = context.tapeReader
        _ = try reader.containerMismatch(reader.entries[value.index].kind == .object ? .object : .array, expected: _typeName)
        return nil
    }
}

extension Model {
    @inlinable
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Self? {
        try context.tapeReader.readModel(Self.self, at: value.index)
    }
}

extension Optional where Wrapped: ModelValue {
    @inlinable
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Wrapped?? {
        try Wrapped.decodeEngineTape(value, in: context).map { .some($0) }
    }
}

extension Array where Element: ModelValue {
    @inlinable
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> [Element]? {
        try context.tapeReader.readArray(of: Element.self, at: value.index)
    }
}

extension Set where Element: ModelValue {
    @inlinable
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> Set<Element>? {
        try context.tapeReader.readArray(of: Element.self, at: value.index).map { Set($0) }
    }
}

extension Dictionary where Key == String, Value: ModelValue {
    @inlinable
    public static func decodeEngineTape(_ value: ModelEngine.TapeValue, in context: ModelEngine.Context) throws -> [String: Value]? {
        try context.tapeReader.readDictionary(of: Value.self, at: value.index)
    }
}

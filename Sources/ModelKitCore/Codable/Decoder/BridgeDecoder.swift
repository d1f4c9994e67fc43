#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` of the Codable bridge: answers from a ``Tape``. One instance serves a whole
/// document (it moves to each nested value and back, like swift-foundation's `JSONDecoderImpl`),
/// so decoding a nested value allocates nothing.
///
/// It reads the caller's input in place. A type may keep the decoder, or a container or super
/// decoder made from it, past the `decode` call (`JSONDecoder` allows it): the call then copies
/// the input into the tape and leaves the conversions to the decoders (`ModelDecoder.decodeBridged(_:from:options:)`);
/// a super decoder makes that copy as soon as it is made, since it may go to another thread.
final class BridgeDecoder: Decoder {
    let tape: Tape
    /// How scalars become values (lenient or strict), the same conversions as the schema reader's.
    let conversions: ScalarConversions
    let options: DecodingOptions
    /// The tape index of the value `init(from:)` is decoding.
    var current: Int {
        get { hot.value.current }
        set { hot.value.current = newValue }
    }
    /// The coding path of `current`, as tape steps (see ``PathStep``).
    // Why always inlined: a `~Copyable` value is read through a `_read` coroutine, which release
    // builds otherwise leave as a call per token.
    var steps: HandStack<PathStep> {
        @inline(__always) _read { yield hot.value.steps }
        @inline(__always) _modify { yield &hot.value.steps }
    }
    /// The coding path this decoder starts at: empty, except for a `superDecoder`'s.
    let prefix: [any CodingKey]
    /// The tape index of the value this decoder starts at (where ``prefix`` leads).
    let start: Int
    /// Changed on every value decoded: kept out of line, so that no access pays Swift's run-time
    /// exclusivity check (see UncheckedStorage; no access spans a call back into the decoder).
    let hot: UncheckedStorage<HotState>
    /// Per keyed-container depth: the object last searched and the key index after the last hit,
    /// so fields asked for in document order are found at the first comparison.
    private let cursorObjects: UnsafeMutablePointer<Int>
    private let cursorKeys: UnsafeMutablePointer<Int>
    private static let cursorDepths = 64
    /// The finished tape's storage, held in constants: reading them costs no exclusivity check
    /// (the tape is complete and never grows while a decoder reads it).
    let entries: UnsafeMutablePointer<TapeEntry>
    let sideBase: UnsafeRawPointer
    /// A key decoding strategy other than `.useDefaultKeys` is set (see BridgeDecoder+Keys.swift).
    let convertsKeys: Bool
    /// Keys converted so far by the key decoding strategy, by the tape index of the key.
    var convertedKeys: [Int: String] = [:]
    /// Large objects' member indexes (BridgeDecoder+KeyIndex.swift), by object and policy.
    var keyIndexes: [Int: [String: Int]] = [:]
    /// The cursors of keyed containers nested deeper than the fixed tables reach, by depth (rare:
    /// kept out of the tables so that a decode does not set up one per possible depth).
    private var deepCursors: [Int: (object: Int, next: Int)] = [:]
    /// `nonConformingFloatDecodingStrategy` names strings for infinity and NaN.
    let readsNonConformingFloats: Bool
    /// The schema reader nested models are read with (BridgeDecoder+NestedModels.swift), kept for the next one.
    var spareSchemaReader: TapeSchemaReader?

    init(tape: Tape, conversions: ScalarConversions, options: DecodingOptions, current: Int = 0, prefix: [any CodingKey] = []) {
        self.tape = tape
        self.conversions = conversions
        self.options = options
        self.prefix = prefix
        start = current
        hot = UncheckedStorage(HotState(current: current))
        hot.value.elementsLeft = options.limits.maxElements
        entries = tape.entries
        // Never read without a side buffer: only entries flagged as in it are.
        sideBase = tape.side.map { UnsafeRawPointer($0.base) } ?? tape.inputBase
        convertsKeys = !options.codable.usesDefaultKeys
        if case .convertFromString = options.codable.nonConformingFloats { readsNonConformingFloats = true } else { readsNonConformingFloats = false }
        tape.addReader()
        // One allocation for both tables: objects first, then keys.
        cursorObjects = .allocate(capacity: 2 * Self.cursorDepths)
        cursorObjects.initialize(repeating: -1, count: Self.cursorDepths)
        cursorKeys = cursorObjects + Self.cursorDepths
        cursorKeys.initialize(repeating: 0, count: Self.cursorDepths)
    }

    deinit {
        tape.removeReader()
        cursorObjects.deallocate()
    }

    /// The bytes of a string or number entry.
    @inline(__always)
    func bytes(of entry: TapeEntry) -> UnsafeRawBufferPointer {
        // The input's base is read from the tape each time: a kept decoder's input moves to a copy.
        UnsafeRawBufferPointer(start: (entry.isInSideBuffer ? sideBase : tape.inputBase) + Int(entry.start), count: Int(entry.length))
    }

    var codingPath: [any CodingKey] { codingPath(here) }
    var userInfo: [CodingUserInfoKey: Any] { options.codable.userInfo }

    /// The path of `current`.
    var here: BridgePath { BridgePath(depth: steps.count) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.object, at: current, here)
        return try keyedContainer(Key.self, object: current, at: here)
    }

    /// A keyed container over the object at `object`, once its keys are known to be unique (or
    /// the duplicate-key policy says which of a repeated key's values counts).
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, at: BridgePath) throws -> KeyedDecodingContainer<Key> {
        try countElements(1, at: object, at)
        let repeated = try repeatedKeys(in: object, at)
        return KeyedDecodingContainer(BridgeKeyedDecodingContainer<Key>(decoder: self, object: object, at: at, hasRepeatedKeys: repeated))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.array, at: current, here)
        try countElements(1, at: current, here)
        return BridgeUnkeyedDecodingContainer(decoder: self, array: current, at: here)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        BridgeSingleValueDecodingContainer(decoder: self, index: current, depth: steps.count)
    }

    /// Throws unless the value at `index` is a container of `kind`.
    func expect(_ kind: TapeEntry.Kind, at index: Int, _ at: BridgePath) throws {
        let found = entries[index].kind
        if found == kind { return }
        let type: Any.Type = kind == .object ? [String: Any].self : [Any].self
        let name = kind == .object ? "object" : "array"
        if found == .null { throw valueNotFound(type, expected: name, at: index, at) }
        throw typeMismatch(type, expected: name, at: index, at)
    }

    // MARK: Values

    /// Any `Decodable` value at `index`: scalars and Foundation types directly, models through
    /// their schema, everything else through its `init(from:)` with this decoder moved there.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, _ at: BridgePath) throws -> T {
        let weight = DecodingLimits.elementWeight(of: T.self)
        if weight > 0 { try countElements(weight, at: index, at) }
        // A type seen just before (the elements of an array, mostly) skips the checks below.
        if hot.value.plain.contains(T.self) { return try descend(into: index, at) { try T(from: self) } }
        if let value = try decodeStandard(T.self, at: index, at) { return value }
        hot.value.plain.remember(T.self)
        return try descend(into: index, at) { try T(from: self) }
    }

    /// Standard scalars, Foundation types and models, or nil for any other type. Out of line:
    /// a recursive `Decodable` recurses through ``decodeValue(_:at:_:)``, whose stack frame must
    /// stay small (inlined, these branches made it several kilobytes per nesting level).
    @inline(never)
    private func decodeStandard<T: Decodable>(_ type: T.Type, at index: Int, _ at: BridgePath) throws -> T? {
        // Standard scalars straight to the conversions (Array<Int>.init(from:) asks generically).
        if T.self == String.self { return try decodeScalar(String.self, at: index, at) as? T }
        // Arrays of standard scalars without `Array.init(from:)`: unspecialized in the standard
        // library, it looks up its element's metadata and witnesses per array (a quarter of the
        // cost of a short `[String]`). Same container, same errors and coding paths.
        if T.self == [String].self { return try decodeScalarArray(String.self, at: index, at) as? T }
        if T.self == [Int].self { return try decodeScalarArray(Int.self, at: index, at) as? T }
        if T.self == [Double].self { return try decodeScalarArray(Double.self, at: index, at) as? T }
        if T.self == [Bool].self { return try decodeScalarArray(Bool.self, at: index, at) as? T }
        if T.self == [Int64].self { return try decodeScalarArray(Int64.self, at: index, at) as? T }
        if T.self == Int.self { return try decodeScalar(Int.self, at: index, at) as? T }
        if T.self == Double.self { return try decodeScalar(Double.self, at: index, at) as? T }
        if T.self == Bool.self { return try decodeScalar(Bool.self, at: index, at) as? T }
        if T.self == Int64.self { return try decodeScalar(Int64.self, at: index, at) as? T }
        if T.self == UInt64.self { return try decodeScalar(UInt64.self, at: index, at) as? T }
        if T.self == Int32.self { return try decodeScalar(Int32.self, at: index, at) as? T }
        if T.self == Float.self { return try decodeScalar(Float.self, at: index, at) as? T }
        if T.self == Date.self {
            if case .customDecoder(let convert) = options.dates { return try descend(into: index, at) { try convert(self) } as? T }
            return try decodeScalar(Date.self, at: index, at) as? T
        }
        if T.self == URL.self { return try decodeScalar(URL.self, at: index, at) as? T }
        if T.self == Data.self {
            switch options.codable.data {
            case .base64: return try decodeScalar(Data.self, at: index, at) as? T
            case .deferredToData: return try descend(into: index, at) { try Data(from: self) } as? T
            case .custom(let convert): return try descend(into: index, at) { try convert(self) } as? T
            @unknown default: return try decodeScalar(Data.self, at: index, at) as? T
            }
        }
        if T.self == Decimal.self { return try decodeScalar(Decimal.self, at: index, at) as? T }
        if T.self == UUID.self { return try decodeScalar(UUID.self, at: index, at) as? T }
        if T.self == JSONValue.self { return try decodeSchemaValue(JSONValue.self, at: index, at) as? T }
        if SchemaTypeLookup.isPlain(T.self) { return try decodeIfStringKeyed(T.self, at: index, at) }
        if let model = T.self as? any Model.Type { return try decodeSchemaValue(model, at: index, at) as? T }
        return try decodeIfStringKeyed(T.self, at: index, at)
    }

    /// The document's value, of a type the caller found is no ``ModelValue`` (no scalar, no
    /// model): straight to its `init(from:)`, without asking the runtime about its conformances
    /// a second time (hundreds of instructions per decode).
    func decodeDocument<T: Decodable>(_ type: T.Type) throws -> T {
        // `type` may be a subclass of `T` (decoded through a superclass metatype): its own init runs.
        if type == T.self {
            // A standard value at the top level gets the strategies as anywhere else (`Date`'s
            // own init(from:) knows no date strategy).
            if let value = try decodeStandard(T.self, at: 0, BridgePath(depth: 0)) { return value }
            hot.value.plain.remember(T.self)
        }
        return try descend(into: 0, BridgePath(depth: 0)) { try type.init(from: self) }
    }

    /// Runs `body` with this decoder at the value `index` whose coding path is `at`.
    @inline(__always)
    func descend<R>(into index: Int, _ at: BridgePath, _ body: () throws -> R) throws -> R {
        let savedCurrent = current
        current = index
        defer { current = savedCurrent }
        if let fixed = at.fixed {
            // A container made by nestedContainer(…) carries its own path: rare, so copy.
            let savedSteps = steps.prefix(steps.count)
            steps.replace(with: fixed)
            if let step = at.step { steps.append(step) }
            defer { steps.replace(with: savedSteps) }
            return try body()
        }
        steps.truncate(to: at.depth)
        guard let step = at.step else { return try body() }
        steps.append(step)
        defer { steps.removeLast() }
        return try body()
    }

    /// A model (or `JSONValue`) is read by the schema reader over its sub-value's range of the
    /// tape (BridgeDecoder+NestedModels.swift): the same wire format as everywhere else, no
    /// Codable overhead.
    func decodeSchemaValue<M: ModelValue>(_ type: M.Type, at index: Int, _ at: BridgePath) throws -> M {
        let kind = entries[index].kind
        if M.self != JSONValue.self {
            if kind == .null { throw valueNotFound(M.self, expected: M._typeName, at: index, at) }
            if kind != .object { throw typeMismatch(M.self, expected: M._typeName, at: index, at) }
        } else if !entries[index].isContainer {
            // Null is a JSONValue like any other (`JSONDecoder` reads `.null`, ModelEncoder writes it).
            if kind == .null, let null = JSONValue.null as? M { return null }
            return try decodeScalar(M.self, at: index, at)
        }
        do {
            return try decodeNestedModel(M.self, at: index)
        } catch let error as ModelDecodingError {
            throw rebased(error, M.self, at: index, at)
        }
    }

    // MARK: Keys

    /// The value index of `key` in the object at `object`, or nil. Members are searched from
    /// just after the previous hit in this object, wrapping around once.
    /// Keys converted by a strategy are looked up by the caller (`findConverted`).
    func find(_ key: some CodingKey, in object: Int, depth: Int) -> Int? {
        let end = Int(entries[object].next)
        var start = object + 1
        if depth < Self.cursorDepths {
            if cursorObjects[depth] == object, cursorKeys[depth] < end { start = cursorKeys[depth] }
        } else if let cursor = deepCursors[depth], cursor.object == object, cursor.next < end {
            start = cursor.next
        }
        let text = key.stringValue
        let hit: Int?
        if let result = text.utf8.withContiguousStorageIfAvailable({ search(UnsafeRawBufferPointer($0), in: object, from: start, end: end) }) {
            hit = result
        } else {
            hit = Array(text.utf8).withUnsafeBytes { search($0, in: object, from: start, end: end) }
        }
        // Keys all ASCII: only a non-ASCII coding key can be one of them spelled otherwise (U+212A
        // KELVIN SIGN is `K` to `String`).
        guard let hit else { return tape.keysAreASCII && ByteWord.isASCII(text) ? nil : findCanonical(text, in: object) }
        remember(object: object, next: Int(entries[hit + 1].next), depth: depth)
        return hit + 1
    }

    private func search(_ wanted: UnsafeRawBufferPointer, in object: Int, from start: Int, end: Int) -> Int? {
        var k = start
        while k < end {
            if matches(k, wanted) { return k }
            k = Int(entries[k + 1].next)
        }
        k = object + 1
        while k < start {
            if matches(k, wanted) { return k }
            k = Int(entries[k + 1].next)
        }
        return nil
    }

    @inline(__always)
    private func matches(_ keyIndex: Int, _ wanted: UnsafeRawBufferPointer) -> Bool {
        let entry = entries[keyIndex]
        guard Int(entry.length) == wanted.count else { return false }
        guard let base = wanted.baseAddress, wanted.count > 0 else { return true }
        return ByteWord.equal(bytes(of: entry).baseAddress!, base, count: wanted.count)
    }

    @inline(__always)
    private func remember(object: Int, next: Int, depth: Int) {
        guard depth < Self.cursorDepths else {
            deepCursors[depth] = (object, next)
            return
        }
        cursorObjects[depth] = object
        cursorKeys[depth] = next
    }
}

/// The decoder's position, and the types found not to be models.
struct HotState: ~Copyable {
    var current: Int
    var steps = HandStack<PathStep>()
    var plain = SchemaTypeLookup.Recent()
    /// The object whose keys were last checked for repeats (BridgeDecoder+RepeatedKeys.swift).
    var checkedObject = -1
    var checkedObjectRepeats = false
    /// What `DecodingLimits.maxElements` leaves the document (BridgeDecoder.countElements).
    var elementsLeft = Int.max
}

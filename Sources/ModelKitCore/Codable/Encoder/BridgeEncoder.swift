#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` of the Codable bridge: writes straight into the schema writer's buffer
/// (``JSONWriter``), so string escaping, number formatting, dates and options are the schema
/// path's. One instance serves a whole value; a nested value's containers are closed when its
/// `encode(to:)` returns, or when its parent container is written to again.
///
/// Codable allows what a stream cannot take: a key written twice, a container written to after
/// a sibling, `superEncoder`, a second container for a value already written. Each is caught
/// cheaply (a bloom of key bits per open object, an exact check only on a hit) and the encode
/// goes on, without starting over, on a tree (``BridgeTree``) made from what was streamed so
/// far; the tree is written out at the end, as `JSONEncoder`'s containers would have it.
final class BridgeEncoder: Encoder {
    struct OpenContainer {
        let isArray: Bool
        let id: Int
        /// Where this object's key signatures start in `State.signatures`.
        var firstSignature: Int
        /// One bit per key written, from its signature: most keys pass with no search.
        var bloom: UInt64 = 0
    }

    /// A value being encoded: where its containers start in `open`, where its bytes start.
    struct ValueFrame {
        var level: Int
        var start: Int
        var pathCount: Int
        var keyed: Bool
    }

    /// The writer, this encoder's alone unless a visitor handed to a value was kept (see
    /// ``withPooled(_:capacity:_:)``). Why unretained: it is used for every key and value, and a
    /// strong reference read from a `var` (which uniqueness must be asked of) cost an atomic
    /// retain and release per use, two per member; `writerOwner` holds the same writer for the
    /// encoder's whole life, so the unretained one never dangles.
    private let writerRef: Unmanaged<JSONWriter>
    /// The strong reference to ``writer``, only for asking whether anything else kept it. Never reassigned.
    @exclusivity(unchecked) private var writerOwner: JSONWriter
    /// The writer, for calls off the hot path (the caller retains it).
    var writer: JSONWriter { writerRef.takeUnretainedValue() }

    /// Runs `body` with the writer borrowed: no retain and release around the call.
    @inline(__always)
    func withWriter<R>(_ body: (JSONWriter) throws -> R) rethrows -> R { try writerRef._withUnsafeGuaranteedRef(body) }
    let configuration: EncoderConfiguration
    let options: EncodingOptions
    /// The tree the encode continues on once the stream cannot (nil until then).
    var tree: BridgeTree?
    /// Changed on every value written: kept out of line, so that no access pays Swift's run-time
    /// exclusivity check (see UncheckedStorage; no access spans a call back into the encoder).
    let hot: UncheckedStorage<State>

    struct State: ~Copyable {
        var path: [any CodingKey] = []
        var open: [OpenContainer] = []
        /// The byte offset of each container's bracket, by container id.
        var starts: [Int] = []
        var frame = ValueFrame(level: 0, start: 0, pathCount: 0, keyed: false)
        /// The frames enclosing `frame` (the first is the outside, not a value).
        var frames: [ValueFrame] = []
        /// The types found not to be ``ModelValue``s.
        var plain = SchemaTypeLookup.Recent()
        /// The signatures (``signature(_:)``) of the keys of every open object, innermost last.
        var signatures = HandStack<UInt64>(capacity: 64)
        var snakeCased: [String: String] = [:]
        var inTree = false
        /// Set when the top-level encode returned: containers kept past it write nowhere.
        var finished = false

        init() {
            path.reserveCapacity(16)
            open.reserveCapacity(16)
            starts.reserveCapacity(16)
            frames.reserveCapacity(16)
        }

        /// Ready for another encode (the key conversions stay: they depend on the key alone).
        mutating func reset() {
            path.removeAll(keepingCapacity: true)
            open.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            frames.removeAll(keepingCapacity: true)
            frame = ValueFrame(level: 0, start: 0, pathCount: 0, keyed: false)
            signatures.truncate(to: 0)
            if snakeCased.count > 512 { snakeCased = [:] }
            inTree = false
            finished = false
        }
    }

    var path: [any CodingKey] {
        _read { yield hot.value.path }
        _modify { yield &hot.value.path }
    }
    var open: [OpenContainer] {
        _read { yield hot.value.open }
        _modify { yield &hot.value.open }
    }

    init(writer: JSONWriter, configuration: EncoderConfiguration) {
        writerOwner = writer
        writerRef = Unmanaged.passUnretained(writer)
        self.configuration = configuration
        options = configuration.codableOptions
        hot = UncheckedStorage(State())
    }

    // MARK: Parked encoders

    /// Encoders of finished encodes, with their writer and its buffer, their arrays emptied with
    /// their room kept: a small encode would otherwise spend a tenth of its time making and
    /// freeing them.
    private static let parked = ParkedPool<BridgeEncoder>(capacity: 8)

    /// A writer's buffer larger than this is not kept for the next encode.
    private static var parkedBufferLimit: Int { 1 << 18 }

    /// Runs `body` with an encoder for `configuration` (a parked one when there is one), then
    /// parks it again, unless something made during the encode still reaches it or its writer
    /// (a container, a super encoder or a visitor kept past the encode, which must go on writing
    /// nowhere else than into this encoder's own storage).
    static func withPooled<R>(_ configuration: EncoderConfiguration, capacity: Int, _ body: (BridgeEncoder) throws -> R) rethrows -> R {
        var encoder: BridgeEncoder
        if let parked = parked.take() {
            if parked.configuration === configuration {
                encoder = parked
            } else {
                // Another encoder's settings (a server has one): left for it.
                Self.parked.park(parked)
                encoder = BridgeEncoder(writer: JSONWriter(options: configuration.codableOptions, capacity: capacity), configuration: configuration)
            }
        } else {
            encoder = BridgeEncoder(writer: JSONWriter(options: configuration.codableOptions, capacity: capacity), configuration: configuration)
        }
        defer {
            if isKnownUniquelyReferenced(&encoder), encoder.hasWriterAlone(), encoder.writer.output.capacity <= parkedBufferLimit {
                encoder.reset()
                parked.park(encoder)
            }
        }
        return try body(encoder)
    }

    private func hasWriterAlone() -> Bool { isKnownUniquelyReferenced(&writerOwner) }

    /// Ready for the next encode: nothing written, nothing open, no tree.
    private func reset() {
        hot.value.reset()
        tree = nil
        writer.reset()
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { configuration.userInfo }

    // MARK: The whole value

    /// Encodes the top-level value: throws, as `JSONEncoder` does, when it encodes nothing.
    func encodeRoot<T: Encodable>(_ value: T) throws {
        defer { hot.value.finished = true }
        try encodeValue(value, key: nil)
        if hot.value.inTree {
            guard let root = tree?.root else { throw Self.encodedNothing(value) }
            writer.rewind()
            try write(root)
            return
        }
        closeContainers(above: 0)
        if writer.byteCount == 0 { throw Self.encodedNothing(value) }
    }

    static func encodedNothing<T>(_ value: T) -> EncodingError {
        .invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = hot.value.frame
        if !hot.value.inTree {
            // A second request in the same encode(to:) (a subclass after its superclass) shares the object.
            if open.count > frame.level, !open[frame.level].isArray {
                closeContainers(above: frame.level + 1)
                return KeyedEncodingContainer(BridgeKeyedEncodingContainer<Key>(encoder: self, level: frame.level, id: open[frame.level].id, fixedPath: nil))
            }
            if open.count == frame.level && withWriter({ $0.byteCount }) == frame.start {
                let id = openContainer(isArray: false)
                return KeyedEncodingContainer(BridgeKeyedEncodingContainer<Key>(encoder: self, level: frame.level, id: id, fixedPath: nil))
            }
        }
        let (id, path) = treeContainer(isArray: false, in: nil, path: self.path)
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<Key>(encoder: self, level: -1, id: id, fixedPath: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let frame = hot.value.frame
        if !hot.value.inTree && open.count == frame.level && withWriter({ $0.byteCount }) == frame.start {
            let id = openContainer(isArray: true)
            return BridgeUnkeyedEncodingContainer(encoder: self, level: frame.level, id: id, fixedPath: nil)
        }
        let (id, path) = treeContainer(isArray: true, in: nil, path: self.path)
        return BridgeUnkeyedEncodingContainer(encoder: self, level: -1, id: id, fixedPath: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BridgeSingleValueEncodingContainer(encoder: self, slot: nil, fixedPath: nil)
    }

    /// Opens an object or array at the current writer position.
    func openContainer(isArray: Bool) -> Int {
        let id = hot.value.starts.count
        // JSONWriter's begin calls cannot fail (they only append); the bracket is the last byte.
        let end = withWriter { writer in
            if isArray { try? writer.beginArray(count: 0) } else { try? writer.beginObject(count: 0) }
            return writer.byteCount
        }
        hot.value.starts.append(end - 1)
        open.append(OpenContainer(isArray: isArray, id: id, firstSignature: hot.value.signatures.count))
        return id
    }

    /// Whether the container `id` at `level` may write to the stream now: it is open and belongs
    /// to the value being encoded (containers opened after it are finished first).
    @inline(__always)
    func streams(level: Int, id: Int) -> Bool {
        guard level >= hot.value.frame.level, level < hot.value.open.count, hot.value.open[level].id == id else { return false }
        if hot.value.open.count > level + 1 { closeContainers(above: level + 1) }
        return true
    }

    /// ``streams(level:id:)`` for a member `name` of an object: false, and the encode moves to
    /// the tree, when the object has that key already.
    @inline(__always)
    func streams(level: Int, id: Int, key name: String) -> Bool {
        guard streams(level: level, id: id) else { return false }
        let signature = Self.signature(name)
        let bit: UInt64 = 1 &<< (signature >> 58)
        if hot.value.open[level].bloom & bit != 0 {
            guard admits(name, signature, level: level) else { return false }
        }
        hot.value.open[level].bloom |= bit
        hot.value.signatures.append(signature)
        withWriter { $0.writeMemberKey(name) }
        return true
    }

    /// A key's signature: its length and its first and last eight bytes, mixed (no hashing of
    /// the whole key; equal signatures of different keys cost one exact check).
    @inline(__always)
    static func signature(_ name: String) -> UInt64 {
        // A native or small string lends its bytes without the copy (and retain) `withUTF8` makes.
        if let mixed = name.utf8.withContiguousStorageIfAvailable({ signature(UnsafeRawBufferPointer($0)) }) { return mixed }
        var name = name
        return name.withUTF8 { signature(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private static func signature(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var mixed = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            mixed ^= bytes.loadUnaligned(as: UInt64.self) &* 0xFF51_AFD7_ED55_8CCD ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for i in 0..<count { mixed ^= UInt64(bytes[i]) << UInt64(8 * i) }
        }
        return (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// The exact check behind a bloom hit: the signatures of this object's keys, then, for an
    /// equal one, a scan of the object's bytes so far. A repeated key moves the encode to the tree.
    private func admits(_ name: String, _ signature: UInt64, level: Int) -> Bool {
        var index = hot.value.open[level].firstSignature
        let end = hot.value.signatures.count
        while index < end, hot.value.signatures[index] != signature { index += 1 }
        if index == end { return true }
        let start = hot.value.starts[open[level].id]
        // nil: a key the scan cannot match byte for byte (escapes); take it for a repeat.
        if BridgeTreeParser.scan(for: name, inObjectAt: start, in: writer.written) == false { return true }
        switchToTree()
        return false
    }

    /// Whether a single value may be written to the stream: nothing was written for this value yet.
    @inline(__always)
    func streamsSingleValue() -> Bool {
        !hot.value.inTree && hot.value.open.count == hot.value.frame.level && withWriter({ $0.byteCount }) == hot.value.frame.start
    }

    func closeContainers(above level: Int) {
        while open.count > level {
            // Closing only appends a bracket.
            let closed = open.removeLast()
            withWriter { writer in if closed.isArray { try? writer.endArray() } else { try? writer.endObject() } }
            hot.value.signatures.truncate(to: closed.firstSignature)
        }
    }

    /// The key text of `key`, after ``ModelEncoder/keyEncodingStrategy``.
    @inline(__always)
    func keyText(_ key: some CodingKey, in containerPath: @autoclosure () -> [any CodingKey]) -> String {
        guard configuration.convertsKeys else { return key.stringValue }
        return convertedKey(key, containerPath())
    }

    func convertedKey(_ key: any CodingKey, _ containerPath: [any CodingKey]) -> String {
        switch configuration.values.keys {
        case .convertToSnakeCase:
            let text = key.stringValue
            if let known = hot.value.snakeCased[text] { return known }
            let converted = SnakeCase.convert(text)
            hot.value.snakeCased[text] = converted
            return converted
        case .custom(let convert):
            return convert(containerPath + [key]).stringValue
        default:
            return key.stringValue
        }
    }

    // MARK: Values

    /// Writes one value (the key, if any, was given to the writer already).
    func encodeValue<T: Encodable>(_ value: T, key: (any CodingKey)?, containerPath: [any CodingKey]? = nil) throws {
        if let containerPath {
            // A container from nestedContainer(…): its own coding path, for errors and codingPath.
            let saved = path
            path = containerPath
            defer { path = saved }
            return try encodeValue(value, key: key)
        }
        // Metatypes are compared first: `value as? String` on a type that is not would copy the
        // value into the cast (a whole struct per element of an array of them).
        do {
            // Why `unsafeBitCast`: each cast is guarded by `T.self ==` the target type, so it is an identity; unlike `as!` it costs no dynamic cast.
            if T.self == String.self { return try withWriter { try $0.visitString(unsafeBitCast(value, to: String.self)) } }
            if T.self == Int.self { return try withWriter { try $0.visitSigned(Int64(unsafeBitCast(value, to: Int.self))) } }
            if T.self == Bool.self { return try withWriter { try $0.visitBool(unsafeBitCast(value, to: Bool.self)) } }
            if T.self == Double.self { return try withWriter { try $0.visitDouble(unsafeBitCast(value, to: Double.self)) } }
            if configuration.bridgeHooks, let hooked = hook(value) {
                // JSONEncoder wraps what a strategy writes as a value of its own: `{}` when it
                // writes nothing, at the top level too.
                return try encodeNested(hooked, key: key, nothingIsEmptyObject: true)
            }
            // Arrays and dictionaries of standard scalars (a model's `[Int]` ids, `[String: String]`
            // names) take the schema writer like any ModelValue, without the dynamic cast that
            // finds the conformance: a cast per value, the memo below remembering only plain types
            // (8 K casts per encode of citm_catalog.json, most of them its areas' `blockIds`).
            if T.self == [Int].self { return try withWriter { try unsafeBitCast(value, to: [Int].self)._visit($0) } }
            if T.self == [String].self { return try withWriter { try unsafeBitCast(value, to: [String].self)._visit($0) } }
            if T.self == [String: String].self { return try withWriter { try unsafeBitCast(value, to: [String: String].self)._visit($0) } }
            if !hot.value.plain.contains(T.self) {
                if let schemaValue = value as? any ModelValue {
                    // Models, Date, Data, URL, Decimal, JSONValue, and containers of them: the schema writer.
                    return try withWriter { try schemaValue._visit($0) }
                }
                // A class's subclasses may be ModelValues (the cast looks at the instance): only
                // value types are remembered.
                if !(T.self is AnyObject.Type) { hot.value.plain.remember(T.self) }
            }
        } catch let error as ModelEncodingError {
            throw invalid(value, error, key: key)
        }
        try encodeNested(value, key: key)
    }

    private func encodeNested<T: Encodable>(_ value: T, key: (any CodingKey)?, nothingIsEmptyObject: Bool = false) throws {
        let outer = hot.value.frame
        hot.value.frames.append(outer)
        if let key { path.append(key) }
        hot.value.frame = ValueFrame(level: open.count, start: withWriter { $0.byteCount }, pathCount: path.count, keyed: key != nil)
        defer {
            hot.value.frame = outer
            hot.value.frames.removeLast()
            if key != nil { path.removeLast() }
        }
        // A root value that writes nothing is left to encodeRoot, which throws as JSONEncoder does.
        let nothingIsAnError = hot.value.frames.count == 1 && !nothingIsEmptyObject
        try value.encode(to: self)
        if hot.value.inTree {
            // The stream stopped during this value: its slot in the tree is done.
            if let slot = tree?.slots.popLast(), slot.node == nil, !nothingIsAnError { tree?.place(BridgeNode(.object), in: slot) }
            return
        }
        closeContainers(above: hot.value.frame.level)
        if withWriter({ $0.byteCount }) == hot.value.frame.start && !nothingIsAnError {
            // Like JSONEncoder: a nested value that encoded nothing is an empty object.
            try writer.beginObject(count: 0)
            try writer.endObject()
        }
    }
}

import Foundation

/// The `Encoder` of the Codable bridge: writes straight into the schema writer's buffer
/// (``JSONWriter``), so string escaping, number formatting, dates and options are the schema
/// path's. One instance serves a whole value; a nested value's containers are closed when its
/// `encode(to:)` returns, or when its parent container is written to again.
///
/// Codable lets a container be written to after a sibling was: a streaming writer cannot, so
/// that case (and `superEncoder`) throws ``BridgeEncoder/NeedsTree``, and the encoder starts
/// over on the slower tree-building route.
final class BridgeEncoder: Encoder {
    struct NeedsTree: Error {}

    struct OpenContainer {
        let isArray: Bool
        let id: Int
    }

    let writer: JSONWriter
    let options: EncodingOptions
    /// Set by `superEncoder`: the streamed output is incomplete, start over on the tree route.
    private(set) var needsTree = false
    /// Changed on every value written: kept out of line, so that no access pays Swift's run-time
    /// exclusivity check (see UncheckedStorage; no access spans a call back into the encoder).
    private let hot: UncheckedStorage<State>

    private struct State {
        var path: [any CodingKey] = []
        var open: [OpenContainer] = []
        var nextID = 0
        /// The index in `open` where the containers of the value being encoded start.
        var valueLevel = 0
        /// The last two types found not to be ``ModelValue``s.
        var plain = RecentPlainTypes()
    }

    var path: [any CodingKey] {
        _read { yield hot.value.path }
        _modify { yield &hot.value.path }
    }
    private(set) var open: [OpenContainer] {
        _read { yield hot.value.open }
        _modify { yield &hot.value.open }
    }
    private var nextID: Int {
        get { hot.value.nextID }
        set { hot.value.nextID = newValue }
    }
    private var valueLevel: Int {
        get { hot.value.valueLevel }
        set { hot.value.valueLevel = newValue }
    }

    init(writer: JSONWriter, options: EncodingOptions) {
        self.writer = writer
        self.options = options
        var state = State()
        state.path.reserveCapacity(16)
        state.open.reserveCapacity(16)
        hot = UncheckedStorage(state)
    }

    deinit { hot.free() }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second request in the same encode(to:) (a subclass after its superclass) shares the object.
        let level = valueLevel
        if open.count > level, !open[level].isArray {
            closeContainers(above: level + 1)
            return KeyedEncodingContainer(BridgeKeyedContainer<Key>(encoder: self, level: level, id: open[level].id, fixedPath: nil))
        }
        let id = openContainer(isArray: false)
        return KeyedEncodingContainer(BridgeKeyedContainer<Key>(encoder: self, level: level, id: id, fixedPath: nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let level = valueLevel
        let id = openContainer(isArray: true)
        return BridgeUnkeyedContainer(encoder: self, level: level, id: id, fixedPath: nil)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BridgeSingleValueContainer(encoder: self)
    }

    /// Opens an object or array at the current writer position.
    func openContainer(isArray: Bool) -> Int {
        nextID += 1
        // JSONWriter's begin calls cannot fail (they only append).
        if isArray { try? writer.beginArray(count: 0) } else { try? writer.beginObject(count: 0) }
        open.append(OpenContainer(isArray: isArray, id: nextID))
        return nextID
    }

    /// Before a container at `level` writes: containers opened after it are finished. Throws
    /// when the container itself was already closed (written to out of order).
    @inline(__always)
    func prepare(level: Int, id: Int) throws {
        guard level < open.count, open[level].id == id else { throw NeedsTree() }
        if open.count > level + 1 { closeContainers(above: level + 1) }
    }

    func closeContainers(above level: Int) {
        while open.count > level {
            // Closing only appends a bracket.
            if open.removeLast().isArray { try? writer.endArray() } else { try? writer.endObject() }
        }
    }

    /// `superEncoder` hands out an encoder whose value belongs at a key written later: this
    /// writer cannot, so the encode restarts on the tree route (the scratch encoder's output is dropped).
    func scratchEncoder() -> any Encoder {
        needsTree = true
        return BridgeEncoder(writer: JSONWriter(options: options), options: options)
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
            if T.self == String.self { return try writer.visitString(unsafeBitCast(value, to: String.self)) }
            if T.self == Int.self { return try writer.visitSigned(Int64(unsafeBitCast(value, to: Int.self))) }
            if T.self == Bool.self { return try writer.visitBool(unsafeBitCast(value, to: Bool.self)) }
            if T.self == Double.self { return try writer.visitDouble(unsafeBitCast(value, to: Double.self)) }
            if !hot.value.plain.contains(T.self) {
                if let schemaValue = value as? any ModelValue {
                    // Models, Date, Data, URL, Decimal, JSONValue, and containers of them: the schema writer.
                    return try schemaValue._visit(writer)
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


    private func encodeNested<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        let savedLevel = valueLevel
        valueLevel = open.count
        if let key { path.append(key) }
        defer {
            valueLevel = savedLevel
            if key != nil { path.removeLast() }
        }
        let before = writer.byteCount
        try value.encode(to: self)
        closeContainers(above: valueLevel)
        if writer.byteCount == before {
            // Like JSONEncoder: a value that encoded nothing is an empty object.
            try writer.beginObject(count: 0)
            try writer.endObject()
        }
    }

    func invalid(_ value: Any, _ error: ModelEncodingError, key: (any CodingKey)?) -> EncodingError {
        var codingPath = path
        if let key { codingPath.append(key) }
        return .invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
    }

    /// Writes a scalar through the writer, mapping its errors (non-finite floats) to `EncodingError`.
    @inline(__always)
    func scalar<T: ModelValue>(_ value: T, key: (any CodingKey)?) throws {
        do {
            try value._visit(writer)
        } catch let error as ModelEncodingError {
            throw invalid(value, error, key: key)
        }
    }
}

/// A single-value container writes at the encoder's current position.
struct BridgeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: BridgeEncoder
    var codingPath: [any CodingKey] { encoder.path }

    mutating func encodeNil() throws { try encoder.writer.visitNull() }
    mutating func encode(_ value: Bool) throws { try encoder.writer.visitBool(value) }
    mutating func encode(_ value: String) throws { try encoder.writer.visitString(value) }
    mutating func encode(_ value: Double) throws { try encoder.scalar(value, key: nil) }
    mutating func encode(_ value: Float) throws { try encoder.scalar(value, key: nil) }
    mutating func encode(_ value: Int) throws { try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try encoder.writer.visitSigned(value) }
    mutating func encode(_ value: UInt) throws { try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try encoder.writer.visitUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value, key: nil) }
}

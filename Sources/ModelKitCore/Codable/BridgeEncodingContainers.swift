import Foundation

/// A keyed container writing members of one open object.
struct BridgeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BridgeEncoder
    /// The container's index in the encoder's open containers, and its identity there.
    let level: Int
    let id: Int
    /// The coding path of a container made by `nestedContainer` (it may outlive its parent's call).
    let fixedPath: [any CodingKey]?

    var codingPath: [any CodingKey] { fixedPath ?? encoder.path }

    @inline(__always)
    private func member(_ key: Key) throws {
        try encoder.prepare(level: level, id: id)
        try encoder.writer.visitKey(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key); try encoder.writer.visitNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key); try encoder.writer.visitBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key); try encoder.writer.visitString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key); try encoder.scalar(value, key: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key); try encoder.scalar(value, key: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key); try encoder.writer.visitSigned(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key); try encoder.writer.visitUnsigned(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try encoder.encodeValue(value, key: key, containerPath: fixedPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // Codable gives this no way to throw: an out-of-order use surfaces at the next write.
        guard (try? member(key)) != nil else {
            return KeyedEncodingContainer(BridgeKeyedContainer<NestedKey>(encoder: encoder, level: Int.max, id: -1, fixedPath: []))
        }
        let id = encoder.openContainer(isArray: false)
        return KeyedEncodingContainer(BridgeKeyedContainer<NestedKey>(encoder: encoder, level: level + 1, id: id, fixedPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard (try? member(key)) != nil else { return BridgeUnkeyedContainer(encoder: encoder, level: Int.max, id: -1, fixedPath: []) }
        let id = encoder.openContainer(isArray: true)
        return BridgeUnkeyedContainer(encoder: encoder, level: level + 1, id: id, fixedPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { encoder.scratchEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.scratchEncoder() }
}

/// An unkeyed container writing the elements of one open array.
struct BridgeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: BridgeEncoder
    let level: Int
    let id: Int
    let fixedPath: [any CodingKey]?
    private(set) var count = 0

    init(encoder: BridgeEncoder, level: Int, id: Int, fixedPath: [any CodingKey]?) {
        self.encoder = encoder
        self.level = level
        self.id = id
        self.fixedPath = fixedPath
    }

    var codingPath: [any CodingKey] { fixedPath ?? encoder.path }

    @inline(__always)
    private mutating func element() throws {
        try encoder.prepare(level: level, id: id)
        count += 1
    }

    mutating func encodeNil() throws { try element(); try encoder.writer.visitNull() }
    mutating func encode(_ value: Bool) throws { try element(); try encoder.writer.visitBool(value) }
    mutating func encode(_ value: String) throws { try element(); try encoder.writer.visitString(value) }
    mutating func encode(_ value: Double) throws { try element(); try encoder.scalar(value, key: IndexCodingKey(count - 1)) }
    mutating func encode(_ value: Float) throws { try element(); try encoder.scalar(value, key: IndexCodingKey(count - 1)) }
    mutating func encode(_ value: Int) throws { try element(); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try element(); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try element(); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try element(); try encoder.writer.visitSigned(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try element(); try encoder.writer.visitSigned(value) }
    mutating func encode(_ value: UInt) throws { try element(); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try element(); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try element(); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try element(); try encoder.writer.visitUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try element(); try encoder.writer.visitUnsigned(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try element()
        try encoder.encodeValue(value, key: IndexCodingKey(count - 1), containerPath: fixedPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard (try? element()) != nil else {
            return KeyedEncodingContainer(BridgeKeyedContainer<NestedKey>(encoder: encoder, level: Int.max, id: -1, fixedPath: []))
        }
        let id = encoder.openContainer(isArray: false)
        return KeyedEncodingContainer(BridgeKeyedContainer<NestedKey>(encoder: encoder, level: level + 1, id: id,
                                                                      fixedPath: codingPath + [IndexCodingKey(count - 1)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard (try? element()) != nil else { return BridgeUnkeyedContainer(encoder: encoder, level: Int.max, id: -1, fixedPath: []) }
        let id = encoder.openContainer(isArray: true)
        return BridgeUnkeyedContainer(encoder: encoder, level: level + 1, id: id, fixedPath: codingPath + [IndexCodingKey(count - 1)])
    }

    mutating func superEncoder() -> any Encoder { encoder.scratchEncoder() }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keyed container writing members of one open object (or, once on the tree, of its node).
struct BridgeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BridgeEncoder
    /// The container's index in the encoder's open containers (-1 on the tree), and its identity.
    let level: Int
    let id: Int
    /// The coding path of a container made by `nestedContainer` (it may outlive its parent's call).
    let fixedPath: [any CodingKey]?

    var codingPath: [any CodingKey] { fixedPath ?? encoder.path }

    /// Gives the writer `key` when this member can be streamed.
    @inline(__always)
    private func streams(_ key: Key) -> Bool {
        encoder.streams(level: level, id: id, key: encoder.keyText(key, in: codingPath))
    }

    /// Writes the value of a member whose key ``streams(_:)`` wrote; when it fails before writing
    /// anything, the key is taken back (the caller may catch the error and go on).
    @inline(__always)
    private func member(_ write: () throws -> Void) throws {
        do { try write() } catch {
            encoder.withWriter { $0.dropUnwrittenMember() }
            throw error
        }
    }

    /// The member on the tree (a repeated key, a container written out of order).
    private func slow<T: Encodable>(_ value: T, _ key: Key) throws {
        let slot = encoder.treeSlot(in: id, key: encoder.keyText(key, in: codingPath))
        try encoder.treeEncode(value, into: slot, key: key, path: codingPath)
    }

    mutating func encodeNil(forKey key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitNull() } } else { try slow(JSONValue.null, key) }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitBool(value) } } else { try slow(value, key) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitString(value) } } else { try slow(value, key) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        if streams(key) { try member { try encoder.scalar(value, key: key, containerPath: fixedPath) } } else { try slow(value, key) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        if streams(key) { try member { try encoder.scalar(value, key: key, containerPath: fixedPath) } } else { try slow(value, key) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try signed(Int64(value), value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try signed(Int64(value), value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try signed(Int64(value), value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try signed(Int64(value), value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try signed(value, value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try unsigned(UInt64(value), value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try unsigned(UInt64(value), value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try unsigned(UInt64(value), value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try unsigned(UInt64(value), value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try unsigned(value, value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value, key) }
    }
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value, key) }
    }

    @inline(__always)
    private func signed<T: Encodable>(_ wide: Int64, _ value: T, _ key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitSigned(wide) } } else { try slow(value, key) }
    }

    @inline(__always)
    private func unsigned<T: Encodable>(_ wide: UInt64, _ value: T, _ key: Key) throws {
        if streams(key) { try encoder.withWriter { try $0.visitUnsigned(wide) } } else { try slow(value, key) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if streams(key) { try member { try encoder.encodeValue(value, key: key, containerPath: fixedPath) } } else { try slow(value, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [key]
        if streams(key) {
            let id = encoder.openContainer(isArray: false)
            return KeyedEncodingContainer(BridgeKeyedEncodingContainer<NestedKey>(encoder: encoder, level: level + 1, id: id, fixedPath: path))
        }
        let (id, _) = encoder.treeNested(isArray: false, in: id, key: encoder.keyText(key, in: codingPath), path: path)
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<NestedKey>(encoder: encoder, level: -1, id: id, fixedPath: path))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let path = codingPath + [key]
        if streams(key) {
            let id = encoder.openContainer(isArray: true)
            return BridgeUnkeyedEncodingContainer(encoder: encoder, level: level + 1, id: id, fixedPath: path)
        }
        let (id, _) = encoder.treeNested(isArray: true, in: id, key: encoder.keyText(key, in: codingPath), path: path)
        return BridgeUnkeyedEncodingContainer(encoder: encoder, level: -1, id: id, fixedPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.treeSuperEncoder(in: id, key: encoder.keyText(TextCodingKey.superKey, in: codingPath), path: codingPath + [TextCodingKey.superKey])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.treeSuperEncoder(in: id, key: encoder.keyText(key, in: codingPath), path: codingPath + [key])
    }
}

/// An unkeyed container writing the elements of one open array (or, on the tree, of its node).
struct BridgeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
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

    /// Counts the element; true when it can be streamed.
    @inline(__always)
    private mutating func streams() -> Bool {
        count += 1
        return encoder.streams(level: level, id: id)
    }

    private func slow<T: Encodable>(_ value: T) throws {
        try encoder.treeEncode(value, into: encoder.treeSlot(in: id, key: nil), key: IndexCodingKey(count - 1), path: codingPath)
    }

    mutating func encodeNil() throws { if streams() { try encoder.withWriter { try $0.visitNull() } } else { try slow(JSONValue.null) } }
    mutating func encode(_ value: Bool) throws { if streams() { try encoder.withWriter { try $0.visitBool(value) } } else { try slow(value) } }
    mutating func encode(_ value: String) throws { if streams() { try encoder.withWriter { try $0.visitString(value) } } else { try slow(value) } }
    mutating func encode(_ value: Double) throws {
        if streams() { try encoder.scalar(value, key: IndexCodingKey(count - 1), containerPath: fixedPath) } else { try slow(value) }
    }
    mutating func encode(_ value: Float) throws {
        if streams() { try encoder.scalar(value, key: IndexCodingKey(count - 1), containerPath: fixedPath) } else { try slow(value) }
    }
    mutating func encode(_ value: Int) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int8) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int16) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int32) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int64) throws { try signed(value, value) }
    mutating func encode(_ value: UInt) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt8) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt16) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt32) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt64) throws { try unsigned(value, value) }
    mutating func encode(_ value: Int128) throws {
        if streams() { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value) }
    }
    mutating func encode(_ value: UInt128) throws {
        if streams() { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value) }
    }

    @inline(__always)
    private mutating func signed<T: Encodable>(_ wide: Int64, _ value: T) throws {
        if streams() { try encoder.withWriter { try $0.visitSigned(wide) } } else { try slow(value) }
    }

    @inline(__always)
    private mutating func unsigned<T: Encodable>(_ wide: UInt64, _ value: T) throws {
        if streams() { try encoder.withWriter { try $0.visitUnsigned(wide) } } else { try slow(value) }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if streams() {
            try encoder.encodeValue(value, key: IndexCodingKey(count - 1), containerPath: fixedPath)
        } else {
            try slow(value)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let streamed = streams()
        let path = codingPath + [IndexCodingKey(count - 1)]
        if streamed {
            let id = encoder.openContainer(isArray: false)
            return KeyedEncodingContainer(BridgeKeyedEncodingContainer<NestedKey>(encoder: encoder, level: level + 1, id: id, fixedPath: path))
        }
        let (id, _) = encoder.treeNested(isArray: false, in: id, key: nil, path: path)
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<NestedKey>(encoder: encoder, level: -1, id: id, fixedPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let streamed = streams()
        let path = codingPath + [IndexCodingKey(count - 1)]
        if streamed {
            let id = encoder.openContainer(isArray: true)
            return BridgeUnkeyedEncodingContainer(encoder: encoder, level: level + 1, id: id, fixedPath: path)
        }
        let (id, _) = encoder.treeNested(isArray: true, in: id, key: nil, path: path)
        return BridgeUnkeyedEncodingContainer(encoder: encoder, level: -1, id: id, fixedPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return encoder.treeSuperEncoder(in: id, key: nil, path: codingPath + [IndexCodingKey(count - 1)])
    }
}

/// A single-value container: writes the value being encoded (or, for a `superEncoder`, its slot).
struct BridgeSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: BridgeEncoder
    let slot: BridgeSlot?
    let fixedPath: [any CodingKey]?
    var codingPath: [any CodingKey] { fixedPath ?? encoder.path }

    @inline(__always)
    private func streams() -> Bool { slot == nil && encoder.streamsSingleValue() }

    private func slow<T: Encodable>(_ value: T) throws { try encoder.treeSingleValue(value, in: slot, path: codingPath) }

    mutating func encodeNil() throws { if streams() { try encoder.withWriter { try $0.visitNull() } } else { try slow(JSONValue.null) } }
    mutating func encode(_ value: Bool) throws { if streams() { try encoder.withWriter { try $0.visitBool(value) } } else { try slow(value) } }
    mutating func encode(_ value: String) throws { if streams() { try encoder.withWriter { try $0.visitString(value) } } else { try slow(value) } }
    mutating func encode(_ value: Double) throws { if streams() { try encoder.scalar(value, key: nil, containerPath: fixedPath) } else { try slow(value) } }
    mutating func encode(_ value: Float) throws { if streams() { try encoder.scalar(value, key: nil, containerPath: fixedPath) } else { try slow(value) } }
    mutating func encode(_ value: Int) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int8) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int16) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int32) throws { try signed(Int64(value), value) }
    mutating func encode(_ value: Int64) throws { try signed(value, value) }
    mutating func encode(_ value: UInt) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt8) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt16) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt32) throws { try unsigned(UInt64(value), value) }
    mutating func encode(_ value: UInt64) throws { try unsigned(value, value) }
    mutating func encode(_ value: Int128) throws {
        if streams() { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value) }
    }
    mutating func encode(_ value: UInt128) throws {
        if streams() { try encoder.withWriter { try $0.visitNumberText(String(value)) } } else { try slow(value) }
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if streams() { try encoder.encodeValue(value, key: nil) } else { try slow(value) }
    }

    @inline(__always)
    private func signed<T: Encodable>(_ wide: Int64, _ value: T) throws {
        if streams() { try encoder.withWriter { try $0.visitSigned(wide) } } else { try slow(value) }
    }

    @inline(__always)
    private func unsigned<T: Encodable>(_ wide: UInt64, _ value: T) throws {
        if streams() { try encoder.withWriter { try $0.visitUnsigned(wide) } } else { try slow(value) }
    }
}

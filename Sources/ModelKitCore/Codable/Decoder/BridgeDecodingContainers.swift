#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keyed container over one object of the tape: keys are compared as UTF-8 bytes with the
/// tape's text (no `String` per key, no dictionary per object).
struct BridgeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BridgeDecoder
    let object: Int
    /// This container's own coding path, as made (see ``at``).
    private let made: BridgePath
    /// A key appears more than once in the object: lookups find the occurrence the policy picks.
    private let hasRepeatedKeys: Bool

    init(decoder: BridgeDecoder, object: Int, at: BridgePath, hasRepeatedKeys: Bool) {
        self.decoder = decoder
        self.object = object
        self.hasRepeatedKeys = hasRepeatedKeys
        made = at.containerPath
    }

    /// This container's own coding path, also once it is kept past the `init(from:)` that made it.
    var at: BridgePath { decoder.containerPath(made, of: object) }

    var codingPath: [any CodingKey] { decoder.codingPath(at) }

    var allKeys: [Key] {
        var keys = decoder.keys(of: object, at: at)
        // A key strategy may map two keys onto one (`one_two`, `oneTwo`): listed once, as JSONDecoder does.
        if hasRepeatedKeys || decoder.convertsKeys {
            var seen = Set<String>()
            keys = keys.filter { seen.insert($0).inserted }
        }
        return keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    @inline(__always)
    private func find(_ key: some CodingKey) -> Int? {
        // The path as made: resolved only if a key must be converted (see ObjectCodingPath).
        if hasRepeatedKeys { return decoder.findRepeated(key.stringValue, in: object, at: made) }
        if decoder.convertsKeys { return decoder.findConverted(key.stringValue, in: object, at: made) }
        return decoder.find(key, in: object, depth: made.depth)
    }

    @inline(__always)
    private func value(_ key: Key) throws -> Int {
        guard let index = find(key) else { throw decoder.keyNotFound(key, container: object, at) }
        return index
    }

    /// The path of the member whose value is the tape entry `index` (its key is the entry before).
    @inline(__always)
    private func path(_ index: Int) -> BridgePath { at.member(index - 1) }

    @inline(__always)
    private func scalar<T: ModelValue>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try value(key)
        return try decoder.decodeScalar(T.self, at: index, path(index))
    }

    @inline(__always)
    private func scalarIfPresent<T: ModelValue>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = find(key), decoder.entries[index].kind != .null else { return nil }
        return try decoder.decodeScalar(T.self, at: index, path(index))
    }

    // The rarer scalar types share one out-of-line conversion per type (BridgeDecoder.decodeRareScalar).
    @inline(__always)
    private func rareScalar<T: ModelValue>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try value(key)
        return try decoder.decodeRareScalar(T.self, at: index, path(index))
    }

    @inline(__always)
    private func rareScalarIfPresent<T: ModelValue>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = find(key), decoder.entries[index].kind != .null else { return nil }
        return try decoder.decodeRareScalar(T.self, at: index, path(index))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.entries[try value(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try rareScalar(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try rareScalar(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try rareScalar(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try rareScalar(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try rareScalar(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try rareScalar(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try rareScalar(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try rareScalar(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try rareScalar(UInt64.self, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        let index = try value(key)
        return try decoder.decodeWideInteger(Int128.self, at: index, path(index))
    }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        let index = try value(key)
        return try decoder.decodeWideInteger(UInt128.self, at: index, path(index))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try value(key)
        return try decoder.decodeValue(T.self, at: index, path(index))
    }

    // One lookup each (the standard library's defaults would search three times).
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(Bool.self, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(String.self, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(Double.self, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try rareScalarIfPresent(Float.self, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try rareScalarIfPresent(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try rareScalarIfPresent(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try rareScalarIfPresent(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try rareScalarIfPresent(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try rareScalarIfPresent(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try rareScalarIfPresent(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try rareScalarIfPresent(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try rareScalarIfPresent(UInt64.self, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = find(key), decoder.entries[index].kind != .null else { return nil }
        return try decoder.decodeValue(T.self, at: index, path(index))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try value(key)
        try decoder.expect(.object, at: index, path(index))
        return try decoder.keyedContainer(NestedKey.self, object: index, at: detachedPath(index))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        try decoder.expect(.array, at: index, path(index))
        try decoder.countElements(1, at: index, path(index))
        return BridgeUnkeyedDecodingContainer(decoder: decoder, array: index, at: detachedPath(index))
    }

    func superDecoder() throws -> any Decoder { try superDecoder(key: TextCodingKey.superKey) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key: key) }

    /// A decoder of its own (it may be used after this container moves on); a missing key reads as null.
    private func superDecoder(key: some CodingKey) throws -> any Decoder {
        let index = find(key) ?? decoder.tape.nullIndex
        var path = decoder.codingPath(at)
        path.append(key)
        // A super decoder is an object of its own that a type may hand to another thread while
        // this decode goes on: it reads a copy of the input from the start, so that no decoder
        // ever switches from the caller's bytes to a copy while another thread reads.
        decoder.tape.keepInput()
        return BridgeDecoder(tape: decoder.tape, conversions: decoder.conversions, options: decoder.options, current: index, prefix: path)
    }

    /// A nested container outlives this call: it keeps a copy of its path.
    private func detachedPath(_ index: Int) -> BridgePath {
        path(index).detached(from: decoder.steps)
    }
}

/// An unkeyed container over one array of the tape; elements are visited in order through
/// each entry's `next` link.
struct BridgeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: BridgeDecoder
    let array: Int
    /// This container's own coding path, as made (see ``at``).
    private let made: BridgePath
    let count: Int?
    private(set) var currentIndex = 0
    /// The tape index of the element at `currentIndex`.
    private var position: Int

    init(decoder: BridgeDecoder, array: Int, at: BridgePath) {
        self.decoder = decoder
        self.array = array
        made = at.containerPath
        count = Int(decoder.entries[array].length)
        position = array + 1
    }

    /// This container's own coding path, also once it is kept past the `init(from:)` that made it.
    var at: BridgePath { decoder.containerPath(made, of: array) }

    var codingPath: [any CodingKey] { decoder.codingPath(at) }
    var isAtEnd: Bool { currentIndex >= count! }

    private var elementPath: BridgePath { at.element(currentIndex) }

    /// The next element's index, or the end-of-container error.
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else { throw decoder.endOfContainer(type, container: array, elementPath) }
        return position
    }

    private mutating func advance() {
        position = Int(decoder.entries[position].next)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let index = try next(Never.self)
        guard decoder.entries[index].kind == .null else { return false }
        advance()
        return true
    }

    /// The next element through its scalar conversion (also for arrays of scalars, BridgeDecoder).
    @inline(__always)
    mutating func decodeScalar<T: ModelValue>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeScalar(T.self, at: next(T.self), elementPath)
        advance()
        return value
    }

    /// ``decodeScalar(_:)`` for the rarer scalar types (BridgeDecoder.decodeRareScalar).
    @inline(__always)
    mutating func decodeRareScalar<T: ModelValue>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeRareScalar(T.self, at: next(T.self), elementPath)
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeScalar(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeScalar(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeRareScalar(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeScalar(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeRareScalar(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeRareScalar(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeRareScalar(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeRareScalar(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeRareScalar(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeRareScalar(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeRareScalar(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeRareScalar(UInt64.self) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try wide(Int128.self) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try wide(UInt128.self) }

    private mutating func wide<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeWideInteger(T.self, at: next(T.self), elementPath)
        advance()
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeValue(T.self, at: next(T.self), elementPath)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try next([String: Any].self)
        try decoder.expect(.object, at: index, elementPath)
        let container = try decoder.keyedContainer(NestedKey.self, object: index, at: detachedPath)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try next([Any].self)
        try decoder.expect(.array, at: index, elementPath)
        try decoder.countElements(1, at: index, elementPath)
        let container = BridgeUnkeyedDecodingContainer(decoder: decoder, array: index, at: detachedPath)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = try next(Never.self)
        // Its own object, which may go to another thread: it reads a copy (see BridgeKeyedDecodingContainer).
        decoder.tape.keepInput()
        let nested = BridgeDecoder(tape: decoder.tape, conversions: decoder.conversions, options: decoder.options, current: index,
                                 prefix: decoder.codingPath(elementPath))
        advance()
        return nested
    }

    private var detachedPath: BridgePath {
        elementPath.detached(from: decoder.steps)
    }
}

/// A single-value container: the value the decoder is at.
struct BridgeSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: BridgeDecoder
    let index: Int
    /// The depth of the decoder's path this value sits at. Three words: the container fits in
    /// an existential's inline buffer, so `Int(from:)` on every element allocates nothing.
    let depth: Int

    private var at: BridgePath { decoder.containerPath(BridgePath(depth: depth), of: index) }

    var codingPath: [any CodingKey] { decoder.codingPath(at) }

    func decodeNil() -> Bool { decoder.entries[index].kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeScalar(Bool.self, at: index, at) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeScalar(String.self, at: index, at) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeScalar(Double.self, at: index, at) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeRareScalar(Float.self, at: index, at) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeScalar(Int.self, at: index, at) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeRareScalar(Int8.self, at: index, at) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeRareScalar(Int16.self, at: index, at) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeRareScalar(Int32.self, at: index, at) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeScalar(Int64.self, at: index, at) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeRareScalar(UInt.self, at: index, at) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeRareScalar(UInt8.self, at: index, at) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeRareScalar(UInt16.self, at: index, at) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeRareScalar(UInt32.self, at: index, at) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeRareScalar(UInt64.self, at: index, at) }
    func decode(_ type: Int128.Type) throws -> Int128 { try decoder.decodeWideInteger(Int128.self, at: index, at) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decoder.decodeWideInteger(UInt128.self, at: index, at) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The decoder is already at this value: a nested `init(from:)` gets the same path.
        try decoder.decodeValue(T.self, at: index, at)
    }
}

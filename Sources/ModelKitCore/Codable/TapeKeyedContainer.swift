import Foundation

/// A keyed container over one object of the tape: keys are compared as UTF-8 bytes with the
/// tape's text (no `String` per key, no dictionary per object).
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    let object: Int
    /// This container's own coding path, as made (see ``at``).
    private let made: BridgePath
    /// A key appears more than once in the object: lookups find the occurrence the policy picks.
    private let hasRepeatedKeys: Bool

    init(decoder: TapeDecoder, object: Int, at: BridgePath, hasRepeatedKeys: Bool) {
        self.decoder = decoder
        self.object = object
        self.hasRepeatedKeys = hasRepeatedKeys
        made = at.containerPath
    }

    /// This container's own coding path, also once it is kept past the `init(from:)` that made it.
    var at: BridgePath { decoder.containerPath(made, of: object) }

    var codingPath: [any CodingKey] { decoder.codingPath(at) }

    var allKeys: [Key] {
        var keys = decoder.keys(of: object)
        if hasRepeatedKeys {
            var seen = Set<String>()
            keys = keys.filter { seen.insert($0).inserted }
        }
        return keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    @inline(__always)
    private func find(_ key: Key) -> Int? {
        if hasRepeatedKeys { return decoder.findRepeated(key.stringValue, in: object) }
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

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.entries[try value(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(UInt64.self, key) }
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
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(Float.self, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(UInt64.self, key) }

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
        return TapeUnkeyedContainer(decoder: decoder, array: index, at: detachedPath(index))
    }

    func superDecoder() throws -> any Decoder { try superDecoder(key: TextCodingKey.superKey) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key: key) }

    /// A decoder of its own (it may be used after this container moves on); a missing key reads as null.
    private func superDecoder(key: some CodingKey) throws -> any Decoder {
        let index = (hasRepeatedKeys ? decoder.findRepeated(key.stringValue, in: object) : decoder.find(key, in: object, depth: made.depth))
            ?? decoder.tape.nullIndex
        var path = decoder.codingPath(at)
        path.append(key)
        // A super decoder is an object of its own that a type may hand to another thread while
        // this decode goes on: it reads a copy of the input from the start, so that no decoder
        // ever switches from the caller's bytes to a copy while another thread reads.
        decoder.tape.keepInput()
        return TapeDecoder(tape: decoder.tape, conversions: decoder.conversions, options: decoder.options, current: index, prefix: path)
    }

    /// A nested container outlives this call: it keeps a copy of its path.
    private func detachedPath(_ index: Int) -> BridgePath {
        path(index).detached(from: decoder.steps)
    }
}

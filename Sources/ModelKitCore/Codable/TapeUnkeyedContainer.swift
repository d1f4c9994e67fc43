import Foundation

/// An unkeyed container over one array of the tape; elements are visited in order through
/// each entry's `next` link.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let array: Int
    /// This container's own coding path, as made (see ``at``).
    private let made: BridgePath
    let count: Int?
    private(set) var currentIndex = 0
    /// The tape index of the element at `currentIndex`.
    private var position: Int

    init(decoder: TapeDecoder, array: Int, at: BridgePath) {
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

    /// The next element through its scalar conversion (also for arrays of scalars, TapeDecoder).
    mutating func decodeScalar<T: ModelValue>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeScalar(T.self, at: next(T.self), elementPath)
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeScalar(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeScalar(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeScalar(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeScalar(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeScalar(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeScalar(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeScalar(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeScalar(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeScalar(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeScalar(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeScalar(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeScalar(UInt64.self) }
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
        let container = TapeUnkeyedContainer(decoder: decoder, array: index, at: detachedPath)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = try next(Never.self)
        // Its own object, which may go to another thread: it reads a copy (see TapeKeyedContainer).
        decoder.tape.keepInput()
        let nested = TapeDecoder(tape: decoder.tape, conversions: decoder.conversions, options: decoder.options, current: index,
                                 prefix: decoder.codingPath(elementPath))
        advance()
        return nested
    }

    private var detachedPath: BridgePath {
        elementPath.detached(from: decoder.steps)
    }
}

/// A single-value container: the value the decoder is at.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder
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
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeScalar(Float.self, at: index, at) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeScalar(Int.self, at: index, at) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeScalar(Int8.self, at: index, at) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeScalar(Int16.self, at: index, at) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeScalar(Int32.self, at: index, at) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeScalar(Int64.self, at: index, at) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeScalar(UInt.self, at: index, at) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeScalar(UInt8.self, at: index, at) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeScalar(UInt16.self, at: index, at) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeScalar(UInt32.self, at: index, at) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeScalar(UInt64.self, at: index, at) }
    func decode(_ type: Int128.Type) throws -> Int128 { try decoder.decodeWideInteger(Int128.self, at: index, at) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decoder.decodeWideInteger(UInt128.self, at: index, at) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The decoder is already at this value: a nested `init(from:)` gets the same path.
        try decoder.decodeValue(T.self, at: index, at)
    }
}

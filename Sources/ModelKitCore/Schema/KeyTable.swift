/// Maps raw UTF-8 key bytes to what consumes the key's value, for one JSON object level.
///
/// Lookup never creates a `String`: it first tries the entry after the previous match (input
/// keys usually come in the same order every time), then an open-addressing hash table.
final class KeyTable: Sendable {
    /// One recipient of a key's value: a field (with the key's precedence rank in the field's
    /// key list) or the table of a key-path subtree (`"ext"` in `"ext.desc"`).
    struct Consumer: @unchecked Sendable {
        // Unowned: the schema keeps its slots alive and a table keeps its subtables (`retained`),
        // so the hot path pays no reference counting for these.
        let slotReference: Unmanaged<FieldSlot>?
        let subtableReference: Unmanaged<KeyTable>?
        let rank: UInt8

        init(slot: FieldSlot?, subtable: KeyTable?, rank: UInt8) {
            slotReference = slot.map { Unmanaged.passUnretained($0) }
            subtableReference = subtable.map { Unmanaged.passUnretained($0) }
            self.rank = rank
        }

        var slot: FieldSlot? { slotReference?.takeUnretainedValue() }
        var subtable: KeyTable? { subtableReference?.takeUnretainedValue() }
    }

    /// Trivial (no references) so that reading one costs no retain/release.
    struct Entry: Sendable {
        let start: Int
        let count: Int
        let hash: UInt64
        /// Usually one consumer; several when fields share the key or the key is also a key-path head.
        let firstConsumer: Int
        let consumerCount: Int
    }

    /// The object keys' entries (`0..<keyCount`), then the array indexes' (see `elementEntries`).
    let entries: [Entry]
    let consumers: [Consumer]
    /// Key texts for error paths only (`[N]` for an index entry).
    let keyTexts: [String]
    /// How many entries are object keys: only they are looked up by bytes.
    let keyCount: Int
    /// For a key-path level that is an array (`"images[0].url"`): per element index, its entry or -1.
    private let elementEntries: [Int32]
    private let retainedSubtables: [KeyTable]
    private let bytes: [UInt8]
    private let buckets: [Int32]
    private let mask: Int
    /// Bit n set when some key is n bytes long (n < 64; longer keys always probe).
    private let lengths: UInt64
    /// Some key has a non-ASCII byte (see ``canonicalLookup(_:)``): one an ASCII key in the
    /// document may spell canonically (U+212A KELVIN SIGN is `K`).
    let hasNonASCIIKeys: Bool
    /// Every key has one field and no key path goes through it, no level has indexes, and there
    /// are at most 64 keys: what the schema reader's flat member loop reads (its seen-bits are
    /// one word; SchemaReader/TapeSchemaReader.swift).
    let isFlat: Bool

    private init(keys: [(String, [Consumer])], elements: [(Int, [Consumer])], subtables: [KeyTable]) {
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        var flat: [Consumer] = []
        for (key, consumers) in keys {
            let utf8 = Array(key.utf8)
            let hash = utf8.withUnsafeBytes { KeyTable.hash($0) }
            entries.append(Entry(start: bytes.count, count: utf8.count, hash: hash, firstConsumer: flat.count, consumerCount: consumers.count))
            flat += consumers
            bytes += utf8
        }
        keyCount = entries.count
        var elementEntries = [Int32](repeating: -1, count: (elements.map(\.0).max() ?? -1) + 1)
        for (index, consumers) in elements {
            elementEntries[index] = Int32(entries.count)
            entries.append(Entry(start: 0, count: 0, hash: 0, firstConsumer: flat.count, consumerCount: consumers.count))
            flat += consumers
        }
        self.elementEntries = elementEntries
        self.consumers = flat
        self.keyTexts = keys.map(\.0) + elements.map { "[\($0.0)]" }
        self.retainedSubtables = subtables
        var capacity = 8
        while capacity < keyCount * 2 { capacity *= 2 }
        var buckets = [Int32](repeating: -1, count: capacity)
        for (i, entry) in entries.prefix(keyCount).enumerated() {
            var b = Int(truncatingIfNeeded: entry.hash) & (capacity - 1)
            while buckets[b] >= 0 { b = (b + 1) & (capacity - 1) }
            buckets[b] = Int32(i)
        }
        self.entries = entries
        self.bytes = bytes
        self.buckets = buckets
        self.mask = capacity - 1
        var lengths: UInt64 = 0
        for entry in entries.prefix(keyCount) { lengths |= entry.count < 64 ? 1 << UInt64(entry.count) : 0 }
        self.lengths = lengths
        hasNonASCIIKeys = keys.contains { $0.0.utf8.contains { $0 >= 0x80 } }
        isFlat = elements.isEmpty && keys.count <= 64 && keys.allSatisfy { $0.1.count == 1 && $0.1[0].slotReference != nil }
    }

    /// The entry whose key is canonically equivalent to `key` (equal as `String`s, as
    /// `JSONDecoder` compares keys) though its bytes differ, or -1. Only a key with a non-ASCII
    /// byte, or a table with one, can be: ASCII texts are equivalent only when equal.
    func canonicalLookup(_ key: UnsafeRawBufferPointer) -> Int {
        guard hasNonASCIIKeys || !ByteWord.isASCII(key) else { return -1 }
        let text = String(decoding: key, as: UTF8.self)
        for i in 0..<keyCount where keyTexts[i] == text { return i }
        return -1
    }

    /// Whether a key-path level has object keys below it (`"ext.desc"`), so an object there is read.
    var hasKeys: Bool { keyCount > 0 }
    /// Whether a key-path level has array indexes below it (`"images[0]"`), so an array there is read.
    var hasElements: Bool { !elementEntries.isEmpty }

    /// The entry of array element `index` at this level, or -1.
    @inline(__always)
    func entry(forElement index: Int) -> Int {
        index < elementEntries.count ? Int(elementEntries[index]) : -1
    }

    /// Length and three sampled bytes, mixed: O(1) whatever the key length. Collisions only
    /// cost a probe: every candidate is compared in full.
    @inline(__always)
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        let n = key.count
        guard n > 0 else { return 0x9E37_79B9_7F4A_7C15 }
        var h = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(key[0]) | UInt64(key[n - 1]) << 8 | UInt64(key[n / 2]) << 16 | UInt64(key[n / 3]) << 24
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }

    /// The index of the entry for `key`, or -1. `hint` is the entry expected next.
    @inline(__always)
    func lookup(_ key: UnsafeRawBufferPointer, hint: Int) -> Int {
        if hint < keyCount, matches(hint, key) { return hint }
        return lookupByHash(key)
    }

    private func lookupByHash(_ key: UnsafeRawBufferPointer) -> Int {
        // Most unknown keys are rejected by their length alone.
        if key.count < 64, lengths & (1 << UInt64(key.count)) == 0 { return -1 }
        let h = KeyTable.hash(key)
        var b = Int(truncatingIfNeeded: h) & mask
        while true {
            let e = Int(buckets[b])
            if e < 0 { return -1 }
            if entries[e].hash == h, matches(e, key) { return e }
            b = (b + 1) & mask
        }
    }

    @inline(__always)
    private func matches(_ index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let entry = entries[index]
        guard entry.count == key.count else { return false }
        if key.count == 0 { return true }
        return bytes.withUnsafeBytes { stored in
            ByteWord.equal(stored.baseAddress! + entry.start, key.baseAddress!, count: key.count)
        }
    }

    /// The recipients of entry `index`'s value.
    @inline(__always)
    func consumers(of index: Int) -> ArraySlice<Consumer> {
        let entry = entries[index]
        return consumers[entry.firstConsumer..<(entry.firstConsumer + entry.consumerCount)]
    }

    /// Builds the tables for `fields`, each with its ordered candidate keys (rank = position).
    /// A key is split into its key-path segments (``KeyPathSegment``) unless `splittingKeyPaths`
    /// is false (archives, keyed by field name).
    static func build(fields: [(FieldSlot, [String])], splittingKeyPaths: Bool = true) -> KeyTable {
        let root = Node()
        for (slot, keys) in fields {
            for (rank, key) in keys.enumerated() {
                let segments = splittingKeyPaths ? KeyPathSegment.segments(of: key) : [.key(key)]
                var node = root
                for segment in segments.dropLast() { node = node.child(segment) }
                node.child(segments.last!).fields.append(Consumer(slot: slot, subtable: nil, rank: UInt8(clamping: rank)))
            }
        }
        return root.table()
    }

    /// `"a.b"` → `["a", "b"]`; a key with an empty part (`".a"`, `"a..b"`, `"a."`) is a plain key.
    /// Object keys only: what a polymorphic discriminator key may be.
    static func keyPathParts(_ key: String) -> [String] {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, !parts.contains(where: \.isEmpty) { return parts.map(String.init) }
        return [key]
    }

    /// One level of the key tree while building: its object keys and array indexes in first-declared order.
    private final class Node {
        var order: [KeyPathSegment] = []
        var children: [KeyPathSegment: Node] = [:]
        var fields: [Consumer] = []

        func child(_ segment: KeyPathSegment) -> Node {
            if let existing = children[segment] { return existing }
            let node = Node()
            children[segment] = node
            order.append(segment)
            return node
        }

        func table() -> KeyTable {
            var subtables: [KeyTable] = []
            var keys: [(String, [Consumer])] = []
            var elements: [(Int, [Consumer])] = []
            for segment in order {
                let node = children[segment]!
                var consumers = node.fields
                if !node.children.isEmpty {
                    let subtable = node.table()
                    subtables.append(subtable)
                    consumers.append(Consumer(slot: nil, subtable: subtable, rank: 0))
                }
                switch segment {
                case .key(let key): keys.append((key, consumers))
                case .index(let index): elements.append((index, consumers))
                }
            }
            return KeyTable(keys: keys, elements: elements, subtables: subtables)
        }
    }
}

/// The members of a JSON object, in input order.
///
/// Lookups are linear for small objects and through an index once an object grows past a
/// dozen keys, so building a 100,000-key object stays linear. A repeated key keeps its first
/// position and takes the last value.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Members by slot. In an indexed object a removed member leaves its slot (see `removed`)
    /// until more than half the slots are empty: shifting every later member and its index
    /// entry per removal made removing keys front to back quadratic.
    private var entries: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]?
    /// Which slots are removed: empty until a member of an indexed object is removed.
    private var removed: [Bool] = []
    private var removedCount = 0
    private static let indexThreshold = 12

    /// An empty object.
    public init() {}

    /// Members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { append(key: key, value: value) }
    }

    /// The number of members.
    public var count: Int { entries.count - removedCount }
    /// Whether there are no members.
    public var isEmpty: Bool { count == 0 }
    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }
    /// The values, in key order.
    public var values: [JSONValue] { members.map(\.value) }

    /// The members in order, without removed slots.
    private var members: [(key: String, value: JSONValue)] {
        guard removedCount > 0 else { return entries }
        return entries.indices.compactMap { removed[$0] ? nil : entries[$0] }
    }

    /// The number of slots, removed ones included (the replay driver walks slots: no iterator
    /// to copy per container).
    var slotCount: Int { entries.count }

    /// The member in slot `slot`, nil when it was removed.
    func member(inSlot slot: Int) -> (key: String, value: JSONValue)? {
        removedCount > 0 && removed[slot] ? nil : entries[slot]
    }

    /// Iterates `(key, value)` pairs in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// Adds `key`, or replaces its value where it already is.
    public mutating func append(key: String, value: JSONValue) {
        if let existing = position(of: key) {
            entries[existing].value = value
            return
        }
        entries.append((key, value))
        if !removed.isEmpty { removed.append(false) }
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// The value for `key`; setting replaces in place or appends, `nil` removes.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let newValue {
                append(key: key, value: newValue)
            } else if let at = position(of: key) {
                remove(slot: at)
            }
        }
    }

    /// Removes every member for which `shouldBeRemoved` is true, keeping the others in order,
    /// in one pass.
    ///
    /// ```swift
    /// var object: JSONObject = ["_id": 7, "name": "Ada"]
    /// object.removeAll { $0.key.hasPrefix("_") }   // ["name": "Ada"]
    /// ```
    public mutating func removeAll(where shouldBeRemoved: ((key: String, value: JSONValue)) throws -> Bool) rethrows {
        var kept: [(key: String, value: JSONValue)] = []
        kept.reserveCapacity(count)
        for member in self where try !shouldBeRemoved(member) { kept.append(member) }
        guard kept.count != entries.count else { return }
        entries = kept
        compacted()
    }

    private mutating func remove(slot: Int) {
        guard index != nil else {
            // A small object: shifting a dozen members is cheaper than keeping a hole.
            entries.remove(at: slot)
            return
        }
        index![entries[slot].key] = nil
        entries[slot].value = .null
        if removed.isEmpty { removed = Array(repeating: false, count: entries.count) }
        removed[slot] = true
        removedCount += 1
        // Each compaction follows at least as many removals as it moves members: linear overall.
        if removedCount * 2 > entries.count {
            entries = members
            compacted()
        }
    }

    /// After `entries` lost its removed slots.
    private mutating func compacted() {
        removed = []
        removedCount = 0
        if index != nil || entries.count > Self.indexThreshold { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(entries.count * 2)
        for (i, entry) in entries.enumerated() { built[entry.key] = i }
        index = built
    }

    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Order-independent: a commutative sum of per-member hashes.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in self {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

/// The members of a JSON object, in input order.
///
/// Lookups are linear for small objects and through an index once an object grows past a
/// dozen keys, so building a 100,000-key object stays linear. A repeated key keeps its first
/// position and takes the last value.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Members by slot. In an indexed object a removed member leaves its slot until more than
    /// half the slots are empty: shifting every later member and its index entry per removal
    /// made removing keys front to back quadratic. A slot is live when the index maps its key
    /// to it, so removals need no storage of their own (every `JSONValue` holds this struct).
    private var entries: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]?
    private static let indexThreshold = 12

    /// Slots left by removed members: the index holds exactly the live keys.
    private var removedCount: Int { index.map { entries.count - $0.count } ?? 0 }

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
        guard removedCount > 0, let index else { return entries }
        return entries.indices.compactMap { index[entries[$0].key] == $0 ? entries[$0] : nil }
    }


    /// The member in slot `slot`, nil when it was removed.
    func member(inSlot slot: Int) -> (key: String, value: JSONValue)? {
        guard removedCount > 0, let index else { return entries[slot] }
        return index[entries[slot].key] == slot ? entries[slot] : nil
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
        // Each compaction follows at least as many removals as it moves members: linear overall.
        if removedCount * 2 > entries.count {
            entries = members
            compacted()
        }
    }

    /// After `entries` lost its removed slots.
    private mutating func compacted() {
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

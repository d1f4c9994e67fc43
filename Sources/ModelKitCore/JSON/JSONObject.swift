/// The members of a JSON object, in input order.
///
/// Lookups are linear for small objects and through an index once an object grows past a
/// dozen keys, so building a 100,000-key object stays linear. A repeated key keeps its first
/// position and takes the last value.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]?
    private static let indexThreshold = 12

    /// An empty object.
    public init() {}

    /// Members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { append(key: key, value: value) }
    }

    /// The number of members.
    public var count: Int { entries.count }
    /// Whether there are no members.
    public var isEmpty: Bool { entries.isEmpty }
    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }
    /// The values, in key order.
    public var values: [JSONValue] { entries.map(\.value) }

    /// The member at `position` in input order (the replay driver walks members by position:
    /// no iterator to copy per container).
    func member(at position: Int) -> (key: String, value: JSONValue) { entries[position] }

    /// Iterates `(key, value)` pairs in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
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
            var built: [String: Int] = [:]
            built.reserveCapacity(entries.count * 2)
            for (i, entry) in entries.enumerated() { built[entry.key] = i }
            index = built
        }
    }

    /// The value for `key`; setting replaces in place or appends, `nil` removes.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let newValue {
                append(key: key, value: newValue)
            } else if let at = position(of: key) {
                entries.remove(at: at)
                if index != nil {
                    index![key] = nil
                    for i in at..<entries.count { index![entries[i].key] = i }
                }
            }
        }
    }

    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Order-independent: a commutative sum of per-member hashes.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in entries {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

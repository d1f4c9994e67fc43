// Where a keyed container cannot trust the cursor search (a key that repeats, keys converted by
// a strategy), a large object is searched through an index of its members, built once: looking
// every member up by scanning the object is quadratic in its size (`Dictionary.init(from:)` asks
// for each key), a few seconds for 40,000 members. Small objects keep the scan, which costs no
// allocation. The index is a standard `Dictionary` of the key texts: its hashing is seeded per
// process, so no choice of keys makes its lookups collide.

extension BridgeDecoder {
    /// Objects with more members than this are searched through an index.
    static let indexedMembers = 16

    /// The value index of the member whose key text (after the key decoding strategy) is
    /// `wanted`: its first occurrence, or its last when `last`. `at` is the path its container was made with (see ObjectCodingPath).
    func indexedMember(_ wanted: String, in object: Int, at: BridgePath, last: Bool) -> Int? {
        let key = 2 &* object &+ (last ? 1 : 0)
        if let index = keyIndexes[key] { return index[wanted] }
        var index: [String: Int] = [:]
        index.reserveCapacity(Int(entries[object].length))
        var path = ObjectCodingPath(at, object: object)
        var k = object + 1
        let end = Int(entries[object].next)
        while k < end {
            let text = keyText(k, in: &path)
            if last || index[text] == nil { index[text] = k + 1 }
            k = Int(entries[k + 1].next)
        }
        keyIndexes[key] = index
        return index[wanted]
    }
}

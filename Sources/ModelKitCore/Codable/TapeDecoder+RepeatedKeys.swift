// A key that appears twice in one object: `DecodingOptions.duplicateKeys` says which value counts
// (`JSONDecoder` keeps the first), or that the document is rejected. Objects are checked when a
// keyed container is made for them, so objects no type reads as keyed cost nothing.

extension TapeDecoder {
    /// Whether a key repeats in the object at `object` (whose path is `at`); throws when the
    /// policy rejects repeated keys.
    func repeatedKeys(in object: Int, _ at: BridgePath) throws -> Bool {
        let members = Int(entries[object].length)
        if members < 2 { return false }
        // A class hierarchy asks for the same object once per `init(from:)`: check it once.
        if hot.value.checkedObject == object { return hot.value.checkedObjectRepeats }
        guard let (first, second) = firstRepeat(in: object, members: members) else {
            hot.value.checkedObject = object
            hot.value.checkedObjectRepeats = false
            return false
        }
        _ = first
        if options.duplicateKeys == .reject {
            let key = String(decoding: bytes(of: entries[second]), as: UTF8.self)
            throw dataCorrupted(.duplicateKey(ModelDecodingError.quoted(key)), at: second, at.containerPath.member(second))
        }
        hot.value.checkedObject = object
        hot.value.checkedObjectRepeats = true
        return true
    }

    /// The key entries of a repeated key (the first pair found), or nil when every key is unique.
    /// Keys are compared by a signature (length, first four and last byte) first, bytes only when
    /// signatures agree: small objects pairwise, large ones after sorting the signatures.
    private func firstRepeat(in object: Int, members: Int) -> (Int, Int)? {
        withUnsafeTemporaryAllocation(of: (signature: UInt64, key: Int).self, capacity: members) { buffer in
            var keys = buffer
            var k = object + 1
            for i in 0..<members {
                keys.initializeElement(at: i, to: (signature(of: k), k))
                k = Int(entries[k + 1].next)
            }
            defer { _ = keys.deinitialize() }
            if members <= 16 {
                for i in 1..<members {
                    for j in 0..<i where keys[j].signature == keys[i].signature && sameKey(keys[j].key, keys[i].key) {
                        return (keys[j].key, keys[i].key)
                    }
                }
                return nil
            }
            keys.sort { $0.signature != $1.signature ? $0.signature < $1.signature : $0.key < $1.key }
            var runStart = 0
            for i in 1..<members {
                if keys[i].signature != keys[runStart].signature {
                    runStart = i
                    continue
                }
                for j in runStart..<i where sameKey(keys[j].key, keys[i].key) { return (keys[j].key, keys[i].key) }
            }
            return nil
        }
    }

    private func signature(of keyEntry: Int) -> UInt64 {
        let text = bytes(of: entries[keyEntry])
        var signature = UInt64(text.count) << 40
        for i in 0..<min(text.count, 4) { signature |= UInt64(text[i]) << (8 * UInt64(i) + 8) }
        if let last = text.last { signature |= UInt64(last) }
        return signature
    }

    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let x = bytes(of: entries[a]), y = bytes(of: entries[b])
        return x.count == y.count && x.elementsEqual(y)
    }

    /// The value index of `wanted` in an object where some key repeats: the first or the last
    /// occurrence, as the policy says.
    func findRepeated(_ wanted: String, in object: Int) -> Int? {
        var k = object + 1
        let end = Int(entries[object].next)
        var found: Int?
        while k < end {
            if keyText(k) == wanted {
                if options.duplicateKeys != .useLast { return k + 1 }
                found = k + 1
            }
            k = Int(entries[k + 1].next)
        }
        return found
    }
}

// `JSONDecoder` compares keys as `String`s, so canonically equivalent spellings are one key: a
// decomposed `"cafe\u0301"` is found for the coding key `café`, and `{"café":1,"cafe\u0301":2}`
// repeats a key (which `.reject` refuses: a `String`-keyed reader in front of the server sees
// one key twice). The bridge compares bytes, and looks at `String`s only where the bytes may
// mislead: a miss, or the repeated-key check, in a document with a non-ASCII key
// (`Tape.keysAreASCII`); ASCII keys cost nothing more, whatever text the values hold.

extension BridgeDecoder {
    /// The value index of the first member whose key equals `wanted` as a `String` (canonical
    /// equivalence), for a key its bytes did not find.
    func findCanonical(_ wanted: String, in object: Int) -> Int? {
        // Two ASCII texts are equivalent only when equal, and the bytes said they are not.
        let wantedIsASCII = ByteWord.isASCII(wanted)
        var k = object + 1
        let end = Int(entries[object].next)
        while k < end {
            let key = bytes(of: entries[k])
            if !(wantedIsASCII && ByteWord.isASCII(key)), String(decoding: key, as: UTF8.self) == wanted { return k + 1 }
            k = Int(entries[k + 1].next)
        }
        return nil
    }

    /// The first key equal as a `String` to an earlier one though their bytes differ, as
    /// `firstRepeat` returns it, or nil; objects whose keys are all ASCII are passed at once.
    func firstCanonicalRepeat(in object: Int, members: Int) -> (Int, Int)? {
        var k = object + 1
        var hasNonASCII = false
        for _ in 0..<members {
            if !ByteWord.isASCII(bytes(of: entries[k])) {
                hasNonASCII = true
                break
            }
            k = Int(entries[k + 1].next)
        }
        guard hasNonASCII else { return nil }
        // Standard hashing: `String`'s is seeded per process and normalizes, so equivalent keys collide.
        var seen: [String: Int] = [:]
        seen.reserveCapacity(members)
        k = object + 1
        for _ in 0..<members {
            if let first = seen.updateValue(k, forKey: String(decoding: bytes(of: entries[k]), as: UTF8.self)) { return (first, k) }
            k = Int(entries[k + 1].next)
        }
        return nil
    }
}

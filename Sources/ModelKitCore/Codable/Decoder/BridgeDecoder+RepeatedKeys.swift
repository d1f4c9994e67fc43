// A key that appears twice in one object: `DecodingOptions.duplicateKeys` says which value counts
// (`JSONDecoder` keeps the first), or that the document is rejected. Objects are checked when a
// keyed container is made for them, so objects no type reads as keyed cost nothing.

extension BridgeDecoder {
    /// Whether a key repeats in the object at `object` (whose path is `at`); throws when the
    /// policy rejects repeated keys.
    func repeatedKeys(in object: Int, _ at: BridgePath) throws -> Bool {
        let members = Int(entries[object].length)
        if members < 2 { return false }
        // A class hierarchy asks for the same object once per `init(from:)`: check it once.
        if hot.value.checkedObject == object { return hot.value.checkedObjectRepeats }
        guard let (_, second) = firstRepeat(in: object, members: members)
            ?? (tape.keysAreASCII ? nil : firstCanonicalRepeat(in: object, members: members)) else {
            hot.value.checkedObject = object
            hot.value.checkedObjectRepeats = false
            return false
        }
        if options.duplicateKeys == .reject {
            let key = String(decoding: bytes(of: entries[second]), as: UTF8.self)
            throw dataCorrupted(.duplicateKey(ModelDecodingError.quoted(key)), at: second, at.containerPath.member(second))
        }
        hot.value.checkedObject = object
        hot.value.checkedObjectRepeats = true
        return true
    }

    /// The key entries of a repeated key (the first repeat in document order), or nil when
    /// every key is unique: one pass, each key's signature (length, first and last eight bytes)
    /// into an open-addressing table on the stack, bytes compared only when signatures agree.
    /// Keys made to share their signatures (a document's choice) would make the probing
    /// quadratic: past a few probes a key on average, the check starts over with seeded hashing.
    private func firstRepeat(in object: Int, members: Int) -> (Int, Int)? {
        var bits = 3
        while 1 << bits < 2 * members { bits += 1 }
        let mask = (1 << bits) - 1
        // Read once: the input's base moves only when a super decoder copies it, never during this call.
        let inputBase = tape.inputBase
        var probesLeft = 4 * members + 32
        let found = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1 << bits) { slots -> (Int, Int)?? in
            // A slot holds a key's tape index + 1; 0 is empty.
            slots.initialize(repeating: 0)
            var k = object + 1
            for _ in 0..<members {
                let keySignature = signature(of: entries[k], inputBase)
                var slot = Int(truncatingIfNeeded: (keySignature &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if signature(of: entries[other], inputBase) == keySignature && sameKey(other, k) { return .some((other, k)) }
                    slot = (slot + 1) & mask
                    probesLeft -= 1
                    if probesLeft < 0 { return nil }
                }
                slots[slot] = UInt32(truncatingIfNeeded: k + 1)
                k = Int(entries[k + 1].next)
            }
            return .some(nil)
        }
        return found ?? firstRepeatBySeededHash(in: object, members: members)
    }

    /// `firstRepeat`'s answer through a standard `Dictionary`, whose per-process seed no
    /// document can aim at: for objects whose keys defeat the signatures.
    private func firstRepeatBySeededHash(in object: Int, members: Int) -> (Int, Int)? {
        var seen: [KeyBytes: Int] = [:]
        seen.reserveCapacity(members)
        var k = object + 1
        for _ in 0..<members {
            if let first = seen.updateValue(k, forKey: KeyBytes(bytes(of: entries[k]))) { return (first, k) }
            k = Int(entries[k + 1].next)
        }
        return nil
    }

    /// Length, first and last eight bytes of a key (all of its bytes up to 16). Not only four:
    /// API keys share their ends (`followers_url`, `following_url`), and signatures that agree
    /// send the check to the byte comparison.
    @inline(__always)
    private func signature(of key: TapeEntry, _ inputBase: UnsafeRawPointer) -> UInt64 {
        let text = (key.isInSideBuffer ? sideBase : inputBase) + Int(key.start)
        let count = Int(key.length)
        var signature = UInt64(truncatingIfNeeded: count) &* 0x100_0000_01B3
        if count >= 8 {
            let last = text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            signature ^= text.loadUnaligned(as: UInt64.self) ^ (last << 29 | last >> 35)
        } else if count >= 4 {
            signature ^= UInt64(text.loadUnaligned(as: UInt32.self))
            signature ^= UInt64(text.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            for i in 0..<count { signature ^= UInt64(text.load(fromByteOffset: i, as: UInt8.self)) << UInt64(8 * i) }
        }
        return signature
    }

    /// A key's bytes, compared as bytes (not as `String`s, which compare canonically equivalent
    /// texts equal): valid while the decoder's input is.
    private struct KeyBytes: Hashable {
        let bytes: UnsafeRawBufferPointer
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }
        static func == (a: KeyBytes, b: KeyBytes) -> Bool { a.bytes.elementsEqual(b.bytes) }
    }

    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let x = bytes(of: entries[a]), y = bytes(of: entries[b])
        guard x.count == y.count else { return false }
        guard let p = x.baseAddress, let q = y.baseAddress else { return true }
        return ByteWord.equal(p, q, count: x.count)
    }

    /// The value index of `wanted` in an object where some key repeats: the first or the last
    /// occurrence, as the policy says. `at` is the path its container was made with (see ObjectCodingPath).
    func findRepeated(_ wanted: String, in object: Int, at: BridgePath) -> Int? {
        if Int(entries[object].length) > Self.indexedMembers {
            return indexedMember(wanted, in: object, at: at, last: options.duplicateKeys == .useLast)
        }
        var path = ObjectCodingPath(at, object: object)
        var k = object + 1
        let end = Int(entries[object].next)
        var found: Int?
        while k < end {
            if keyText(k, in: &path) == wanted {
                if options.duplicateKeys != .useLast { return k + 1 }
                found = k + 1
            }
            k = Int(entries[k + 1].next)
        }
        return found
    }
}

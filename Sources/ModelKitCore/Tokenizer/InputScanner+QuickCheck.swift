extension InputScanner {
    /// Whether a whole input leaves the pre-scan nothing to find but a string still open at its
    /// end: its UTF-8 is well formed, every `\u` escape of a surrogate is half of a pair, and it
    /// holds no form feed or vertical tab.
    ///
    /// The check needs no string state, so it skips quotes — the pre-scan's most frequent stops —
    /// and looks for nothing but non-ASCII bytes, backslashes and the two whitespace impostors:
    /// sixteen bytes a turn, thirty-two through clean runs, eight at a time near a stop (the
    /// loop's comments say why each width).
    ///
    /// It is conservative: whatever it cannot vouch for without knowing where strings are (an
    /// escape outside a string, a backslash before a non-ASCII byte, a `\v`) answers false, and
    /// the caller runs the stateful scan, which decides exactly. A backslash outside a string is
    /// a syntax error yajl reports at that byte, before anything the bytes it skips could hold.
    ///
    /// `validUTF8`: the input is known to be well-formed UTF-8 (a `UTF8Span`'s bytes), so runs of
    /// non-ASCII bytes are stepped over unchecked; the other checks stay.
    static func quickCheck(_ input: UnsafeRawBufferPointer, validUTF8: Bool = false) -> Bool {
        var plain = true
        return quickCheck(input, validUTF8: validUTF8, plain: &plain)
    }

    /// ``quickCheck(_:validUTF8:)``, also saying whether the input is plain: no non-ASCII byte and no
    /// `\u` escape, so that two keys are equal as `String`s only when their bytes are (found on
    /// the check's slow stops only: nothing more per ASCII word).
    static func quickCheck(_ input: UnsafeRawBufferPointer, validUTF8: Bool = false, plain: inout Bool) -> Bool {
        guard let base = input.baseAddress else { return true }
        // Why unsafe: every byte of the input is read here, so unchecked loads of a block or a
        // word at a time; each load is guarded by the comparison with `count` in its loop.
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = input.count
        var i = 0
        while true {
            // Sixteen bytes a turn while nothing stops the check (most of a document): one vector
            // compare per stop kind; the first block with a stop is found exactly by the words
            // below. Past a clean block, thirty-two a turn with one test for both halves: long
            // ASCII runs go faster (user.json's check 1.74 K → 1.3 K instructions), and text that
            // stops every few bytes (twitter.json's Japanese) never pays a failed wide test first.
            while i &+ 16 <= count, !hasQuickCheckStop(UnsafeRawPointer(bytes + i).loadUnaligned(as: SIMD16<UInt8>.self)) {
                i &+= 16
                while i &+ 32 <= count,
                      !hasQuickCheckStop(UnsafeRawPointer(bytes + i).loadUnaligned(as: SIMD16<UInt8>.self),
                                         UnsafeRawPointer(bytes + (i &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)) {
                    i &+= 32
                }
            }
            while i &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
                let mask = quickCheckStops(word)
                if mask != 0 {
                    // The lowest flagged byte is exact (false positives only sit above a real hit).
                    i &+= mask.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            // The last few bytes, one at a time.
            while i < count {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 0x5C || byte == 0x0B || byte == 0x0C { break }
                i &+= 1
            }
            guard i < count else { return true }
            let byte = bytes[i]
            if byte == 0x5C {
                if i &+ 1 < count && bytes[i &+ 1] == UInt8(ascii: "u") { plain = false }
                let length = escapeLength(bytes + i, available: count &- i)
                guard length > 0 else { return false }
                i &+= length
            } else if byte >= 0x80 {
                plain = false
                if validUTF8 {
                    repeat { i &+= 1 } while i < count && bytes[i] >= 0x80
                    continue
                }
                // Runs of non-ASCII text (CJK, Cyrillic) stay here, a sequence at a time.
                repeat {
                    let length = wellFormedSequence(bytes + i, available: count &- i)
                    guard length > 0 else { return false }
                    i &+= length
                } while i < count && bytes[i] >= 0x80
            } else {
                return false  // form feed or vertical tab
            }
        }
    }

    /// Whether any of sixteen bytes is one the quick check stops at (``quickCheckStops(_:)``).
    @inline(__always)
    private static func hasQuickCheckStop(_ block: SIMD16<UInt8>) -> Bool {
        // Spelled with explicit vectors and reduced through two words: `any(_:)` and scalar
        // operands compile to a loop per lane.
        let lanes = unsafeBitCast(quickCheckStops(block), to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// Whether any of thirty-two bytes is one the quick check stops at: the two blocks' lanes
    /// reduced once.
    @inline(__always)
    private static func hasQuickCheckStop(_ first: SIMD16<UInt8>, _ second: SIMD16<UInt8>) -> Bool {
        let lanes = unsafeBitCast(quickCheckStops(first) .| quickCheckStops(second), to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// Each byte of `block` the quick check stops at, as a lane of the mask.
    @inline(__always)
    private static func quickCheckStops(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        // 0x0B and 0x0C are the bytes that, less 0x0B, are below 2.
        let backslash = block .== SIMD16<UInt8>(repeating: 0x5C)
        let tabOrFeed = (block &- SIMD16<UInt8>(repeating: 0x0B)) .< SIMD16<UInt8>(repeating: 2)
        let nonASCII = block .>= SIMD16<UInt8>(repeating: 0x80)
        return backslash .| tabOrFeed .| nonASCII
    }

    /// The high bit of each byte the quick check stops at: non-ASCII, backslash, vertical tab and
    /// form feed (0x0B and 0x0C are the bytes whose successor, with its low bit set, is 0x0D).
    @inline(__always)
    private static func quickCheckStops(_ word: UInt64) -> UInt64 {
        let ones = ByteWord.ones
        let backslash = word ^ ByteWord.repeating(0x5C)
        let tabOrFeed = ((word &+ ones) | ones) ^ ByteWord.repeating(0x0D)
        // Carries out of a byte 0xFF only reach bytes above it, which the non-ASCII bit already
        // flags; the zero tests are `ByteWord.zeroBytes` with the masking by `highs` done once.
        return (word | ((backslash &- ones) & ~backslash) | ((tabOrFeed &- ones) & ~tabOrFeed)) & ByteWord.highs
    }

    /// The length of the escape at `p` (a backslash) when it cannot hide a problem: a surrogate
    /// escape paired with its other half, another `\u` escape, or a backslash before any other
    /// printable ASCII byte (yajl rejects the letters JSON lacks itself). 0 otherwise: a lone
    /// surrogate, a short or non-hex `\u`, a control or non-ASCII byte after the backslash, the
    /// input ending.
    @inline(__always)
    private static func escapeLength(_ p: UnsafePointer<UInt8>, available: Int) -> Int {
        guard available >= 2 else { return 0 }
        let letter = p[1]
        // A byte it skips must be one the stateful scan would pass too, in a string or out.
        guard letter == 0x75 else { return letter >= 0x20 && letter < 0x80 ? 2 : 0 }
        guard available >= 6, let value = hexQuad(p + 2) else { return 0 }
        guard value & 0xF800 == 0xD800 else { return 6 }
        // A high surrogate followed at once by a low one; a low one alone is the problem.
        guard value < 0xDC00, available >= 12, p[6] == 0x5C, p[7] == 0x75,
              let low = hexQuad(p + 8), low & 0xFC00 == 0xDC00 else { return 0 }
        return 12
    }

    @inline(__always)
    private static func hexQuad(_ p: UnsafePointer<UInt8>) -> UInt32? {
        guard let a = hexValue(p[0]), let b = hexValue(p[1]), let c = hexValue(p[2]), let d = hexValue(p[3]) else { return nil }
        return a << 12 | b << 8 | c << 4 | d
    }
}

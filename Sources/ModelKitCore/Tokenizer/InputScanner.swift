/// What the pre-scan found that RFC 8259 (or UTF-8, RFC 3629) forbids and yajl lets through.
enum InputProblem: Equatable, Sendable {
    /// A stray continuation byte, a lead byte 0xF5–0xFF, or a truncated sequence.
    case invalidUTF8
    /// C0/C1 leads, E0 80–9F, F0 80–8F: a longer encoding than the code point needs.
    case overlongUTF8
    /// ED A0–BF: a UTF-16 surrogate encoded as UTF-8.
    case encodedSurrogate
    /// F4 90 and above: beyond U+10FFFF.
    case codePointTooLarge
    /// `\uD800` not followed by `\uDC00`–`\uDFFF`, or a lone `\uDC00`.
    case loneSurrogateEscape
    /// Form feed or vertical tab between tokens: JSON whitespace is space, tab, LF and CR only.
    case invalidWhitespace
    /// The input ends inside a string. yajl, in the multiple-values mode the recorder runs it in,
    /// accepts a string left open after a complete value and keeps it in its lexer.
    case unterminatedString

    var message: String {
        switch self {
        case .invalidUTF8: return "invalid UTF-8 byte sequence"
        case .overlongUTF8: return "overlong UTF-8 encoding"
        case .encodedSurrogate: return "UTF-8-encoded UTF-16 surrogate (U+D800–U+DFFF)"
        case .codePointTooLarge: return "UTF-8 sequence beyond U+10FFFF"
        case .loneSurrogateEscape: return "unpaired UTF-16 surrogate escape (\\uD800–\\uDFFF)"
        case .invalidWhitespace: return "form feed or vertical tab is not JSON whitespace"
        case .unterminatedString: return "unexpected end of input inside a string"
        }
    }
}

/// A pre-scan in front of yajl that closes the gaps between what yajl accepts and RFC 8259.
///
/// It runs over every input byte, so it skips eight bytes at a time when none of them matters
/// (SWAR tests on a 64-bit word) and runs its state machine only on bytes of interest: quotes,
/// backslashes, non-ASCII, form feeds and vertical tabs. State carries across chunks: a chunk may
/// end inside a UTF-8 sequence, an escape, or between the two halves of a surrogate pair.
///
/// A raw control byte inside a string is yajl's to reject (it rejects every byte below 0x20
/// there): its error names the value the string belongs to, which a pre-scan cannot know.
struct InputScanner {
    private var inString = false
    /// 0: no escape; 1: after `\`; 2...5: after `\u` and (n - 2) hex digits.
    private var escapeState = 0
    private var escapeValue: UInt32 = 0
    private var escapeStart = 0
    /// After a high surrogate escape: 1 = the next byte must be `\`, 2 = then `u`, 3 = inside the low escape.
    private var expectingLow = 0
    private var highStart = 0
    /// Continuation bytes still due for the current UTF-8 sequence, and the allowed range of the next one.
    private var continuationsDue = 0
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF
    private var sequenceStart = 0
    private var stringStart = 0
    /// Raw bytes of the open string's finished escapes minus the bytes they decode to.
    private var escapeSavings = 0
    /// Absolute offset of the next byte to scan.
    private(set) var bytesScanned = 0

    /// Absolute offset of the opening quote of the string still open, if any.
    var openStringStart: Int? { inString ? stringStart : nil }

    /// At least how many bytes the open string decodes to so far (0 when none is open): escapes
    /// count as what they decode to, one still incomplete as nothing. It never overestimates,
    /// so `maxStringBytes` can fire on it before the string ends.
    var openStringDecodedBytes: Int {
        guard inString else { return 0 }
        let incompleteEscape = expectingLow == 2 ? 1 : escapeState
        return bytesScanned - stringStart - 1 - escapeSavings - incompleteEscape
    }

    /// Absolute offset of a UTF-8 sequence still waiting for continuation bytes, if any: its
    /// bytes are not known to be valid yet, so a stream must not hand them to yajl.
    var openSequenceStart: Int? { continuationsDue > 0 ? sequenceStart : nil }

    /// Scans the next chunk; returns the offset (relative to the chunk, negative when the
    /// sequence began in an earlier chunk) of the first offending sequence, or nil. After a problem the scanner's state is undefined: stop using it.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) -> (offset: Int, problem: InputProblem)? {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = chunk.count
        let chunkStart = bytesScanned
        var i = 0
        while i < count {
            // Fast path: whole words with nothing of interest for the current state, and the
            // most frequent stops taken without the state machine: quotes, one-character
            // escapes, well-formed UTF-8 sequences.
            if continuationsDue == 0 && escapeState == 0 && expectingLow == 0 {
                // The string state lives in locals here and goes back to `self` once, at a stop
                // that needs the state machine: short strings put a quote every few bytes.
                var inString = self.inString
                var stringStart = self.stringStart
                var escapeSavings = self.escapeSavings
                while true {
                    while i &+ 8 <= count {
                        let word = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
                        let mask = Self.interestingBytes(word, inString: inString)
                        if mask != 0 {
                            // The lowest flagged byte is exact (false positives only sit above a real hit).
                            i &+= mask.trailingZeroBitCount &>> 3
                            break
                        }
                        i &+= 8
                    }
                    guard i < count else { break }
                    let byte = bytes[i]
                    if byte == 0x22 {
                        // What `step` does for a quote when no escape or sequence is open.
                        if !inString {
                            stringStart = chunkStart &+ i
                            escapeSavings = 0
                        }
                        inString.toggle()
                        i &+= 1
                        continue
                    }
                    if byte == 0x5C, inString, i &+ 1 < count, bytes[i &+ 1] != 0x75, bytes[i &+ 1] < 0x80 {
                        // `\n`, `\"`…: what `step` does in two calls (yajl rejects the letters JSON lacks).
                        escapeSavings &+= 1
                        i &+= 2
                        continue
                    }
                    if byte >= 0xC2 {
                        // Non-ASCII text comes in runs (CJK, Cyrillic): stay here for the whole
                        // run. One call site, so the sequence check is inlined into the loop.
                        var end = i
                        while true {
                            let length = Self.wellFormedSequence(bytes + end, available: count &- end)
                            if length == 0 { break }
                            end &+= length
                            if end >= count || bytes[end] < 0xC2 { break }
                        }
                        if end > i {
                            i = end
                            continue
                        }
                    }
                    break
                }
                self.inString = inString
                self.stringStart = stringStart
                self.escapeSavings = escapeSavings
                if i >= count { break }
            }
            if let problem = step(bytes[i], at: chunkStart + i) {
                bytesScanned = chunkStart + count
                // Negative when the offending sequence began in an earlier chunk.
                return (problem.offset - chunkStart, problem.problem)
            }
            i += 1
        }
        bytesScanned = chunkStart + count
        return nil
    }

    /// The end of input: a sequence or escape still open is a problem.
    mutating func finish() -> InputProblem? {
        if continuationsDue > 0 { return .invalidUTF8 }
        if expectingLow > 0 { return .loneSurrogateEscape }
        if inString { return .unterminatedString }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `p` (RFC 3629, Unicode table 3-7), or 0
    /// when it is not one or does not end within `available` bytes: the state machine then says
    /// why, or carries it into the next chunk.
    @inline(__always)
    static func wellFormedSequence(_ p: UnsafePointer<UInt8>, available: Int) -> Int {
        let lead = p[0]
        @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            p[k] >= low && p[k] <= high
        }
        switch lead {
        case 0xC2...0xDF:
            return available >= 2 && continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard available >= 3 else { return 0 }
            let second = lead == 0xE0 ? continuation(1, 0xA0) : lead == 0xED ? continuation(1, 0x80, 0x9F) : continuation(1)
            return second && continuation(2) ? 3 : 0
        case 0xF0...0xF4:
            guard available >= 4 else { return 0 }
            let second = lead == 0xF0 ? continuation(1, 0x90) : lead == 0xF4 ? continuation(1, 0x80, 0x8F) : continuation(1)
            return second && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// The high bit of each byte that needs the state machine (little-endian: lowest byte first).
    @inline(__always)
    private static func interestingBytes(_ word: UInt64, inString: Bool) -> UInt64 {
        let nonASCII = word & ByteWord.highs
        let quote = ByteWord.zeroBytes(word ^ ByteWord.repeating(0x22))
        if inString {
            let backslash = ByteWord.zeroBytes(word ^ ByteWord.repeating(0x5C))
            return nonASCII | quote | backslash
        }
        let formFeed = ByteWord.zeroBytes(word ^ ByteWord.repeating(0x0C))
        let verticalTab = ByteWord.zeroBytes(word ^ ByteWord.repeating(0x0B))
        return nonASCII | quote | formFeed | verticalTab
    }

    private typealias Found = (offset: Int, problem: InputProblem)

    @inline(__always)
    private mutating func step(_ byte: UInt8, at offset: Int) -> Found? {
        if continuationsDue > 0 { return continuation(byte, at: offset) }
        if byte >= 0x80 { return lead(byte, at: offset) }
        if !inString {
            if byte == 0x22 {
                inString = true
                stringStart = offset
                escapeSavings = 0
            } else if byte == 0x0B || byte == 0x0C {
                return (offset, .invalidWhitespace)
            }
            return nil
        }
        if expectingLow == 1 || expectingLow == 2 {
            let wanted: UInt8 = expectingLow == 1 ? 0x5C : 0x75
            guard byte == wanted else { return (highStart, .loneSurrogateEscape) }
            expectingLow += 1
            if expectingLow == 3 {
                escapeState = 2
                escapeValue = 0
            }
            return nil
        }
        switch escapeState {
        case 0:
            if byte == 0x22 {
                inString = false
            } else if byte == 0x5C {
                escapeState = 1
                escapeStart = offset
            }
            return nil
        case 1:
            escapeState = byte == 0x75 ? 2 : 0
            escapeValue = 0
            if escapeState == 0 { escapeSavings += 1 }
            return nil
        default:
            guard let digit = Self.hexValue(byte) else {
                // Not an escape yajl accepts: its own error will report it.
                escapeState = 0
                expectingLow = 0
                return nil
            }
            escapeValue = escapeValue << 4 | digit
            escapeState += 1
            guard escapeState == 6 else { return nil }
            escapeState = 0
            return finishEscape()
        }
    }

    private mutating func finishEscape() -> Found? {
        let isHigh = (0xD800...0xDBFF).contains(escapeValue)
        let isLow = (0xDC00...0xDFFF).contains(escapeValue)
        if expectingLow == 3 {
            expectingLow = 0
            escapeSavings += 6 - 4  // the pair's 12 bytes decode to 4; the high half counted 6
            return isLow ? nil : (highStart, .loneSurrogateEscape)
        }
        if isHigh {
            expectingLow = 1
            highStart = escapeStart
            escapeSavings += 6
            return nil
        }
        escapeSavings += 6 - (escapeValue < 0x80 ? 1 : escapeValue < 0x800 ? 2 : 3)
        return isLow ? (escapeStart, .loneSurrogateEscape) : nil
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    private mutating func lead(_ byte: UInt8, at offset: Int) -> Found? {
        if expectingLow == 1 || expectingLow == 2 { return (highStart, .loneSurrogateEscape) }
        if escapeState != 0 {
            // yajl rejects a non-ASCII byte after `\`; make sure our state does not linger,
            // including a surrogate pair whose low half this was (a later escape is no low half).
            escapeState = 0
            expectingLow = 0
        }
        sequenceStart = offset
        nextLow = 0x80
        nextHigh = 0xBF
        switch byte {
        case 0xC2...0xDF: continuationsDue = 1
        case 0xE0: continuationsDue = 2; nextLow = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: continuationsDue = 2
        case 0xED: continuationsDue = 2; nextHigh = 0x9F
        case 0xF0: continuationsDue = 3; nextLow = 0x90
        case 0xF1...0xF3: continuationsDue = 3
        case 0xF4: continuationsDue = 3; nextHigh = 0x8F
        case 0xC0, 0xC1: return (offset, .overlongUTF8)
        default: return (offset, .invalidUTF8)
        }
        return nil
    }

    private mutating func continuation(_ byte: UInt8, at offset: Int) -> Found? {
        guard byte >= nextLow && byte <= nextHigh else {
            if byte >= 0x80 && byte <= 0xBF {
                // A continuation byte, but outside the range the lead allows.
                if nextLow == 0xA0 || nextLow == 0x90 { return (sequenceStart, .overlongUTF8) }
                if nextHigh == 0x9F { return (sequenceStart, .encodedSurrogate) }
                if nextHigh == 0x8F { return (sequenceStart, .codePointTooLarge) }
            }
            return (sequenceStart, .invalidUTF8)
        }
        continuationsDue -= 1
        nextLow = 0x80
        nextHigh = 0xBF
        return nil
    }
}

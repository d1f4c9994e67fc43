/// The kind of the token being handled: where its text starts is found from where it ends.
enum TokenKind { case none, string, number, literal, open, close, key }

/// Where in the input the token being handled is: the bytes being tokenized and their offset,
/// the kind of the last token, and the line and column of any offset (counted on from the last
/// one asked, never from byte 0 per error).
struct SourceLocator {
    /// The bytes being tokenized, and their offset in the whole input.
    var currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
    var currentBufferOffset = 0
    var lastTokenKind = TokenKind.none
    /// Where the last string or container closed by the tokenizer ends: what places the token
    /// yajl rewinds over (`unexpectedToken(rewoundTo:)`). Numbers and literals need not set it:
    /// they hold no quote, and an earlier value's end is before them.
    var lastValueEnd = 0
    /// Whole-input mode: positions are computed from here on error.
    var wholeInput: UnsafeRawBufferPointer?
    /// Set when `wholeInput` is this copy (held here, so it lives as long as the positions
    /// computed on it): every offset in here is the copy's until ``place(_:)`` maps it back.
    var compacted: CompactedInput? {
        didSet { wholeInput = compacted?.bytes ?? wholeInput }
    }
    /// The copy's lines, made on the first error (compacted input only).
    private var compactedLines: LineIndex?
    /// Stream mode: line/column at absolute offset `lineTrackerOffset` (the streams advance it
    /// past what has been tokenized).
    var lineTracker = LineTracker()
    var lineTrackerOffset = 0
    /// The last position computed by `location(of:)`, counted on from by the next one.
    private var positionCache: (offset: Int, tracker: LineTracker)?

    /// How many number or literal bytes end the input tokenized so far: a number there is lexed
    /// only when the input ends (yajl waits for the byte after it), and starts that far back.
    private(set) var trailingTokenBytes = 0

    /// Starts tokenizing `buffer`, which follows the previous one at `offset` in the whole input.
    mutating func enter(_ buffer: UnsafeRawBufferPointer, at offset: Int) {
        currentBuffer = buffer
        currentBufferOffset = offset
        var run = 0
        while run < buffer.count, Self.isTokenByte(buffer[buffer.count - 1 - run]) { run += 1 }
        // A buffer of token bytes only continues the run before it (a stream's chunks, blocks).
        trailingTokenBytes = run == buffer.count ? trailingTokenBytes + run : run
    }

    /// Forgets the input (before parking: the locator must not keep pointers into it).
    mutating func release() {
        currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        wholeInput = nil
        compacted = nil
        compactedLines = nil
        positionCache = nil
    }

    /// The offset, line and column a failure at `offset` reports: the caller's, also when the
    /// tokenizer reads a compacted copy.
    mutating func place(_ offset: Int) -> (offset: Int, line: Int, column: Int) {
        let (line, column) = location(of: offset)
        return (compacted?.map.originalOffset(offset) ?? offset, line, column)
    }

    /// Whether a buffer is being tokenized (not between calls, not at the end).
    var isInBuffer: Bool { currentBuffer.baseAddress != nil }

    /// How far the tokenizer has got in the whole input.
    @inline(__always)  // per token, on a locator stored in a class: see tokenStart(end:)
    func consumedOffset(_ tokenizer: YajlTokenizer?) -> Int {
        guard let tokenizer, isInBuffer else { return currentBufferOffset }
        return currentBufferOffset + tokenizer.bytesConsumed
    }

    /// Where the last token starts, given where the tokenizer says it ends.
    // Inlined: the recorders call it per token on a locator stored in a class, and a call
    // would copy the whole locator (retaining its references) to pass it.
    @inline(__always)
    func tokenStart(end: Int) -> Int {
        guard currentBuffer.baseAddress != nil else {
            // At the end of the input, the number or literal that ends it (lexed only then).
            let isTrailing = lastTokenKind == .number || lastTokenKind == .literal
            return isTrailing ? end - min(trailingTokenBytes, end) : end
        }
        var local = end - currentBufferOffset
        switch lastTokenKind {
        case .string, .key:
            // The closing quote is the last consumed byte; an unescaped quote cannot occur inside.
            local = StringStart.openingQuote(in: currentBuffer, closingAt: local - 1)
        case .number, .literal:
            // Back over the bytes a number or literal can hold: whatever precedes it (`}22`,
            // `"a"1`) ends the scan, as the buffer's start does when a stream hands it alone.
            while local > 0, Self.isTokenByte(currentBuffer[local - 1]) { local -= 1 }
        case .open, .close:
            local -= 1
        case .none:
            break
        }
        return currentBufferOffset + max(0, local)
    }

    /// A byte a number or a literal (or a misspelling of one) can hold.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): return true
        default: return false
        }
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"): return true
        default: return false
        }
    }

    /// The byte at an absolute offset, if it is still in memory.
    func byte(at offset: Int) -> UInt8? {
        if let whole = wholeInput, offset >= 0, offset < whole.count { return whole[offset] }
        let local = offset - currentBufferOffset
        if local >= 0, local < currentBuffer.count { return currentBuffer[local] }
        return nil
    }

    /// 1-based line and column of an absolute offset.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        // Positions are asked for in increasing order (each value skipped under `.skip` is
        // positioned): counting on from the last one keeps that linear instead of quadratic.
        if let whole = wholeInput, let map = compacted?.map {
            if compactedLines == nil { compactedLines = LineIndex(whole) }
            return map.location(of: offset, in: whole, index: compactedLines!)
        }
        if let whole = wholeInput {
            let end = min(max(offset, 0), whole.count)
            var (from, tracker) = (0, LineTracker())
            if let cached = positionCache, cached.offset <= end { (from, tracker) = cached }
            tracker.advance(over: UnsafeRawBufferPointer(rebasing: whole[from..<end]))
            positionCache = (end, tracker)
            return (tracker.line, tracker.column)
        }
        var tracker = lineTracker
        if currentBuffer.baseAddress != nil {
            var from = min(max(lineTrackerOffset - currentBufferOffset, 0), currentBuffer.count)
            let to = min(max(offset - currentBufferOffset, from), currentBuffer.count)
            if let cached = positionCache, cached.offset >= lineTrackerOffset, cached.offset - currentBufferOffset >= from,
               cached.offset - currentBufferOffset <= to {
                from = cached.offset - currentBufferOffset
                tracker = cached.tracker
            }
            tracker.advance(over: UnsafeRawBufferPointer(rebasing: currentBuffer[from..<to]))
            positionCache = (currentBufferOffset + to, tracker)
        } else if offset < lineTrackerOffset, lineTrackerOffset - offset <= trailingTokenBytes {
            // At the end, in the number that ends the input (a stream no longer holds it): one
            // line, ASCII, so one column per byte back.
            tracker.column -= lineTrackerOffset - offset
        }
        return (tracker.line, tracker.column)
    }
}

/// 1-based line and column (in Unicode scalars) after the bytes seen so far.
struct LineTracker {
    var line = 1
    var column = 1

    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        // Eight bytes a turn, a byte at a time only in a word with a line feed: a stream counts
        // every byte it parses, and a byte at a time cost 10 instructions a byte, a tenth of a
        // stream's decode.
        var start = 0
        if let base = bytes.baseAddress {
            let continuationBits: UInt64 = 0x8080_8080_8080_8080, lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while start + 8 <= bytes.count {
                // Why unaligned: any byte of the input may start a word.
                let word = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                // A zero byte in `word ^ lineFeeds` is a line feed (exact: no carries between bytes).
                let x = word ^ lineFeeds
                if ~(((x & low) &+ low) | x | low) != 0 {
                    count(UnsafeRawBufferPointer(rebasing: bytes[start..<start + 8]))
                } else {
                    // A continuation byte is 10xxxxxx: bit 7 set, bit 6 (shifted up to 7) clear.
                    column += 8 - (word & ~(word << 1) & continuationBits).nonzeroBitCount
                }
                start += 8
            }
        }
        count(UnsafeRawBufferPointer(rebasing: bytes[start...]))
    }

    private mutating func count(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }
}

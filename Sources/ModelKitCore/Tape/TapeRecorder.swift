/// The parse of the Codable bridge and of the schema reader (SchemaReader/): the pre-scan and
/// yajl over the whole input, every token appended
/// to a ``Tape`` through the recorder's own callback table (TapeRecorder+Callbacks.swift): no
/// frames and no decode engine between yajl and the tape.
///
/// Also a stream's recorder (TapeRecorder+Stream.swift): the same tokens, limits and errors,
/// one tape per record. A whole document is the record at depth 0 starting at offset 0, so the
/// record boundaries cost it the depth compares it makes anyway; the stream's bookkeeping runs
/// out of line behind them.
///
/// Pooled with its parser, its tape and what its readers park with it: a small decode would otherwise spend a fifth of
/// its time allocating them. A recorder serves one decode at a time; it goes back to the pool
/// only when no decoder kept the tape.
final class TapeRecorder: WholeInputParser {
    /// The tape being recorded, then read by the decode's ``BridgeDecoder``s or its schema reader.
    let tape: Tape
    // The state below is read and written per token, only by the thread running the parse, and
    // no access spans a call back into the recorder: unchecked exclusivity spares each access
    // Swift's run-time check (a thread-local access set, about 70 instructions; 4 K per small decode).
    // Not optional: the parser needs the recorder's address, so it is made just after `init`'s
    // stored properties; it is never nil afterwards.
    @exclusivity(unchecked) private var tokenizer: YajlTokenizer!
    /// Positions of the tokens, for the tape and for errors.
    @exclusivity(unchecked) var locator = SourceLocator()
    /// Containers open above the depth records start at (all of them in a whole document; in a
    /// stream's top-level array, all but the array), and how many may be (the array's taken off
    /// `maxDepth`): comparing with 0 is what a whole document's one-value rule did.
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var maxDepth = 0
    @exclusivity(unchecked) private(set) var maxStringBytes = 0
    @exclusivity(unchecked) private var sawValue = false
    /// How many more objects and arrays the document may open (`DecodingLimits.maxElements`,
    /// for the schema reader, which counts the rest of the budget: TapeSchemaReader+Elements.swift).
    @exclusivity(unchecked) var containersLeft = Int.max
    @exclusivity(unchecked) private(set) var maxContainers = Int.max
    /// Whether keys are still looked at for a non-ASCII byte: until one is found, and never in
    /// plain input (the pre-scan found none anywhere).
    @exclusivity(unchecked) var checksKeys = true
    /// Set by a token handler that failed; the tokenizer then stops with `.stopped`.
    @exclusivity(unchecked) var failure: ModelDecodingError?
    /// The depth records start at (1 inside a stream's top-level array: what `maxDepth` messages
    /// add back), and where the open record starts in the input: tape positions are relative to
    /// it (a stream may exceed 4 GiB, a record may not). 0 and 0 for a whole document.
    @exclusivity(unchecked) var recordDepth = 0
    @exclusivity(unchecked) var recordStartOffset = 0
    /// A stream's record bookkeeping; nil for a whole document.
    @exclusivity(unchecked) var stream: StreamState?

    private static let pool = ParkedPool<TapeRecorder>(capacity: 16)
    /// One recorder whose tape served a large document (see ``finish(keptByDecoders:)``).
    private static let largePool = ParkedPool<TapeRecorder>(capacity: 1)
    /// The most a recorder in `pool` keeps (tape, side buffer): sixteen of them stay small.
    private static let smallPoolBytes = 1 << 18

    /// What the readers above park with this recorder, so that one pool serves a whole decode:
    /// the schema reader (SchemaReader/TapeDecode.swift), the Codable bridge's conversions
    /// (Codable/Decoder/ModelDecoder+Codable.swift). Opaque here: the tape layer knows nothing
    /// of its readers, and each casts back only what it parked itself.
    @exclusivity(unchecked) var parkedBySchemaReader: AnyObject?
    @exclusivity(unchecked) var parkedByBridge: AnyObject?

    private init(input: UnsafeRawBufferPointer) {
        tape = Tape(input: input, capacity: 16)  // sized by `record` (Tape.reuse)
        tokenizer = TapeRecorder.tokenizer(feeding: self)
    }

    /// A stream's recorder (never pooled: its decoder owns it).
    convenience init(streamOptions options: DecodingOptions, records: any StreamRecordReader) {
        self.init(input: UnsafeRawBufferPointer(start: nil, count: 0))
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        maxStringBytes = options.limits.maxStringBytes
        // Each record opens at most `maxElements` containers (``beginRecord(at:)`` refills the count).
        maxContainers = options.limits.maxElements
        // The schema reader reads a stream's tapes, and never asks whether keys are ASCII.
        checksKeys = false
        stream = StreamState(maxRecordBytes: options.limits.maxInputBytes, records: records)
    }

    deinit {
        // The tokenizer holds this recorder unretained: it goes first.
        tokenizer = nil
    }

    /// Entries for `input`. A small document's tape is pooled, so a generous bound (one token per
    /// 6 bytes) costs one allocation once. A large one's tape is made for it: one token per 6
    /// bytes reserved 4× the tape twitter.json needs (2.1 MB for 0.55 MB), so its token count is
    /// estimated from a sample instead (``estimatedTokens(in:)``); a short estimate doubles the tape.
    private static func tapeCapacity(for input: UnsafeRawBufferPointer) -> Int {
        input.count <= Tape.largeInput ? input.count / 6 + 16 : estimatedTokens(in: input)
    }

    /// The tape entries of a document are its keys plus its values, which is its colons plus its
    /// commas plus its opening brackets plus one (each comma or colon starts one more entry, each
    /// container's first element one) — exactly, but for these characters inside strings. Counted
    /// on the first 8 KiB and scaled, with a tenth more for documents whose start is sparser
    /// than the rest: within 1.0–1.3× of the true count on the corpus (a pass over all of
    /// twitter.json would cost 8 % of its decode; the sample costs 0.2 %).
    static func estimatedTokens(in input: UnsafeRawBufferPointer) -> Int {
        let sample = UnsafeRawBufferPointer(rebasing: input.prefix(8192))
        var structural = 0
        for byte in sample {
            // `,` `:` `[` `{`
            structural &+= (byte == 0x2C || byte == 0x3A || byte == 0x5B || byte == 0x7B) ? 1 : 0
        }
        let scaled = Double(structural) * Double(input.count) / Double(max(sample.count, 1))
        return Int(scaled * 1.1) + 64
    }

    // MARK: Recording

    /// Records `input` whole (a pooled recorder when one is parked); hand the recorder back
    /// with ``finish(keptByDecoders:)`` once the decode ends. `countsContainers`: the document
    /// may open at most `maxElements` objects and arrays (the schema reader's decodes; the
    /// bridge counts what it reads). `validUTF8`: the caller vouches for the input's UTF-8 (a
    /// `UTF8Span`'s bytes), so the pre-scan does not check it again.
    static func record(_ input: UnsafeRawBufferPointer, options: DecodingOptions, countsContainers: Bool = false,
                       validUTF8: Bool = false) throws -> TapeRecorder {
        if input.count >= Int(UInt32.max) {
            // Tape offsets are 32-bit: a 4 GiB document is far beyond what Codable should see anyway.
            throw ModelDecodingError(reason: .limitExceeded(.maxInputBytes, limit: Int(UInt32.max) - 1), path: "$",
                                     line: 1, column: 1, byteOffset: Int(UInt32.max) - 1)
        }
        // A tape too large for the small pool was parked in the large one (``finish(keptByDecoders:)``):
        // the document that needs such a tape looks there first, or its recorder is never reused.
        let capacity = tapeCapacity(for: input)
        let needsLargeTape = capacity * MemoryLayout<TapeEntry>.stride > Self.smallPoolBytes
        let recorder = (needsLargeTape ? largePool.take() : nil) ?? pool.take() ?? TapeRecorder(input: input)
        recorder.depth = 0
        recorder.sawValue = false
        recorder.checksKeys = true
        recorder.failure = nil
        recorder.maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        recorder.maxStringBytes = options.limits.maxStringBytes
        recorder.maxContainers = countsContainers ? options.limits.maxElements : .max
        recorder.containersLeft = recorder.maxContainers
        recorder.locator = SourceLocator()
        recorder.locator.wholeInput = input
        if input.count > options.limits.maxInputBytes {
            throw recorder.error(.limitExceeded(.maxInputBytes, limit: options.limits.maxInputBytes),
                                 at: options.limits.maxInputBytes, path: "$")
        }
        // The tape reads strings from the bytes yajl saw: the compacted copy, which it keeps.
        let compacted = CompactedInput.ifWorthwhile(input)
        let tokens = compacted?.bytes ?? input
        recorder.tape.reuse(for: tokens, compacted: compacted, capacity: capacity)
        if let compacted { recorder.locator.compacted = compacted }
        // A recorder that failed is dropped with its parser (yajl cannot go on after an error).
        try WholeInputFeeder.feed(tokens, to: recorder, validUTF8: validUTF8) { recorder.sawValue }
        // Still checking: no key had a non-ASCII byte (plain input stopped the checks at once).
        recorder.tape.keysAreASCII = recorder.tape.isPlainInput || recorder.checksKeys
        recorder.tape.appendSentinelNull()
        return recorder
    }

    /// The decode is over. When a decoder, container or super decoder outlives it, the tape
    /// (now holding a copy of the input) and the conversions stay theirs and the recorder is
    /// dropped, freeing its parser; otherwise the recorder is parked for the next decode.
    func finish(keptByDecoders kept: Bool) {
        locator.release()
        if kept {
            tape.keepInput()
        } else {
            tape.releaseCompactedInput()
            // A tape that served a large document is not kept at that size sixteen times over: one
            // of up to 4 MiB waits for the next large document (a server that takes large bodies
            // would otherwise ask the heap for a tape per request); larger ones are dropped.
            let retained = tape.retainedBytes
            if retained <= Self.smallPoolBytes {
                Self.pool.park(self)
            } else if retained <= 1 << 22 {
                Self.largePool.park(self)
            }
        }
    }

    // MARK: WholeInputParser

    func inputIsPlain() {
        tape.isPlainInput = true
        checksKeys = false
    }

    // Inlined into the feeders: the stream's work is out of line.
    @inline(__always)
    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        guard buffer.count > 0 else { return }
        if stream != nil { return try parseStreamPiece(buffer, at: offset) }
        locator.enter(buffer, at: offset)
        try check(tokenizer.parse(buffer))
    }

    /// yajl reads a stream's copy of the piece, so that its tokens point into the record's bytes.
    @inline(never)
    private func parseStreamPiece(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        let kept = keepStreamPiece(buffer, at: offset)
        locator.enter(kept, at: offset)
        try check(tokenizer.parse(kept))
    }

    var lastValueEnd: Int { locator.lastValueEnd }

    func complete(at end: Int) throws {
        if stream != nil { trackStreamEnd() }
        locator.currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        locator.currentBufferOffset = end
        try check(tokenizer.finish(), atEnd: true)
    }

    private func check(_ status: YajlTokenizer.Status, atEnd: Bool = false) throws {
        switch status {
        case .ok: return
        case .stopped: throw failure ?? error(.invalid("decoding stopped"), at: consumedOffset, path: nil)
        case .failed:
            let (message, offset) = locator.syntaxError(of: tokenizer, atEnd: atEnd)
            throw error(.syntax(message), at: offset, path: nil)
        }
    }

    /// A failure at `offset`; without a path, at the containers open on the tape (in a stream,
    /// in the record being recorded: `$[3].tags[2]`).
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?) -> ModelDecodingError {
        if stream != nil { return error(reason, at: offset, path: path, heldBack: UnsafeRawBufferPointer(start: nil, count: 0)) }
        let (offset, line, column) = locator.place(offset)
        return ModelDecodingError(reason: reason, path: path ?? tape.pathOfOpenContainers(), line: line, column: column, byteOffset: offset)
    }

    // MARK: Tokens (called by the callback table)

    var consumedOffset: Int { locator.consumedOffset(tokenizer) }
    var tokenStartOffset: Int {
        // The end first: an argument evaluated after `locator` is read makes Swift copy the
        // whole locator (retaining its references) to call on it, once per token.
        let end = consumedOffset
        return locator.tokenStart(end: end)
    }

    /// Stops the parse with `reason`, located at the token being handled.
    func fail(_ reason: ModelDecodingError.Reason) -> Bool {
        if failure == nil { failure = error(reason, at: tokenStartOffset, path: nil) }
        return false
    }

    /// A value at the top level: the parser runs in multiple-values mode (so it can be reused),
    /// and a document holds one value.
    @inline(__always)
    private func startsDocument() -> Bool {
        if sawValue { return fail(.syntax("unexpected data after the JSON value")) }
        sawValue = true
        return true
    }

    // A value at depth 0 begins a record (a scalar is one whole): the one-value rule's compare
    // in a whole document, behind which a stream's work runs out of line
    // (TapeRecorder+Stream.swift). Positions on the tape are relative to the record's start.

    @inline(__always)
    func onLiteral(_ kind: TapeEntry.Kind) -> Bool {
        locator.lastTokenKind = .literal
        if depth == 0 {
            if stream != nil { return recordsStreamScalar { $0.appendLiteral(kind) } }
            if !startsDocument() { return false }
        }
        appendLiteral(kind)
        return true
    }

    @inline(__always)
    func appendLiteral(_ kind: TapeEntry.Kind) {
        // A literal reaches a callback whole (the feeders
        // hold back one that may go on), so it starts its length before the end: no scan back.
        let end = consumedOffset
        let start = max(locator.currentBufferOffset, end - (kind == .falseValue ? 5 : kind == .null || kind == .trueValue ? 4 : 0))
        tape.appendLiteral(kind, at: start &- recordStartOffset)
    }

    /// A number's text is bounded like a string's: a megabyte of digits is no number to convert.
    @inline(__always)
    func onNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .number
        if text.count > maxStringBytes { return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes)) }
        if depth == 0 {
            if stream != nil { return recordsStreamScalar { $0.appendNumber(text) } }
            if !startsDocument() { return false }
        }
        appendNumber(text)
        return true
    }

    @inline(__always)
    func appendNumber(_ text: UnsafeRawBufferPointer) {
        if tape.appendText(.number, text, isKey: false) { tape.setPositionOfLast(tokenStartOffset &- recordStartOffset) }
    }

    @inline(__always)
    func onString(_ bytes: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .string
        if bytes.count > maxStringBytes {
            locator.lastValueEnd = consumedOffset
            return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes))
        }
        if depth == 0 {
            if stream != nil { return recordsStreamString(bytes) }
            if !startsDocument() {
                locator.lastValueEnd = consumedOffset
                return false
            }
        }
        appendString(bytes)
        return true
    }

    @inline(__always)
    func appendString(_ bytes: UnsafeRawBufferPointer) {
        if tape.appendText(.string, bytes, isKey: false) {
            let end = consumedOffset
            locator.lastValueEnd = end
            tape.setPositionOfLast(end &- recordStartOffset)
        } else {
            // The text is in the input, so in the bytes being tokenized (yajl hands out a copy of
            // its own otherwise), and the string ends just past it, at its closing quote: no call
            // into yajl for the offset, and no read of the tape.
            let end = UInt(bitPattern: bytes.baseAddress) &+ UInt(bytes.count) &- UInt(bitPattern: locator.currentBuffer.baseAddress)
            locator.lastValueEnd = locator.currentBufferOffset &+ Int(bitPattern: end) &+ 1
        }
    }

    @inline(__always)
    func onKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .key
        if bytes.count > maxStringBytes { return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes)) }
        if checksKeys, !ByteWord.isASCII(bytes) { checksKeys = false }
        if tape.appendText(.string, bytes, isKey: true) { tape.setPositionOfLast(consumedOffset &- recordStartOffset) }
        return true
    }

    @inline(__always)
    func onOpen(_ kind: TapeEntry.Kind) -> Bool {
        locator.lastTokenKind = .open
        if depth == 0 {
            if stream != nil { return opensStreamRecord(kind) }
            return open(kind, startsDocument: true)
        }
        return open(kind)
    }

    /// `startsDocument`: the document's root, checked against the limits first.
    @inline(__always)
    func open(_ kind: TapeEntry.Kind, startsDocument: Bool = false) -> Bool {
        depth += 1
        if depth > maxDepth { return fail(.limitExceeded(.maxDepth, limit: maxDepth + recordDepth)) }
        containersLeft &-= 1
        if containersLeft < 0 { return fail(.limitExceeded(.maxElements, limit: maxContainers)) }
        if startsDocument, !self.startsDocument() { return false }
        // `locator.tokenStart(end:)` for a bracket,
        // without its switch: the bracket is the last byte consumed.
        let end = consumedOffset
        tape.openContainer(kind, at: (locator.isInBuffer ? max(locator.currentBufferOffset, end - 1) : end) &- recordStartOffset)
        return true
    }

    @inline(__always)
    func onClose() -> Bool {
        locator.lastTokenKind = .close
        let end = consumedOffset
        locator.lastValueEnd = end
        depth -= 1
        // The tokenizer reports a closing bracket's start; the container's bytes end just past it.
        // `locator.tokenStart(end:) + 1` for a bracket, without its switch.
        let closed = locator.isInBuffer ? max(locator.currentBufferOffset, end - 1) + 1 : end + 1
        if depth <= 0, stream != nil { return closesStreamRecord(end: closed) }
        _ = tape.closeContainer(end: closed &- recordStartOffset)
        return true
    }
}

/// The recorder of a stream (issue 35: streams on the tape): yajl in multiple-values mode over
/// the pieces a ``ChunkedFeeder`` hands it, each record (a top-level value, or an element of
/// one top-level array) recorded on its own tape, then read by a ``StreamRecordReader`` as soon
/// as its last token is recorded. No frames and no decode engine: a record's syntax and limit
/// errors are this recorder's, its type errors the schema reader's.
///
/// A record's tape refers to the record's bytes, kept in ``RecordBytes`` while it is recorded
/// (a chunk is gone once `feed` returns); entry positions are relative to the record's start,
/// which is kept as an absolute offset (a stream may exceed 4 GiB, a record may not).
final class StreamTapeRecorder: ChunkParser {
    /// Before the first value: an opening `[` makes the stream one top-level array whose
    /// elements are the records; any other value, a sequence of records.
    private enum Mode { case undecided, array, arrayClosed, values }

    /// The tape of the record being recorded (emptied when the next one starts).
    let tape = Tape(input: UnsafeRawBufferPointer(start: nil, count: 0), capacity: 16)
    /// Reads each record once it is recorded. Unowned: the stream decoder owns both.
    private unowned let records: any StreamRecordReader
    // Read and written per token by the one thread running the parse; no access spans a call
    // back into the recorder (as TapeRecorder's state: unchecked exclusivity).
    // Not optional: the parser needs the recorder's address, so it is made after `init`'s
    // stored properties; never nil afterwards.
    @exclusivity(unchecked) private var tokenizer: YajlTokenizer!
    /// Positions in the whole stream: the line tracker is counted on over every piece parsed.
    @exclusivity(unchecked) var locator = SourceLocator()
    /// The bytes from the open record's start (or the last piece's) on, and where they start.
    private var bytes = RecordBytes()
    @exclusivity(unchecked) private var bytesStart = 0
    @exclusivity(unchecked) private var mode = Mode.undecided
    /// Containers open in the stream (the top-level array's included, as a record's depth
    /// always counted it).
    @exclusivity(unchecked) private var depth = 0
    /// The depth records start at: 1 inside the top-level array, 0 otherwise.
    @exclusivity(unchecked) private var recordDepth = 0
    @exclusivity(unchecked) private var recording = false
    /// Where the record being recorded starts in the stream, and its line and column there.
    @exclusivity(unchecked) private var recordStartOffset = 0
    @exclusivity(unchecked) private var recordLine = 1
    @exclusivity(unchecked) private var recordColumn = 1
    /// Line and column at stream offset `trackedOffset`, counted on over the kept bytes as far
    /// as a record's start or a piece's start: each byte of the stream is counted once (a
    /// second pass per record start cost a tenth of a stream's decode).
    @exclusivity(unchecked) private var tracker = LineTracker()
    @exclusivity(unchecked) private var trackedOffset = 0
    /// The records completed or skipped so far: the next one's index in paths (`$[3]`).
    @exclusivity(unchecked) private(set) var recordIndex = 0
    private let maxDepth: Int
    let maxStringBytes: Int
    /// `maxInputBytes` and `maxElements` apply to each record.
    let maxRecordBytes: Int
    private let maxContainers: Int
    @exclusivity(unchecked) private var containersLeft = Int.max
    /// Set by a token handler that failed; the tokenizer then stops with `.stopped`.
    @exclusivity(unchecked) private var failure: ModelDecodingError?

    init(options: DecodingOptions, records: any StreamRecordReader) {
        self.records = records
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        maxStringBytes = options.limits.maxStringBytes
        maxRecordBytes = options.limits.maxInputBytes
        maxContainers = options.limits.maxElements
        tokenizer = Self.tokenizer(feeding: self)
    }

    deinit {
        // The tokenizer holds this recorder unretained: it goes first.
        tokenizer = nil
    }

    /// Where the record still open starts in the stream (nil between records): held-back
    /// bytes count against its `maxInputBytes`.
    var recordStart: Int? { recording ? recordStartOffset : nil }

    /// The room the record buffer keeps (tests check it stays bounded).
    var keptBytes: Int { bytes.capacity }

    /// The stream's bytes before `offset` (a byte order mark) are not JSON: counted as columns.
    func skipPrefix(_ prefix: UnsafeRawBufferPointer, upTo offset: Int) {
        tracker.advance(over: prefix)
        trackedOffset = offset
    }

    // MARK: ChunkParser

    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        guard buffer.count > 0 else { return }
        // Counted up to here before the bytes go; the locator counts on from here in the piece.
        track(to: offset)
        locator.lineTracker = tracker
        locator.lineTrackerOffset = offset
        // What precedes the open record (or all, between records) is no longer needed.
        // (Between records everything goes: the pieces follow each other, but the first may
        // start past a byte order mark the buffer never held.)
        bytes.dropFirst(recording ? recordStartOffset - bytesStart : bytes.count)
        bytesStart = recording ? recordStartOffset : offset
        precondition(bytesStart + bytes.count == offset, "a stream's pieces follow each other")
        bytes.append(buffer)
        // yajl reads the kept copy, so that its tokens point into the record's bytes.
        let piece = bytes.suffix(from: offset - bytesStart)
        if recording { tape.moveInput(to: bytes.suffix(from: 0)) }
        locator.enter(piece, at: offset)
        try check(tokenizer.parse(piece))
    }

    /// Counts lines and columns on to `offset`, which is in the kept bytes (or just past them).
    private func track(to offset: Int) {
        guard offset > trackedOffset else { return }
        let kept = bytes.suffix(from: trackedOffset - bytesStart)
        tracker.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(offset - trackedOffset)]))
        trackedOffset = offset
    }

    /// The stream ends at `end`: yajl completes what it holds (a number ending the input).
    func complete(at end: Int) throws {
        // The locator places a number that ends the stream from the stream's end.
        // (A copy: the running count stays where it is, before a record yajl completes now.)
        // (Nothing parsed past the count: a stream of a byte order mark alone.)
        let keptEnd = bytesStart + bytes.count
        var atEnd = tracker
        if keptEnd > trackedOffset {
            atEnd.advance(over: UnsafeRawBufferPointer(rebasing: bytes.suffix(from: trackedOffset - bytesStart)[..<(keptEnd - trackedOffset)]))
        }
        locator.lineTracker = atEnd
        locator.lineTrackerOffset = max(keptEnd, trackedOffset)
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

    /// A failure at `offset` in the stream; without a path, at the record being recorded and
    /// the containers open in it (`$[3].tags[2]`).
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?) -> ModelDecodingError {
        error(reason, at: offset, path: path, heldBack: UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// A failure at `offset`, which may be in `heldBack`: the bytes after all that was parsed,
    /// not handed to the parser yet (a number or string still open, a record over its limit).
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?, heldBack: UnsafeRawBufferPointer) -> ModelDecodingError {
        let (line, column) = lineAndColumn(of: offset, heldBack: heldBack)
        return ModelDecodingError(reason: reason, path: path ?? pathOfOpenContainers(), line: line, column: column, byteOffset: offset)
    }

    /// The locator knows the piece being parsed; the record's bytes and the held-back ones
    /// place what lies before it (a record over its limit, found at the end of a chunk) or after.
    private func lineAndColumn(of offset: Int, heldBack: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let keptEnd = bytesStart + bytes.count
        var counted = LineTracker()
        if recording, offset >= recordStartOffset, offset <= keptEnd {
            (counted.line, counted.column) = (recordLine, recordColumn)
            let kept = bytes.suffix(from: recordStartOffset - bytesStart)
            counted.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(offset - recordStartOffset)]))
        } else if offset >= trackedOffset, offset - keptEnd <= heldBack.count {
            counted = tracker
            let kept = bytes.suffix(from: trackedOffset - bytesStart)
            counted.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(min(offset, keptEnd) - trackedOffset)]))
            if offset > keptEnd { counted.advance(over: UnsafeRawBufferPointer(rebasing: heldBack[..<(offset - keptEnd)])) }
        } else {
            (counted.line, counted.column) = locator.location(of: offset)
        }
        return (counted.line, counted.column)
    }

    /// `$[3]` for the record being recorded (or the next one, between records); `$` before
    /// the first value and after the top-level array.
    var recordPath: String {
        guard mode == .values || mode == .array else { return JSONPath.root }
        var path = JSONPath.root
        path.appendPathIndex(recordIndex)
        return path
    }

    private func pathOfOpenContainers() -> String {
        guard recording else { return recordPath }
        return recordPath + tape.pathOfOpenContainers().dropFirst()
    }

    /// A failure of the record's read (the schema reader's, placed in the record's bytes): its
    /// path and position in the stream.
    private func placedInStream(_ failure: ModelDecodingError) -> ModelDecodingError {
        ModelDecodingError(reason: failure.reason, path: recordPath + failure.path.dropFirst(), line: recordLine + failure.line - 1,
                           column: failure.line == 1 ? recordColumn + failure.column - 1 : failure.column,
                           byteOffset: recordStartOffset + failure.byteOffset)
    }

    // MARK: Records

    /// A value starts at `start` where records start: it begins one (in values mode), or fails
    /// after the top-level array.
    private func beginRecord(at start: Int) -> Bool {
        switch mode {
        case .arrayClosed:
            failure = failure ?? error(.syntax("unexpected data after the top-level array"), at: start, path: JSONPath.root)
            return false
        case .undecided: mode = .values
        case .array, .values: break
        }
        recording = true
        recordStartOffset = start
        containersLeft = maxContainers
        tape.reuse(for: bytes.suffix(from: start - bytesStart), compacted: nil, capacity: 0)
        // Line and column of the record's start: its read places failures in its own bytes.
        track(to: start)
        (recordLine, recordColumn) = (tracker.line, tracker.column)
        return true
    }

    /// The record's last token is recorded (its closing bracket ends at `end`, or it is a
    /// scalar): it is read, and its model handed to the stream.
    private func endRecord(end: Int?) -> Bool {
        if let end, end - recordStartOffset > maxRecordBytes {
            failure = failure ?? error(.limitExceeded(.maxInputBytes, limit: maxRecordBytes), at: recordStartOffset + maxRecordBytes, path: recordPath)
            return false
        }
        tape.appendSentinelNull()
        do {
            try records.read(tape, isScalarRecord: end == nil && mode == .values)
        } catch let error as ModelDecodingError {
            failure = failure ?? placedInStream(error)
            return false
        } catch {
            failure = failure ?? self.error(.invalid(String(describing: error)), at: recordStartOffset, path: recordPath)
            return false
        }
        recording = false
        recordIndex += 1
        return true
    }

    // MARK: Tokens (called by the callback table)

    private var consumedOffset: Int { locator.consumedOffset(tokenizer) }
    private var tokenStartOffset: Int {
        // The end first: see TapeRecorder.tokenStartOffset.
        let end = consumedOffset
        return locator.tokenStart(end: end)
    }

    /// Stops the parse with `reason`, located at the token being handled.
    private func fail(_ reason: ModelDecodingError.Reason) -> Bool {
        if failure == nil { failure = error(reason, at: tokenStartOffset, path: nil) }
        return false
    }

    func onLiteral(_ kind: TapeEntry.Kind) -> Bool {
        locator.lastTokenKind = .literal
        let start = tokenStartOffset
        if depth == recordDepth, !beginRecord(at: start) { return false }
        tape.appendLiteral(kind, at: start - recordStartOffset)
        return depth > recordDepth || endRecord(end: nil)
    }

    /// A number's text is bounded like a string's.
    func onNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .number
        if text.count > maxStringBytes { return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes)) }
        if depth == recordDepth, !beginRecord(at: tokenStartOffset) { return false }
        if tape.appendText(.number, text, isKey: false) { tape.setPositionOfLast(tokenStartOffset - recordStartOffset) }
        return depth > recordDepth || endRecord(end: nil)
    }

    func onString(_ text: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .string
        let end = consumedOffset
        locator.lastValueEnd = end
        if text.count > maxStringBytes { return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes)) }
        if depth == recordDepth, !beginRecord(at: locator.tokenStart(end: end)) { return false }
        if tape.appendText(.string, text, isKey: false) { tape.setPositionOfLast(end - recordStartOffset) }
        return depth > recordDepth || endRecord(end: nil)
    }

    func onKey(_ text: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .key
        if text.count > maxStringBytes { return fail(.limitExceeded(.maxStringBytes, limit: maxStringBytes)) }
        if tape.appendText(.string, text, isKey: true) { tape.setPositionOfLast(consumedOffset - recordStartOffset) }
        return true
    }

    func onOpen(_ kind: TapeEntry.Kind) -> Bool {
        locator.lastTokenKind = .open
        let end = consumedOffset
        let start = locator.isInBuffer ? max(locator.currentBufferOffset, end - 1) : end
        if depth == 0, mode == .undecided, kind == .array {
            // The top-level array: its elements are the records; it is on no tape.
            mode = .array
            recordDepth = 1
            depth = 1
            return depth <= maxDepth || fail(.limitExceeded(.maxDepth, limit: maxDepth))
        }
        if depth == recordDepth, !beginRecord(at: start) { return false }
        depth += 1
        if depth > maxDepth { return fail(.limitExceeded(.maxDepth, limit: maxDepth)) }
        containersLeft &-= 1
        if containersLeft < 0 { return fail(.limitExceeded(.maxElements, limit: maxContainers)) }
        tape.openContainer(kind, at: start - recordStartOffset)
        return true
    }

    func onClose() -> Bool {
        locator.lastTokenKind = .close
        let end = consumedOffset
        locator.lastValueEnd = end
        if depth == 1, mode == .array {
            mode = .arrayClosed
            depth = 0
            recordDepth = 0
            return true
        }
        depth -= 1
        // The container's bytes end just past its bracket (see TapeRecorder.onClose).
        let closed = locator.isInBuffer ? max(locator.currentBufferOffset, end - 1) + 1 : end + 1
        _ = tape.closeContainer(end: closed - recordStartOffset)
        return depth > recordDepth || endRecord(end: closed)
    }
}

/// What reads a stream's records: handed each record's tape once it is recorded.
protocol StreamRecordReader: AnyObject {
    /// Reads the record on `tape` (its root is entry 0); throws the schema reader's failure,
    /// placed in the record's bytes. `isScalarRecord`: a scalar where records are top-level
    /// values, which is a mismatch (a stream's records are containers).
    func read(_ tape: Tape, isScalarRecord: Bool) throws
}

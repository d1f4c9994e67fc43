/// A stream on the recorder (issue 35: streams on the tape): yajl in multiple-values mode over
/// the pieces a ``ChunkedFeeder`` hands it, each record (a top-level value, or an element of
/// one top-level array) recorded on its own tape, then read by a ``StreamRecordReader`` as soon
/// as its last token is recorded. The tokens, limits and syntax errors are the recorder's, as a
/// whole document's; what is here is where records begin and end, and where they are.
///
/// A record's tape refers to the record's bytes, kept in ``RecordBytes`` while it is recorded
/// (a chunk is gone once `feed` returns); entry positions are relative to the record's start
/// (`recordStartOffset`), which is kept as an absolute offset.
extension TapeRecorder {
    /// A stream's bookkeeping: a class, so a whole document's recorder carries one nil reference
    /// for it (and ``RecordBytes``, not copyable, needs no optional of its own).
    final class StreamState {
        /// Before the first value: an opening `[` makes the stream one top-level array whose
        /// elements are the records; any other value, a sequence of records.
        enum Mode { case undecided, array, arrayClosed, values }

        /// Reads each record once it is recorded. Unowned: the stream decoder owns both.
        unowned let records: any StreamRecordReader
        // Read and written by the one thread running the parse; no access spans a call back
        // into the recorder (as the recorder's own state: unchecked exclusivity).
        /// The bytes from the open record's start (or the last piece's) on, and where they start.
        var bytes = RecordBytes()
        @exclusivity(unchecked) var bytesStart = 0
        @exclusivity(unchecked) var mode = Mode.undecided
        @exclusivity(unchecked) var recording = false
        /// The line and column of the record's start.
        @exclusivity(unchecked) var recordLine = 1
        @exclusivity(unchecked) var recordColumn = 1
        /// Line and column at stream offset `trackedOffset`, counted on over the kept bytes as far
        /// as a record's start or a piece's start: each byte of the stream is counted once (a
        /// second pass per record start cost a tenth of a stream's decode).
        @exclusivity(unchecked) var tracker = LineTracker()
        @exclusivity(unchecked) var trackedOffset = 0
        /// The records completed or skipped so far: the next one's index in paths (`$[3]`).
        @exclusivity(unchecked) var recordIndex = 0
        /// `maxInputBytes` applies to each record.
        let maxRecordBytes: Int

        init(maxRecordBytes: Int, records: any StreamRecordReader) {
            self.maxRecordBytes = maxRecordBytes
            self.records = records
        }
    }

    private var state: StreamState { stream.unsafelyUnwrapped }

    /// Where the record still open starts in the stream (nil between records): held-back
    /// bytes count against its `maxInputBytes`.
    var recordStart: Int? { state.recording ? recordStartOffset : nil }

    var maxRecordBytes: Int { state.maxRecordBytes }

    /// The room the record buffer keeps (tests check it stays bounded).
    var keptBytes: Int { state.bytes.capacity }

    /// The stream's bytes before `offset` (a byte order mark) are not JSON: counted as columns.
    func skipPrefix(_ prefix: UnsafeRawBufferPointer, upTo offset: Int) {
        state.tracker.advance(over: prefix)
        state.trackedOffset = offset
    }

    // MARK: Pieces

    /// Keeps the piece at `offset` after the open record's bytes; returns the kept copy.
    func keepStreamPiece(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UnsafeRawBufferPointer {
        let state = self.state
        // Counted up to here before the bytes go; the locator counts on from here in the piece.
        track(to: offset)
        locator.lineTracker = state.tracker
        locator.lineTrackerOffset = offset
        // What precedes the open record (or all, between records) is no longer needed.
        // (Between records everything goes: the pieces follow each other, but the first may
        // start past a byte order mark the buffer never held.)
        state.bytes.dropFirst(state.recording ? recordStartOffset - state.bytesStart : state.bytes.count)
        state.bytesStart = state.recording ? recordStartOffset : offset
        precondition(state.bytesStart + state.bytes.count == offset, "a stream's pieces follow each other")
        state.bytes.append(buffer)
        if state.recording { tape.moveInput(to: state.bytes.suffix(from: 0)) }
        return state.bytes.suffix(from: offset - state.bytesStart)
    }

    /// Counts lines and columns on to `offset`, which is in the kept bytes (or just past them).
    private func track(to offset: Int) {
        let state = self.state
        guard offset > state.trackedOffset else { return }
        let kept = state.bytes.suffix(from: state.trackedOffset - state.bytesStart)
        state.tracker.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(offset - state.trackedOffset)]))
        state.trackedOffset = offset
    }

    /// The stream ends: the locator places a number that ends it from the stream's end.
    /// (A copy: the running count stays where it is, before a record yajl completes now.)
    /// (Nothing parsed past the count: a stream of a byte order mark alone.)
    func trackStreamEnd() {
        let state = self.state
        let keptEnd = state.bytesStart + state.bytes.count
        var atEnd = state.tracker
        if keptEnd > state.trackedOffset {
            atEnd.advance(over: UnsafeRawBufferPointer(rebasing: state.bytes.suffix(from: state.trackedOffset - state.bytesStart)[..<(keptEnd - state.trackedOffset)]))
        }
        locator.lineTracker = atEnd
        locator.lineTrackerOffset = max(keptEnd, state.trackedOffset)
    }

    // MARK: Errors

    /// A failure at `offset`, which may be in `heldBack`: the bytes after all that was parsed,
    /// not handed to the parser yet (a number or string still open, a record over its limit).
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?, heldBack: UnsafeRawBufferPointer) -> ModelDecodingError {
        let (line, column) = lineAndColumn(of: offset, heldBack: heldBack)
        return ModelDecodingError(reason: reason, path: path ?? pathInRecord(), line: line, column: column, byteOffset: offset)
    }

    /// The locator knows the piece being parsed; the record's bytes and the held-back ones
    /// place what lies before it (a record over its limit, found at the end of a chunk) or after.
    private func lineAndColumn(of offset: Int, heldBack: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let state = self.state
        let keptEnd = state.bytesStart + state.bytes.count
        var counted = LineTracker()
        if state.recording, offset >= recordStartOffset, offset <= keptEnd {
            (counted.line, counted.column) = (state.recordLine, state.recordColumn)
            let kept = state.bytes.suffix(from: recordStartOffset - state.bytesStart)
            counted.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(offset - recordStartOffset)]))
        } else if offset >= state.trackedOffset, offset - keptEnd <= heldBack.count {
            counted = state.tracker
            let kept = state.bytes.suffix(from: state.trackedOffset - state.bytesStart)
            counted.advance(over: UnsafeRawBufferPointer(rebasing: kept[..<(min(offset, keptEnd) - state.trackedOffset)]))
            if offset > keptEnd { counted.advance(over: UnsafeRawBufferPointer(rebasing: heldBack[..<(offset - keptEnd)])) }
        } else {
            (counted.line, counted.column) = locator.location(of: offset)
        }
        return (counted.line, counted.column)
    }

    /// `$[3]` for the record being recorded (or the next one, between records); `$` before
    /// the first value and after the top-level array.
    var recordPath: String {
        let state = self.state
        guard state.mode == .values || state.mode == .array else { return JSONPath.root }
        var path = JSONPath.root
        path.appendPathIndex(state.recordIndex)
        return path
    }

    /// The record's path and the containers open in it (`$[3].tags[2]`).
    private func pathInRecord() -> String {
        guard state.recording else { return recordPath }
        return recordPath + tape.pathOfOpenContainers().dropFirst()
    }

    /// A failure of the record's read (the schema reader's, placed in the record's bytes): its
    /// path and position in the stream.
    private func placedInStream(_ failure: ModelDecodingError) -> ModelDecodingError {
        let state = self.state
        return ModelDecodingError(reason: failure.reason, path: recordPath + failure.path.dropFirst(), line: state.recordLine + failure.line - 1,
                                  column: failure.line == 1 ? state.recordColumn + failure.column - 1 : failure.column,
                                  byteOffset: recordStartOffset + failure.byteOffset)
    }

    // MARK: Records

    /// A value starts at `start` where records start: it begins one (in values mode), or fails
    /// after the top-level array.
    func beginRecord(at start: Int) -> Bool {
        let state = self.state
        switch state.mode {
        case .arrayClosed:
            failure = failure ?? error(.syntax("unexpected data after the top-level array"), at: start, path: JSONPath.root)
            return false
        case .undecided: state.mode = .values
        case .array, .values: break
        }
        state.recording = true
        recordStartOffset = start
        containersLeft = maxContainers
        tape.reuse(for: state.bytes.suffix(from: start - state.bytesStart), compacted: nil, capacity: 0)
        // Line and column of the record's start: its read places failures in its own bytes.
        track(to: start)
        (state.recordLine, state.recordColumn) = (state.tracker.line, state.tracker.column)
        return true
    }

    /// The record's last token is recorded (its closing bracket ends at `end`, or it is a
    /// scalar): it is read, and its model handed to the stream.
    func endRecord(end: Int?) -> Bool {
        let state = self.state
        if let end, end - recordStartOffset > state.maxRecordBytes {
            failure = failure ?? error(.limitExceeded(.maxInputBytes, limit: state.maxRecordBytes), at: recordStartOffset + state.maxRecordBytes,
                                       path: recordPath)
            return false
        }
        tape.appendSentinelNull()
        do {
            try state.records.read(tape, isScalarRecord: end == nil && state.mode == .values)
        } catch let error as ModelDecodingError {
            failure = failure ?? placedInStream(error)
            return false
        } catch {
            failure = failure ?? self.error(.invalid(String(describing: error)), at: recordStartOffset, path: recordPath)
            return false
        }
        state.recording = false
        state.recordIndex += 1
        return true
    }

    /// A scalar where records start: a whole record.
    @inline(never)
    func recordsStreamScalar(_ append: (TapeRecorder) -> Void) -> Bool {
        guard beginRecord(at: tokenStartOffset) else { return false }
        append(self)
        return endRecord(end: nil)
    }

    @inline(never)
    func recordsStreamString(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Before the record begins: a string refused there (after the top-level array) still
        // places what yajl rewinds over.
        locator.lastValueEnd = consumedOffset
        return recordsStreamScalar { $0.appendString(bytes) }
    }

    /// A container where records start: the top-level array (on no tape: its elements are the
    /// records), or a record's root.
    @inline(never)
    func opensStreamRecord(_ kind: TapeEntry.Kind) -> Bool {
        if state.mode == .undecided, kind == .array {
            state.mode = .array
            // Its elements' depth counts from it.
            guard maxDepth >= 1 else { return fail(.limitExceeded(.maxDepth, limit: maxDepth)) }
            recordDepth = 1
            maxDepth -= 1
            return true
        }
        let end = consumedOffset
        guard beginRecord(at: locator.isInBuffer ? max(locator.currentBufferOffset, end - 1) : end) else { return false }
        return open(kind)
    }

    /// A container at the record depth closes: the record's root, or (below it) the top-level
    /// array, after which values are an error (``beginRecord(at:)``).
    @inline(never)
    func closesStreamRecord(end closed: Int) -> Bool {
        guard depth < 0 else {
            _ = tape.closeContainer(end: closed - recordStartOffset)
            return endRecord(end: closed)
        }
        state.mode = .arrayClosed
        depth = 0
        recordDepth = 0
        maxDepth += 1
        return true
    }
}

/// What reads a stream's records: handed each record's tape once it is recorded.
protocol StreamRecordReader: AnyObject {
    /// Reads the record on `tape` (its root is entry 0); throws the schema reader's failure,
    /// placed in the record's bytes. `isScalarRecord`: a scalar where records are top-level
    /// values, which is a mismatch (a stream's records are containers).
    func read(_ tape: Tape, isScalarRecord: Bool) throws
}

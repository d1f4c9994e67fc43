/// Decodes models from input that arrives in pieces: a top-level array of models, or a sequence
/// of top-level objects separated by whitespace (JSON Lines). Each model is handed out as soon as
/// it is complete; memory stays bounded by one model plus one chunk.
///
/// ```swift
/// let stream = ModelStreamDecoder<Book>(options: DecodingOptions())
/// for chunk in chunks { for book in try stream.feed(chunk) { print(book.name) } }  // chunks of any size, down to 1 byte
/// for book in try stream.finish() { print(book.name) }
/// ```
///
/// Errors carry the path (`$[12].name`), line, column and byte offset in the whole stream. After
/// an error the stream is finished: further calls throw the same error.
///
/// A class: a stream is one position in one input, so every reference to it feeds that one
/// input (a struct's copies would share the parser and buffers behind each other's backs).
public final class ModelStreamDecoder<M: ModelValue> {
    private let options: DecodingOptions
    /// Each record's tape, read into models as soon as it is recorded (no push engine).
    private let records: ModelStreamRecords<M>
    private let recorder: TapeRecorder
    /// What yajl is handed when: the pre-scan and the bytes held back (see ``ChunkedFeeder``).
    private var feeder = ChunkedFeeder()
    /// The input the feeder holds back (from its `parsedEnd` on): a chunk's bytes do not outlive
    /// the call that brought them.
    private var pending: [UInt8] = []
    private var totalBytes = 0
    /// The stream's first bytes while they may still be a byte order mark cut by a chunk end
    /// (nil once decided): held back until the mark is whole or ruled out.
    private var head: [UInt8]? = []
    private var failure: (any Error)?
    private var finished = false

    /// Creates a decoder. `options.limits` apply to each top-level value (record): each line of
    /// JSON Lines, or each element of a top-level array, so a long-running stream never hits them.
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
        records = ModelStreamRecords<M>(options: options)
        recorder = TapeRecorder(streamOptions: options, records: records)
    }

    /// The capacity of the buffer for models not yet handed out, between calls: what the tests check.
    var readyCapacity: Int { records.readyCapacity }
    /// Input held back from the parser (a string or number still open): what the tests count.
    var heldBackBytes: Int { pending.count + (head?.count ?? 0) }
    /// The room kept for the record being recorded (one record plus one chunk): what the tests check.
    var keptRecordBytes: Int { recorder.keptBytes }
    /// Skipped-value errors kept (streams keep none: nothing reports them).
    var keptSkippedErrors: Int { records.keptSkippedErrors }

    /// Consumes the next chunk and returns the models it completed.
    public func feed<Bytes: Collection<UInt8>>(_ chunk: Bytes) throws -> [M] {
        try withJSONBytes(chunk) { try feedBytes($0) }
    }

    func feedBytes(_ chunk: UnsafeRawBufferPointer) throws -> [M] {
        if let failure { throw failure }
        guard !finished else { throw ModelDecodingError(reason: .invalid("feed(_:) after finish()"), path: "$", line: 0, column: 0, byteOffset: totalBytes) }
        do {
            try consumeAfterHead(chunk)
        } catch {
            let error = recordLimitFirst(error)
            failure = error
            throw error
        }
        return records.takeReady()
    }

    /// Ends the input and returns the models still pending; throws if the input stops mid-value.
    public func finish() throws -> [M] {
        if let failure { throw failure }
        finished = true
        do {
            // Part of a mark and then the end: parsed as it is (invalid UTF-8, as whole).
            if let held = head, !held.isEmpty {
                head = nil
                try held.withUnsafeBytes { try consume($0) }
            }
            try pending.withUnsafeBytes { try feeder.finish($0, to: recorder) }
            pending.removeAll()
            try recorder.complete(at: totalBytes)
        } catch {
            let error = recordLimitFirst(error)
            failure = error
            throw error
        }
        return records.takeReady()
    }

    /// Holds the first bytes back until they are a whole byte order mark or cannot be one.
    private func consumeAfterHead(_ chunk: UnsafeRawBufferPointer) throws {
        guard var held = head else { return try consume(chunk) }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let needed = min(mark.count - held.count, chunk.count)
        held.append(contentsOf: chunk[0..<needed])
        if held.count < mark.count && held == Array(mark[0..<held.count]) {
            head = held
            return
        }
        head = nil
        try held.withUnsafeBytes { try consume($0) }
        if needed < chunk.count { try consume(UnsafeRawBufferPointer(rebasing: chunk[needed...])) }
    }

    private func consume(_ chunk: UnsafeRawBufferPointer) throws {
        var chunk = chunk
        if totalBytes == 0, hasByteOrderMark(chunk) {
            // A byte order mark may be ignored (RFC 8259 §8.1); count it (a column, as a whole
            // document's positions do), parse past it.
            recorder.skipPrefix(UnsafeRawBufferPointer(rebasing: chunk[..<3]), upTo: 3)
            chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
            totalBytes = 3
            feeder = ChunkedFeeder(start: 3)
        }
        totalBytes += chunk.count
        pending.append(contentsOf: chunk)
        let handed = try pending.withUnsafeBytes {
            try feeder.feed($0, newBytes: chunk.count, to: recorder)
        }
        pending.removeFirst(handed)
        try pending.withUnsafeBytes { heldBack in
            // After the parse: the record a held number belongs to is known only then.
            try checkHeldNumber(length: feeder.heldTokenLength, heldBack: heldBack)
            // A record still open at the end of the chunk: its length so far is all that arrived
            // since it began. Placed where the record crosses the limit, as when it closes past it.
            if let start = recorder.recordStart, totalBytes - start > recorder.maxRecordBytes {
                throw recorder.error(.limitExceeded(.maxInputBytes, limit: recorder.maxRecordBytes), at: start + recorder.maxRecordBytes,
                                     path: recorder.recordPath, heldBack: heldBack)
            }
        }
    }

    /// A syntax error past the open record's `maxInputBytes` is reported as the limit: in
    /// smaller chunks the limit is found first, at the end of the chunk that crosses it.
    private func recordLimitFirst(_ error: any Error) -> any Error {
        guard let error = error as? ModelDecodingError, case .syntax = error.reason, let start = recorder.recordStart,
              error.byteOffset - start > recorder.maxRecordBytes else { return error }
        return recorder.error(.limitExceeded(.maxInputBytes, limit: recorder.maxRecordBytes), at: start + recorder.maxRecordBytes,
                              path: recorder.recordPath)
    }

    /// A number held back counts against the limits as it grows: its text against
    /// `maxStringBytes` (placed at its start, as the recorder places a number it is handed
    /// whole), and, as (part of) a record, against the per-record `maxInputBytes`.
    private func checkHeldNumber(length: Int, heldBack: UnsafeRawBufferPointer) throws {
        guard length > 0 else { return }
        let start = totalBytes - length
        if length > options.limits.maxStringBytes {
            throw recorder.error(.limitExceeded(.maxStringBytes, limit: options.limits.maxStringBytes), at: start, path: nil, heldBack: heldBack)
        }
        let recordStart = recorder.recordStart ?? start
        if totalBytes - recordStart > recorder.maxRecordBytes {
            throw recorder.error(.limitExceeded(.maxInputBytes, limit: recorder.maxRecordBytes), at: recordStart + recorder.maxRecordBytes,
                                 path: recorder.recordPath, heldBack: heldBack)
        }
    }
}

/// Decodes models from input that arrives in pieces: a top-level array of models, or a sequence
/// of top-level objects separated by whitespace (JSON Lines). Each model is handed out as soon as
/// it is complete; memory stays bounded by one model plus one chunk.
///
/// ```swift
/// let stream = ModelStreamDecoder<Book>(options: DecodingOptions())
/// for chunk in chunks { for book in try stream.feed(chunk) { … } }  // chunks of any size, down to 1 byte
/// for book in try stream.finish() { … }
/// ```
///
/// Errors carry the path (`$[12].name`), line, column and byte offset in the whole stream. After
/// an error the stream is finished: further calls throw the same error.
///
/// A class: a stream is one position in one input, so every reference to it feeds that one
/// input (a struct's copies would share the parser and buffers behind each other's backs).
public final class ModelStreamDecoder<M: ModelValue> {
    private let options: DecodingOptions
    private let root: StreamRootFrame<M>
    private let engine: DecodeEngine
    private var scanner = InputScanner()
    /// Input not yet given to yajl: from the opening quote of a string still open. yajl rescans a
    /// partial string from its start on every chunk, so it only ever sees whole strings.
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// Where the scanner's offsets start in the stream (after a byte order mark).
    private var scannerBase = 0
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
        root = StreamRootFrame<M>(maxRecordBytes: options.limits.maxInputBytes)
        engine = DecodeEngine(options: options, root: root, multipleValues: true)
        engine.keepsSkipped = false
    }

    /// Input held back from the parser (a string or number still open): what the tests count.
    var heldBackBytes: Int { pending.count + (head?.count ?? 0) }
    /// Skipped-value errors kept (streams keep none: nothing reports them).
    var keptSkippedErrors: Int { engine.skipped.count }

    /// Consumes the next chunk and returns the models it completed.
    public func feed<Bytes: Collection<UInt8>>(_ chunk: Bytes) throws -> [M] {
        try withJSONBytes(chunk) { try feedBytes($0) }
    }

    private func feedBytes(_ chunk: UnsafeRawBufferPointer) throws -> [M] {
        if let failure { throw failure }
        guard !finished else { throw ModelDecodingError(reason: .invalid("feed(_:) after finish()"), path: "$", line: 0, column: 0, byteOffset: totalBytes) }
        do {
            try consumeAfterHead(chunk)
        } catch {
            failure = error
            throw error
        }
        return root.takeReady()
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
            if let problem = scanner.finish() {
                try parsePending(upTo: pending.count)
                throw engine.error(.syntax(problem.message), at: totalBytes, path: "$")
            }
            try parsePending(upTo: pending.count)
            try engine.complete(at: totalBytes)
        } catch {
            failure = error
            throw error
        }
        return root.takeReady()
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
        var chunkOffset = totalBytes
        totalBytes += chunk.count
        if chunkOffset == 0, hasByteOrderMark(chunk) {
            // A byte order mark may be ignored (RFC 8259 §8.1); count it, parse past it.
            chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
            chunkOffset = 3
            pendingOffset = 3
            scannerBase = 3
            engine.locator.lineTrackerOffset = 3
        }
        let problem = scanner.scan(chunk)
        pending.append(contentsOf: chunk[0..<max(0, problem?.offset ?? chunk.count)])
        if let (at, problem) = problem {
            // Only what precedes the offending sequence: a number before it must not complete
            // (and fail as a mismatch) ahead of the syntax error.
            try parsePending(upTo: min(max(chunkOffset + at - pendingOffset, 0), pending.count))
            throw engine.error(.syntax(problem.message), at: chunkOffset + at, path: "$")
        }
        if let open = scanner.openStringStart.map({ $0 + scannerBase }) {
            // A number or literal run right before the quote waits with the string: yajl must see
            // where it ends (`1"…`), or its error would be placed differently than in a whole input.
            var end = open - pendingOffset
            while end > 0, Self.isNumberByte(pending[end - 1]) { end -= 1 }
            heldNumberLength = 0
            try parsePending(upTo: end)
            // An open string over the limit fails now: waiting for its end would buffer it all.
            if scanner.openStringDecodedBytes > options.limits.maxStringBytes {
                throw engine.error(.limitExceeded(.maxStringBytes, limit: options.limits.maxStringBytes), at: open)
            }
        } else {
            let numberLength = trailingNumberLength(newBytes: chunk.count)
            var end = pending.count - numberLength
            // A UTF-8 sequence still incomplete is not validated yet: yajl waits for it too.
            if let sequence = scanner.openSequenceStart.map({ $0 + scannerBase }), sequence - pendingOffset < end {
                end = max(sequence - pendingOffset, 0)
                // A number or literal right before it waits too: yajl must see what ends it.
                while end > 0, Self.isNumberByte(pending[end - 1]) { end -= 1 }
            }
            try parsePending(upTo: end)
            // After the parse: the record a held number belongs to is known only then.
            try checkHeldNumber(length: numberLength)
        }
        // A record still open at the end of the chunk: its length so far is all that arrived since it began.
        if let start = root.recordStart, totalBytes - start > root.maxRecordBytes {
            throw engine.error(.limitExceeded(.maxInputBytes, limit: root.maxRecordBytes), at: start + root.maxRecordBytes)
        }
    }

    /// A number held back counts against the limits as it grows: its text against
    /// `maxStringBytes`, and, as (part of) a record, against the per-record `maxInputBytes`.
    private func checkHeldNumber(length: Int) throws {
        guard length > 0 else { return }
        let start = totalBytes - length
        if length > options.limits.maxStringBytes {
            throw engine.error(.limitExceeded(.maxStringBytes, limit: options.limits.maxStringBytes), at: start + options.limits.maxStringBytes)
        }
        let recordStart = root.recordStart ?? start
        if totalBytes - recordStart > root.maxRecordBytes {
            throw engine.error(.limitExceeded(.maxInputBytes, limit: root.maxRecordBytes), at: recordStart + root.maxRecordBytes)
        }
    }

    /// Pending bytes at the end that may be the start of a number still growing. yajl re-lexes a
    /// partial number from its start on every call, so it gets numbers whole, like strings.
    private var heldNumberLength = 0

    /// The length of the run of number characters ending the pending bytes (counting back over
    /// the new bytes only: the run held back last time is known to be all number characters).
    private func trailingNumberLength(newBytes: Int) -> Int {
        var length = 0
        var i = pending.count
        let oldEnd = pending.count - min(newBytes, pending.count)
        while i > oldEnd, Self.isNumberByte(pending[i - 1]) {
            length += 1
            i -= 1
        }
        if i == oldEnd, oldEnd > 0, oldEnd == heldNumberLength { length += heldNumberLength }
        heldNumberLength = length
        return length
    }

    /// Bytes of a number or a literal (`true`, `false`, `null`, or a misspelling of one): a run of
    /// them at the end is held back, so yajl lexes each such token whole and reports its errors
    /// at the same place whatever the chunking.
    private static func isNumberByte(_ byte: UInt8) -> Bool { SourceLocator.isTokenByte(byte) }

    /// Gives yajl the first `count` pending bytes and drops them.
    private func parsePending(upTo count: Int) throws {
        guard count > 0 else { return }
        try pending.withUnsafeBytes { bytes in
            let slice = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
            try engine.parse(slice, at: pendingOffset)
            engine.locator.lineTracker.advance(over: slice)
            engine.locator.lineTrackerOffset = pendingOffset + count
        }
        pending.removeFirst(count)
        pendingOffset += count
    }
}

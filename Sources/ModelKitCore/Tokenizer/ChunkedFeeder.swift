/// What a feeder hands bytes to: a token sink with its own yajl parser (the tape recorder, for
/// whole inputs and streams alike).
protocol ChunkParser {
    /// Tokenizes `buffer`, which starts at `offset` in the whole input.
    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws
    /// A failure at `offset`; a nil `path` is the path of the value being decoded there.
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?) -> ModelDecodingError
    /// The longest string the sink accepts (a string still open past it fails at once).
    var maxStringBytes: Int { get }
}

/// The one feeder for input that reaches yajl in pieces — a stream's chunks, a large whole
/// input's blocks: the stateful pre-scan (the RFC 8259 checks yajl leaves out) over each piece,
/// then yajl over what it may take now. Held back until a later piece: a string still open (yajl
/// rescans a partial string from its start on every call, quadratic in a string cut many times),
/// a run of number or literal bytes that may go on (yajl re-lexes it too, and places its errors
/// only once it ends), a UTF-8 sequence not yet validated. So errors land in the same place
/// however the input is cut.
///
/// The caller owns the bytes: a whole input hands its own bytes in place, a stream the copy it
/// keeps of what was held back. Either way `unparsed` is the input from ``parsedEnd`` on, the
/// piece just arrived at its end.
struct ChunkedFeeder {
    private var scanner = InputScanner()
    /// Where the scanner's offsets start in the input (after a byte order mark).
    private let scannerBase: Int
    /// Every byte before this offset has been handed to the parser.
    private(set) var parsedEnd: Int
    /// The number or literal run held back at the end of what has arrived (0 when none is).
    private(set) var heldTokenLength = 0

    /// A feeder for an input whose bytes before `start` (a byte order mark) are not JSON.
    init(start: Int = 0) {
        scannerBase = start
        parsedEnd = start
    }

    /// Scans the last `newBytes` of `unparsed` and hands `parser` what it may take now.
    /// - Returns: How many bytes from the start of `unparsed` it handed over.
    mutating func feed(_ unparsed: UnsafeRawBufferPointer, newBytes: Int, to parser: some ChunkParser) throws -> Int {
        let first = parsedEnd
        let pieceStart = unparsed.count - newBytes
        if let (at, problem) = scanner.scan(UnsafeRawBufferPointer(rebasing: unparsed[pieceStart...])) {
            // Only what precedes the offending sequence: a number before it must not complete
            // (and fail as a mismatch) ahead of the syntax error.
            let offset = first + pieceStart + at
            try hand(unparsed, from: first, upTo: offset - first, to: parser)
            throw parser.error(.syntax(problem.message), at: offset, path: "$")
        }
        if let open = scanner.openStringStart.map({ $0 + scannerBase }) {
            heldTokenLength = 0
            // A run right before the quote waits with the string: yajl must see where it ends
            // (`1"…`), or its error would be placed differently than in one piece. Only when the
            // quote is new: a string open before this piece was held back with its run then, and
            // looking for the run again per piece would be quadratic.
            if open - first >= pieceStart {
                try hand(unparsed, from: first, upTo: Self.tokenRunStart(before: open - first, in: unparsed), to: parser)
            }
            // Over the limit already: fail now, not after holding the rest of the string.
            if scanner.openStringDecodedBytes > parser.maxStringBytes {
                throw parser.error(.limitExceeded(.maxStringBytes, limit: parser.maxStringBytes), at: open, path: nil)
            }
        } else {
            heldTokenLength = trailingTokenLength(of: unparsed, newBytes: newBytes)
            var end = unparsed.count - heldTokenLength
            // A UTF-8 sequence still incomplete is not validated yet: yajl waits for it too.
            if let sequence = scanner.openSequenceStart.map({ $0 + scannerBase - first }), sequence < end {
                end = Self.tokenRunStart(before: max(sequence, 0), in: unparsed)
            }
            try hand(unparsed, from: first, upTo: end, to: parser)
        }
        return parsedEnd - first
    }

    /// Ends the input: a string left open is an error (after yajl has had its chance to report
    /// an earlier one), and everything held back is parsed.
    mutating func finish(_ unparsed: UnsafeRawBufferPointer, to parser: some ChunkParser) throws {
        let problem = scanner.finish()
        try hand(unparsed, from: parsedEnd, upTo: unparsed.count, to: parser)
        if let problem { throw parser.error(.syntax(problem.message), at: parsedEnd, path: "$") }
    }

    /// Hands `parser` the bytes of `unparsed` (which starts at `first`) up to `end` that it has
    /// not had yet.
    private mutating func hand(_ unparsed: UnsafeRawBufferPointer, from first: Int, upTo end: Int, to parser: some ChunkParser) throws {
        let start = parsedEnd - first
        guard end > start else { return }
        try parser.parse(UnsafeRawBufferPointer(rebasing: unparsed[start..<end]), at: parsedEnd)
        parsedEnd = first + end
    }

    /// The length of the token run ending `unparsed`, counted back over the new bytes only (the
    /// run held back last time is known to be all token bytes).
    private func trailingTokenLength(of unparsed: UnsafeRawBufferPointer, newBytes: Int) -> Int {
        let oldEnd = unparsed.count - min(newBytes, unparsed.count)
        var i = unparsed.count
        while i > oldEnd, SourceLocator.isTokenByte(unparsed[i - 1]) { i -= 1 }
        let length = unparsed.count - i
        return i == oldEnd && oldEnd > 0 && oldEnd == heldTokenLength ? length + heldTokenLength : length
    }

    /// Where the run of token bytes that ends just before `end` starts.
    private static func tokenRunStart(before end: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var start = end
        while start > 0, SourceLocator.isTokenByte(bytes[start - 1]) { start -= 1 }
        return start
    }
}

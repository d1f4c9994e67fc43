/// What ``WholeInputFeeder`` drives: a token sink with its own yajl parser (the decode engine,
/// the Codable bridge's tape recorder).
protocol WholeInputParser: AnyObject {
    /// Tokenizes `buffer`, which starts at `offset` in the whole input.
    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws
    /// Ends the input, `end` bytes long: a value still open is an error located at the end.
    func complete(at end: Int) throws
    /// A failure at `offset`; a nil `path` is the path of the value being decoded there.
    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?) -> ModelDecodingError
    /// The longest string the sink accepts (a string still open past it fails at once).
    var maxStringBytes: Int { get }
    /// Where the last string value or container the sink was handed ends (0 before any): no
    /// string is open there.
    var lastValueEnd: Int { get }
}

/// A whole input into a parser: the pre-scan (the RFC 8259 checks yajl leaves out), then yajl.
/// Most inputs need only the quick check (``InputScanner/quickCheck(_:)``); the others, the
/// stateful scan and yajl block by block.
enum WholeInputFeeder {
    /// The stateful pre-scan and yajl take turns on blocks this long, so the scanner's pass stays
    /// in cache.
    static let blockSize = 1 << 20
    /// Inputs up to this long are quick-checked whole, then parsed whole: two passes, which the
    /// last-level cache holds. Beyond it the second pass would read the input from memory again
    /// (117 MB of API objects: 4.51 → 4.93 ns a byte), and the stateful scan's blocks keep yajl
    /// reading what the scan just read.
    static let quickCheckLimit = 16 << 20

    /// Pre-scan and yajl over the whole input: the quick route, or the stateful scan in blocks.
    static func feed<Parser: WholeInputParser>(_ input: UnsafeRawBufferPointer, to parser: Parser, sawValue: () -> Bool) throws {
        // RFC 8259 lets a parser ignore a byte order mark; yajl would reject it.
        let start = hasByteOrderMark(input) ? 3 : 0
        let body = UnsafeRawBufferPointer(rebasing: input[start...])
        // No string that could outgrow the limit, and nothing for the stateful pre-scan but where
        // strings are: yajl takes the input in one call (no string is cut), and only what follows
        // the last value it handed over is scanned, for a string left open.
        if body.count <= quickCheckLimit, body.count <= parser.maxStringBytes, InputScanner.quickCheck(body) {
            if !body.isEmpty { try parser.parse(body, at: start) }
            let tail = max(start, parser.lastValueEnd)
            var scanner = InputScanner()
            _ = scanner.scan(UnsafeRawBufferPointer(rebasing: input[tail...]))
            if scanner.finish() == .unterminatedString {
                throw parser.error(.syntax(InputProblem.unterminatedString.message), at: input.count, path: "$")
            }
        } else {
            try scanAndParse(input, from: start, to: parser)
        }
        // Nothing but whitespace: said the same way whether the pooled parser is fresh (yajl would
        // call it a premature end) or has finished a document before (it accepts the empty rest).
        if !sawValue() && isBlank(body) {
            throw parser.error(.syntax("empty input: expected a JSON value"), at: input.count, path: "$")
        }
        try parser.complete(at: input.count)
        if !sawValue() {
            throw parser.error(.syntax("empty input: expected a JSON value"), at: input.count, path: "$")
        }
    }

    /// The stateful pre-scan and yajl over the input, block by block.
    private static func scanAndParse<Parser: WholeInputParser>(_ input: UnsafeRawBufferPointer, from start: Int, to parser: Parser) throws {
        var offset = start
        var scanner = InputScanner()
        // Scanned but not yet parsed: yajl rescans a string cut at a block end from its start on
        // every call, so a string spanning blocks is handed over whole, in one call (linear).
        var parsed = offset
        let scannerBase = offset  // the scanner counts from after the byte order mark
        func parse(upTo end: Int) throws {
            guard end > parsed else { return }
            try parser.parse(UnsafeRawBufferPointer(rebasing: input[parsed..<end]), at: parsed)
            parsed = end
        }
        while offset < input.count {
            let block = UnsafeRawBufferPointer(rebasing: input[offset..<min(offset + blockSize, input.count)])
            if let (at, problem) = scanner.scan(block) {
                // Let yajl report an earlier syntax error first, then report the scanner's.
                try parse(upTo: offset + at)
                throw parser.error(.syntax(problem.message), at: offset + at, path: "$")
            }
            offset += block.count
            if let open = scanner.openStringStart.map({ $0 + scannerBase }) {
                try parse(upTo: open)
                // Over the limit already: fail now, not after reading the rest of the string.
                if scanner.openStringDecodedBytes > parser.maxStringBytes {
                    throw parser.error(.limitExceeded(.maxStringBytes, limit: parser.maxStringBytes), at: open, path: nil)
                }
            } else {
                try parse(upTo: offset)
            }
        }
        if let problem = scanner.finish() {
            try parse(upTo: input.count)
            throw parser.error(.syntax(problem.message), at: input.count, path: "$")
        }
        try parse(upTo: input.count)
    }

    /// Whether `bytes` are JSON whitespace only (the pre-scan has rejected form feeds already).
    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy(isJSONWhitespace)
    }
}

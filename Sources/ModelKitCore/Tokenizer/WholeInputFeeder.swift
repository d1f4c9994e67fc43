/// What ``WholeInputFeeder`` drives: a chunk parser that can also be told the input has ended.
protocol WholeInputParser: ChunkParser {
    /// Ends the input, `end` bytes long: a value still open is an error located at the end.
    func complete(at end: Int) throws
    /// Where the last string value or container the sink was handed ends (0 before any): no
    /// string is open there.
    var lastValueEnd: Int { get }
    /// Told before any token when the quick check found the input plain (no non-ASCII byte, no
    /// `\u` escape): keys then match as `String`s only when they match as bytes. Untold, a
    /// parser assumes they may not.
    func inputIsPlain()
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
    /// `validUTF8` (a `UTF8Span`'s bytes): the quick check takes the UTF-8 as valid; the stateful
    /// scan, which few inputs need, checks it all the same.
    static func feed<Parser: WholeInputParser>(_ input: UnsafeRawBufferPointer, to parser: Parser, validUTF8: Bool = false,
                                               sawValue: () -> Bool) throws {
        // RFC 8259 lets a parser ignore a byte order mark; yajl would reject it.
        let start = hasByteOrderMark(input) ? 3 : 0
        let body = UnsafeRawBufferPointer(rebasing: input[start...])
        // No string that could outgrow the limit, and nothing for the stateful pre-scan but where
        // strings are: yajl takes the input in one call (no string is cut), and only what follows
        // the last value it handed over is scanned, for a string left open.
        var plain = true
        if body.count <= quickCheckLimit, body.count <= parser.maxStringBytes, InputScanner.quickCheck(body, validUTF8: validUTF8, plain: &plain) {
            if plain { parser.inputIsPlain() }
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

    /// The input to the chunked feeder in blocks: the stateful pre-scan and yajl take turns.
    private static func scanAndParse<Parser: WholeInputParser>(_ input: UnsafeRawBufferPointer, from start: Int, to parser: Parser) throws {
        var feeder = ChunkedFeeder(start: start)
        var offset = start
        while offset < input.count {
            let end = min(offset + blockSize, input.count)
            // The bytes held back stay where they are: the next block's turn hands them over.
            _ = try feeder.feed(UnsafeRawBufferPointer(rebasing: input[feeder.parsedEnd..<end]), newBytes: end - offset, to: parser)
            offset = end
        }
        try feeder.finish(UnsafeRawBufferPointer(rebasing: input[feeder.parsedEnd...]), to: parser)
    }

    /// Whether `bytes` are JSON whitespace only (the pre-scan has rejected form feeds already).
    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy(isJSONWhitespace)
    }
}

/// A UTF-8 byte order mark at the start (checked without building an array per call).
@inline(__always)
func hasByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

/// Space, line feed, carriage return or tab: RFC 8259's whitespace.
@inline(__always)
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

// Where a failure gets its place: the token's start offset, line and column (SourceLocator), and
// the `$.a[3].b` path of the open frames.

extension DecodeEngine {
    // MARK: Errors

    /// How far the tokenizer has got in the whole input.
    var consumedOffset: Int {
        guard let tokenizer, locator.isInBuffer else { return locator.currentBufferOffset }
        return locator.currentBufferOffset + tokenizer.bytesConsumed
    }

    /// Where the token being handled starts (the tokenizer reports where it ends).
    var tokenStartOffset: Int { locator.tokenStart(end: consumedOffset) }

    /// Keeps the first failure, positioned at the current token and path.
    func record(_ error: any Error) {
        guard failure == nil else { return }
        failure = positioned(error)
    }

    func positioned(_ error: any Error, offset: Int? = nil) -> ModelDecodingError {
        let at = offset ?? tokenStartOffset
        switch error {
        case let e as ModelDecodingError: return e
        case let f as DecodeFailure: return self.error(f.reason, at: at)
        case let t as TransformFailure: return self.error(.invalid(t.message), at: at)
        default: return self.error(.invalid(String(describing: error)), at: at)
        }
    }

    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String? = nil) -> ModelDecodingError {
        let (line, column) = locator.location(of: offset)
        return ModelDecodingError(reason: reason, path: path ?? currentPath(), line: line, column: column, byteOffset: offset)
    }

    /// `$.statuses[3].user.id`, from the frames' current positions.
    func currentPath() -> String {
        var path = "$"
        for frame in frames { frame.appendPath(to: &path) }
        return path
    }

    /// For syntax errors: the containers still open, without the pending member.
    func pathOfOpenContainers() -> String {
        var path = ""
        for frame in frames.dropFirst() { frame.appendPath(to: &path) }
        return path
    }

    // MARK: The token a parse error is about

    /// Where the unexpected token ends at `end` starts: a string at its opening quote, a bracket,
    /// comma or colon at itself, a number or literal at its first byte. One definition for a whole
    /// input and for a stream, which hands yajl numbers, literals and strings whole.
    func unexpectedToken(endingAt end: Int) -> Int {
        guard let last = locator.byte(at: end - 1) else { return end }
        switch last {
        case UInt8(ascii: "\""):
            locator.lastTokenKind = .string
            return locator.tokenStart(end: end)
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
            return end - 1
        default:
            var start = end - 1
            while let previous = locator.byte(at: start - 1), SourceLocator.isTokenByte(previous) { start -= 1 }
            return start
        }
    }

    /// yajl rewinds "after key and value, inside map" by the length of the token's text: a number,
    /// literal or bracket then starts at `rewound`, a string two bytes before it (its quote and
    /// first byte; `""` too, whose text is empty). A string is taken when that quote follows the
    /// value before it (only whitespace between).
    func unexpectedToken(rewoundTo rewound: Int) -> Int {
        // A token other than a string starts at `rewound` when that byte can start one here (`,`
        // and `}` are what this state expects, a quote would have been rewound past) and what
        // precedes it is whitespace or the end of the value before.
        if let first = locator.byte(at: rewound), Self.canStartUnexpectedToken(first),
           let previous = locator.byte(at: rewound - 1), Self.isWhitespace(previous) || Self.endsValue(previous),
           startsWholeToken(at: rewound) {
            return rewound
        }
        let quote = rewound - 2
        guard quote >= 0, locator.byte(at: quote) == UInt8(ascii: "\"") else { return rewound }
        var before = quote - 1
        while let byte = locator.byte(at: before), Self.isWhitespace(byte) { before -= 1 }
        guard let valueEnd = locator.byte(at: before) else { return quote }
        if valueEnd == UInt8(ascii: "\"") || valueEnd == UInt8(ascii: "]") || valueEnd == UInt8(ascii: "}") { return quote }
        // A number or literal must end there, whole: `1 "x"` is a string after 1, while in
        // `["t40"]1` the quote ends "t40" (the run `t40` is no value) and 1 is the token.
        var start = before
        while let previous = locator.byte(at: start - 1), SourceLocator.isTokenByte(previous) { start -= 1 }
        var run: [UInt8] = []
        for offset in start...before { if let byte = locator.byte(at: offset) { run.append(byte) } }
        let isValue = run == Array("true".utf8) || run == Array("false".utf8) || run == Array("null".utf8)
            || run.withUnsafeBytes { JSONNumberGrammar.isValid($0) }
        return isValue && start <= before ? quote : rewound
    }

    /// A misspelt `true`, `false` or `null` is wrong at its first byte that differs from the word
    /// its first letter starts (`tru}` at `}`, `nx` at `x`): yajl stops before or after that byte
    /// depending on where its buffer ends.
    func firstWrongLiteralByte(near offset: Int) -> Int {
        var start = offset
        while let previous = locator.byte(at: start - 1), SourceLocator.isTokenByte(previous) { start -= 1 }
        let word: [UInt8]
        switch locator.byte(at: start) {
        case UInt8(ascii: "t"): word = Array("true".utf8)
        case UInt8(ascii: "f"): word = Array("false".utf8)
        case UInt8(ascii: "n"): word = Array("null".utf8)
        default: return offset
        }
        var at = start
        while at - start < word.count, locator.byte(at: at) == word[at - start] { at += 1 }
        return at
    }

    /// A letter starts a token here only as a whole `true`, `false` or `null` (yajl lexed the
    /// token whole; any other word would have been a lexical error).
    private func startsWholeToken(at offset: Int) -> Bool {
        let word: String
        switch locator.byte(at: offset) {
        case UInt8(ascii: "t"): word = "true"
        case UInt8(ascii: "f"): word = "false"
        case UInt8(ascii: "n"): word = "null"
        default: return true
        }
        return word.utf8.enumerated().allSatisfy { locator.byte(at: offset + $0.offset) == $0.element }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The last byte of a string, container, number or literal.
    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "e"), UInt8(ascii: "l"): return true
        default: return false
        }
    }

    private static func canStartUnexpectedToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return true
        default: return false
        }
    }
}

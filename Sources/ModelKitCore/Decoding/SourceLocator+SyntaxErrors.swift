import Foundation

// Where a syntax error is: yajl reports how far it got, which is not always where the offending
// token starts. One definition for every sink of the tokenizer (the decode engine and the
// Codable bridge's tape recorder), for a whole input and for a stream.

extension SourceLocator {
    /// How far the tokenizer has got in the whole input.
    func consumedOffset(_ tokenizer: YajlTokenizer?) -> Int {
        guard let tokenizer, isInBuffer else { return currentBufferOffset }
        return currentBufferOffset + tokenizer.bytesConsumed
    }

    /// The message and offset of the syntax error that made `tokenizer` fail; `atEnd` when it
    /// failed finishing the input.
    mutating func syntaxError(of tokenizer: YajlTokenizer, atEnd: Bool) -> (message: String, offset: Int) {
        let consumed = tokenizer.bytesConsumed
        let problem = tokenizer.syntaxError()
        var offset = currentBufferOffset + consumed
        // Lexical errors are reported just past the offending byte. At the end of input the
        // count refers to the parser's own internal flush, not to the input: the error is at the end.
        if atEnd {
            offset = currentBufferOffset
        } else if problem.isLexical, consumed > 0 {
            offset -= 1
            // A '/' is rejected before yajl counts it when more input follows it, after when it
            // ends the buffer (it looks ahead for a second '/' or '*'): the slash is the place.
            if problem.description.contains("comment"), byte(at: offset) != UInt8(ascii: "/"),
               byte(at: offset + 1) == UInt8(ascii: "/") {
                offset += 1
            } else if problem.description.hasPrefix("invalid literal") {
                offset = firstWrongLiteralByte(near: offset)
            }
        } else if problem.description.hasPrefix("after key and value") {
            // The one parse error yajl rewinds: to the unexpected token's text, which for a
            // string starts after its opening quote and first byte (see unexpectedToken).
            offset = unexpectedToken(rewoundTo: offset)
        } else if consumed > 0 {
            offset = unexpectedToken(endingAt: offset)
        }
        var text = problem.description
        if problem.namesByte, let byte = byte(at: offset) {
            let shown = (0x20..<0x7f).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
            text += " (at \(shown))"
        }
        return (text, offset)
    }

    // MARK: The token a parse error is about

    /// Where the unexpected token ends at `end` starts: a string at its opening quote, a bracket,
    /// comma or colon at itself, a number or literal at its first byte. One definition for a whole
    /// input and for a stream, which hands yajl numbers, literals and strings whole.
    mutating func unexpectedToken(endingAt end: Int) -> Int {
        guard let last = byte(at: end - 1) else { return end }
        switch last {
        case UInt8(ascii: "\""):
            lastTokenKind = .string
            return tokenStart(end: end)
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
            return end - 1
        default:
            var start = end - 1
            while let previous = byte(at: start - 1), Self.isTokenByte(previous) { start -= 1 }
            return start
        }
    }

    /// yajl rewinds "after key and value, inside map" by the length of the token's text: a number,
    /// literal or bracket then starts at `rewound`, a string two bytes before it (its quote and
    /// first byte; `""` too, whose text is empty). A string is taken when that quote follows the
    /// value before it (only whitespace between).
    mutating func unexpectedToken(rewoundTo rewound: Int) -> Int {
        // A token other than a string starts at `rewound` when that byte can start one here (`,`
        // and `}` are what this state expects, a quote would have been rewound past) and what
        // precedes it is whitespace or the end of the value before.
        if let first = byte(at: rewound), Self.canStartUnexpectedToken(first),
           let previous = byte(at: rewound - 1), Self.isWhitespace(previous) || Self.endsValue(previous),
           startsWholeToken(at: rewound) {
            return rewound
        }
        let quote = rewound - 2
        guard quote >= 0, byte(at: quote) == UInt8(ascii: "\"") else { return rewound }
        var before = quote - 1
        while let byte = byte(at: before), Self.isWhitespace(byte) { before -= 1 }
        guard let valueEnd = byte(at: before) else { return quote }
        if valueEnd == UInt8(ascii: "\"") || valueEnd == UInt8(ascii: "]") || valueEnd == UInt8(ascii: "}") { return quote }
        // A number or literal must end there, whole: `1 "x"` is a string after 1, while in
        // `["t40"]1` the quote ends "t40" (the run `t40` is no value) and 1 is the token.
        var start = before
        while let previous = byte(at: start - 1), Self.isTokenByte(previous) { start -= 1 }
        var run: [UInt8] = []
        for offset in start...before { if let byte = byte(at: offset) { run.append(byte) } }
        let isValue = run == Array("true".utf8) || run == Array("false".utf8) || run == Array("null".utf8)
            || run.withUnsafeBytes { JSONNumberGrammar.isValid($0) }
        return isValue && start <= before ? quote : rewound
    }

    /// A misspelt `true`, `false` or `null` is wrong at its first byte that differs from the word
    /// its first letter starts (`tru}` at `}`, `nx` at `x`): yajl stops before or after that byte
    /// depending on where its buffer ends.
    func firstWrongLiteralByte(near offset: Int) -> Int {
        var start = offset
        while let previous = byte(at: start - 1), Self.isTokenByte(previous) { start -= 1 }
        let word: [UInt8]
        switch byte(at: start) {
        case UInt8(ascii: "t"): word = Array("true".utf8)
        case UInt8(ascii: "f"): word = Array("false".utf8)
        case UInt8(ascii: "n"): word = Array("null".utf8)
        default: return offset
        }
        var at = start
        while at - start < word.count, byte(at: at) == word[at - start] { at += 1 }
        return at
    }

    /// A letter starts a token here only as a whole `true`, `false` or `null` (yajl lexed the
    /// token whole; any other word would have been a lexical error).
    private func startsWholeToken(at offset: Int) -> Bool {
        let word: String
        switch byte(at: offset) {
        case UInt8(ascii: "t"): word = "true"
        case UInt8(ascii: "f"): word = "false"
        case UInt8(ascii: "n"): word = "null"
        default: return true
        }
        return word.utf8.enumerated().allSatisfy { byte(at: offset + $0.offset) == $0.element }
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

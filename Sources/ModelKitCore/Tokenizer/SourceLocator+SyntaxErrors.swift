#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Where a syntax error is: yajl reports how far it got, which is not always where the offending
// token starts. One definition for the tape recorder, for a whole input and for a stream.

extension SourceLocator {
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
            // The one token the end completes is a number ending the input; yajl rewinds over it
            // only within its own one-byte flush, so it is placed here.
            if problem.description.hasPrefix("after key and value") { offset -= trailingTokenBytes }
        } else if problem.isAtByte {
            // yajl backed up to the byte: `offset` is its place.
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
            let shown = (0x20..<0x7f).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x" + hexDigits(byte, uppercase: true)
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
    /// first byte; `""` too, whose text is empty). Only whitespace separates the token from the
    /// member's value, so a quote two bytes back that follows the value's end is the token's own.
    /// Decided from the token's bytes alone (a stream hands yajl a string whole, in one buffer)
    /// and the value's end: bytes after the token or before it may be gone from a stream, or not
    /// arrived, and would place the same token differently per chunking.
    func unexpectedToken(rewoundTo rewound: Int) -> Int {
        let quote = rewound - 2
        guard quote >= lastValueEnd, byte(at: quote) == UInt8(ascii: "\"") else { return rewound }
        return quote
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
}

import Testing
@testable import ModelKitCore

/// Syntax errors as the tokenizer adapter words and places them: yajl's messages in the
/// library's words, the offending byte named where it helps, the position at the token's start.
@Suite struct TokenizerMessageTests {
    private func syntaxError(_ json: String) throws -> ModelDecodingError {
        try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: json) }
    }

    @Test func unexpectedEndOfInputNamesNoByte() throws {
        let error = try syntaxError("{\"a\": [1, 2")
        #expect(error.reason == .syntax("unexpected end of input"))
        #expect(error.byteOffset == 11)
        #expect(error.path == "$.a[2]")
    }

    @Test func unexpectedCharacterNamesTheByteAndPointsAtIt() throws {
        let error = try syntaxError("{\"a\": @}")
        #expect(error.reason == .syntax("unexpected character (at '@')"))
        #expect(error.byteOffset == 6)
        #expect(error.column == 7)
    }

    @Test func parseErrorPointsAtTheStartOfTheUnexpectedToken() throws {
        let error = try syntaxError("{\"a\": 1 \"b\": 2}")
        guard case .syntax(let message) = error.reason else { Issue.record("\(error)"); return }
        #expect(message.hasSuffix("(at '\"')"))
        #expect(error.byteOffset == 8)
    }

    /// yajl says "invalid string in json text" for a misspelt `true`, `false` or `null`.
    @Test func aMisspeltLiteralIsCalledOne() throws {
        for json in ["tru", "[nul]", "{\"a\": fals}", "[truth]"] {
            let error = try syntaxError(json)
            guard case .syntax(let message) = error.reason else { Issue.record("\(json): \(error)"); continue }
            #expect(message.hasPrefix("invalid literal (true, false or null expected)"), "\(json): \(message)")
        }
    }

    @Test func unescapedControlCharacterNamesNoByte() throws {
        let error = try syntaxError("[\"a\u{01}b\"]")
        #expect(error.reason == .syntax("control character in a string must be escaped"))
    }

    @Test func failureInsideATokenStopsTheTokenizerWithTheSinksError() throws {
        let error = try #require(throws: ModelDecodingError.self) { try [Int](json: "[1, \"x\", 3]", options: DecodingOptions(conversion: .strict)) }
        #expect(error.path == "$[1]")
        #expect(error.byteOffset == 4)
    }
}

extension TokenizerMessageTests {
    private struct Labelled: Model, Equatable {
        var label = ""
        static let schema = Schema(Labelled.self) { Field("label", \.label) }
    }

    /// A raw control byte inside a string is the tokenizer's to report (yajl rejects every byte
    /// below 0x20 there, tab and line feed included): at the byte itself, with the path of the
    /// value it is in, the same for a whole input and a stream fed a byte at a time (whose path
    /// starts with the record's, `$[0]`, as every failure in a stream does).
    @Test func aControlByteInAStringIsReportedAtItsByteWholeAndStreamed() throws {
        for control: UInt8 in [0x01, 0x09, 0x0A, 0x0D, 0x1F] {
            let input = Array(#"{"label":"ab"#.utf8) + [control] + Array(#"c"}"#.utf8)
            let whole = try #require(throws: ModelDecodingError.self) { try Labelled(json: input) }
            #expect(whole.reason == .syntax("control character in a string must be escaped"), "\(control)")
            #expect(whole.byteOffset == 12, "\(control)")
            #expect(whole.path == "$.label", "\(control)")
            let stream = ModelStreamDecoder<Labelled>()
            let streamed = try #require(throws: ModelDecodingError.self) {
                for byte in input { _ = try stream.feed([byte]) }
                _ = try stream.finish()
            }
            #expect(streamed.reason == whole.reason && streamed.byteOffset == whole.byteOffset && streamed.path == "$[0]" + whole.path.dropFirst(),
                    "\(control): \(streamed) vs \(whole)")
        }
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// Syntax errors of whole input: where they are reported, that they win over type mismatches, and
// that a failed document leaves the pooled engine as it was.

private struct IntHolder: Model, Equatable {
    var a = 0
    var b = 0
    static let schema = Schema(IntHolder.self) {
        Field("a", \.a)
        Field("b", \.b)
    }
}

@Suite struct SyntaxErrorTests {
    // `[]"2]][6` has bytes after a complete value: it must fail, and the pooled engine it used
    // must not change what the next valid document decodes to.
    @Test func aFailedDecodeDoesNotPoisonThePool() throws {
        let hostile = [#"[]"2]][6"#, #"{"a":1}]]"#, #"[1,2] 3"#, #"{"a":1}{"#, #"[]""#, "[] [", "{} 1"]
        for input in hostile {
            for _ in 0..<4 {
                #expect(throws: ModelDecodingError.self, "\(input)") { try ModelDecoder().decode(JSONValue.self, from: input) }
                #expect(throws: ModelDecodingError.self, "\(input)") { try IntHolder(json: input) }
            }
            for _ in 0..<4 {
                #expect(try ModelDecoder().decode(JSONValue.self, from: #"{"a":[1,{"b":2}]}"#) == ["a": [1, ["b": 2]]], "after \(input)")
                #expect(try IntHolder(json: #"{"a":1,"b":2}"#) == IntHolder(a: 1, b: 2), "after \(input)")
                #expect(try ModelDecoder().decode([Int].self, from: "[5]") == [5], "after \(input)")
            }
        }
    }

    // `{"a":1} "never closed`: a string still open at the end is a syntax error at the end.
    @Test func trailingUnterminatedStringIsASyntaxErrorAtTheEnd() throws {
        for input in [#"{"a":1} "never closed"#, #"{"a":1} ""#, #"{"a":"open"#, #"""#] {
            let error = try #require(throws: ModelDecodingError.self, "\(input)") { try IntHolder(json: input) }
            guard case .syntax = error.reason else {
                Issue.record("\(input): \(error)")
                continue
            }
            #expect(error.byteOffset == input.utf8.count, "\(input): \(error)")
            #expect(error.column == input.count + 1, "\(input): \(error)")
        }
    }

    // Every truncated document reported "line 1, column 2": the error must point at the end.
    @Test func truncatedInputIsLocatedAtItsEnd() throws {
        let documents = [
            "{\n  \"a\": 1,\n  \"b\": [1, 2",
            "{\"a\": 1, \"b\"",
            "[[[[",
            "{\"a\":",
            "  [1, 2,\n\n 3",
            "{\"a\": tru",
        ]
        for input in documents {
            let error = try #require(throws: ModelDecodingError.self, "\(input)") { try ModelDecoder().decode(JSONValue.self, from: input) }
            #expect(error.byteOffset == input.utf8.count, "\(input): \(error)")
            let lines = input.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(error.line == lines.count, "\(input): \(error)")
            #expect(error.column == lines.last!.count + 1, "\(input): \(error)")
            guard case .syntax = error.reason else {
                Issue.record("\(input): \(error)")
                continue
            }
        }
    }

    // `{"b": [1, 2}` into an Int field reported the type mismatch (an array for an Int), which
    // hides that the document is not JSON at all.
    @Test func syntaxErrorsAreNotMaskedByTypeMismatches() throws {
        let cases = [
            (#"{"b": [1, 2}"#, 11),
            (#"{"a": "x", "b": 1,]"#, 18),
            (#"{"a": {}, "b": 2"#, 16),
            (#"{"a": [], "#, 10),
        ]
        for (input, offset) in cases {
            let error = try #require(throws: ModelDecodingError.self, "\(input)") { try IntHolder(json: input) }
            guard case .syntax = error.reason else {
                Issue.record("\(input): expected a syntax error, got \(error)")
                continue
            }
            #expect(error.byteOffset == offset, "\(input): \(error)")
        }
        // A valid document still reports its mismatch, where it is.
        let mismatch = try #require(throws: ModelDecodingError.self) { try IntHolder(json: #"{"b": [1, 2]}"#) }
        #expect(mismatch.reason == .typeMismatch(expected: "Int", found: "array"))
        #expect(mismatch.path == "$.b")
    }

}

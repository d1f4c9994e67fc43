import Foundation
import Testing
@testable import ModelKitCore

// Issue 10, "Found" list: reproducers for the whole-input engine. Each test names its reproducer.

private struct IntHolder: Model, Equatable {
    var a = 0
    var b = 0
    static let schema = Schema(IntHolder.self) {
        Field("a", \.a)
        Field("b", \.b)
    }
}

private struct Wide: Model, Equatable {
    var i64: Int64 = 0
    var u64: UInt64 = 0
    var i8: Int8 = 0
    static let schema = Schema(Wide.self) {
        Field("i64", \.i64)
        Field("u64", \.u64)
        Field("i8", \.i8)
    }
}

private struct Account: Model, Equatable {
    var id = 0
    var owner = ""
    var note: String?
    var child: Child?
    static let schema = Schema(Account.self) {
        Field("id", \.id, options: .required)
        Field("owner", \.owner, options: .required)
        Field("note", \.note)
        Field("child", \.child)
    }
}

private struct Child: Model, Equatable {
    var name = ""
    var size = 0
    static let schema = Schema(Child.self) {
        Field("name", \.name, options: .required)
        Field("size", \.size)
    }
}

@Suite struct HardeningEngineTests {
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

    // Lenient fractions into integer fields were converted through Double:
    // 9007199254740993.0 → 9007199254740992. Truncation must be exact, from the digits.
    @Test func fractionalNumbersTruncateExactlyFromTheDigits() throws {
        let cases: [(String, Int64?)] = [
            ("9007199254740993.0", 9_007_199_254_740_993),
            ("9223372036854775807.0", .max),
            ("9223372036854775807.999", .max),
            ("-9223372036854775808.5", .min),
            ("-9007199254740993.9", -9_007_199_254_740_993),
            ("9007199254740993e0", 9_007_199_254_740_993),
            ("90071992547409.93e2", 9_007_199_254_740_993),
            ("900719925474099312e-2", 9_007_199_254_740_993),
            ("1.5e-400", 0),
            ("-0.9", 0),
            ("12.7", 12),
            ("9223372036854775808.0", nil),
            ("1e19", nil),
            ("1e400", nil),
        ]
        for (text, expected) in cases {
            let json = #"{"i64": \#(text)}"#
            if let expected {
                #expect(try Wide(json: json).i64 == expected, "\(text)")
            } else {
                #expect(throws: ModelDecodingError.self, "\(text)") { try Wide(json: json) }
            }
        }
        #expect(try Wide(json: #"{"u64": 18446744073709551615.0}"#).u64 == .max)
        #expect(try Wide(json: #"{"u64": 9223372036854775807.0}"#).u64 == 9_223_372_036_854_775_807)
        #expect(try Wide(json: #"{"u64": "18446744073709551615.25"}"#).u64 == .max)
        #expect(throws: ModelDecodingError.self) { try Wide(json: #"{"u64": 18446744073709551616.0}"#) }
        #expect(throws: ModelDecodingError.self) { try Wide(json: #"{"u64": -1.5}"#) }
        #expect(try Wide(json: #"{"u64": -0.5}"#).u64 == 0)
        #expect(try Wide(json: #"{"i8": 127.99}"#).i8 == 127)
        #expect(throws: ModelDecodingError.self) { try Wide(json: #"{"i8": 128.0}"#) }
        // Strict mode still takes integral values written with a fraction or exponent, exactly.
        let strict = DecodingOptions(conversion: .strict)
        #expect(try Wide(json: #"{"i64": 9007199254740993.0}"#, options: strict).i64 == 9_007_199_254_740_993)
        #expect(try Wide(json: #"{"i64": 9.007199254740993e15}"#, options: strict).i64 == 9_007_199_254_740_993)
        #expect(throws: ModelDecodingError.self) { try Wide(json: #"{"i64": 9007199254740993.5}"#, options: strict) }
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

    // PATCH: update(json:) sets only the keys present, so `.required` keys absent from the
    // patch are not missing (they keep their current values); a new value still needs them.
    @Test func updateDoesNotRequireRequiredKeysAbsentFromThePatch() throws {
        var account = try Account(json: #"{"id": 1, "owner": "ann", "child": {"name": "c", "size": 1}}"#)
        try account.update(json: #"{"note": "hello"}"#)
        #expect(account == Account(id: 1, owner: "ann", note: "hello", child: Child(name: "c", size: 1)))
        try account.update(json: #"{"child": {"size": 2}}"#)
        #expect(account.child == Child(name: "c", size: 2))
        #expect(throws: ModelDecodingError.self) { try Account(json: #"{"note": "hello"}"#) }
        // A nested model the patch creates is a new value: its required keys apply.
        var bare = try Account(json: #"{"id": 1, "owner": "ann"}"#)
        let error = try #require(throws: ModelDecodingError.self) { try bare.update(json: #"{"child": {"size": 2}}"#) }
        #expect(error.reason == .missingKey("name"))
    }
}

import Foundation
import Testing
@testable import ModelKitCore

/// RFC 8259 is the contract, not yajl: what yajl lets through that the RFC forbids must fail,
/// what the RFC allows must pass.
@Suite struct RFC8259ConformanceTests {
    static let invalid: [(String, [UInt8])] = [
        ("leading zero", Array("01".utf8)),
        ("minus alone", Array("-".utf8)),
        ("trailing dot", Array("1.".utf8)),
        ("leading dot", Array(".5".utf8)),
        ("plus sign", Array("+1".utf8)),
        ("bare exponent", Array("1e".utf8)),
        ("exponent sign only", Array("1e+".utf8)),
        ("hex", Array("0x10".utf8)),
        ("NaN", Array("NaN".utf8)),
        ("Infinity", Array("Infinity".utf8)),
        ("form feed whitespace", Array("[1,\u{0C}2]".utf8)),
        ("vertical tab whitespace", Array("[1,\u{0B}2]".utf8)),
        ("overlong slash", [0x22, 0xC0, 0xAF, 0x22]),
        ("UTF-8 encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
        ("stray continuation", [0x22, 0x80, 0x22]),
        ("truncated sequence", [0x22, 0xE4, 0xB8, 0x22]),
        ("lone low surrogate escape", Array(#""\udc00""#.utf8)),
        ("lone high surrogate escape", Array(#""\ud800""#.utf8)),
        ("high surrogate then letter", Array(#""\ud800\u0041""#.utf8)),
        ("raw control character", Array("\"a\u{01}b\"".utf8)),
        ("raw tab in string", Array("\"a\tb\"".utf8)),
        ("single quotes", Array("'a'".utf8)),
        ("comment", Array("[1 /* c */]".utf8)),
        ("trailing comma array", Array("[1,]".utf8)),
        ("trailing comma object", Array(#"{"a":1,}"#.utf8)),
        ("trailing garbage", Array("[1] x".utf8)),
        ("two values", Array("1 2".utf8)),
        ("empty", []),
        ("only whitespace", Array("  \n".utf8)),
        ("unterminated string", Array(#""abc"#.utf8)),
        ("unterminated array", Array("[1,2".utf8)),
        ("invalid escape", Array(#""\x""#.utf8)),
        ("unquoted key", Array("{a:1}".utf8)),
        ("capital TRUE", Array("TRUE".utf8)),
    ]

    static let valid: [(String, [UInt8])] = [
        ("zero", Array("0".utf8)),
        ("negative zero", Array("-0".utf8)),
        ("exponent forms", Array("[1e5,1E+5,1e-5,-1.5e300,0.0]".utf8)),
        ("huge integer text", Array("[18446744073709551616123]".utf8)),
        ("surrogate pair escape", Array(#""\ud83d\ude00""#.utf8)),
        ("escaped backslash then u", Array(#""\\ud800""#.utf8)),
        ("NUL escape", Array(#""a\u0000b""#.utf8)),
        ("all whitespace kinds", Array(" \t\r\n[ \t\r\n1 \t\r\n] \t\r\n".utf8)),
        ("byte order mark", [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)),
        ("non-BMP raw", Array("\"𝄞 😀 中文\"".utf8)),
        ("top-level scalar", Array("true".utf8)),
        ("empty containers", Array(#"{"a":[],"b":{}}"#.utf8)),
    ]

    @Test(arguments: invalid.indices)
    func rejects(_ index: Int) {
        let (name, bytes) = Self.invalid[index]
        #expect(throws: ModelDecodingError.self, "\(name) must be rejected") {
            _ = try ModelDecoder().decode(JSONValue.self, from: bytes)
        }
    }

    @Test(arguments: valid.indices)
    func accepts(_ index: Int) throws {
        let (name, bytes) = Self.valid[index]
        #expect(throws: Never.self, "\(name) must be accepted") {
            _ = try ModelDecoder().decode(JSONValue.self, from: bytes)
        }
    }

    @Test func surrogatePairDecodesToTheRightCharacter() throws {
        let value = try ModelDecoder().decode(String.self, from: #""\ud83d\ude00""#)
        #expect(value == "😀")
        let nul = try ModelDecoder().decode(String.self, from: #""a\u0000b""#)
        #expect(Array(nul.utf8) == [0x61, 0, 0x62])
    }

    @Test func syntaxErrorsArePositionedAndReadable() throws {
        let json = "{\n  \"a\": [1, 2,, 3]\n}"
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: json) }
        guard case .syntax(let message) = error.reason else { Issue.record("expected .syntax, got \(error.reason)"); return }
        #expect(error.line == 2)
        #expect(error.column == 14)  // the second ',' itself (yajl reports the byte after it)
        #expect(message.contains("','"))
        #expect(!message.contains("lexical error"))
        #expect(!message.contains("parse error"))
    }
}

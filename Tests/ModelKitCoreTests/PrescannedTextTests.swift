import Foundation
import Testing
@testable import ModelKitCore

/// `String.prescanned`: a string token's checked bytes copied without a second UTF-8 check,
/// ASCII exactly when they are (a non-ASCII string marked ASCII would count and index wrongly).
@Suite struct PrescannedTextTests {
    @Test func makesTheStringDecodingWouldWithItsASCIINess() {
        let pieces = ["a", "é", "€", "😀", "K", "\u{212A}", "e\u{301}", " ", "\u{0}"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "abc", "abcdefg", "abcdefgh", "abcdefghi", String(repeating: "x", count: 16), String(repeating: "x", count: 17)]
        // A non-ASCII scalar at every position of texts around the word sizes the check reads.
        for length in [1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 40] {
            for position in 0..<length {
                texts.append(String(repeating: "a", count: position) + "é" + String(repeating: "b", count: length - position - 1))
            }
            texts.append((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            var bytes = Array(text.utf8)
            let made = bytes.withUnsafeMutableBytes { String.prescanned(UnsafeRawBufferPointer($0)) }
            bytes.removeAll()  // the string owns a copy
            #expect(made == text)
            #expect(Array(made.utf8) == Array(text.utf8))
            #expect(made.count == text.count, "\(Array(text.utf8))")
            #expect(Array(made) == Array(text))
            #expect(made.hashValue == text.hashValue)
            #expect(made.unicodeScalars.map(\.value) == text.unicodeScalars.map(\.value))
        }
    }

    /// The schema path marks the strings of plain input ASCII without looking (`knownASCII`):
    /// what it makes must be the same strings, with the same counts and indexes, as the strings
    /// of the same text decoded from input that is not plain (an `é` elsewhere in it).
    @Test func schemaStringsOfPlainInputAreTheSameStringsAsOfOtherInput() throws {
        struct Texts: Model, Equatable {
            var a = ""
            var b: [String] = []
            var other = ""
            static let schema = Schema(Texts.self) {
                Field("a", \.a)
                Field("b", \.b)
                Field("other", \.other)
            }
        }
        let values = ["", "x", "short", "exactly15bytes!", "sixteen bytes ok", "tab\\t and \\\"quotes\\\"", String(repeating: "long ", count: 20)]
        let list = values.map { "\"\($0)\"" }.joined(separator: ",")
        let plain = #"{"a":"# + "\"\(values[5])\"" + #","b":["# + list + #"],"other":"ascii"}"#
        let notPlain = plain.replacingOccurrences(of: #""other":"ascii""#, with: #""other":"é""#)
        let fromPlain = try Texts(json: Data(plain.utf8))
        let fromOther = try Texts(json: Data(notPlain.utf8))
        #expect(fromPlain.b == fromOther.b)
        #expect(fromPlain.a == fromOther.a)
        #expect(fromPlain.a == "tab\t and \"quotes\"")
        for (made, expected) in zip(fromPlain.b, fromOther.b) {
            #expect(made.count == expected.count)
            #expect(made.utf8.count == expected.utf8.count)
            #expect(made.hashValue == expected.hashValue)
            #expect(Array(made) == Array(expected))
        }
        #expect(fromOther.other == "é")
        // A `\u` escape makes input not plain: its string is not taken as ASCII.
        let escaped = try Texts(json: Data(#"{"a":"caf\u00e9","other":"x"}"#.utf8))
        #expect(escaped.a == "café")
        #expect(escaped.a.count == 4)
        #expect(escaped.a.unicodeScalars.count == 4)
    }

    /// The bridge reads text values of a document that is not plain through it: the values are
    /// `JSONDecoder`'s, escapes and all, beside ASCII keys and ASCII values.
    @Test func bridgeStringsOfNonPlainInputMatchJSONDecoder() throws {
        struct Texts: Codable, Equatable { var a: String; var b: [String]; var c: [String: String] }
        let json = #"{"a":"caf\u00e9 \ud83d\ude00 tab\t","b":["plain","日本語のテキスト","e\u0301","\u0000x"],"c":{"k":"Ωmega","l":"ascii"}}"#
        let foundation = try JSONDecoder().decode(Texts.self, from: Data(json.utf8))
        let decoded = try ModelDecoder().decode(Texts.self, from: Data(json.utf8))
        #expect(decoded == foundation)
        #expect(decoded.b[1].count == 8)
    }
}

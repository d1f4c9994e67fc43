import Foundation
import Testing
@testable import ModelKitCore

@Suite struct ErrorsAndLimitsTests {
    @Test func everyFieldOfTheErrorOnAMultiLineInput() throws {
        let json = """
        {
          "statuses": [
            {"id": 1, "text": "ok"},
            {"id": 2, "text": "ok", "user": {"id": 7, "name": "ü", "tags": ["a", 5, {}]}}
          ]
        }
        """
        let error = try #require(throws: ModelDecodingError.self) { try Timeline(json: json) }
        #expect(error.path == "$.statuses[1].user.tags[2]")
        #expect(error.line == 4)
        let line4 = json.split(separator: "\n", omittingEmptySubsequences: false)[3]
        let column = line4.distance(from: line4.startIndex, to: line4.firstIndex(of: "{")!) + 1
        #expect(error.column == line4.prefix(upTo: line4.lastIndex(of: "{")!).count + 1)
        #expect(column == 5)
        let offset = json.utf8.count - "}]}}\n  ]\n}".utf8.count - 1
        #expect(error.byteOffset == offset)
        #expect(error.reason == .typeMismatch(expected: "String", found: "object"))
        #expect(error.description == "$.statuses[1].user.tags[2] (line 4, column \(error.column)): expected String, found object")
    }

    @Test func deepNestingHitsMaxDepthNotTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: deep) }
        #expect(error.reason == .limitExceeded(.maxDepth, limit: 512))
        #expect(error.byteOffset == 512)
        var limits = DecodingLimits()
        limits.maxDepth = 3
        let options = DecodingOptions(limits: limits)
        #expect(throws: Never.self) { try ModelDecoder(options: options).decode(JSONValue.self, from: "[[[1]]]") }
        #expect(throws: ModelDecodingError.self) { try ModelDecoder(options: options).decode(JSONValue.self, from: "[[[[1]]]]") }
    }

    @Test func inputAndStringLimits() throws {
        var limits = DecodingLimits()
        limits.maxInputBytes = 10
        #expect(throws: ModelDecodingError.self) { try Book(json: #"{"n":"abcdefgh"}"#, options: DecodingOptions(limits: limits)) }
        limits = DecodingLimits()
        limits.maxStringBytes = 4
        let error = try #require(throws: ModelDecodingError.self) { try Book(json: #"{"n":"abcde"}"#, options: DecodingOptions(limits: limits)) }
        #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 4))
        #expect(error.path == "$.n")
        #expect(error.byteOffset == 5)
        #expect(try Book(json: #"{"n":"abcd"}"#, options: DecodingOptions(limits: limits)).name == "abcd")
    }

    @Test func truncatedInputAtEveryLengthIsAnErrorNeverACrash() throws {
        let json = Array(#"{"statuses":[{"id":1,"text":"a\u00e9b","user":{"id":2,"name":"n","tags":["x"]}}]}"#.utf8)
        for length in 0..<json.count {
            #expect(throws: ModelDecodingError.self, "prefix of \(length) bytes") {
                try Timeline(json: json[0..<length])
            }
        }
        #expect(try Timeline(json: json).statuses.count == 1)
    }

    @Test func invalidUTF8IsPositioned() throws {
        var bytes = Array(#"{"n":"ab"}"#.utf8)
        bytes.insert(0xFF, at: 7)
        let error = try #require(throws: ModelDecodingError.self) { try Book(json: bytes) }
        #expect(error.byteOffset == 7)
        #expect(error.column == 8)
        guard case .syntax = error.reason else { Issue.record("expected .syntax, got \(error.reason)"); return }
    }

    @Test func topLevelTypeMismatch() throws {
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode([Int].self, from: #"{"a":1}"#) }
        #expect(error.path == "$")
        #expect(error.reason == .typeMismatch(expected: "[Int]", found: "object"))
        #expect(throws: ModelDecodingError.self) { try Book(json: "null") }
        #expect(throws: ModelDecodingError.self) { try Book(json: "[1]") }
    }

    @Test func randomGarbageNeverCrashes() throws {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnu"#.utf8) + [0xC3, 0xA9, 0xFF, 0x0A]
        for _ in 0..<3000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = try? ModelDecoder().decode(JSONValue.self, from: bytes)
            _ = try? Timeline(json: bytes)
        }
    }

    /// An error inside an unknown key's value names the key: read in place from the input, or
    /// from a copy where yajl unescaped the key into its own buffer or a stream holds the chunk.
    @Test func errorsInsideUnknownKeysNameTheKey() throws {
        struct Small: Model {
            var a = 0
            static let schema = Schema(Small.self) { Field("a", \.a) }
        }
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: 3))
        for (json, path) in [(#"{"a":1,"zz":[[[[1]]]]}"#, "$.zz"), (#"{"z\u0041":[[[[1]]]],"a":1}"#, "$.zA")] {
            let error = try #require(throws: ModelDecodingError.self) { try Small(json: json, options: options) }
            #expect(error.reason == .limitExceeded(.maxDepth, limit: 3))
            #expect(error.path == path)
            var stream = ModelStreamDecoder<Small>(options: options)
            let streamed = try #require(throws: ModelDecodingError.self) {
                _ = try stream.feed(Array(json.utf8))
                _ = try stream.finish()
            }
            #expect(streamed.path == "$[0]" + path.dropFirst())  // a stream's values are numbered
        }
    }
}

/// A small deterministic generator for property-style tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

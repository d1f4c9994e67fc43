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
        let error = try #require(throws: ModelDecodingError.self) { try [Int](json: #"{"a":1}"#) }
        #expect(error.path == "$")
        #expect(error.reason == .typeMismatch(expected: "[Int]", found: "object"))
        #expect(throws: ModelDecodingError.self) { try Book(json: "null") }
        #expect(throws: ModelDecodingError.self) { try Book(json: "[1]") }
    }

    /// Random short inputs: each one either decodes (and then encodes and decodes back to the same
    /// value) or fails with a `ModelDecodingError` located inside the input. Both outcomes occur.
    @Test func randomGarbageDecodesOrFailsLocated() throws {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnu"#.utf8) + [0xC3, 0xA9, 0xFF, 0x0A]
        var decoded = 0, refused = 0
        for _ in 0..<3000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            switch Result(catching: { try ModelDecoder().decode(JSONValue.self, from: bytes) }) {
            case .success(let value):
                decoded += 1
                #expect(try ModelDecoder().decode(JSONValue.self, from: ModelEncoder().encode(value)) == value, "\(bytes)")
            case .failure(let error):
                refused += 1
                expectLocated(error, in: bytes)
            }
            do {
                _ = try Timeline(json: bytes)
            } catch {
                expectLocated(error, in: bytes)
            }
        }
        #expect(decoded > 10)
        #expect(refused > 1000)
    }

    private func expectLocated(_ error: any Error, in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = error as? ModelDecodingError else {
            Issue.record("not a ModelDecodingError: \(error) for \(bytes)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.path.hasPrefix("$"), "\(error)", sourceLocation: sourceLocation)
        #expect((0...bytes.count).contains(error.byteOffset), "\(error) for \(bytes)", sourceLocation: sourceLocation)
        #expect(error.line >= 1 && error.line <= bytes.count + 1, "\(error)", sourceLocation: sourceLocation)
        #expect(error.column >= 1 && error.column <= bytes.count + 1, "\(error)", sourceLocation: sourceLocation)
    }

    /// A number over `maxStringBytes` is not called a string (it was: "string longer than
    /// maxStringBytes"), and the message gives the unit.
    @Test func numbersOverTheStringLimitAreNamedInTheMessage() throws {
        struct Small: Model {
            var a = 0.0
            static let schema = Schema(Small.self) { Field("a", \.a) }
        }
        let options = DecodingOptions(limits: DecodingLimits(maxStringBytes: 4))
        let error = try #require(throws: ModelDecodingError.self) { try Small(json: #"{"a":123456}"#, options: options) }
        #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 4))
        #expect(error.path == "$.a" && error.column == 6)
        #expect(error.description == "$.a (line 1, column 6): string, key or number longer than maxStringBytes (4 bytes)")
    }

    /// An error inside an unknown key's value names the key and the containers open inside it:
    /// read in place from the input, or from a copy where yajl unescaped the key into its own
    /// buffer or a stream holds the chunk.
    @Test func errorsInsideUnknownKeysNameTheKey() throws {
        struct Small: Model {
            var a = 0
            static let schema = Schema(Small.self) { Field("a", \.a) }
        }
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: 3))
        // A limit error is the recorder's: the containers open on its tape (a stream's prefixed
        // by the record), numbered inside a value no field reads.
        for (json, path) in [(#"{"a":1,"zz":[[[[1]]]]}"#, "$.zz[0][0]"), (#"{"z\u0041":[[[[1]]]],"a":1}"#, "$.zA[0][0]")] {
            let error = try #require(throws: ModelDecodingError.self) { try Small(json: json, options: options) }
            #expect(error.reason == .limitExceeded(.maxDepth, limit: 3))
            #expect(error.path == path)  // the fourth level
            let stream = ModelStreamDecoder<Small>(options: options)
            let streamed = try #require(throws: ModelDecodingError.self) {
                _ = try stream.feed(Array(json.utf8))
                _ = try stream.finish()
            }
            #expect(streamed.path == "$[0]" + path.dropFirst())  // a stream's values are numbered
        }
    }

    @Test func aWholeDocumentStringLongerThanABlockDecodesAndHitsTheLimitEarly() throws {
        let long = String(repeating: "ab", count: 1_500_000)
        let json = "{\"s\":\"" + long + "\",\"n\":2}"
        let holder = try LongHolder(json: json)
        #expect(holder.text.utf8.count == 3_000_000)
        #expect(holder.number == JSONValue(2))
        // Unterminated, over the limit: the limit, at the string, before the end of input.
        let open = Array(("{\"s\":\"" + long).utf8)
        let error = try #require(throws: ModelDecodingError.self) {
            try LongHolder(json: open, options: DecodingOptions(limits: DecodingLimits(maxStringBytes: 1000)))
        }
        #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 1000))
        #expect(error.byteOffset == 5)
        #expect(error.path == "$.s")
        // After a byte order mark, offsets still count from the first byte of the input.
        let limits = DecodingOptions(limits: DecodingLimits(maxStringBytes: 1000))
        let withMark: [UInt8] = [0xEF, 0xBB, 0xBF] + open
        let marked = try #require(throws: ModelDecodingError.self) { try LongHolder(json: withMark, options: limits) }
        #expect(marked.byteOffset == 8)
        let stream = ModelStreamDecoder<LongHolder>(options: limits)
        let streamed = try #require(throws: ModelDecodingError.self) { _ = try stream.feed(withMark[0..<4000]) }
        #expect(streamed.byteOffset == 8)
        #expect(streamed.reason == .limitExceeded(.maxStringBytes, limit: 1000))
    }

    @Test func maxDepthIsBoundedWhateverItIsSetTo() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: 1_000_000))
        let depth = DecodingLimits.maxDepthBound + 1
        let json = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder(options: options).decode(JSONValue.self, from: json) }
        #expect(error.reason == .limitExceeded(.maxDepth, limit: DecodingLimits.maxDepthBound))
        let atBound = Array((String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)).utf8)
        let value = try ModelDecoder(options: options).decode(JSONValue.self, from: atBound)
        // Equality and hashing walk the whole depth: a second decode is an equal, separate value.
        let again = try ModelDecoder(options: options).decode(JSONValue.self, from: atBound)
        #expect(value == again)
        #expect(value.hashValue == again.hashValue)
        var otherLeaf = atBound
        otherLeaf.insert(UInt8(ascii: "0"), at: depth - 1)  // the innermost array holds a 0
        #expect(try ModelDecoder(options: options).decode(JSONValue.self, from: otherLeaf) != value)
        #expect(try ModelEncoder().encode(value) == atBound)
        #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(AnyHolder(any: [1]))).any == [1])
        // Deeper than an archive is read back: refused (after walking that deep), not written.
        #expect(throws: ModelEncodingError.self) { try Archive.encode(AnyHolder(any: value)) }
        #expect(AnyHolder(any: value).modelDescription.count > depth)
        // Models nested to the bound: every path that walks them recursively.
        let levels = DecodingLimits.maxDepthBound / 2 - 1
        let statuses = Array((String(repeating: #"{"retweeted":["#, count: levels) + String(repeating: "]}", count: levels)).utf8)
        let status = try ModelDecoder(options: options).decode(Status.self, from: statuses)
        let reread = try ModelDecoder(options: options).decode(Status.self, from: try status.jsonBytes())
        #expect(status.modelIsEqual(reread))
        #expect(reread == status)
        #expect(!status.modelIsEqual(Status()))
        #expect(throws: ModelEncodingError.self) { try Archive.encode(status) }
        #expect(status.modelDescription.count > levels)
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

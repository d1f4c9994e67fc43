import Foundation
import Testing
@testable import ModelKitCore

/// The Codable bridge's tape recorder: yajl's tokens onto the tape, with the same checks, limits
/// and error places as the schema path, and pooled recorders that never leak one document into the next.
@Suite struct TapeRecorderTests {
    struct Pair: Codable, Equatable { var a: [Int]; var b: String }

    /// The bridge's error for `json`, as a ModelDecodingError.
    private func bridgeError(_ json: String, options: DecodingOptions = .init()) throws -> ModelDecodingError {
        let error = try #require(throws: DecodingError.self) { try ModelDecoder(options: options).decode(Pair.self, from: json) }
        guard case .dataCorrupted(let context) = error else { Issue.record("not dataCorrupted: \(error)"); throw error }
        return try #require(context.underlyingError as? ModelDecodingError)
    }

    @Test func recordsEveryTokenKindInDocumentOrder() throws {
        let json = Array(#"{"a":[1,true,null,"x\n"],"b":{}}"#.utf8)
        let kinds = try json.withUnsafeBytes { bytes in
            let recorder = try TapeRecorder.record(bytes, options: .init())
            defer { recorder.finish(keptByDecoders: false) }
            return (0..<recorder.tape.count).map { recorder.tape.entries[$0].kind }
        }
        #expect(kinds == [.object, .string, .array, .number, .trueValue, .null, .string, .string, .object, .null])
    }

    @Test func syntaxErrorsAreLocatedLikeTheSchemaPath() throws {
        for json in [#"{"a":[1,2}"#, #"{"a":[1],"b":"x" "c"}"#, #"{"a":[1],"b":tru}"#, #"{"a":[1],"b":"x"} 2"#, "   ", #"{"a":[1,"#] {
            let bridge = try bridgeError(json)
            let schema = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: json) }
            #expect(bridge.reason == schema.reason, "\(json)")
            #expect(bridge.byteOffset == schema.byteOffset, "\(json)")
            #expect(bridge.line == schema.line && bridge.column == schema.column, "\(json)")
        }
    }

    @Test func limitsStopTheRecordingWithTheOpenPath() throws {
        var options = DecodingOptions()
        options.limits.maxStringBytes = 4
        let long = try bridgeError(#"{"a":[1],"b":"abcdefgh"}"#, options: options)
        #expect(long.reason == .limitExceeded(.maxStringBytes, limit: 4))
        #expect(long.path == "$.b")
        let digits = try bridgeError(#"{"a":[1,123456789],"b":""}"#, options: options)
        #expect(digits.reason == .limitExceeded(.maxStringBytes, limit: 4))
        #expect(digits.path == "$.a[1]")
        options.limits.maxDepth = 2
        let deep = try bridgeError(#"{"a":[[1]],"b":""}"#, options: options)
        #expect(deep.reason == .limitExceeded(.maxDepth, limit: 2))
    }

    /// A recorder that failed is dropped; a parked one serves documents of any size next.
    /// A large document's unescaped strings share one side buffer sized for the whole input:
    /// every one must come back exactly, first to last (JSONDecoder is the oracle).
    @Test func unescapedStringsOfALargeDocumentComeBackExactly() throws {
        struct Line: Codable, Equatable { var text: String; var n: Int }
        let texts = ["tab\there", "quote \"q\"", "back\\slash", "caf\u{E9} \u{1F600}", "plain", "line\nbreak", "\u{1}"]
        let lines = (0..<12_000).map { Line(text: String(repeating: texts[$0 % texts.count], count: 1 + $0 % 5), n: $0) }
        let bytes = try JSONEncoder().encode(lines)
        #expect(bytes.count > 1 << 18)
        struct Lines: Decodable, Equatable {
            var lines: [Line]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                lines = []
                while !container.isAtEnd { lines.append(try container.decode(Line.self)) }
            }
        }
        #expect(try ModelDecoder().decode(Lines.self, from: bytes).lines == lines)
    }

    /// A large document's tape is sized from its tokens, not its bytes: one entry per 6 bytes
    /// reserved 4× what twitter.json needs (the bridge asked the heap for 4.75× the input).
    @Test func aLargeDocumentsTapeIsEstimatedFromItsTokens() throws {
        struct Item: Codable { var name: String; var url: String; var id: Int }
        let items = (0..<6_000).map { Item(name: "item number \($0) of the catalogue", url: "https://example.com/items/\($0)", id: $0) }
        let json = try JSONEncoder().encode(items)
        #expect(json.count > Tape.largeInput)
        let (tokens, estimate) = try json.withUnsafeBytes { bytes in
            let recorder = try TapeRecorder.record(bytes, options: .init())
            defer { recorder.finish(keptByDecoders: false) }
            return (recorder.tape.count, TapeRecorder.estimatedTokens(in: bytes))
        }
        #expect(tokens == 1 + 6_000 * 7 + 1)  // the array, 3 keys and 3 values per item, the sentinel
        #expect(estimate >= tokens && estimate <= tokens * 3 / 2, "\(estimate) entries estimated for \(tokens)")
    }

    /// The estimate comes from the document's start: a start with fewer tokens than the rest
    /// leaves the tape short, and it grows; every value still comes back.
    @Test func aTapeEstimatedShortGrowsToTheWholeDocument() throws {
        struct Sparse: Codable, Equatable { var note: String; var values: [Int] }
        let sparse = Sparse(note: String(repeating: "a long note at the start ", count: 800), values: Array(0..<100_000))
        let json = Array(#"{"note":"\#(sparse.note)","values":[\#(sparse.values.map(String.init).joined(separator: ","))]}"#.utf8)
        #expect(json.count > Tape.largeInput)
        let estimate = json.withUnsafeBytes { TapeRecorder.estimatedTokens(in: $0) }
        #expect(estimate < 100_000, "the start must under-estimate for this test to grow the tape")
        #expect(try ModelDecoder().decode(Sparse.self, from: json) == sparse)
    }

    @Test func pooledRecordersServeTheNextDocumentCleanly() throws {
        let decoder = ModelDecoder()
        for round in 0..<50 {
            if round % 3 == 0 { _ = try? decoder.decode(Pair.self, from: #"{"a":[1,2"#) }
            let count = round * 37 % 500
            let json = #"{"a":[\#((0..<count).map(String.init).joined(separator: ","))],"b":"r\#(round)"}"#
            #expect(try decoder.decode(Pair.self, from: json) == Pair(a: Array(0..<count), b: "r\(round)"))
        }
    }

    /// A document below the large-input size whose tape is still too large for the small pool
    /// (100 KB: one entry per 6 bytes is 330 KB of tape) is parked in the large pool, and the next
    /// such document takes it from there rather than making a recorder (and parser) again.
    @Test func aMidSizeDocumentsRecorderServesTheNextOne() throws {
        let json = Array(("[" + Array(repeating: "1", count: 50_000).joined(separator: ",") + "]").utf8)
        var reused = 0
        try json.withUnsafeBytes { input in
            for _ in 0..<5 {
                let first = try TapeRecorder.record(input, options: DecodingOptions())
                first.finish(keptByDecoders: false)
                let second = try TapeRecorder.record(input, options: DecodingOptions())
                if first === second { reused += 1 }  // the large pool has one slot, shared with parallel tests
                second.finish(keptByDecoders: false)
            }
        }
        #expect(reused > 0)
    }

    /// A large document's tapes grow as their tokens come, and what a parked recorder keeps is
    /// bounded: one long string makes a small tape; an input-sized side buffer (escaped strings
    /// of a large document) is let go when the recorder is parked, so the tape itself can be.
    @Test func largeDocumentsLeaveTapesSmallEnoughToPark() throws {
        let long = Array((#"{"s":""# + String(repeating: "x", count: 1 << 20) + #""}"#).utf8)
        try long.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: DecodingOptions())
            // A pooled recorder may bring a tape grown by an earlier document, up to the large pool's 4 MiB.
            #expect(recorder.tape.count == 4 && recorder.tape.retainedBytes <= 1 << 22)
            recorder.finish(keptByDecoders: false)
        }
        let escaped = Array(("[" + Array(repeating: #""a\n\u00e9""#, count: 30_000).joined(separator: ",") + "]").utf8)
        try escaped.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: DecodingOptions())
            // A pooled recorder may bring a side buffer grown by earlier documents; a new one is input-sized.
            let side = try #require(recorder.tape.side).capacity
            #expect(recorder.tape.count == 30_002)
            recorder.tape.releaseCompactedInput()
            #expect(recorder.tape.retainedBytes <= 1 << 22)
            if side > 1 << 18 { #expect(recorder.tape.side == nil) }
            recorder.finish(keptByDecoders: false)
        }
    }
}

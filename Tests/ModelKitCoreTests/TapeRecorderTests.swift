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

    @Test func pooledRecordersServeTheNextDocumentCleanly() throws {
        let decoder = ModelDecoder()
        for round in 0..<50 {
            if round % 3 == 0 { _ = try? decoder.decode(Pair.self, from: #"{"a":[1,2"#) }
            let count = round * 37 % 500
            let json = #"{"a":[\#((0..<count).map(String.init).joined(separator: ","))],"b":"r\#(round)"}"#
            #expect(try decoder.decode(Pair.self, from: json) == Pair(a: Array(0..<count), b: "r\(round)"))
        }
    }

    /// A large document's tapes grow as their tokens come, and what a parked recorder keeps is
    /// bounded: one long string makes a small tape; an input-sized side buffer (escaped strings
    /// of a large document) is let go when the recorder is parked, so the tape itself can be.
    @Test func largeDocumentsLeaveTapesSmallEnoughToPark() throws {
        let long = Array((#"{"s":""# + String(repeating: "x", count: 1 << 20) + #""}"#).utf8)
        try long.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: DecodingOptions())
            #expect(recorder.tape.count == 4 && recorder.tape.retainedBytes <= 1 << 20)
            recorder.finish(keptByDecoders: false)
        }
        let escaped = Array(("[" + Array(repeating: #""a\n\u00e9""#, count: 30_000).joined(separator: ",") + "]").utf8)
        try escaped.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: DecodingOptions())
            // A pooled recorder may bring a side buffer grown by earlier documents; a new one is input-sized.
            let side = try #require(recorder.tape.side).capacity
            #expect(recorder.tape.count == 30_002)
            recorder.tape.releaseCompactedInput()
            #expect(recorder.tape.retainedBytes <= 1 << 20)
            if side > 1 << 18 { #expect(recorder.tape.side == nil) }
            recorder.finish(keptByDecoders: false)
        }
    }
}

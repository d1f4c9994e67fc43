import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// `DecodingLimits.maxElements` on the tape (TapeSchemaReader+Elements.swift): the recorder
// refuses a document with more containers than the limit; the reader counts the containers and
// the weights of large values in document order, so a budget crossed anywhere fails where the
// push engine fails, with its path (a skipped value named, not numbered inside).

/// 528 bytes (8 elements of weight); only `a0` is mapped.
private struct TEWide: Model {
    var a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0, a10 = 0
    var b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0, b7 = 0, b8 = 0, b9 = 0, b10 = 0
    var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, c9 = 0, c10 = 0
    var d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0, d8 = 0, d9 = 0, d10 = 0
    var e0 = 0, e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0, e7 = 0, e8 = 0, e9 = 0, e10 = 0
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0, f10 = 0
    static let schema = Schema(TEWide.self) { Field("a0", \.a0) }
}

private struct TEHolder: Model {
    var w = TEWide()
    var ws: [TEWide] = []
    var opt: [TEWide?] = []
    var grid: [[Int]] = []
    var n = 0
    var any: JSONValue = .null
    var dict: [String: TEWide?] = [:]
    var small: [TESmall] = []
    static let schema = Schema(TEHolder.self) {
        Field("w", \.w)
        Field("ws", \.ws)
        Field("opt", \.opt)
        Field("grid", \.grid)
        Field("n", \.n)
        Field("any", \.any)
        Field("dict", \.dict)
        Field("small", \.small)
    }
}

extension TEHolder: SchemaCodable {}

/// One key read by fields of two types, at every level.
private final class TETwoTypes: Model, @unchecked Sendable {
    var a: TETwoTypes?
    var b: TEOther?
    required init() {}
    static let schema = Schema(TETwoTypes.self) { Field("a", \.a, key: "k"); Field("b", \.b, key: "k") }
}

private final class TEOther: Model, @unchecked Sendable {
    var a: TETwoTypes?
    var b: TEOther?
    required init() {}
    static let schema = Schema(TEOther.self) { Field("a", \.a, key: "k"); Field("b", \.b, key: "k") }
}

private struct TESmall: Model {
    var x = 0
    static let schema = Schema(TESmall.self) { Field("x", \.x) }
}

@Suite struct TapeElementLimitTests {
    static let documents = [
        #"{"w":{},"grid":[[1],[2],[]]}"#,
        #"{"skip":[[],[[]]],"w":{"a0":1}}"#,
        #"{"ws":[{},{},{}],"n":1}"#,
        #"{"opt":[null,{},null,{"a0":2}]}"#,
        #"{"dict":{"a":{},"b":null,"a":{}}}"#,
        #"{"w":{},"skip":{"x":[[]]},"n":"x"}"#,
        #"{"any":[[{}],{"k":[]}],"w":{}}"#,
        #"{"n":{},"w":{}}"#,
        #"{"small":[{},{"x":1},{}],"skip":[{},{}],"w":{}}"#,
        #"[{"w":{}}]"#,
    ]

    static let policies = [
        DecodingOptions(),
        DecodingOptions(conversion: .strict),
        DecodingOptions(conversion: .strict, mismatch: .skip),
        DecodingOptions(duplicateKeys: .reject),
    ]

    /// Every budget from 0 to past what the document needs: where the recorder takes the
    /// document, the reader fails (or succeeds) exactly as the push engine does; where it has
    /// more containers than the budget, the decode fails with the recorder's error, at the
    /// container past the budget.
    @Test func elementBudgetsMatchThePushEngine() throws {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            let brackets = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") || bytes[$0] == UInt8(ascii: "[") }
            for policy in Self.policies {
                for limit in 0...40 {
                    var options = policy
                    options.limits.maxElements = limit
                    if brackets.count <= limit {
                        try expectSamePaths(TEHolder.self, document, options: options)
                    } else {
                        let error = try #require(throws: ModelDecodingError.self) { try TEHolder(json: document, options: options) }
                        #expect(error.reason == .limitExceeded(.maxElements, limit: limit), "\(document), limit \(limit)")
                        #expect(error.byteOffset == brackets[limit], "\(document), limit \(limit): \(error)")
                        let recorded = try bytes.withUnsafeBytes { input in
                            try #require(throws: ModelDecodingError.self) {
                                _ = try TapeRecorder.record(input, options: options, countsContainers: true)
                            }
                        }
                        #expect(error == recorded, "\(document), limit \(limit)")
                    }
                }
            }
        }
    }

    /// The recorder counts objects and arrays for the schema reader only: the bridge counts what it reads.
    @Test func theRecorderRefusesMoreContainersThanTheBudget() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxElements: 3))
        let bytes = Array(#"{"a":[[],{}],"b":1}"#.utf8)
        let error = try bytes.withUnsafeBytes { input in
            try #require(throws: ModelDecodingError.self) { _ = try TapeRecorder.record(input, options: options, countsContainers: true) }
        }
        #expect(error.reason == .limitExceeded(.maxElements, limit: 3))
        #expect(error.byteOffset == 9)  // the fourth container
        let recorder = try bytes.withUnsafeBytes { try TapeRecorder.record($0, options: options) }
        recorder.finish(keptByDecoders: false)
    }

    /// Large models read in a Codable type count against the bridge's budget, on the tape.
    @Test func nestedModelsCountAgainstTheBridgesBudget() throws {
        struct Box: Decodable { var holder: TEHolder }
        let json = Array(#"{"holder":{"ws":[{},{},{}]}}"#.utf8)
        let decoder = ModelDecoder(options: DecodingOptions(limits: DecodingLimits(maxElements: 20)))
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Box.self, from: json) }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? ModelDecodingError else {
            Issue.record("\(error)")
            return
        }
        #expect(underlying.reason == .limitExceeded(.maxElements, limit: 20))
        #expect(try ModelDecoder(options: DecodingOptions(limits: DecodingLimits(maxElements: 100))).decode(Box.self, from: json).holder.ws.count == 3)
    }

    /// A key fields of two types share, at every level of a recursive model, is read once per
    /// type: 2^depth reads. The reader reads again at most what the push engine could replay,
    /// then fails as it does (before, 30 levels ran for hours on the tape).
    @Test func valuesReadAgainAreBudgeted() throws {
        let json = String(repeating: #"{"k":"#, count: 30) + #"{"t":1}"# + String(repeating: "}", count: 30)
        let taped = try #require(throws: ModelDecodingError.self) { try DecodePaths.tape(TETwoTypes.self, from: Array(json.utf8)) }
        guard case .invalid(let message) = taped.reason else { Issue.record("\(taped)"); return }
        #expect(message.hasPrefix("buffered values replayed more than"))
        // Shallow: decoded on the tape as on the push engine.
        let shallow = String(repeating: #"{"k":"#, count: 6) + #"{"t":1}"# + String(repeating: "}", count: 6)
        try expectSamePaths(TETwoTypes.self, shallow)
    }
}

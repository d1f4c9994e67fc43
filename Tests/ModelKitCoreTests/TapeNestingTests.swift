import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Nesting on the tape (TapeSchemaReader.enter, withBufferedLevel): the reader reads as deep as
// `maxDepth` lets the document nest (the push engine's limit and error; the recorder refuses a
// deeper document), a level of stack per container; polymorphic and preprocessing models and
// values on a shared key keep the push engine's bound of 128 levels.

private final class TNNode: Model, @unchecked Sendable {
    var value = 0
    var child: TNNode?
    var any: JSONValue = .null
    required init() {}
    static let schema = Schema(TNNode.self) {
        Field("value", \.value)
        Field("child", \.child)
        Field("any", \.any)
    }

    static func chain(_ depth: Int, leaf: String = "null") -> String {
        String(repeating: #"{"value":1,"child":"#, count: depth) + leaf + String(repeating: "}", count: depth)
    }
}

private struct TNPrep: PreprocessingModel {
    var child: [TNPrep] = []
    var leaf = 0
    static let schema = Schema(TNPrep.self) {
        Field("child", \.child)
        Field("leaf", \.leaf)
    }
    static func willDecode(_ object: JSONValue) -> JSONValue? { object }

    static func nested(_ depth: Int) -> String {
        String(repeating: #"{"child":["#, count: depth) + #"{"leaf":1}"# + String(repeating: "]}", count: depth)
    }
}

private final class Outcome: @unchecked Sendable {
    var depth = 0
    var tookTheTape = false
}

@Suite struct TapeNestingTests {
    /// Deeper than the reader's old 64 levels, within `maxDepth`: read on the tape, equal to the
    /// push engine (models, a `JSONValue` field, a value too deep for a lower `maxDepth`).
    @Test func deepValuesAreReadOnTheTape() throws {
        for depth in [65, 200, 480] {
            try expectSamePaths(TNNode.self, TNNode.chain(depth))
            // The leaf's arrays take the document to 512 levels, the default `maxDepth`.
            let arrays = 512 - depth - 1
            try expectSamePaths(TNNode.self, TNNode.chain(depth, leaf: #"{"any":"# + String(repeating: "[", count: arrays)
                + String(repeating: "]", count: arrays) + "}"))
        }
        let shallower = DecodingOptions(limits: DecodingLimits(maxDepth: 300))
        try expectSamePaths(TNNode.self, TNNode.chain(299), options: shallower)
        let deeper = DecodingOptions(limits: DecodingLimits(maxDepth: 1_000))
        try expectSamePaths(TNNode.self, TNNode.chain(999), options: deeper)
    }

    /// A built `JSONValue` has no recorder to refuse it: the reader stops at `maxDepth`, with
    /// the push engine's error.
    @Test func builtValuesDeeperThanTheLimitFailAsOnThePushEngine() throws {
        var value = JSONValue.null
        for _ in 0..<40 { value = .object(["value": 1, "child": value]) }
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: 30))
        let taped = try #require(throws: ModelDecodingError.self) { try TapeSchemaReader.decode(TNNode.self, recordedFrom: value, options: options) }
        #expect(taped.reason == .limitExceeded(.maxDepth, limit: 30))
        #expect(taped.path == "$" + String(repeating: ".child", count: 30))
    }

    /// The default `maxDepth` (512) on a thread of 4 MiB in a debug build (a level of the
    /// reader's recursion took 3.6 KB there; a release build's figure is in TAPE-MIGRATION.md).
    @Test func theDefaultDepthFitsAThreadsStack() {
        let json = Array(TNNode.chain(511).utf8)
        let outcome = Outcome()
        CodableStackDepthTests.onThread(stackSize: 4 << 20) {
            outcome.tookTheTape = (try? DecodePaths.tape(TNNode.self, from: json)) != nil
            var node = try? TNNode(json: json)
            while let current = node {
                outcome.depth += 1
                node = current.child
            }
        }
        #expect(outcome.tookTheTape)
        #expect(outcome.depth == 511)
    }

    /// Polymorphic and preprocessing models nest at most 128 deep, as on the push engine.
    @Test func bufferedLevelsKeepThePushEnginesBound() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: .max))
        let bound = DecodingLimits.maxBufferedNesting
        for depth in [bound - 2, bound - 1, bound, bound + 1, bound + 5] {
            try expectSameOutcomes(ReplayPolyNode.self, String(decoding: ReplayPolyNode.nested(depth), as: UTF8.self), options: options)
            try expectSameOutcomes(TNPrep.self, TNPrep.nested(depth), options: options)
            try expectSameOutcomes(SharedKeyNode.self, String(decoding: SharedKeyNode.nested(depth), as: UTF8.self), options: options)
        }
        _ = try DecodePaths.tape(ReplayPolyNode.self, from: ReplayPolyNode.nested(bound - 2), options: options)
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// Polymorphic and preprocessed models read their object more than once (a class chosen from it,
// a rewrite of it): nested ones decode whole and right, within a nesting bound of their own, and
// values read again have a budget (the push engine's replay budget, kept by the schema reader).

final class PolyNode: PolymorphicModel, @unchecked Sendable {
    var payload = ""
    var kids: [PolyNode] = []
    required init() {}
    static let schema = Schema(PolyNode.self) {
        Field("payload", \.payload)
        Field("kids", \.kids)
    }
    static func modelType(for object: JSONValue) -> (any Model.Type)? { nil }
}

struct PrepNode: PreprocessingModel {
    var payload = ""
    var kids: [PrepNode] = []
    static let schema = Schema(PrepNode.self) {
        Field("payload", \.payload)
        Field("kids", \.kids)
    }
    static func willDecode(_ object: JSONValue) -> JSONValue? { object }
}

/// `{"payload":"…","kids":[{…}]}` nested `depth` levels.
private func nested(depth: Int, payload: Int) -> String {
    let text = String(repeating: "p", count: payload)
    var json = #"{"payload":"\#(text)","kids":[]}"#
    for _ in 1..<depth { json = #"{"payload":"\#(text)","kids":[\#(json)]}"# }
    return json
}

private func decoded<T: ModelValue>(_ type: T.Type, _ json: String) throws -> T {
    try ModelDecoder().decode(T.self, from: json)
}

@Suite struct ObjectReadAgainTests {
    @Test func nestedPolymorphicModelsAreReplayedOnce() throws {
        for depth in [10, 100] {
            let node = try decoded(PolyNode.self, nested(depth: depth, payload: 100))
            var level = 1
            var current = node
            while let next = current.kids.first { current = next; level += 1 }
            #expect(level == depth && current.payload.count == 100)
        }
    }

    @Test func nestedPreprocessedModelsAreReplayedOnce() throws {
        for depth in [10, 100] {
            let node = try decoded(PrepNode.self, nested(depth: depth, payload: 100))
            var level = 1
            var current = node
            while let next = current.kids.first { current = next; level += 1 }
            #expect(level == depth && current.payload.count == 100)
        }
    }

    // An unknown key of a polymorphic model holding 100,000 elements (or 500 levels of nesting)
    // is skipped over its range (the push engine once replayed it element by element, and
    // recursed once per nesting level).
    @Test func unknownValuesInBufferedModelsAreSkippedWhole() throws {
        let wide = #"{"payload":"p","unknown":["# + Array(repeating: #"{"a":[1,2]}"#, count: 100_000).joined(separator: ",") + #"],"kids":[]}"#
        let node = try decoded(PolyNode.self, wide)
        #expect(node.payload == "p" && node.kids.isEmpty)
        let deep = #"{"payload":"p","unknown":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}"
        let deepNode = try decoded(PolyNode.self, deep)
        #expect(deepNode.payload == "p")
    }

    @Test func theResultIsTheSameAsWithoutBuffering() throws {
        let json = nested(depth: 5, payload: 3)
        let poly = try ModelDecoder().decode(PolyNode.self, from: json)
        let prep = try ModelDecoder().decode(PrepNode.self, from: json)
        #expect(try poly.jsonValue() == prep.jsonValue())
        #expect(try ModelDecoder().decode(JSONValue.self, from: json) == poly.jsonValue())
    }

    @Test func polymorphicReplayDoesNotRebufferEveryLevel() throws {
        let levels = DecodingLimits.maxBufferedNesting - 8
        let node = try #require(try ModelDecoder().decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(levels)) ?? nil)
        var depth = 0
        var level = node
        while let child = level.child { level = child; depth += 1 }
        #expect(depth == levels)
        #expect(level.leaf == 1)
    }

    @Test func bufferedModelsNestWithinTheirOwnBound() throws {
        // Polymorphic replay recursed on the stack at every level and crashed at ~4000 levels.
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: .max))
        let bound = DecodingLimits.maxBufferedNesting
        let node = try #require(try ModelDecoder(options: options).decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(bound - 1)) ?? nil)
        #expect(node.child != nil)
        let error = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder(options: options).decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(bound + 10))
        }
        #expect(error.reason == .limitExceeded(.maxDepth, limit: bound))
        #expect(throws: ModelDecodingError.self) { try SharedKeyNode(json: SharedKeyNode.nested(bound + 10), options: options) }
    }

    /// One key read by fields of two types, recursively: each level decodes the value once per
    /// type (2^depth: 24 levels of 151 bytes took 35 s). Past its replay budget the decode fails.
    final class TwoTypesOnOneKey: Model, @unchecked Sendable {
        var a: TwoTypesOnOneKey?
        var b: OtherType?
        required init() {}
        static let schema = Schema(TwoTypesOnOneKey.self) { Field("a", \.a, key: "k"); Field("b", \.b, key: "k") }
    }
    final class OtherType: Model, @unchecked Sendable {
        var a: TwoTypesOnOneKey?
        var b: OtherType?
        required init() {}
        static let schema = Schema(OtherType.self) { Field("a", \.a, key: "k"); Field("b", \.b, key: "k") }
    }

    private func nestedOnK(_ depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"k":"#, count: depth) + #"{"t":1}"# + String(repeating: "}", count: depth)).utf8)
    }

    @Test func fieldsOfSeveralTypesOnOneKeyCannotMultiplyTheWork() throws {
        // Shallow: decoded as always.
        let shallow = try TwoTypesOnOneKey(json: nestedOnK(6), options: .server)
        #expect(shallow.a?.a?.a?.a?.a != nil && shallow.b?.b != nil)
        // 40 levels (2^40 decodes): a located error instead of a hang.
        let error = try #require(throws: ModelDecodingError.self) { try TwoTypesOnOneKey(json: nestedOnK(40), options: .server) }
        guard case .invalid(let message) = error.reason else { Issue.record("\(error)"); return }
        #expect(message.contains("replayed more than"))
    }

    /// Values decoded from a `JSONValue` are read once: they are the input, not values read
    /// again, and never count against the budget (1.1 million of them failed when the push
    /// engine's budget counted every value fed).
    @Test func aLargeJSONValueIsNoReplayOfBufferedValues() throws {
        let count = TapeSchemaReader.rereadAllowance + 50_000
        let value = JSONValue.array(Array(repeating: 1, count: count))
        #expect(try ModelDecoder.decode([Int].self, from: value, options: DecodingOptions()).count == count)
        #expect(try [Int].decodeModelValue(from: value, options: DecodingOptions()).count == count)
    }

    @Test func mergingIntoFieldsOnOneKeyCannotMultiplyTheWork() throws {
        var node = SharedKeyNode()
        #expect(throws: ModelDecodingError.self) { try node.update(json: SharedKeyNode.nested(40)) }
        var shallow = SharedKeyNode()
        try shallow.update(json: SharedKeyNode.nested(5))
        #expect(shallow.left.first?.left.first?.left.first != nil)
    }
}

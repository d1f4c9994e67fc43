import Foundation
import Testing
import ModelKitCore

/// Dictionary and JSONValue keys are written from the writer's key list (the pending key holds no
/// string): output and error paths must still name the right key.
@Suite struct EncodingKeyPathTests {
    private struct Scores: Model {
        var scores: [String: Double] = [:]
        var extra: JSONValue = .null
        var nested: [String: [String: Double]] = [:]
        static let schema = Schema(Scores.self) {
            Field("scores", \.scores)
            Field("extra", \.extra)
            Field("nested", \.nested)
        }
    }

    @Test func dictionaryAndJSONValueKeysAreWritten() throws {
        var model = Scores()
        model.scores = ["a": 1.5]
        model.extra = ["k": ["inner": "v\"q"], "n": 2]
        let text = try model.jsonString()
        #expect(text == #"{"scores":{"a":1.5},"extra":{"k":{"inner":"v\"q"},"n":2},"nested":{}}"#)
    }

    @Test func aValueThatCannotBeWrittenNamesItsDictionaryKey() throws {
        var model = Scores()
        model.scores = ["bad": .infinity]
        let error = try #require(throws: ModelEncodingError.self) { try model.jsonBytes() }
        #expect(error.path == "$.scores.bad")
    }

    @Test func aValueThatCannotBeWrittenNamesItsNestedKeys() throws {
        var model = Scores()
        model.extra = ["outer": ["x": 1]]
        model.nested = ["outer": ["x": .nan]]
        let error = try #require(throws: ModelEncodingError.self) { try model.jsonBytes() }
        #expect(error.path == "$.nested.outer.x")
    }
}

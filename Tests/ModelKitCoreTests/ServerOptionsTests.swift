import Foundation
import Testing
@testable import ModelKitCore

@Suite struct ServerOptionsTests {
    @Test func presetIsStrictIgnoresUnknownKeysAndBoundsSizes() {
        let options = DecodingOptions.server
        #expect(options.conversion == .strict)
        #expect(options.mismatch == .fail)
        #expect(options.unknownKeys == .ignore)
        #expect(options.limits == DecodingLimits(maxDepth: 64, maxInputBytes: 8 << 20, maxStringBytes: 1 << 20, maxElements: 1_000_000))
    }

    @Test func stringWhereAModelIsExpectedIsAnError() throws {
        let json = #"{"id":1,"text":"hi","user":"octocat"}"#
        // The library default (lenient, like YYModel) leaves the user empty …
        #expect(try Status(json: json).user == User())
        // … the server preset refuses it, with the place.
        let error = try #require(throws: ModelDecodingError.self) { try Status(json: json, options: .server) }
        #expect(error.path == "$.user")
        #expect(error.line == 1)
        #expect(error.column > 1)
    }

    @Test func nullForANonOptionalStringIsAnError() throws {
        let json = #"{"id":1,"text":null}"#
        #expect(try Status(json: json).text == "")
        let error = try #require(throws: ModelDecodingError.self) { try Status(json: json, options: .server) }
        #expect(error.path == "$.text")
    }

    @Test func numericStringForAnIntegerIsAnError() throws {
        #expect(try Status(json: #"{"id":"12"}"#).id == 12)
        #expect(throws: ModelDecodingError.self) { try Status(json: #"{"id":"12"}"#, options: .server) }
    }

    @Test func unknownKeysAreIgnored() throws {
        let status = try Status(json: #"{"id":3,"extra":{"deep":[1,2]},"text":"t"}"#, options: .server)
        #expect(status.id == 3 && status.text == "t")
    }

    @Test func limitsApply() throws {
        // Under a key no field maps: skipped values still count toward the depth.
        let deep = #"{"id":1,"extra":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"
        let depthError = try #require(throws: ModelDecodingError.self) { try Status(json: deep, options: .server) }
        #expect(depthError.reason == .limitExceeded(.maxDepth, limit: 64))
        #expect(depthError.path.hasPrefix("$.extra"))

        let long = #"{"text":""# + String(repeating: "a", count: (1 << 20) + 1) + #""}"#
        let stringError = try #require(throws: ModelDecodingError.self) { try Status(json: long, options: .server) }
        #expect(stringError.reason == .limitExceeded(.maxStringBytes, limit: 1 << 20))
        #expect(try Status(json: #"{"text":""# + String(repeating: "a", count: 1 << 20) + #""}"#, options: .server).text.utf8.count == 1 << 20)
    }
}

@Suite struct DecodeFailureTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { stringValue = string }
        init(_ index: Int) { stringValue = "Index \(index)"; intValue = index }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(intValue) }
    }

    @Test func locatedErrorIsItself() {
        let error = ModelDecodingError(reason: .missingKey("n"), path: "$", line: 1, column: 2, byteOffset: 1)
        #expect(ModelDecodingError(decodeFailure: error) == error)
    }

    @Test func decodingErrorGivesItsUnderlyingLocatedError() {
        let located = ModelDecodingError(reason: .syntax("x"), path: "$.a", line: 2, column: 3, byteOffset: 9)
        let cases: [DecodingError] = [
            .keyNotFound(Key("a"), .init(codingPath: [], debugDescription: "", underlyingError: located)),
            .typeMismatch(Int.self, .init(codingPath: [], debugDescription: "", underlyingError: located)),
            .valueNotFound(Int.self, .init(codingPath: [], debugDescription: "", underlyingError: located)),
            .dataCorrupted(.init(codingPath: [], debugDescription: "", underlyingError: located)),
        ]
        for error in cases {
            #expect(ModelDecodingError(decodeFailure: error) == located)
        }
    }

    @Test func foreignDecodingErrorKeepsItsCodingPath() throws {
        let path: [any CodingKey] = [Key("statuses"), Key(3), Key("user")]
        let missing = try #require(ModelDecodingError(decodeFailure: DecodingError.keyNotFound(Key("id"), .init(codingPath: path, debugDescription: "no id"))))
        #expect(missing.path == "$.statuses[3].user")
        #expect(missing.reason == .missingKey("id"))
        let null = try #require(ModelDecodingError(decodeFailure: DecodingError.valueNotFound(String.self, .init(codingPath: path, debugDescription: ""))))
        #expect(null.reason == .typeMismatch(expected: "String", found: "null"))
    }

    /// A `DecodingError` with no located cause (a type's own `init(from:)` threw it, or Vapor's
    /// validation executor did) keeps its path and message, and is given no position.
    @Test func foreignDecodingErrorHasNoMadeUpPosition() throws {
        let corrupt = try #require(ModelDecodingError(decodeFailure: DecodingError.dataCorrupted(
            .init(codingPath: [Key("count")], debugDescription: "must be even"))))
        #expect(corrupt.line == 0 && corrupt.column == 0)
        #expect(corrupt.description == "$.count: must be even")
        let broken = try #require(ModelDecodingError(decodeFailure: DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "Validation executor couldn't find any validations to run (broken Decoder?)"))))
        #expect(broken.description == "$: Validation executor couldn't find any validations to run (broken Decoder?)")
        let mismatch = try #require(ModelDecodingError(decodeFailure: DecodingError.typeMismatch(String.self,
            .init(codingPath: [Key("user"), Key("name")], debugDescription: "Expected to decode String but found number instead."))))
        #expect(mismatch.description == "$.user.name: Expected to decode String but found number instead.")
        let missing = try #require(ModelDecodingError(decodeFailure: DecodingError.keyNotFound(Key("id"), .init(codingPath: [Key("user")], debugDescription: ""))))
        #expect(missing.description == #"$.user: missing required key "id""#)
        // A located error keeps its place.
        let located = ModelDecodingError(reason: .missingKey("id"), path: "$", line: 1, column: 2, byteOffset: 1)
        #expect(located.description == #"$ (line 1, column 2): missing required key "id""#)
    }

    @Test func otherErrorsAreNotDecodeFailures() {
        #expect(ModelDecodingError(decodeFailure: CancellationError()) == nil)
    }
}

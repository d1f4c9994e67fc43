import Foundation
import Testing
@testable import ModelKitCore

/// `Check`s while decoding (FieldChecks on the schema path): accepted and rejected values at every
/// bound, the located `.invalid` error naming the rule, `.skip` and `decodeWithReport`, updates,
/// shared keys, transforms and the Codable door.
@Suite struct CheckDecodingTests {
    private func decodes(_ json: String, options: DecodingOptions = .init()) -> Bool {
        (try? CheckedUser(json: json, options: options)) != nil
    }

    @Test(arguments: CheckBoundaryCase.all)
    func schemaPathTakesExactlyTheValuesInsideTheBounds(_ boundary: CheckBoundaryCase) {
        #expect(decodes(boundary.document) == boundary.accepted, "\(boundary.document)")
        #expect(decodes(boundary.document, options: DecodingOptions(conversion: .strict)) == boundary.accepted, "\(boundary.document)")
    }

    @Test(arguments: CheckBoundaryCase.all)
    func codableDoorTakesExactlyTheValuesInsideTheBounds(_ boundary: CheckBoundaryCase) {
        let wrapped = "{\"user\": \(boundary.document)}"
        let viaModelDecoder = (try? ModelDecoder().decode(CheckedCodableEnvelope.self, from: wrapped)) != nil
        let viaJSONDecoder = (try? JSONDecoder().decode(CheckedUser.self, from: Data(boundary.document.utf8))) != nil
        #expect(viaModelDecoder == boundary.accepted, "\(wrapped)")
        #expect(viaJSONDecoder == boundary.accepted, "\(boundary.document)")
    }

    @Test func aViolationIsALocatedInvalidErrorNamingTheRule() throws {
        let json = "{\n  \"user\": {\n    \"age\": 7\n  }\n}"
        let error = try #require(throws: ModelDecodingError.self) { try CheckedEnvelope(json: json) }
        #expect(error.reason == .invalid("must be between 13 and 150, found 7"))
        #expect(error.description == "$.user.age (line 3, column 12): must be between 13 and 150, found 7")
    }

    @Test func eachRuleNamesItselfInTheMessage() {
        let expected: [(String, String)] = [
            (#"{"ratio": 1}"#, "must be less than 1.0, found 1.0"),
            (#"{"username": "ab"}"#, "must be 3 to 8 characters long, found 2"),
            (#"{"username": "ABC"}"#, #"must match ^[a-z0-9_]+$, found "ABC""#),
            (#"{"nickname": "abcde"}"#, "must be at most 4 characters long, found 5"),
            (#"{"tags": []}"#, "must have 1 to 3 elements, found 0"),
            (#"{"labels": {}}"#, "must have at least 1 members, found 0"),
            (#"{"role": "guest"}"#, #"must be one of "admin", "member", found "guest""#),
            (#"{"level": "three"}"#, #"must be one of "one", "two", found "three""#),
            (#"{"even": 7}"#, "must be even, found 7"),
            (#"{"weight": 500}"#, "must be at least 1 and less than 500, found 500"),
        ]
        for (json, message) in expected {
            do {
                _ = try CheckedUser(json: json)
                Issue.record("\(json) decoded")
            } catch let error as ModelDecodingError {
                #expect(error.reason == .invalid(message), "\(json)")
                #expect(error.line == 1 && error.column > 1, "\(json): \(error)")
            } catch {
                Issue.record("\(json): \(error)")
            }
        }
    }

    @Test func skipCollectsEveryViolationAndLeavesTheFieldsUntouched() throws {
        let json = #"{"age": 7, "username": "ABCDEFGHIJ", "tags": [], "role": "x", "plain": 3}"#
        let decoder = ModelDecoder(options: DecodingOptions(mismatch: .skip))
        let (user, skipped) = try decoder.decodeWithReport(CheckedUser.self, from: Array(json.utf8))
        #expect(user.age == 20 && user.username == "ada" && user.tags == ["a"] && user.role == "member")
        #expect(user.plain == 3)
        #expect(skipped.map(\.path) == ["$.age", "$.username", "$.username", "$.tags", "$.role"])
        #expect(skipped.allSatisfy { if case .invalid = $0.reason { true } else { false } })
    }

    @Test func updateChecksTheValuesItSets() throws {
        var user = CheckedUser()
        #expect(throws: ModelDecodingError.self) { try user.update(json: #"{"age": 200}"#) }
        try user.update(json: #"{"age": 30}"#)
        #expect(user.age == 30)
    }

    private struct SharedKey: Model {
        var few: [Int] = []
        var all: [Int] = []
        static let schema = Schema(SharedKey.self) {
            Field("few", \.few, key: "k", checks: [.count(...2)])
            Field("all", \.all, key: "k")
        }
    }

    @Test func aSharedKeyChecksOnlyTheCheckedField() throws {
        #expect(throws: ModelDecodingError.self) { try SharedKey(json: #"{"k": [1, 2, 3]}"#) }
        let skipped = try SharedKey(json: #"{"k": [1, 2, 3]}"#, options: DecodingOptions(mismatch: .skip))
        #expect(skipped.few.isEmpty && skipped.all == [1, 2, 3])
    }

    private struct Transformed: Model {
        var stars = 0
        var level: CheckedUser.Level?
        static let schema = Schema(Transformed.self) {
            Field("stars", \.stars, transform: ValueTransform<Int, String>(decode: { $0.count }, encode: { String(repeating: "*", count: $0) }),
                  checks: [.range(1...3)])
            Field("level", \.level, checks: [.oneOf([.one, .two])])
        }
    }

    @Test func transformsAndOptionalEnumsAreCheckedOnThePropertyValue() throws {
        #expect(try Transformed(json: #"{"stars": "***"}"#).stars == 3)
        #expect(throws: ModelDecodingError.self) { try Transformed(json: #"{"stars": "****"}"#) }
        #expect(try Transformed(json: #"{"level": null}"#).level == nil)
        #expect(try Transformed(json: #"{"level": "two"}"#).level == .two)
        #expect(throws: ModelDecodingError.self) { try Transformed(json: #"{"level": "three"}"#) }
    }

    @Test func theCodableDoorReportsTheViolationAsADecodingErrorWithItsPlace() throws {
        let error = try #require(throws: DecodingError.self) {
            try ModelDecoder().decode(CheckedCodableEnvelope.self, from: #"{"user": {"age": 7}}"#)
        }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? ModelDecodingError else {
            Issue.record("\(error)")
            return
        }
        #expect(underlying.reason == .invalid("must be between 13 and 150, found 7"))
        #expect(underlying.path == "$.user.age" && underlying.column == 18)
    }

    private struct Sums: Model {
        var values: [Int] = []
        static let schema = Schema(Sums.self) { Field("values", \.values, checks: [.custom("summing to 0") { $0.reduce(0, +) == 0 }]) }
    }

    @Test func aCustomViolationQuotesAtMost40BytesOfTheValue() throws {
        let json = "{\"values\": [" + (1...1_000).map(String.init).joined(separator: ",") + "]}"
        let error = try #require(throws: ModelDecodingError.self) { try Sums(json: json) }
        #expect(error.reason == .invalid("must be summing to 0, found [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …"))
    }

    @Test func aFieldWithoutChecksHasNoCheckedAccessor() {
        let slots = CheckedUser.schema.slots
        #expect(slots.filter { $0.checkKeywords == nil }.map(\.name) == ["plain"])
    }

    /// `.length` counts Unicode scalars from the UTF-8 bytes (and skips counting when the byte
    /// count settles it): multi-byte text at the bound of `nickname` (`.length(...4)`).
    @Test func lengthCountsScalarsOfMultiByteTextAtTheBound() throws {
        for (text, scalars) in [("éééé", 4), ("日本語の", 4), ("😀😀😀😀", 4), ("ééééé", 5), ("😀😀😀😀😀", 5), ("e\u{301}e\u{301}e", 5)] {
            #expect(CheckText.scalarCount(text) == text.unicodeScalars.count)
            let json = "{\"nickname\": \"\(text)\"}"
            #expect(decodes(json) == (scalars <= 4), "\(json)")
        }
        let error = try #require(throws: ModelDecodingError.self) { try CheckedUser(json: #"{"nickname": "😀😀😀😀😀"}"#) }
        #expect(error.reason == .invalid("must be at most 4 characters long, found 5"))
    }
}

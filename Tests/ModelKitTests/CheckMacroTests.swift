import Foundation
import ModelKit
import Testing

@Model
struct MCheckedUser: Equatable {
    enum Level: String, Sendable { case one, two, three }

    @Check(.range(13...150)) var age = 20
    @Check(.greaterThan(0), .lessThan(1)) var ratio = 0.5
    @Check(.length(3...8)) @Check(.pattern("^[a-z0-9_]+$")) var username = "ada"
    @Check(.length(...4)) var nickname: String?
    @Check(.count(1...3)) var tags: [String] = ["a"]
    @Check(.count(1...)) var labels: [String: Int] = ["x": 1]
    @Check(.oneOf(["admin", "member"])) var role = "member"
    @Check(.oneOf([Level.one, .two])) var level: Level = .one
    @Check(.custom("even", schema: ["multipleOf": 2]) { (n: Int) in n % 2 == 0 }) var even = 0
    @Key("w") @Check(.range(1..<500)) var weight: Int?
    var plain = 0
}

struct MCheckedEnvelope: Codable {
    var user: MCheckedUser
}

/// `@Check` (the macro writes the checks into the property's `Field`): the same bounds on the
/// schema path and through the Codable door of the `@Model` type, and in its JSON Schema.
@Suite struct CheckMacroTests {
    static let cases: [(json: String, accepted: Bool)] = [
        (#"{"age": 12}"#, false), (#"{"age": 13}"#, true), (#"{"age": 150}"#, true), (#"{"age": 151}"#, false),
        (#"{"ratio": 0}"#, false), (#"{"ratio": 5e-324}"#, true), (#"{"ratio": 0.9999999999999999}"#, true), (#"{"ratio": 1}"#, false),
        (#"{"username": "ab"}"#, false), (#"{"username": "abc"}"#, true), (#"{"username": "abcdefgh"}"#, true),
        (#"{"username": "abcdefghi"}"#, false), (#"{"username": "ABC"}"#, false),
        (#"{"nickname": null}"#, true), (#"{"nickname": "abcd"}"#, true), (#"{"nickname": "abcde"}"#, false),
        (#"{"tags": []}"#, false), (#"{"tags": ["a"]}"#, true), (#"{"tags": ["a","b","c"]}"#, true), (#"{"tags": ["a","b","c","d"]}"#, false),
        (#"{"labels": {}}"#, false), (#"{"labels": {"a": 1}}"#, true),
        (#"{"role": "admin"}"#, true), (#"{"role": "guest"}"#, false),
        (#"{"level": "two"}"#, true), (#"{"level": "three"}"#, false),
        (#"{"even": 4}"#, true), (#"{"even": 7}"#, false),
        (#"{"w": 0}"#, false), (#"{"w": 1}"#, true), (#"{"w": 499}"#, true), (#"{"w": 500}"#, false),
    ]

    @Test func schemaPathTakesExactlyTheValuesInsideTheBounds() {
        for (json, accepted) in Self.cases {
            #expect(((try? MCheckedUser(json: json)) != nil) == accepted, "\(json)")
        }
    }

    @Test func codableDoorTakesExactlyTheValuesInsideTheBounds() {
        for (json, accepted) in Self.cases {
            let wrapped = "{\"user\": \(json)}"
            #expect(((try? ModelDecoder().decode(MCheckedEnvelope.self, from: wrapped)) != nil) == accepted, "\(wrapped)")
            #expect(((try? JSONDecoder().decode(MCheckedUser.self, from: Data(json.utf8))) != nil) == accepted, "\(json)")
        }
    }

    @Test func aViolationNamesTheRuleWhereTheValueIs() throws {
        let error = try #require(throws: ModelDecodingError.self) { try MCheckedUser(json: "{\n  \"age\": 7\n}") }
        #expect(error.description == "$.age (line 2, column 10): must be between 13 and 150, found 7")
    }

    @Test func theJSONSchemaShowsTheChecks() {
        let fields = MCheckedUser.jsonSchema()["properties"]
        #expect(fields?["age"]?["minimum"] == 13 && fields?["age"]?["maximum"] == 150)
        #expect(fields?["username"]?["pattern"] == "^[a-z0-9_]+$" && fields?["username"]?["maxLength"] == 8)
        #expect(fields?["level"]?["enum"] == ["one", "two"] && fields?["even"]?["multipleOf"] == 2)
        #expect(fields?["w"]?["exclusiveMaximum"] == 500)
    }
}

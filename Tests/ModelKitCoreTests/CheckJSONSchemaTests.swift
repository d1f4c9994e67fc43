import Foundation
import Testing
@testable import ModelKitCore

/// `jsonSchema()` publishes a field's checks as JSON Schema keywords (ModelSchemaBuilder).
@Suite struct CheckJSONSchemaTests {
    private func properties(_ options: JSONSchemaOptions) -> JSONValue {
        CheckedUser.jsonSchema(options: options)["properties"] ?? .null
    }

    @Test func everyCheckIsPublishedAsItsKeywords() {
        let fields = properties(JSONSchemaOptions(view: .strictDecoder))
        #expect(fields["age"]?["minimum"] == 13 && fields["age"]?["maximum"] == 150)
        #expect(fields["ratio"]?["exclusiveMinimum"] == 0 && fields["ratio"]?["exclusiveMaximum"] == 1)
        #expect(fields["username"]?["minLength"] == 3 && fields["username"]?["maxLength"] == 8)
        #expect(fields["username"]?["pattern"] == "^[a-z0-9_]+$")
        #expect(fields["nickname"]?["maxLength"] == 4 && fields["nickname"]?["minLength"] == nil)
        #expect(fields["tags"]?["minItems"] == 1 && fields["tags"]?["maxItems"] == 3)
        #expect(fields["scores"]?["maxItems"] == 2)
        #expect(fields["labels"]?["minProperties"] == 1 && fields["labels"]?["maxProperties"] == nil)
        #expect(fields["role"]?["enum"] == ["admin", "member"])
        #expect(fields["level"]?["enum"] == ["one", "two"])
        #expect(fields["even"]?["multipleOf"] == 2)
        #expect(fields["weight"]?["minimum"] == 1 && fields["weight"]?["exclusiveMaximum"] == 500)
        #expect(fields["plain"]?["minimum"] == JSONValue(Int.min) && fields["plain"]?["maximum"] == JSONValue(Int.max))
    }

    @Test func theEncoderViewPublishesTheSameKeywords() {
        let fields = properties(JSONSchemaOptions())
        #expect(fields["age"]?["minimum"] == 13 && fields["tags"]?["maxItems"] == 3 && fields["role"]?["enum"] == ["admin", "member"])
    }

    private struct Twice: Model {
        var n = 0
        var maybe: CheckedUser.Level?
        static let schema = Schema(Twice.self) {
            Field("n", \.n, checks: [.range(1...), .range(3...9)])
            Field("maybe", \.maybe, checks: [.oneOf([.one])])
        }
    }

    @Test func aRepeatedBoundKeepsTheStricterAndAnOptionalEnumAdmitsNull() {
        let fields = Twice.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))["properties"]
        #expect(fields?["n"]?["minimum"] == 3 && fields?["n"]?["maximum"] == 9 && fields?["n"]?["allOf"] == nil)
        #expect(fields?["maybe"]?["enum"] == ["one", nil])
    }
}

/// Python's `jsonschema` and ModelKit agree on every value at and around every bound: what strict
/// decoding accepts validates against the strict decoder view, what it rejects does not; what the
/// encoder writes of an accepted value validates against the encoder view.
@Suite(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
struct CheckJSONSchemaAgreementTests {
    @Test func jsonschemaAgreesWithTheChecksAtEveryBound() throws {
        let strict = DecodingOptions(conversion: .strict)
        let decoderView = CheckedUser.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder, decoding: strict))
        let encoderView = CheckedUser.jsonSchema()
        var cases: [SchemaValidator.Case] = []
        var accepted: [String: Bool] = [:]
        for boundary in CheckBoundaryCase.all {
            let instance = try ModelDecoder().decode(JSONValue.self, from: boundary.document)
            let decoded = try? CheckedUser(json: boundary.document, options: strict)
            #expect((decoded != nil) == boundary.accepted, "\(boundary.document)")
            accepted[boundary.document] = decoded != nil
            cases.append(.init(name: boundary.document, schema: decoderView, instance: instance))
            if let decoded {
                cases.append(.init(name: "encoded " + boundary.document, schema: encoderView, instance: try decoded.jsonValue()))
            }
        }
        let outcomes = try SchemaValidator.run(cases)
        #expect(outcomes.count == cases.count)
        for outcome in outcomes {
            #expect(outcome.schemaIsValid, "\(outcome.name): \(outcome.errors)")
            let expected = accepted[outcome.name] ?? true
            #expect((outcome.errorCount == 0) == expected, "\(outcome.name): ModelKit accepts: \(expected), jsonschema: \(outcome.errors)")
        }
    }
}

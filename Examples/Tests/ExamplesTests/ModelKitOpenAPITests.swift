import ExampleModels
import Foundation
import ModelKitCore
import ModelKitOpenAPI
import OpenAPIKit
import Testing

/// `Issue` alone would be Swift Testing's.
private typealias GitHubIssue = ExampleModels.Issue

@Suite struct ModelKitOpenAPITests {
    private let strict = JSONSchemaOptions(view: .strictDecoder)

    @Test func modelSchemaIsItsJSONSchemaWithComponentReferences() throws {
        let expected = OpenAPIExpectations.components(for: [GitHubIssue.self])
        let schema = try OpenAPIExpectations.json(GitHubIssue.openAPISchema())
        #expect(schema == expected["Issue"])
        #expect(schema["properties"]?["user"] == ["$ref": "#/components/schemas/GitHubUser"])
        #expect(schema["properties"]?["labels"]?["items"] == ["$ref": "#/components/schemas/Label"])
    }

    @Test func componentsHoldEveryModelAndWhatItHoldsOnce() throws {
        let models: [any Model.Type] = [GitHubIssue.self, Label.self, UploadSummary.self]
        let components = try OpenAPI.Components(schemasFor: models)
        #expect(components.schemas.keys.map(\.rawValue) == ["Issue", "GitHubUser", "Label", "Milestone", "UploadSummary"])
        #expect(try OpenAPIExpectations.json(of: components) == OpenAPIExpectations.components(for: models))
    }

    @Test func componentNameAndReferenceFollowTheSchemaTypeName() throws {
        #expect(GitHubIssue.openAPIComponentName == "Issue")
        #expect(OpenAPIClash.First.openAPIComponentName == "Twin")
        #expect(try OpenAPIExpectations.json(GitHubIssue.openAPIReference) == ["$ref": "#/components/schemas/Issue"])
    }

    @Test func recursiveModelsReferToTheirOwnComponents() throws {
        let components = try OpenAPI.Components(schemasFor: [OpenAPITree.self])
        let json = try OpenAPIExpectations.json(of: components)
        #expect(json == OpenAPIExpectations.components(for: [OpenAPITree.self]))
        #expect(json["OpenAPITree"]?["properties"]?["children"]?["items"] == ["$ref": "#/components/schemas/OpenAPITree"])
        #expect(json["OpenAPITreeLink"]?["properties"]?["trees"]?["items"] == ["$ref": "#/components/schemas/OpenAPITree"])
    }

    @Test func polymorphicModelsKeepTheirVariantsAndDiscriminator() throws {
        let components = try OpenAPI.Components(schemasFor: [OpenAPIZoo.self])
        let json = try OpenAPIExpectations.json(of: components)
        #expect(json == OpenAPIExpectations.components(for: [OpenAPIZoo.self]))
        let animal = try #require(json["OpenAPIAnimal"])
        #expect(animal["discriminator"] == ["propertyName": "kind"])
        #expect(animal["oneOf"]?.arrayValue?.count == 2)
    }

    /// A model's checks reach its OpenAPI schema as the same JSON Schema keywords, in both views.
    @Test func checksConvertWhole() throws {
        for options in [JSONSchemaOptions(), strict] {
            let components = try OpenAPI.Components(schemasFor: [OpenAPIChecked.self], options: options)
            let json = try OpenAPIExpectations.json(of: components)
            let properties = try #require(json["OpenAPIChecked"]?["properties"])
            #expect(properties["age"]?["minimum"] == 13 && properties["age"]?["maximum"] == 150)
            #expect(properties["ratio"]?["exclusiveMinimum"] == 0 && properties["ratio"]?["exclusiveMaximum"] == 1)
            #expect(properties["username"]?["pattern"] == "^[a-z0-9_]+$" && properties["username"]?["maxLength"] == 8)
            #expect(properties["tags"]?["minItems"] == 1 && properties["labels"]?["minProperties"] == 1)
            #expect(properties["role"]?["enum"] == ["admin", "member"] && properties["even"]?["multipleOf"] == 2)
        }
    }

    /// The encoder view of every standard type converts whole, but for the one thing OpenAPIKit
    /// cannot hold: an integer bound beyond `Int` (UInt64's and UInt's maximum).
    @Test func everyStandardValueTypeConvertsWhole() throws {
        var expected = OpenAPIExpectations.components(for: [OpenAPIKitchen.self])
        var kitchen = try #require(expected["OpenAPIKitchen"]?.objectValue)
        #expect(kitchen["properties"]?["uint64"]?["maximum"] == JSONValue(UInt64.max))
        kitchen["properties"] = withoutUnsignedMaximum(kitchen["properties"])
        expected["OpenAPIKitchen"] = .object(kitchen)
        let components = try OpenAPI.Components(schemasFor: [OpenAPIKitchen.self])
        #expect(try OpenAPIExpectations.json(of: components) == expected)
    }

    /// What strict decoding accepts: alternative required keys make an `allOf` beside the object's
    /// own keywords, which OpenAPIKit would drop, so they move into `allOf` branches; a key-path
    /// level that skips non-objects and a nullable model reference take shapes OpenAPIKit writes
    /// back as they are. Each accepts the same values as ModelKit's schema.
    @Test func strictDecoderViewTakesShapesOpenAPIKitHoldsWhole() throws {
        let source = try #require(OpenAPIExpectations.components(for: [OpenAPIKitchen.self], options: strict)["OpenAPIKitchen"])
        #expect(source["allOf"] != nil && source["properties"] != nil)
        #expect(source["properties"]?["meta"]?["type"] == nil)
        #expect(source["properties"]?["maybeAuthor"] == ["anyOf": [["$ref": "#/components/schemas/OpenAPIAuthor"], ["type": "null"]]])

        let schema = try OpenAPIExpectations.json(OpenAPIKitchen.openAPISchema(options: strict))
        let branches = try #require(schema["allOf"]?.arrayValue)
        #expect(schema["properties"] == nil)
        #expect(branches.count == 2)
        #expect(branches.last == source["allOf"]?[0])
        guard case .object(var properties)? = withoutUnsignedMaximum(source["properties"]) else { return }
        let meta = try #require(properties["meta"]?.objectValue)
        var typedMeta = meta
        typedMeta["type"] = "object"
        properties["meta"] = ["anyOf": [.object(typedMeta), ["not": ["type": "object"]]]]
        properties["maybeAuthor"] = ["anyOf": [["$ref": "#/components/schemas/OpenAPIAuthor"], ["const": nil]]]
        #expect(branches.first?["properties"] == .object(properties))
        #expect(branches.first?["required"] == source["required"])
    }

    /// `properties` without the `maximum` of the `uint64` and `uint` fields.
    private func withoutUnsignedMaximum(_ properties: JSONValue?) -> JSONValue? {
        guard case .object(var members)? = properties else { return properties }
        for unsigned in ["uint64", "uint"] {
            guard case .object(var schema)? = members[unsigned] else { continue }
            schema["maximum"] = nil
            members[unsigned] = .object(schema)
        }
        return .object(members)
    }

    /// Boolean schemas become the objects that accept the same (`{}`, `{"not": {}}`), and a
    /// `$comment`, which OpenAPIKit has no place for, is left out.
    @Test func booleanSchemasBecomeObjectsAndCommentsAreLeftOut() throws {
        let schema = try OpenAPIExpectations.json(OpenAPICustomValues.openAPISchema())
        #expect(schema["properties"]?["anything"] == [:])
        #expect(schema["properties"]?["nothing"] == ["not": [:]])
        #expect(schema["properties"]?["commented"] == ["type": "string"])
    }

    /// What OpenAPIKit would hold only in part is an error naming the place, never a smaller schema.
    @Test func whatOpenAPIKitCannotHoldIsAnErrorNamingThePlace() throws {
        let error = try #require(throws: OpenAPISchemaError.self) { try OpenAPIUnholdable.openAPISchema() }
        #expect(error.component == "OpenAPIUnholdable")
        #expect(error.pointer == "/properties/value/type")
        #expect(error.description.hasPrefix("#/components/schemas/OpenAPIUnholdable/properties/value/type: "))
        #expect(throws: OpenAPISchemaError.self) { try OpenAPI.Components(schemasFor: [OpenAPIUnholdable.self]) }
    }

    @Test func twoModelsWithOneNameAreAnError() throws {
        #expect {
            try OpenAPI.Components(schemasFor: [OpenAPIClash.Both.self])
        } throws: { error in
            (error as? OpenAPISchemaError)?.component == "Twin"
        }
        #expect(throws: OpenAPISchemaError.self) { try OpenAPIClash.Both.openAPISchema() }
    }

    @Test func addingSchemasKeepsWhatIsThereAndRefusesAnotherSchemaUnderItsName() throws {
        var components = try OpenAPI.Components(schemasFor: [Label.self])
        try components.addSchemas(for: [Label.self, UploadSummary.self])
        #expect(components.schemas.keys.map(\.rawValue) == ["Label", "UploadSummary"])
        var taken = OpenAPI.Components(schemas: ["Label": .string])
        #expect(throws: OpenAPISchemaError.self) { try taken.addSchemas(for: [Label.self]) }
        #expect(taken.schemas["Label"] == .string)
    }

    @Test func documentOfEveryKindOfModelPassesOpenAPIKitValidation() throws {
        let models: [any Model.Type] = [OpenAPIKitchen.self, OpenAPITree.self, OpenAPIZoo.self]
        let components = try OpenAPI.Components(schemasFor: models)
        let document = OpenAPI.Document(
            info: .init(title: "Kitchen", version: "1"),
            servers: [],
            paths: ["/kitchen": .init(post: .init(
                requestBody: .init(content: [.json: .content(.init(schema: OpenAPIKitchen.openAPIReference))]),
                responses: [200: .response(description: "The zoo", content: [.json: .content(.init(schema: OpenAPIZoo.openAPIReference))])]
            ))],
            components: components
        )
        try document.validate()
        let reread = try ModelDecoder().decode(OpenAPI.Document.self, from: ModelEncoder().encode(document))
        #expect(reread == document)
        #expect(reread.components.schemas.keys == components.schemas.keys)
        #expect(try OpenAPIExpectations.json(of: reread.components) == OpenAPIExpectations.json(of: components))
    }
}

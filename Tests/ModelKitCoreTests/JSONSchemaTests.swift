import Foundation
import Testing
@testable import ModelKitCore

/// The exact documents `jsonSchema(options:)` derives from schema tables (no validator needed).
@Suite struct JSONSchemaTests {
    private static let int64: JSONValue = ["type": "integer", "minimum": -9_223_372_036_854_775_808, "maximum": 9_223_372_036_854_775_807]

    /// YYModel's Book: first keys, a key path as a nested object, nil optionals left out (so not
    /// required), the unmapped field absent.
    @Test func bookAsTheEncoderWritesIt() {
        let expected: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": [
                "n": ["type": "string"],
                "p": Self.int64,
                "ext": ["type": "object", "properties": ["desc": ["type": "string"]]],
                "id": ["type": "string"],
            ],
            "required": ["n", "p"],
        ]
        #expect(Book.jsonSchema() == expected)
    }

    /// What strict decoding accepts: every alternative key, null for optionals, no key required;
    /// a key-path level skipped when it is not an object takes any JSON.
    @Test func bookAsStrictDecodingAcceptsIt() {
        let nullableString: JSONValue = ["type": ["string", "null"]]
        let expected: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": [
                "n": ["type": "string"],
                "p": Self.int64,
                "ext": ["properties": ["desc": nullableString]],
                "id": nullableString, "ID": nullableString, "book_id": nullableString,
            ],
        ]
        #expect(Book.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder)) == expected)
        let closed = Book.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder, decoding: DecodingOptions(conversion: .strict, unknownKeys: .fail)))
        #expect(closed["additionalProperties"] == false)
        #expect(closed["properties"]?["ext"]?["additionalProperties"] == false)
    }

    /// Nested models go to `$defs` once; a model referring to itself (the root) uses `"#"`; mutual
    /// recursion terminates.
    @Test func recursiveModelsTerminate() {
        let status = Status.jsonSchema()
        #expect(status["properties"]?["user"] == ["$ref": "#/$defs/User"])
        #expect(status["properties"]?["retweeted"] == ["type": "array", "items": ["$ref": "#"]])
        #expect(status["$defs"]?.objectValue?.keys == ["User"])
        let tree = SchemaTree.jsonSchema()
        #expect(tree["properties"]?["children"]?["items"] == ["$ref": "#"])
        #expect(tree["properties"]?["named"]?["additionalProperties"] == ["$ref": "#"])
        #expect(tree["properties"]?["partner"] == ["$ref": "#/$defs/SchemaForest"])
        #expect(tree["$defs"]?["SchemaForest"]?["properties"]?["trees"]?["items"] == ["$ref": "#"])
        let forest = SchemaForest.jsonSchema()
        #expect(forest["properties"]?["trees"]?["items"] == ["$ref": "#/$defs/SchemaTree"])
        #expect(forest["$defs"]?["SchemaTree"]?["properties"]?["children"]?["items"] == ["$ref": "#/$defs/SchemaTree"])
        #expect(forest["$defs"]?["SchemaTree"]?["properties"]?["partner"] == ["$ref": "#"])
    }

    @Test func valueTypesDescribeThemselves() {
        let p = SchemaKitchen.jsonSchema()["properties"]!
        #expect(p["int8"] == ["type": "integer", "minimum": -128, "maximum": 127])
        #expect(p["uint64"] == ["type": "integer", "minimum": 0, "maximum": JSONValue(UInt64.max)])
        #expect(p["decimal"] == ["type": "number"])
        #expect(p["date"] == ["type": "string", "format": "date-time"])
        #expect(p["url"] == ["type": "string", "format": "uri", "minLength": 1])
        #expect(p["uuid"] == ["type": "string", "format": "uuid"])
        #expect(p["data"]?["contentEncoding"] == "base64")
        #expect(p["any"] == [:])
        #expect(p["ids"]?["uniqueItems"] == true)
        #expect(p["scores"] == ["type": "object", "additionalProperties": ["type": "number"]])
        #expect(p["genre"] == ["type": "string", "enum": ["fiction", "poetry", "science"]])
        #expect(p["level"] == ["type": "integer", "enum": [1, 5, 9]])
        #expect(p["code"] == ["type": "string"])                       // not CaseIterable: its raw type
        #expect(p["power"] == ["type": "string", "enum": ["on", "off"]]) // through the RawRepresentable Field overload
        #expect(p["color"] == ["type": "string", "pattern": "^#[0-9a-f]{6}$"]) // a ModelValue of its own
        #expect(p["stamp"] == Self.int64)                               // a transform: its JSON side
        #expect(p["meta"]?["properties"]?["summary"] == ["type": "string", "description": "One line about the book"])
        #expect(p["cache"] == nil)
        #expect(p["maybeInt"] == Self.int64)                            // nil is left out, never null
        let decoding = SchemaKitchen.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        #expect(decoding["properties"]?["maybeInt"]?["type"] == ["integer", "null"])
        #expect(decoding["properties"]?["maybePower"] == ["anyOf": [["type": "string", "enum": ["on", "off"]], ["type": "null"]]])
        #expect(decoding["properties"]?["maybeAuthor"] == ["anyOf": [["$ref": "#/$defs/SchemaAuthor"], ["type": "null"]]])
        #expect(decoding["properties"]?["ids"]?["uniqueItems"] == nil)  // decoding merges repeats
        // `.required` with two keys: either one.
        #expect(decoding["allOf"] == [["anyOf": [
            ["type": "object", "properties": ["isbn": [:]], "required": ["isbn"]],
            ["type": "object", "properties": ["ISBN": [:]], "required": ["ISBN"]],
        ]]])
        #expect(decoding["$defs"]?["SchemaAuthor"]?["required"] == ["name"])
    }

    @Test func optionsChangeTheForms() {
        let numbers = JSONSchemaOptions(encoding: EncodingOptions(nils: .null, nonFiniteFloats: .null, dates: .secondsSince1970))
        let s = SchemaKitchen.jsonSchema(options: numbers)
        #expect(s["properties"]?["date"] == ["type": "number"])
        #expect(s["properties"]?["double"] == ["type": ["number", "null"]])
        #expect(s["properties"]?["maybeInt"]?["type"] == ["integer", "null"])
        #expect(s["required"]?.arrayValue?.contains("maybeInt") == true)  // written as null: always present
        let iso = JSONSchemaOptions(view: .strictDecoder, decoding: DecodingOptions(conversion: .strict, dates: .iso8601))
        #expect(SchemaKitchen.jsonSchema(options: iso)["properties"]?["date"]?["pattern"] != nil)
        let millis = JSONSchemaOptions(view: .strictDecoder, decoding: DecodingOptions(conversion: .strict, dates: .millisecondsSince1970))
        #expect(SchemaKitchen.jsonSchema(options: millis)["properties"]?["date"] == ["type": "number"])
    }

    /// Polymorphic classes: a oneOf of the listed variants with the discriminator, each branch
    /// requiring its tag; a subclass describes itself alone; variants without a discriminator: anyOf.
    @Test func polymorphicClasses() {
        let zoo = SchemaZoo.jsonSchema()
        let animal = zoo["$defs"]?["SchemaAnimal"]
        #expect(animal?["discriminator"] == ["propertyName": "kind"])
        #expect(animal?["oneOf"]?.arrayValue?.count == 3)
        #expect(animal?["oneOf"]?[1] == ["allOf": [
            ["$ref": "#/$defs/SchemaDog"],
            ["type": "object", "properties": ["kind": ["const": "dog"]], "required": ["kind"]],
        ]])
        #expect(zoo["$defs"]?["SchemaDog"]?["required"] == ["kind", "name", "breed"])
        #expect(zoo["$defs"]?["SchemaShape"] == ["anyOf": [["$ref": "#/$defs/SchemaCircle"], ["$ref": "#/$defs/SchemaSquare"]]])
        // A polymorphic base with no variants listed is its own object.
        #expect(UserHolder.jsonSchema()["$defs"]?["BaseUser"]?["type"] == "object")
    }

    /// Containers and scalars at the top level are documents too.
    @Test func nonModelRoots() {
        let books = [Book].jsonSchema()
        #expect(books["type"] == "array")
        #expect(books["items"] == ["$ref": "#/$defs/Book"])
        #expect(books["$defs"]?["Book"]?["required"] == ["n", "p"])
        #expect(Int8.jsonSchema() == ["$schema": "https://json-schema.org/draft/2020-12/schema", "type": "integer", "minimum": -128, "maximum": 127])
    }
}

// The example of the DocC article DescribingModels.md (and the README's, a subset), compiled and
// compared with the output the article shows.
private struct DocLabel: Model {
    var name = ""
    var color = ""
    static let schema = Schema(DocLabel.self, typeName: "Label") { Field("name", \.name); Field("color", \.color) }
}

private struct DocIssue: Model {
    var id: Int64 = 0
    var title = ""
    var labels: [DocLabel] = []
    var createdAt = Date()
    var closedAt: Date?
    static let schema = Schema(DocIssue.self, keys: .snakeCase) {
        Field("id", \.id)
        Field("title", \.title, description: "One line, shown in lists")
        Field("labels", \.labels)
        Field("createdAt", \.createdAt)
        Field("closedAt", \.closedAt)
    }
}

@Test func describingModelsArticleExample() throws {
    let shown = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "properties": {
        "id": { "type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807 },
        "title": { "type": "string", "description": "One line, shown in lists" },
        "labels": { "type": "array", "items": { "$ref": "#/$defs/Label" } },
        "created_at": { "type": "string", "format": "date-time" },
        "closed_at": { "type": "string", "format": "date-time" }
      },
      "required": ["id", "title", "labels", "created_at"],
      "$defs": {
        "Label": {
          "type": "object",
          "properties": { "name": { "type": "string" }, "color": { "type": "string" } },
          "required": ["name", "color"]
        }
      }
    }
    """#
    #expect(DocIssue.jsonSchema() == (try json(Array(shown.utf8))))
}

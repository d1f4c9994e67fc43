import Foundation
import Testing
@testable import ModelKitCore

/// Where the two views differ, checked by the real validator (and against the decoder itself).
@Suite(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
struct JSONSchemaViewTests {
    private func check(_ schema: JSONValue, _ documents: [(String, Bool)], _ label: String = "") throws {
        let cases = try documents.map { text, _ in
            SchemaValidator.Case(name: text, schema: schema, instance: try json(Array(text.utf8)))
        }
        for (outcome, (text, valid)) in zip(try SchemaValidator.run(cases), documents) {
            #expect(outcome.schemaIsValid)
            #expect((outcome.errorCount == 0) == valid, "\(label) \(text): \(outcome.errors)")
        }
    }

    @Test func alternativeKeysAndNulls() throws {
        let decoding = Book.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        let documents = [
            (#"{"n":"a","p":1,"ID":"x"}"#, true), (#"{"book_id":null,"ext":{"desc":null}}"#, true),
            (#"{"n":5}"#, false), (#"{"p":1.5}"#, false), (#"{"ID":7}"#, false),
        ]
        try check(decoding, documents, "decoder view")
        for (text, valid) in documents {
            let decodes = (try? ModelDecoder(options: SchemaSubject.strict).decode(Book.self, from: Array(text.utf8))) != nil
            #expect(decodes == valid, "strict decoding of \(text)")
        }
        // The encoder never writes null or the alternative keys' values as null, and always writes n and p.
        try check(Book.jsonSchema(), [(#"{"n":"a","p":1,"id":"x"}"#, true), (#"{"n":"a","p":1,"id":null}"#, false), (#"{"n":"a"}"#, false)])
    }

    @Test func requiredWithAlternativeKeys() throws {
        let decoding = SchemaAuthor.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        try check(decoding, [(#"{"name":"x"}"#, true), (#"{"born":null}"#, false), (#"{"name":"x","aliases":["a","a"]}"#, true)])
        let kitchen = SchemaKitchen.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        try check(kitchen, [(#"{"isbn":"1"}"#, true), (#"{"ISBN":"1"}"#, true), (#"{"lang":"en"}"#, false)])
    }

    @Test func formatsAreChecked() throws {
        let schema = SchemaKitchen.jsonSchema()
        var document = try SchemaSubject.of(SchemaKitchen.self).filledEncoding()
        try check(schema, [(String(decoding: try ModelEncoder().encode(document), as: UTF8.self), true)])
        for (key, bad) in [("uuid", "not-a-uuid"), ("date", "yesterday"), ("data", "%%%"), ("url", "")] {
            let good = document[key]
            document[key] = .string(bad)
            try check(schema, [(String(decoding: try ModelEncoder().encode(document), as: UTF8.self), false)], key)
            document[key] = good
        }
    }

    @Test func polymorphicTags() throws {
        let zoo = SchemaZoo()
        zoo_animals: do {
            var model = zoo
            let dog = SchemaDog(); dog.name = "Rex"; dog.breed = "collie"
            let cat = SchemaCat(); cat.name = "Tom"
            model.animals = [dog, cat, SchemaAnimal()]
            model.star = dog
            let circle = SchemaCircle(); circle.radius = 2
            let square = SchemaSquare(); square.side = 3
            model.shapes = [circle, square]
            let encoded = String(decoding: try model.jsonBytes(), as: UTF8.self)
            try check(SchemaZoo.jsonSchema(), [(encoded, true)])
            try check(SchemaZoo.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder)), [(encoded, true)])
        }
        let schema = SchemaZoo.jsonSchema()
        try check(schema, [
            (#"{"animals":[{"kind":"dog","name":"a","breed":"b"}],"dogs":[],"shapes":[]}"#, true),
            (#"{"animals":[{"kind":"dog","name":"a"}],"dogs":[],"shapes":[]}"#, false),          // a dog without breed
            (#"{"animals":[{"kind":"bird","name":"a"}],"dogs":[],"shapes":[]}"#, false),         // no such tag
            (#"{"animals":[{"name":"a"}],"dogs":[],"shapes":[]}"#, false),                       // no tag
            (#"{"animals":[],"dogs":[],"shapes":[{"radius":1.5},{"side":2}]}"#, true),
            (#"{"animals":[],"dogs":[],"shapes":[{"side":"2"}]}"#, false),
        ])
    }
}

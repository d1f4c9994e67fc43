import Foundation
import Testing
@testable import ModelKitCore

/// A required field under alternative keys, one of them indexed.
struct RequiredTitle: Model {
    var title = ""
    static let schema = Schema(RequiredTitle.self) {
        Field("title", \.title, keys: ["names[1]", "title"], options: .required)
    }
}

/// JSON Schema of key paths with indexes: `prefixItems` up to the last index, checked by Python's
/// `jsonschema` against what the encoder writes and what strict decoding accepts.
@Suite(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
struct KeyPathIndexSchemaTests {
    static let decoderView = JSONSchemaOptions(view: .strictDecoder)

    @Test func indexedKeysDescribeArrays() throws {
        let images = try #require(Gallery.jsonSchema()["properties"]?["images"])
        #expect(images["type"] == "array")
        #expect(images["items"] == false)
        #expect(images["minItems"] == 1)   // element 0 always has its width
        #expect(images["prefixItems"]?[0]?["required"] == ["width"])
        #expect(images["prefixItems"]?[1]?["anyOf"]?[1] == ["type": "null"])
        let matrix = try #require(Gallery.jsonSchema()["properties"]?["matrix"])
        #expect(matrix["prefixItems"]?[0] == ["type": "null"])
        #expect(matrix["prefixItems"]?[1]?["anyOf"]?[0]?["prefixItems"]?[0]?["anyOf"] != nil)
        // The decoder reads any array and only the indexes it knows.
        let decoded = try #require(Gallery.jsonSchema(options: Self.decoderView)["properties"]?["images"])
        #expect(decoded["type"] == nil)
        #expect(decoded["items"] == nil)
        #expect(decoded["prefixItems"]?[1]?["anyOf"] == nil)
    }

    @Test func whatTheEncoderWritesValidates() throws {
        var partial = Gallery()
        partial.secondURL = "b"
        partial.tag = "t"
        var cases: [SchemaValidator.Case] = []
        for (i, model) in [Gallery(), partial, KeyPathIndexEncodingTests.full].enumerated() {
            for nils in [EncodingOptions.NilEncoding.omit, .null] {
                let options = EncodingOptions(nils: nils)
                let document = try json(model.jsonBytes(options: options))
                let schema = Gallery.jsonSchema(options: JSONSchemaOptions(encoding: options))
                cases.append(.init(name: "gallery \(i) \(nils)", schema: schema, instance: document))
                cases.append(.init(name: "gallery \(i) \(nils) decoder", schema: Gallery.jsonSchema(options: Self.decoderView), instance: document))
            }
        }
        for outcome in try SchemaValidator.run(cases) {
            #expect(outcome.schemaIsValid && outcome.errorCount == 0, "\(outcome.name): \(outcome.errors)")
        }
    }

    @Test func theEncoderViewRejectsWhatTheEncoderNeverWrites() throws {
        let rejected: [JSONValue] = [
            ["images": [["width": 1], ["url": 5]]],                  // wrong type inside
            ["images": [["width": 1], ["url": "b"], nil]],           // an element after the last index
            ["images": [nil, ["url": "b"]]],                         // element 0 always has its width
            ["matrix": [1, [2.5]]],                                  // a gap holds null
            ["images": ["url": "a", "width": 1]],                   // an object where the array is
        ]
        let cases = rejected.enumerated().map { SchemaValidator.Case(name: "rejected \($0.offset)", schema: Gallery.jsonSchema(), instance: $0.element) }
        for outcome in try SchemaValidator.run(cases) {
            #expect(outcome.schemaIsValid && outcome.errorCount > 0, "\(outcome.name) was accepted")
        }
    }

    /// The decoder view accepts exactly what strict decoding accepts, required elements included.
    @Test func theDecoderViewAgreesWithTheDecoder() throws {
        let documents: [(String, JSONValue, Bool)] = [
            ("cover", ["images": [["url": "x"]]], try decodes(Cover.self, ["images": [["url": "x"]]])),
            ("cover", ["images": [["url": "x"], 5]], try decodes(Cover.self, ["images": [["url": "x"], 5]])),
            ("cover", ["images": []], try decodes(Cover.self, ["images": []])),
            ("cover", ["images": [nil]], try decodes(Cover.self, ["images": [nil]])),
            ("cover", [:], try decodes(Cover.self, [:])),
            ("title", ["names": ["a", "b"]], try decodes(RequiredTitle.self, ["names": ["a", "b"]])),
            ("title", ["title": "t"], try decodes(RequiredTitle.self, ["title": "t"])),
            ("title", ["names": ["a"]], try decodes(RequiredTitle.self, ["names": ["a"]])),
            ("gallery", ["images": [1, ["url": "b"]], "matrix": [[], [1]]], try decodes(Gallery.self, ["images": [1, ["url": "b"]], "matrix": [[], [1]]])),
            ("gallery", ["images": [["url": 1]]], try decodes(Gallery.self, ["images": [["url": 1]]])),
        ]
        #expect(documents.map(\.2) == [true, true, false, false, false, true, true, false, true, false])
        let schemas: [String: JSONValue] = [
            "cover": Cover.jsonSchema(options: Self.decoderView), "title": RequiredTitle.jsonSchema(options: Self.decoderView),
            "gallery": Gallery.jsonSchema(options: Self.decoderView),
        ]
        let cases = documents.enumerated().map { SchemaValidator.Case(name: "\($0.offset)", schema: schemas[$0.element.0]!, instance: $0.element.1) }
        for (outcome, document) in zip(try SchemaValidator.run(cases), documents) {
            #expect(outcome.schemaIsValid && (outcome.errorCount == 0) == document.2, "\(document.0) \(document.1): \(outcome.errors)")
        }
    }

    private func decodes<M: Model>(_ type: M.Type, _ document: JSONValue) throws -> Bool {
        (try? ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(M.self, from: ModelEncoder().encode(document))) != nil
    }
}

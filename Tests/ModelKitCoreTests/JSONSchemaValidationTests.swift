import Foundation
import Testing
@testable import ModelKitCore

/// The generated schemas, checked by a real validator: Python's `jsonschema` (Draft 2020-12, with
/// format checking). Skipped, with a message, when python3 or the package is missing.
@Suite(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
struct JSONSchemaValidationTests {
    /// Every schema is a valid 2020-12 schema, and what ModelKit's encoder writes validates
    /// against both views: default models, samples, and models with every field filled.
    @Test func encoderOutputValidates() throws {
        var cases: [SchemaValidator.Case] = []
        var closedAccepts: [String: Bool] = [:]
        var filled = 0
        for subject in SchemaSubject.all() {
            var documents = try subject.encodedSamples()
            if let document = try? subject.filledEncoding() {
                documents.append(document)
                filled += 1
            } else {
                Issue.record("\(subject.name): an example of its encoder schema does not decode strictly")
            }
            for (i, document) in documents.enumerated() {
                cases.append(.init(name: "\(subject.name) #\(i) encoder view", schema: subject.encoderSchema, instance: document))
                cases.append(.init(name: "\(subject.name) #\(i) strict decoder view", schema: subject.decoderSchema, instance: document))
                // Closed objects: valid exactly when decoding with `unknownKeys: .fail` succeeds
                // (a `didEncode` that adds a key makes both refuse it).
                let name = "\(subject.name) #\(i) closed decoder view"
                closedAccepts[name] = subject.decodes(document, SchemaSubject.closed)
                cases.append(.init(name: name, schema: subject.closedSchema, instance: document))
            }
        }
        let outcomes = try SchemaValidator.run(cases)
        #expect(outcomes.count == cases.count)
        for outcome in outcomes {
            #expect(outcome.schemaIsValid, "\(outcome.name): \(outcome.errors)")
            if let accepts = closedAccepts[outcome.name] {
                #expect((outcome.errorCount == 0) == accepts, "\(outcome.name): decoder accepts: \(accepts), schema: \(outcome.errors)")
            } else {
                #expect(outcome.errorCount == 0, "\(outcome.name): \(outcome.errors)")
            }
        }
        #expect(filled == SchemaSubject.all().count)
    }

    /// One change to a valid encoding (a wrong type, a missing key the encoder always writes, a bad
    /// uuid or date-time, an integer out of range, an unknown enum case, a repeated set element)
    /// makes it invalid, for every model.
    @Test func encoderViewRejectsMutations() throws {
        var cases: [SchemaValidator.Case] = []
        for subject in SchemaSubject.all() {
            guard let document = try? subject.filledEncoding() else { continue }
            for mutation in SchemaMutations(schema: subject.encoderSchema, instance: trimmed(document)).found {
                cases.append(.init(name: "\(subject.name): \(mutation.label)", schema: subject.encoderSchema, instance: mutation.document))
            }
        }
        #expect(cases.count > 500)
        for outcome in try SchemaValidator.run(cases) {
            #expect(outcome.schemaIsValid && outcome.errorCount > 0, "\(outcome.name) was accepted")
        }
    }

    /// The strict-decoder view rejects mutations, and so does strict decoding itself: what the
    /// schema rejects, the decoder rejects (unknown keys with `unknownKeys: .fail`).
    @Test func strictDecoderViewRejectsWhatTheDecoderRejects() throws {
        var cases: [SchemaValidator.Case] = []
        var decoderAgrees: [String: Bool] = [:]
        for subject in SchemaSubject.all() {
            guard let document = try? subject.filledEncoding() else { continue }
            for mutation in SchemaMutations(schema: subject.closedSchema, instance: trimmed(document)).found {
                let name = "\(subject.name): \(mutation.label)"
                cases.append(.init(name: name, schema: subject.closedSchema, instance: mutation.document))
                decoderAgrees[name] = !subject.decodes(mutation.document, SchemaSubject.closed)
            }
        }
        #expect(cases.count > 500)
        for outcome in try SchemaValidator.run(cases) {
            #expect(outcome.schemaIsValid && outcome.errorCount > 0, "\(outcome.name) was accepted")
            #expect(decoderAgrees[outcome.name] == true, "\(outcome.name): the schema rejects it, strict decoding does not")
        }
    }

    /// The corpus documents (committed, generated, and the real large files when ../shared/corpus
    /// is present), decoded by the benchmark's and the test suite's corpus models and encoded
    /// again, validate.
    @Test func corpusEncodingsValidate() throws {
        func encoded<M: Model>(_ type: M.Type, _ file: String) throws -> [SchemaValidator.Case] {
            try Corpus.documents(file).map { document in
                let model = try ModelDecoder().decode(M.self, from: document.bytes)
                return .init(name: "\(document) as \(M.schema.typeName)", schema: M.jsonSchema(), instance: try json(ModelEncoder().encode(model)))
            }
        }
        let cases = [
            try encoded(Bench.TwitterTimeline.self, "twitter.json"), try encoded(CorpusTimeline.self, "twitter.json"),
            try encoded(Bench.Catalog.self, "citm_catalog.json"), try encoded(Bench.FeatureCollection.self, "canada.json"),
            try encoded(CorpusCanada.self, "canada.json"), try encoded(Bench.GitHubUser.self, "user.json"),
        ].flatMap { $0 }
        for outcome in try SchemaValidator.run(cases) {
            #expect(outcome.schemaIsValid, "\(outcome.name): \(outcome.errors)")
            #expect(outcome.errorCount == 0, "\(outcome.name): \(outcome.errors)")
        }
    }
}

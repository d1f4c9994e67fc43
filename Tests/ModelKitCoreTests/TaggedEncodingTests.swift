import Foundation
import Testing
@testable import ModelKitCore

/// Encoding tagged values, and everything else a model goes through: archives, descriptions,
/// equality, copies, the Codable bridge and JSON Schema.
@Suite struct TaggedEncodingTests {
    @Test func encodesEachStyle() throws {
        #expect(try TShape.circle(TCircle(radius: 2)).jsonString() == #"{"type":"circle","radius":2}"#)
        #expect(try TShape.square(TSquare(side: 1)).jsonString() == #"{"type":"sq","side":1}"#)
        #expect(try TShape.unknown.jsonString() == #"{"type":"unknown"}"#)
        #expect(try TEvent.opened(TIssue(id: 1, title: "t")).jsonString() == #"{"kind":"opened","data":{"id":1,"title":"t"}}"#)
        #expect(try TEvent.ping.jsonString() == #"{"kind":"ping"}"#)
        #expect(try TEither.circle(TCircle(radius: 1)).jsonString() == #"{"circle":{"radius":1}}"#)
        #expect(try TEither.none.jsonString() == #"{"none":{}}"#)
    }

    @Test func sortedKeysAndJSONValue() throws {
        let sorted = EncodingOptions(sortedKeys: true)
        #expect(try TShape.square(TSquare(side: 1, label: "a")).jsonString(options: sorted) == #"{"label":"a","side":1,"type":"sq"}"#)
        #expect(try TEvent.closed(TIssue()).jsonString(options: sorted) == #"{"data":{"id":0,"title":""},"kind":"closed"}"#)
        let value = try TShape.circle(TCircle(radius: 2)).jsonValue()
        #expect(value == ["type": "circle", "radius": 2])
        #expect(try ModelEncoder().encode(TDrawing.sample) == TDrawing.sample.jsonBytes())
    }

    @Test func roundTripsThroughJSON() throws {
        for shape in [TShape.circle(TCircle(radius: 1.5)), .square(TSquare(side: 2, label: nil)), .unknown] {
            #expect(try TShape(json: shape.jsonBytes()) == shape)
        }
        for event in [TEvent.opened(TIssue(id: 1, title: "a")), .closed(TIssue()), .ping] {
            #expect(try TEvent(json: event.jsonBytes()) == event)
        }
        #expect(try TDrawing(json: TDrawing.sample.jsonBytes(options: .prettyPrinted)) == TDrawing.sample)
    }

    @Test func archiveRoundTrip() throws {
        let archived = try Archive.encode(TDrawing.sample)
        #expect(try Archive.decode(TDrawing.self, from: archived) == TDrawing.sample)
    }

    @Test func description() throws {
        let text = TDrawing.sample.modelDescription
        #expect(text.contains("main: TShape.circle TCircle {\n    radius: 2.0\n  }"), "\(text)")
        #expect(text.contains("TShape.unknown"))
        #expect(text.contains("event: TEvent.closed TIssue {"))
        #expect(TShape.unknown.modelDescription == "TShape.unknown")
    }

    @Test func equalityHashAndCopy() throws {
        let issue = TIssue(id: 1, title: "t")
        #expect(TEvent.opened(issue).modelIsEqual(.opened(issue)))
        #expect(!TEvent.opened(issue).modelIsEqual(.closed(issue)))
        #expect(TDrawing.sample.modelIsEqual(TDrawing.sample))
        var other = TDrawing.sample
        other.shapes[1] = .circle(TCircle())
        #expect(!TDrawing.sample.modelIsEqual(other))
        var a = Hasher(), b = Hasher()
        TEvent.opened(issue).modelHash(into: &a)
        TEvent.opened(issue).modelHash(into: &b)
        #expect(a.finalize() == b.finalize())
        #expect(TEvent.opened(issue).modelDeepCopy() == .opened(issue))
    }

    @Test func codableMatchesTheJSON() throws {
        let shape = TShape.square(TSquare(side: 2, label: "l"))
        let foundation = try JSONEncoder().encode(shape)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == shape.jsonValue())
        #expect(try JSONDecoder().decode(TShape.self, from: Data(#"{"side":2,"type":"sq","label":"l"}"#.utf8)) == shape)
        #expect(try JSONDecoder().decode(TEither.self, from: Data(#"{"none":{}}"#.utf8)) == TEither.none)
        // A Codable type holding tagged values, through the bridge both ways.
        struct Scene: Codable, Equatable {
            var shape: TShape
            var events: [TEvent]
        }
        let scene = Scene(shape: shape, events: [.ping, .opened(TIssue(id: 2, title: "x"))])
        let bytes = try ModelEncoder().encode(scene)
        #expect(try ModelDecoder().decode(JSONValue.self, from: bytes) == ModelDecoder().decode(JSONValue.self, from: JSONEncoder().encode(scene)))
        #expect(try ModelDecoder().decode(Scene.self, from: bytes) == scene)
        do {
            _ = try ModelDecoder().decode(Scene.self, from: #"{"shape":{"type":"sq","side":"x"},"events":[]}"#)
            Issue.record("expected an error")
        } catch let error as DecodingError {
            guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
            #expect(context.codingPath.map(\.stringValue) == ["shape"])
        }
    }
}

/// The JSON Schema of tagged values, checked by Python's `jsonschema` (skipped without it, as the
/// other validation tests are).
@Suite(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
struct TaggedSchemaValidationTests {
    @Test func schemaAcceptsTheEncoderOutputAndRejectsBadTags() throws {
        let encoder = TDrawing.jsonSchema()
        let decoder = TDrawing.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        let main = try #require(encoder["properties"]?["main"])
        #expect(main["discriminator"] == ["propertyName": "type"])
        let good = try TDrawing.sample.jsonValue()
        var badTag = good
        badTag["main"] = ["type": "triangle"]
        var missingTag = good
        missingTag["event"] = ["data": ["id": 1]]
        var twoKeys = good
        twoKeys["byName"] = ["a": ["circle": ["radius": 1], "none": [:]]]
        var unknownShape = good
        unknownShape["shapes"] = [["type": "hexagon", "sides": 6]]
        let outcomes = try SchemaValidator.run([
            .init(name: "good encoder", schema: encoder, instance: good),
            .init(name: "good decoder", schema: decoder, instance: good),
            .init(name: "bad tag", schema: encoder, instance: badTag),
            .init(name: "missing tag", schema: decoder, instance: missingTag),
            .init(name: "two keys", schema: decoder, instance: twoKeys),
            .init(name: "default in decoder view", schema: decoder, instance: unknownShape),
            .init(name: "default not in encoder view", schema: encoder, instance: unknownShape),
            .init(name: "top level", schema: TEvent.jsonSchema(), instance: try TEvent.opened(TIssue()).jsonValue()),
        ])
        let valid = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.name, $0.errorCount == 0) })
        for outcome in outcomes { #expect(outcome.schemaIsValid, "\(outcome.name): \(outcome.errors)") }
        #expect(valid == ["good encoder": true, "good decoder": true, "bad tag": false, "missing tag": false,
                          "two keys": false, "default in decoder view": true, "default not in encoder view": false,
                          "top level": true], "\(outcomes.map { ($0.name, $0.errors) })")
    }
}

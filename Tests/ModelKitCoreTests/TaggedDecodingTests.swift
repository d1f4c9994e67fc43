import Foundation
import Testing
@testable import ModelKitCore

/// Decoding the three tagging styles: tag first and last, unknown and missing tags, payload errors.
@Suite struct TaggedDecodingTests {
    private func error<T: ModelValue>(_ type: T.Type, _ json: String, options: DecodingOptions = .init()) -> ModelDecodingError? {
        do {
            _ = try ModelDecoder(options: options).decode(T.self, from: json)
            return nil
        } catch let error as ModelDecodingError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func internallyTaggedTagFirst() throws {
        #expect(try TShape(json: #"{"type":"circle","radius":2}"#) == .circle(TCircle(radius: 2)))
        #expect(try TShape(json: #"{"type":"sq","side":3,"label":"x"}"#) == .square(TSquare(side: 3, label: "x")))
        #expect(try TShape(json: #"{"type":"unknown"}"#) == .unknown)
    }

    @Test func internallyTaggedTagLast() throws {
        #expect(try TShape(json: #"{"radius":2,"type":"circle"}"#) == .circle(TCircle(radius: 2)))
        #expect(try TShape(json: #"{"side":3,"type":"sq","label":"x"}"#) == .square(TSquare(side: 3, label: "x")))
    }

    @Test func internallyTaggedTagLastWithNestedMembers() throws {
        // Members before the tag, containers included, are kept and replayed; unknown ones ignored.
        let json = #"{"extra":{"a":[1,{"b":2}]},"side":4,"list":[1,2],"type":"sq","label":"y"}"#
        #expect(try TShape(json: json) == .square(TSquare(side: 4, label: "y")))
    }

    @Test func unknownTagIsLocatedAtTheTag() throws {
        let json = "{\"shape\": {\"radius\": 1,\n  \"type\": \"triangle\"}}"
        struct Holder: Model {
            var shape: TStrictShape = .circle(TCircle())
            static let schema = Schema(Holder.self) { Field("shape", \.shape) }
        }
        let failure = try #require(error(Holder.self, json))
        #expect(failure.path == "$.shape.type")
        #expect(failure.line == 2)
        #expect(failure.column == 11)
        #expect(failure.description.contains("unknown TStrictShape tag \"triangle\""))
        #expect(failure.description.contains("\"circle\", \"square\""))
    }

    @Test func unknownTagChoosesTheDefaultCase() throws {
        #expect(try TShape(json: #"{"type":"hexagon","sides":6}"#) == .unknown)
        #expect(try TShape(json: #"{"sides":6,"nested":{"type":"x"},"type":"hexagon"}"#) == .unknown)
    }

    @Test func missingTagIsAnError() throws {
        let failure = try #require(error(TShape.self, #"{"radius":2}"#))
        #expect(failure.reason == .missingKey("type"))
        #expect(error(TEvent.self, #"{"data":{"id":1}}"#)?.reason == .missingKey("kind"))
        #expect(error(TEvent.self, #"{"kind":"opened"}"#)?.reason == .missingKey("data"))
    }

    @Test func payloadErrorsAreLocatedInThePayload() throws {
        let strict = DecodingOptions(conversion: .strict)
        let failure = try #require(error(TShape.self, #"{"type":"circle","radius":"big"}"#, options: strict))
        #expect(failure.path == "$.radius")
        // The payload's required keys are checked.
        #expect(error(TShape.self, #"{"type":"circle"}"#)?.reason == .missingKey("radius"))
        let adjacent = try #require(error(TEvent.self, #"{"kind":"opened","data":{"id":"x"}}"#, options: strict))
        #expect(adjacent.path == "$.data.id")
        let external = try #require(error(TEither.self, #"{"square":{"side":[1]}}"#, options: strict))
        #expect(external.path == "$.square.side")
    }

    @Test func tagOfTheWrongTypeIsAMismatch() throws {
        let failure = try #require(error(TShape.self, #"{"type":3,"radius":2}"#))
        #expect(failure.path == "$.type")
        #expect(error(TShape.self, #"{"type":{"a":1}}"#)?.path == "$.type")
        // Under .skip the value is left untouched and the decode goes on.
        let options = DecodingOptions(mismatch: .skip)
        let drawing = try TDrawing(json: #"{"main":{"type":7,"radius":1},"name":"n"}"#, options: options)
        #expect(drawing.main == .unknown && drawing.name == "n")
    }

    @Test func repeatedTagFollowsThePolicy() throws {
        #expect(try TShape(json: #"{"type":"circle","radius":1,"type":"sq"}"#) == .circle(TCircle(radius: 1)))
        let reject = DecodingOptions(duplicateKeys: .reject)
        #expect(error(TShape.self, #"{"type":"circle","radius":1,"type":"sq"}"#, options: reject)?.reason == .duplicateKey("type"))
    }

    @Test func adjacentlyTaggedEitherOrder() throws {
        let issue = TIssue(id: 1, title: "t")
        #expect(try TEvent(json: #"{"kind":"opened","data":{"id":1,"title":"t"}}"#) == .opened(issue))
        #expect(try TEvent(json: #"{"data":{"id":1,"title":"t"},"kind":"closed"}"#) == .closed(issue))
        #expect(try TEvent(json: #"{"kind":"ping"}"#) == .ping)
        #expect(try TEvent(json: #"{"other":[1],"kind":"ping","data":{"x":1}}"#) == .ping)
        #expect(error(TEvent.self, #"{"kind":"merged","data":{}}"#)?.path == "$.kind")
    }

    @Test func externallyTagged() throws {
        #expect(try TEither(json: #"{"circle":{"radius":2}}"#) == .circle(TCircle(radius: 2)))
        #expect(try TEither(json: #"{"none":{}}"#) == .none)
        let unknown = try #require(error(TEither.self, #"{"triangle":{}}"#))
        #expect(unknown.path == "$.triangle")
        #expect(error(TEither.self, #"{"circle":{"radius":2},"square":{}}"#)?.path == "$.square")
        #expect(error(TEither.self, "{}") != nil)
    }

    @Test func notAnObject() throws {
        #expect(error(TShape.self, "[1]")?.reason == .typeMismatch(expected: "TShape", found: "array"))
        #expect(error(TShape.self, "3") != nil)
        // Lenient fields drop a null, as for a model.
        let drawing = try TDrawing(json: #"{"main":null,"shapes":[null,{"type":"circle","radius":1}]}"#)
        #expect(drawing.main == .unknown && drawing.shapes == [.circle(TCircle(radius: 1))])
    }

    @Test func fieldsContainersAndTopLevel() throws {
        let json = try TDrawing.sample.jsonString()
        #expect(try TDrawing(json: json) == TDrawing.sample)
        let shapes = try ModelDecoder().decode([TShape].self, from: #"[{"type":"circle","radius":1},{"radius":2,"type":"circle"},{"type":"sq","side":1}]"#)
        #expect(shapes == [.circle(TCircle(radius: 1)), .circle(TCircle(radius: 2)), .square(TSquare(side: 1))])
        let map = try ModelDecoder().decode([String: TEither].self, from: #"{"a":{"none":{}},"b":{"square":{"side":2}}}"#)
        #expect(map == ["a": TEither.none, "b": .square(TSquare(side: 2))])
    }

    @Test func updateReplacesATaggedField() throws {
        var drawing = TDrawing.sample
        try drawing.update(json: #"{"main":{"type":"sq","side":9}}"#)
        #expect(drawing.main == .square(TSquare(side: 9)))
        #expect(drawing.shapes == TDrawing.sample.shapes)
    }

    @Test func streamDecodesTaggedRecords() throws {
        let input = Array(#"{"type":"circle","radius":1} {"radius":2,"type":"circle"}"#.utf8) + Array("\n{\"type\":\"what\"}\n".utf8)
        let stream = ModelStreamDecoder<TShape>()
        var out: [TShape] = []
        for byte in input { out += try stream.feed([byte]) }
        out += try stream.finish()
        #expect(out == [.circle(TCircle(radius: 1)), .circle(TCircle(radius: 2)), .unknown])
        let array = ModelStreamDecoder<TEvent>()
        let events = try array.feed(Array(#"[{"kind":"ping"},{"kind":"opened","data":{"id":3}}]"#.utf8)) + array.finish()
        #expect(events == [.ping, .opened(TIssue(id: 3))])
    }
}

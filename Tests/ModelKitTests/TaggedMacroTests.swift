import Foundation
import ModelKit
import Testing

@Model struct MCircle: Equatable { var radius = 0.0 }
@Model struct MSquare: Equatable { var side = 0 }
@Model struct MIssue: Equatable {
    var id = 0
    var title = ""
}

@Model(tag: "type")
enum MShape: Equatable {
    case circle(MCircle)
    @Key("sq") case square(MSquare)
    @Default case unknown
}

@Model(tag: "kind", content: "data")
enum MEvent: Equatable {
    case opened(MIssue)
    case closed(MIssue)
}

@Model
enum MEither: Equatable {
    case circle(MCircle)
    case square(MSquare)
}

@Model
public enum MPublicEither {
    case circle(MPublicCircle)
}

@Model public struct MPublicCircle { public var radius = 0.0 }

@Model struct MScene: Equatable {
    var shape: MShape = .unknown
    var events: [MEvent] = []
    var either: MEither?
}

/// `@Model` on enums: the three tagging styles, `@Key` and `@Default`, and the generated
/// `Codable` conformance matching the JSON.
@Suite struct TaggedMacroTests {
    @Test func internallyTagged() throws {
        #expect(try MShape(json: #"{"type":"circle","radius":2}"#) == .circle(MCircle(radius: 2)))
        #expect(try MShape(json: #"{"side":3,"type":"sq"}"#) == .square(MSquare(side: 3)))
        #expect(try MShape(json: #"{"type":"hexagon"}"#) == .unknown)
        #expect(try MShape.square(MSquare(side: 1)).jsonString() == #"{"type":"sq","side":1}"#)
        #expect(try MShape.unknown.jsonString() == #"{"type":"unknown"}"#)
    }

    @Test func adjacentlyTagged() throws {
        let event = MEvent.closed(MIssue(id: 2, title: "t"))
        #expect(try event.jsonString() == #"{"kind":"closed","data":{"id":2,"title":"t"}}"#)
        #expect(try MEvent(json: #"{"data":{"id":2,"title":"t"},"kind":"closed"}"#) == event)
        do {
            _ = try MEvent(json: #"{"kind":"merged","data":{}}"#)
            Issue.record("an unknown tag without @Default must fail")
        } catch let error as ModelDecodingError {
            #expect(error.path == "$.kind")
        }
    }

    @Test func externallyTagged() throws {
        #expect(try MEither.circle(MCircle(radius: 1)).jsonString() == #"{"circle":{"radius":1}}"#)
        #expect(try MEither(json: #"{"square":{"side":4}}"#) == .square(MSquare(side: 4)))
        #expect(try MPublicEither.circle(MPublicCircle(radius: 1)).jsonString() == #"{"circle":{"radius":1}}"#)
    }

    @Test func inModelsAndContainers() throws {
        let scene = MScene(shape: .circle(MCircle(radius: 1)), events: [.opened(MIssue(id: 1, title: "a"))], either: .square(MSquare(side: 2)))
        #expect(try MScene(json: scene.jsonBytes()) == scene)
        #expect(try Archive.decode(MScene.self, from: Archive.encode(scene)) == scene)
        #expect(scene.modelDescription.contains("shape: MShape.circle MCircle {"))
        let schema = MScene.jsonSchema()
        #expect(schema["properties"]?["shape"]?["discriminator"] == ["propertyName": "type"])
    }

    @Test func codableMatchesTheJSON() throws {
        let scene = MScene(shape: .square(MSquare(side: 5)), events: [.closed(MIssue())], either: .circle(MCircle(radius: 3)))
        let foundation = try JSONEncoder().encode(scene)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == scene.jsonValue())
        #expect(try JSONDecoder().decode(MScene.self, from: scene.jsonData()) == scene)
        #expect(try JSONDecoder().decode(MShape.self, from: Data(#"{"type":"sq","side":5}"#.utf8)) == .square(MSquare(side: 5)))
    }
}

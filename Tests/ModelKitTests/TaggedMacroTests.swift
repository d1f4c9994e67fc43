import Foundation
import ModelKit
import Testing

@Model struct TgCircle: Equatable { var radius = 0.0 }
@Model struct TgSquare: Equatable { var side = 0 }
@Model struct TgIssue: Equatable {
    var id = 0
    var title = ""
}

@Model(tag: "type")
enum TgShape: Equatable {
    case circle(TgCircle)
    @Key("sq") case square(TgSquare)
    @Default case unknown
}

@Model(tag: "kind", content: "data")
enum TgEvent: Equatable {
    case opened(TgIssue)
    case closed(TgIssue)
}

/// Externally tagged: plain `@Model`, as API.md writes it.
@Model
enum TgEither: Equatable {
    case circle(TgCircle)
    @Key("box") case square(TgSquare)
    @Default case other
}

/// The same union declaring `TaggedModel` (still valid: its members come from the protocol).
@Model
enum TgDeclaredEither: TaggedModel, Equatable {
    case circle(TgCircle)
    @Key("box") case square(TgSquare)
    @Default case other
}

/// Public and generic plain enums: the generated members take the enum's access.
@Model
public enum TgPublicEither {
    case circle(TgPublicCircle)
}

@Model
enum TgGenericEither<Payload: Model> {
    case one(Payload)
    case none
}

/// A model class hierarchy in the same target: the macro's conformance lists must keep compiling
/// for subclasses (a listed conformance the base class does not get crashes Swift 6.3).
@Model
class TgHolder {
    var either: TgEither = .other
}

@Model
final class TgNamedHolder: TgHolder {
    var name = ""
}

@Model(tag: "type")
public enum TgPublicShape {
    case circle(TgPublicCircle)
}

@Model public struct TgPublicCircle { public var radius = 0.0 }

@Model struct TgScene: Equatable {
    var shape: TgShape = .unknown
    var events: [TgEvent] = []
    var either: TgEither?
}

/// `@Model` on enums: the three tagging styles, `@Key` and `@Default`, and the generated
/// `Codable` conformance matching the JSON.
@Suite struct TaggedMacroTests {
    @Test func internallyTagged() throws {
        #expect(try TgShape(json: #"{"type":"circle","radius":2}"#) == .circle(TgCircle(radius: 2)))
        #expect(try TgShape(json: #"{"side":3,"type":"sq"}"#) == .square(TgSquare(side: 3)))
        #expect(try TgShape(json: #"{"type":"hexagon"}"#) == .unknown)
        #expect(try TgShape.square(TgSquare(side: 1)).jsonString() == #"{"type":"sq","side":1}"#)
        #expect(try TgShape.unknown.jsonString() == #"{"type":"unknown"}"#)
    }

    @Test func adjacentlyTagged() throws {
        let event = TgEvent.closed(TgIssue(id: 2, title: "t"))
        #expect(try event.jsonString() == #"{"kind":"closed","data":{"id":2,"title":"t"}}"#)
        #expect(try TgEvent(json: #"{"data":{"id":2,"title":"t"},"kind":"closed"}"#) == event)
        do {
            _ = try TgEvent(json: #"{"kind":"merged","data":{}}"#)
            Issue.record("an unknown tag without @Default must fail")
        } catch let error as ModelDecodingError {
            #expect(error.path == "$.kind")
        }
    }

    @Test func externallyTagged() throws {
        #expect(try TgEither.circle(TgCircle(radius: 1)).jsonString() == #"{"circle":{"radius":1}}"#)
        #expect(try TgEither.square(TgSquare(side: 2)).jsonString() == #"{"box":{"side":2}}"#)
        #expect(try TgEither.other.jsonString() == #"{"other":{}}"#)
        #expect(try TgEither(json: #"{"box":{"side":4}}"#) == .square(TgSquare(side: 4)))
        #expect(try TgEither(json: #"{"hexagon":{"n":6}}"#) == .other)
        #expect(try ModelDecoder().decode(TgEither.self, from: #"{"circle":{"radius":3}}"#) == .circle(TgCircle(radius: 3)))
        var circle = TgPublicCircle()
        circle.radius = 1
        #expect(try TgPublicShape.circle(circle).jsonString() == #"{"type":"circle","radius":1}"#)
    }

    /// A plain enum gets what a `TaggedModel` has, with the same results.
    @Test func plainEnumBehavesAsTaggedModel() throws {
        let values: [(TgEither, TgDeclaredEither)] = [(.circle(TgCircle(radius: 1)), .circle(TgCircle(radius: 1))),
                                                       (.square(TgSquare(side: 2)), .square(TgSquare(side: 2))), (.other, .other)]
        for (plain, declared) in values {
            #expect(try plain.jsonString() == declared.jsonString())
            #expect(try plain.jsonBytes(options: EncodingOptions(prettyPrinted: true)) == declared.jsonBytes(options: EncodingOptions(prettyPrinted: true)))
            #expect(try plain.jsonValue() == declared.jsonValue())
            #expect(plain.modelDescription == declared.modelDescription.replacingOccurrences(of: "TgDeclaredEither", with: "TgEither"))
            #expect(plain.modelIsEqual(plain) && plain.modelDeepCopy() == plain)
            #expect(try TgEither(json: plain.jsonBytes()) == plain)
        }
        #expect(!TgEither.circle(TgCircle(radius: 1)).modelIsEqual(.circle(TgCircle(radius: 2))))
        var first = Hasher(), second = Hasher()
        TgEither.square(TgSquare(side: 3)).modelHash(into: &first)
        TgEither.square(TgSquare(side: 3)).modelHash(into: &second)
        #expect(first.finalize() == second.finalize())
        #expect(TgEither.modelTypeName == "TgEither")
        #expect(TgEither.jsonSchema()["oneOf"] == TgDeclaredEither.jsonSchema()["oneOf"])
        #expect(try TgEither.decodeModelValue(from: ["box": ["side": 7]], options: DecodingOptions()) == .square(TgSquare(side: 7)))
        #expect(try TgEither.other.encodeModelValue(options: EncodingOptions()) == ["other": [:]])
        #expect(try TgPublicEither.circle(TgPublicCircle()).jsonString() == #"{"circle":{"radius":0}}"#)
        let generic = try TgGenericEither<TgSquare>(json: #"{"one":{"side":1}}"#)
        #expect(try generic.jsonString() == #"{"one":{"side":1}}"#)
        #expect(try TgGenericEither<TgSquare>.none.jsonString() == #"{"none":{}}"#)
    }

    @Test func externallyTaggedErrorsAreLocated() throws {
        do {
            _ = try TgScene(json: #"{"either":{"box":{"side":"x"}}}"#, options: DecodingOptions(conversion: .strict))
            Issue.record("a mistyped payload member must fail")
        } catch let error as ModelDecodingError {
            #expect(error.path == "$.either.box.side")
        }
    }

    @Test func externallyTaggedInFieldsArraysAndSubclasses() throws {
        let scene = try TgScene(json: #"{"either":{"box":{"side":5}}}"#)
        #expect(scene.either == .square(TgSquare(side: 5)))
        let list = try [TgEither](json: #"[{"circle":{"radius":1}},{"box":{"side":2}},{"nope":{}}]"#)
        #expect(list == [.circle(TgCircle(radius: 1)), .square(TgSquare(side: 2)), .other])
        #expect(try ModelEncoder().encode(list) == Array(#"[{"circle":{"radius":1}},{"box":{"side":2}},{"other":{}}]"#.utf8))
        let holder = try TgNamedHolder(json: #"{"name":"n","either":{"circle":{"radius":2}}}"#)
        #expect(holder.name == "n" && holder.either == .circle(TgCircle(radius: 2)))
        let decoded = try JSONDecoder().decode(TgNamedHolder.self, from: holder.jsonData())
        #expect(decoded.either == .circle(TgCircle(radius: 2)))
    }

    @Test func externallyTaggedCodableAndSchema() throws {
        #expect(try JSONEncoder().encode(TgEither.square(TgSquare(side: 1))) == Data(#"{"box":{"side":1}}"#.utf8))
        #expect(try JSONDecoder().decode(TgEither.self, from: Data(#"{"circle":{"radius":2}}"#.utf8)) == .circle(TgCircle(radius: 2)))
        #expect(try JSONDecoder().decode([TgEither].self, from: Data(#"[{"x":{}}]"#.utf8)) == [.other])
        let schema = TgEither.jsonSchema()
        guard case .array(let branches)? = schema["oneOf"] else {
            Issue.record("a tagged enum's schema is a oneOf: \(schema)")
            return
        }
        #expect(branches.count == 3)
        #expect(branches[1]["required"] == ["box"])
        #expect(schema["discriminator"] == nil)
        // What decoding accepts: any other single tag too (the @Default case).
        let decoding = TgEither.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
        if case .array(let accepted)? = decoding["oneOf"] { #expect(accepted.count == 4) } else { Issue.record("\(decoding)") }
    }

    @Test func inModelsAndContainers() throws {
        let scene = TgScene(shape: .circle(TgCircle(radius: 1)), events: [.opened(TgIssue(id: 1, title: "a"))], either: .square(TgSquare(side: 2)))
        #expect(try TgScene(json: scene.jsonBytes()) == scene)
        #expect(try Archive.decode(TgScene.self, from: Archive.encode(scene)) == scene)
        #expect(scene.modelDescription.contains("shape: TgShape.circle TgCircle {"))
        let schema = TgScene.jsonSchema()
        #expect(schema["properties"]?["shape"]?["discriminator"] == ["propertyName": "type"])
    }

    @Test func codableMatchesTheJSON() throws {
        let scene = TgScene(shape: .square(TgSquare(side: 5)), events: [.closed(TgIssue())], either: .circle(TgCircle(radius: 3)))
        let foundation = try JSONEncoder().encode(scene)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == scene.jsonValue())
        #expect(try JSONDecoder().decode(TgScene.self, from: scene.jsonData()) == scene)
        #expect(try JSONDecoder().decode(TgShape.self, from: Data(#"{"type":"sq","side":5}"#.utf8)) == .square(TgSquare(side: 5)))
    }

    @Test func streamsOfTaggedEnums() async throws {
        let input = Array(#"[{"circle":{"radius":1}},{"box":{"side":2}}]"#.utf8)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for start in stride(from: 0, to: input.count, by: 7) { continuation.yield(Array(input[start..<min(start + 7, input.count)])) }
            continuation.finish()
        }
        var decoded: [TgEither] = []
        for try await value in chunks.decodeModels(TgEither.self) { decoded.append(value) }
        #expect(decoded == [.circle(TgCircle(radius: 1)), .square(TgSquare(side: 2))])

        var writer = ModelStreamEncoder<TgEither>(format: .array)
        var bytes = try decoded.flatMap { try writer.encode($0) }
        bytes += writer.finish()
        #expect(bytes == input)
        let values = AsyncStream<TgShape> { continuation in
            continuation.yield(.unknown)
            continuation.finish()
        }
        var lines: [UInt8] = []
        for try await chunk in values.encodedAsJSON() { lines += chunk }
        #expect(lines == Array("{\"type\":\"unknown\"}\n".utf8))
    }

    @Test func topLevelArraysAndObjects() throws {
        let shapes = try [TgShape](json: #"[{"type":"circle","radius":1},{"type":"sq","side":2},{"type":"x"}]"#)
        #expect(shapes == [.circle(TgCircle(radius: 1)), .square(TgSquare(side: 2)), .unknown])
        #expect(try [TgEither](json: Array(#"[{"box":{"side":4}}]"#.utf8)) == [.square(TgSquare(side: 4))])
        let byName = try [String: TgEvent](json: #"{"a":{"kind":"opened","data":{"id":1,"title":"t"}}}"#)
        #expect(byName == ["a": .opened(TgIssue(id: 1, title: "t"))])
        #expect(try ModelEncoder().encode(shapes) == Array(#"[{"type":"circle","radius":1},{"type":"sq","side":2},{"type":"unknown"}]"#.utf8))
        do {
            _ = try [TgEvent](json: #"[{"kind":"opened","data":{}},{"kind":"merged","data":{}}]"#)
            Issue.record("an unknown tag without @Default must fail")
        } catch let error as ModelDecodingError {
            #expect(error.path == "$[1].kind")
        }
    }
}

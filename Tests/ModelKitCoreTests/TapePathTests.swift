import Foundation
import Testing
import Synchronization
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35: the schema path moves from the push engine to a reader over the recorded tape, one
// feature at a time. A decode takes the tape when the reader reads everything it needs, the push
// engine otherwise; both must give the same values and the same errors at the same places.

private struct TPInner: Model {
    var id = 0
    var name = ""
    var tags: [String] = []
    static let schema = Schema(TPInner.self) {
        Field("id", \.id)
        Field("name", \.name)
        Field("tags", \.tags)
    }
}

private struct TPOuter: Model {
    var title = ""
    var items: [TPInner] = []
    var byName: [String: TPInner] = [:]
    var score: Double?
    static let schema = Schema(TPOuter.self) {
        Field("title", \.title)
        Field("items", \.items)
        Field("byName", \.byName)
        Field("score", \.score)
    }
}

private struct TPRequired: Model {
    var id = 0
    var label = ""
    static let schema = Schema(TPRequired.self) {
        Field("id", \.id, keys: ["id", "ID", "identifier"], options: .required)
        Field("label", \.label)
    }
}

private struct TPChecked: ValidatingModel {
    var count = 0
    static let schema = Schema(TPChecked.self) { Field("count", \.count) }
    mutating func didDecode() throws {
        if count < 0 { throw ModelValueError("count must not be negative") }
    }
}

private struct TPHolder: Model {
    var checked: [TPChecked] = []
    var required: TPRequired?
    static let schema = Schema(TPHolder.self) {
        Field("checked", \.checked)
        Field("required", \.required)
    }
}

private class TPAnimal: PreprocessingModel, @unchecked Sendable {
    var name = ""
    required init() {}
    class var schema: Schema { tpAnimalSchema }
    static func willDecode(_ object: JSONValue) -> JSONValue? { object }
}

private struct TPPaths: Model {
    var desc = ""
    var firstURL = ""
    var second: Int?
    var ext: JSONValue = .null
    var images: [TPImage] = []
    var imageCount = 0
    static let schema = Schema(TPPaths.self) {
        Field("desc", \.desc, key: "ext.desc")
        Field("firstURL", \.firstURL, key: "images[0].url")
        Field("second", \.second, key: "matrix[1][0]")
        Field("ext", \.ext)
        Field("images", \.images)
        Field("imageCount", \.imageCount, keys: ["count", "images_count"])
    }
}

private struct TPImage: Model {
    var url = ""
    static let schema = Schema(TPImage.self) { Field("url", \.url) }
}

/// Two fields on one key, of one JSON-side type and of two.
private struct TPShared: Model {
    var a: [TPImage] = []
    var b: [TPImage] = []
    var raw: JSONValue = .null
    static let schema = Schema(TPShared.self) {
        Field("a", \.a, key: "k")
        Field("b", \.b, key: "k")
        Field("raw", \.raw, key: "k")
    }
}

private struct TPColor: ModelValue {
    var parts: [Int]
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> TPColor {
        guard case .array(let values) = json else { throw ModelValueError("expected an array") }
        return TPColor(parts: values.compactMap { $0.int64Value.map(Int.init) })
    }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .array(parts.map { JSONValue($0) }) }
}

private struct TPCustom: Model {
    var color = TPColor(parts: [])
    static let schema = Schema(TPCustom.self) { Field("color", \.color) }
}

private final class TPZoo: Model, @unchecked Sendable {
    var animals: [TPChosen] = []
    required init() {}
    static let schema = Schema(TPZoo.self) { Field("animals", \.animals) }
}

private class TPChosen: PolymorphicModel, @unchecked Sendable {
    var name = ""
    required init() {}
    class var schema: Schema { tpChosenSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        object["kind"]?.stringValue == "cat" ? TPCat.self : nil
    }
}

private final class TPCat: TPChosen, @unchecked Sendable {
    var lives = 0
    override class var schema: Schema { tpCatSchema }
}

private let tpChosenSchema = Schema(TPChosen.self) { Field("name", \.name) }
private let tpCatSchema = Schema(TPCat.self, inheriting: tpChosenSchema) { Field("lives", \.lives) }
private let tpAnimalSchema = Schema(TPAnimal.self) { Field("name", \.name) }

/// An internally tagged payload that chooses its class (from the object without the tag).
private enum TPTaggedChosen: TaggedModel {
    case chosen(TPChosen), tagged(TPTagChooser)
    static let taggedUnion = TaggedUnion(TPTaggedChosen.self, tag: "t") {
        TaggedCase("chosen", TPChosen.self, embed: { .chosen($0) }, extract: { if case .chosen(let c) = $0 { c } else { nil } })
        TaggedCase("tagged", TPTagChooser.self, embed: { .tagged($0) }, extract: { if case .tagged(let c) = $0 { c } else { nil } })
    }
}

/// Chooses its subclass when the object has a tag member: it never should (the push engine never
/// hands the tag to the payload).
private class TPTagChooser: PolymorphicModel, @unchecked Sendable {
    var name = ""
    required init() {}
    class var schema: Schema { tpTagChooserSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        object["t"] != nil ? TPTagSeen.self : nil
    }
}

private final class TPTagSeen: TPTagChooser, @unchecked Sendable {
    override class var schema: Schema { tpTagSeenSchema }
}

private let tpTagChooserSchema = Schema(TPTagChooser.self) { Field("name", \.name) }
private let tpTagSeenSchema = Schema(TPTagSeen.self, inheriting: tpTagChooserSchema) { Field("t", \.name) }

private struct TPTaggedHolder: Model {
    var animal: TPTaggedChosen?
    var animals: [TPTaggedChosen] = []
    static let schema = Schema(TPTaggedHolder.self) {
        Field("animal", \.animal)
        Field("animals", \.animals)
    }
}

/// An internally tagged payload that rewrites its object.
private enum TPPrepTagged: TaggedModel {
    case prep(TPPrepPayload)
    static let taggedUnion = TaggedUnion(TPPrepTagged.self, tag: "t") {
        TaggedCase("prep", TPPrepPayload.self, embed: { .prep($0) }, extract: { if case .prep(let p) = $0 { p } else { nil } })
    }
}

/// Renames `nm` to `name`; sees its object without the tag (as the push engine hands it over).
private struct TPPrepPayload: PreprocessingModel {
    var name = ""
    var sawTag = false
    static let schema = Schema(TPPrepPayload.self) {
        Field("name", \.name)
        Field("sawTag", \.sawTag)
    }
    static func willDecode(_ object: JSONValue) -> JSONValue? {
        guard case .object(var members) = object else { return object }
        if let nm = members["nm"] { members["name"] = nm }
        members["sawTag"] = .bool(members["t"] != nil)
        return .object(members)
    }
}

private struct TPPrepTaggedHolder: Model {
    var tagged: TPPrepTagged?
    var list: [TPPrepTagged] = []
    static let schema = Schema(TPPrepTaggedHolder.self) {
        Field("tagged", \.tagged)
        Field("list", \.list)
    }
}

/// A table of more than 64 keys.
private struct TPWide: Model {
    var value = 0
    static let schema = Schema(TPWide.self) { Field("value", \.value, keys: (0..<65).map { "k\($0)" }) }
}

private struct TPFallingBack: Model {
    var wide: TPWide?
    static let schema = Schema(TPFallingBack.self) { Field("wide", \.wide) }
}

@Suite struct TapePathTests {
    @Test func valuesAndErrorsMatchThePushEngine() throws {
        let documents = [
            #"{"title":"t","items":[{"id":1,"name":"a","tags":["x","y"]},{"id":2}],"byName":{"k":{"id":3}},"score":1.5}"#,
            #"{"title":"t","items":[{"id":1},{"id":"two"}]}"#,
            "{\n  \"title\": \"t\",\n  \"items\": [\n    {\"id\": 1},\n    {\"id\": 2, \"tags\": [1]}\n  ]\n}",
            #"{"title":"t","byName":{"a b":{"name":7}}}"#,
            #"{"title":"t","items":{"id":1}}"#,
            #"{"title":"t","score":"high"}"#,
            #"[1,2]"#,
            #"null"#,
            #"{"title":"t","items":[{"id":1},[]]}"#,
        ]
        for json in documents {
            try expectSamePaths(TPOuter.self, json)
            try expectSamePaths(TPOuter.self, json, options: DecodingOptions(conversion: .strict))
            try expectSamePaths(TPOuter.self, json, options: DecodingOptions(mismatch: .skip))
        }
    }

    @Test func requiredFallbackAndValidatedModelsTakeTheTape() throws {
        for json in [
            #"{"required":{"ID":4,"identifier":5,"label":"x"},"checked":[{"count":1}]}"#,
            #"{"required":{"identifier":5,"id":6}}"#,
            #"{"required":{"label":"x"}}"#,
            #"{"checked":[{"count":1},{"count":-1}]}"#,
        ] {
            try expectSamePaths(TPHolder.self, json)
            try expectSamePaths(TPHolder.self, json, options: DecodingOptions(mismatch: .skip))
        }
    }

    @Test func keyPoliciesTakeTheTape() throws {
        for json in [#"{"id":1,"label":"a","label":"b"}"#, #"{"id":1,"other":2}"#, #"{"id":1,"ID":2,"id":3}"#] {
            for options in [DecodingOptions(duplicateKeys: .useFirst), DecodingOptions(duplicateKeys: .useLast),
                            DecodingOptions(duplicateKeys: .reject), DecodingOptions(unknownKeys: .fail)] {
                try expectSamePaths(TPRequired.self, json, options: options)
            }
        }
    }

    @Test func keyPathsIndexesAndValuesTakeTheTape() throws {
        for json in [
            #"{"ext":{"desc":"d","x":[1,{"y":null}]},"images":[{"url":"u0"},{"url":"u1"}],"matrix":[[1],[2,3]],"images_count":2,"count":3}"#,
            #"{"ext":"flat","images":[],"matrix":[[1]],"count":"x"}"#,
            #"{"ext":{"desc":7},"images":[{"url":1}]}"#,
            #"{"matrix":[[1],["two"]]}"#,
        ] {
            try expectSamePaths(TPPaths.self, json)
            try expectSamePaths(TPPaths.self, json, options: DecodingOptions(conversion: .strict, mismatch: .skip))
        }
        try expectSamePaths(TPPaths.self, #"{"ext":{"desc":"d"},"images":[{"url":"u"}]}"#, options: DecodingOptions(unknownKeys: .fail))
        for json in [#"{"k":[{"url":"a"}]}"#, #"{"k":[{"url":1}]}"#, #"{"k":7}"#] {
            try expectSamePaths(TPShared.self, json)
        }
        for json in [#"{"color":[1,2,3]}"#, #"{"color":"red"}"#] {
            try expectSamePaths(TPCustom.self, json)
        }
    }

    /// Where the push engine buffers a value (a key several consumers share, a type of your
    /// own's container) it places a failure inside it where the value ends, and a custom value's
    /// failure at the root's path; the tape knows the place.
    @Test func failuresInsideValuesThePushEngineBuffersArePlacedExactly() throws {
        func tapeError<M: Model>(_ type: M.Type, _ json: String, _ options: DecodingOptions = DecodingOptions()) throws -> ModelDecodingError {
            try #require(throws: ModelDecodingError.self) { _ = try DecodePaths.tape(M.self, from: Array(json.utf8), options: options) }
        }
        // `ext` is a field and a key path's head; `x` is unknown.
        let unknown = try tapeError(TPPaths.self, #"{"ext":{"desc":"d","x":[1,{"y":null}]}}"#, DecodingOptions(unknownKeys: .fail))
        #expect(unknown.reason == .unknownKey(ModelDecodingError.quoted("x")) && unknown.path == "$.ext.x" && unknown.column == 20)
        // `images` is a field and the head of `images[0].url`.
        let images = try tapeError(TPPaths.self, #"{"ext":"flat","images":{"url":"u"}}"#)
        #expect(images.reason == .typeMismatch(expected: "[TPImage]", found: "object") && images.path == "$.images" && images.column == 24)
        // A type of your own is checked once its container is whole: where it closes.
        let color = try tapeError(TPCustom.self, #"{"color":{"r":1}}"#)
        #expect(color.path == "$.color" && color.column == 16)
    }

    @Test func polymorphicModelsChooseTheirClassOnTheTape() throws {
        let json = Array(#"{"animals":[{"name":"tom","kind":"cat","lives":9},{"name":"rex"}]}"#.utf8)
        let zoo = try DecodePaths.tape(TPZoo.self, from: json)
        #expect(zoo.animals.count == 2)
        #expect((zoo.animals[0] as? TPCat)?.lives == 9)
        #expect(type(of: zoo.animals[1]) == TPChosen.self && zoo.animals[1].name == "rex")
        // The root of `init(json:)` is exactly the type asked for.
        let cat = Array(#"{"name":"tom","kind":"cat","lives":9}"#.utf8)
        let exact = try DecodePaths.tape(TPChosen.self, from: cat)
        #expect(type(of: exact) == TPChosen.self)
        #expect(try ModelDecoder().decode(TPChosen.self, from: cat) is TPCat)
    }

    /// An internally tagged payload that is a `PolymorphicModel` chooses its class from the
    /// object without the tag and is read over the same range, the tag skipped: the same values
    /// and failure reasons as the push engine.
    @Test func polymorphicTaggedPayloadsMatchThePushEngine() throws {
        let documents = [
            #"{"animal":{"t":"chosen","name":"rex","kind":"cat","lives":9}}"#,
            #"{"animal":{"kind":"cat","lives":3,"t":"chosen","name":"tom"}}"#,
            #"{"animal":{"name":"rex","t":"chosen"},"animals":[{"t":"chosen","kind":"cat"},{"kind":"dog","t":"chosen"}]}"#,
            #"{"animal":{"t":"tagged","name":"n"},"animals":[{"name":"m","t":"tagged"}]}"#,
            #"{"animal":{"t":"chosen","kind":"cat","lives":"many"}}"#,
            #"{"animal":{"t":"chosen","kind":"cat","t":"chosen","lives":2}}"#,
            #"{"animal":{"kind":"cat","name":7,"t":"chosen"}}"#,
            #"{"animal":{"t":"other","kind":"cat"}}"#,
            #"{"animals":[{"kind":"cat"}]}"#,
        ]
        for json in documents {
            for options in [DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(mismatch: .skip),
                            DecodingOptions(duplicateKeys: .reject), DecodingOptions(unknownKeys: .fail)] {
                try expectSameOutcomes(TPTaggedHolder.self, json, options: options)
            }
        }
        // Failures are placed where they are; the push engine, which replayed the object minus
        // its tag once it closed, placed them at the close, and named a repeated tag by the key
        // before it ($.animal.kind): the tape names it as a model's repeated key ($.animal.t).
        for (json, options, path, column) in [
            (#"{"animal":{"t":"chosen","kind":"cat","lives":"many"}}"#, DecodingOptions(conversion: .strict), "$.animal.lives", 46),
            (#"{"animal":{"kind":"cat","name":7,"t":"chosen"}}"#, DecodingOptions(conversion: .strict), "$.animal.name", 32),
            (#"{"animal":{"t":"chosen","kind":"cat","t":"chosen","lives":2}}"#, DecodingOptions(duplicateKeys: .reject), "$.animal.t", 38),
            (#"{"animal":{"kind":"cat","lives":3,"t":"chosen"}}"#, DecodingOptions(unknownKeys: .fail), "$.animal.kind", 12),
        ] {
            let error = try #require(throws: ModelDecodingError.self) {
                _ = try DecodePaths.tape(TPTaggedHolder.self, from: Array(json.utf8), options: options)
            }
            #expect(error.path == path && error.line == 1 && error.column == column, "\(json): \(error)")
        }
        let json = Array(#"{"animal":{"t":"chosen","kind":"cat","lives":9},"animals":[{"t":"tagged"}]}"#.utf8)
        let holder = try DecodePaths.tape(TPTaggedHolder.self, from: json)
        guard case .chosen(let cat)? = holder.animal, case .tagged(let other)? = holder.animals.first else { Issue.record("no animals"); return }
        #expect((cat as? TPCat)?.lives == 9 && type(of: other) == TPTagChooser.self)
    }

    /// An internally tagged payload that is a `PreprocessingModel` rewrites its object without
    /// the tag (as the push engine handed it over) and reads the rewrite: the same values and
    /// failure reasons as the push engine; failures are placed where the object closes.
    @Test func preprocessedTaggedPayloadsMatchThePushEngine() throws {
        let documents = [
            #"{"tagged":{"t":"prep","nm":"x"}}"#,
            #"{"tagged":{"nm":"y","t":"prep"},"list":[{"t":"prep","name":"z"},{"name":"w","t":"prep","t":"prep"}]}"#,
            #"{"tagged":{"t":"prep","name":7}}"#,
            #"{"tagged":{"t":"prep","nm":"x","other":[1]}}"#,
            #"{"tagged":{"t":"nope","nm":"x"}}"#,
            #"{"list":[{"t":"prep","sawTag":"yes"}]}"#,
        ]
        for json in documents {
            for options in [DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(conversion: .strict, mismatch: .skip),
                            DecodingOptions(duplicateKeys: .reject), DecodingOptions(unknownKeys: .fail)] {
                try expectSameOutcomes(TPPrepTaggedHolder.self, json, options: options)
            }
        }
        let json = Array(#"{"tagged":{"t":"prep","nm":"x"}}"#.utf8)
        guard case .prep(let payload)? = try DecodePaths.tape(TPPrepTaggedHolder.self, from: json).tagged else {
            Issue.record("no payload")
            return
        }
        #expect(payload.name == "x" && !payload.sawTag)
        let error = try #require(throws: ModelDecodingError.self) {
            _ = try DecodePaths.tape(TPPrepTaggedHolder.self, from: Array(#"{"tagged":{"t":"prep","name":7}}"#.utf8),
                                     options: DecodingOptions(conversion: .strict))
        }
        #expect(error.path == "$.tagged.name" && error.column == 31)
    }

    /// A table of more than 64 keys (here one field's) takes the tape.
    @Test func wideTablesTakeTheTape() throws {
        let json = Array(#"{"wide":{"k64":7}}"#.utf8)
        #expect(try DecodePaths.tape(TPFallingBack.self, from: json).wide?.value == 7)
    }

    @Test func failuresArePlacedOnTheTape() throws {
        let json = "{\n  \"title\": \"t\",\n  \"items\": [\n    {\"id\": 1},\n    {\"id\": true}\n  ]\n}"
        let error = try #require(throws: ModelDecodingError.self) {
            _ = try DecodePaths.tape(TPOuter.self, from: Array(json.utf8), options: DecodingOptions(conversion: .strict))
        }
        #expect(error.path == "$.items[1].id")
        #expect(error.line == 5 && error.column == 12)
    }
}

import Foundation
import Testing
@testable import ModelKitCore

/// Key paths with array indexes (`"images[0].url"`, `"a.b[2]"`, `"matrix[1][0]"`), mixed with
/// dotted key paths and alternative keys.
struct Gallery: Model, Equatable {
    var firstURL: String?
    var firstWidth = 0
    var secondURL: String?
    var cell: Double?
    var tag: String?
    var caption = ""
    var title: String?

    static let schema = Schema(Gallery.self) {
        Field("firstURL", \.firstURL, key: "images[0].url")
        Field("firstWidth", \.firstWidth, key: "images[0].width")
        Field("secondURL", \.secondURL, key: "images[1].url")
        Field("cell", \.cell, key: "matrix[1][0]")
        Field("tag", \.tag, key: "a.b[2]")
        Field("caption", \.caption, key: "meta.caption")
        Field("title", \.title, keys: ["names[1]", "title"])   // the element wins over the plain key
    }
}

/// A `.required` field at an index.
struct Cover: Model, Equatable {
    var url = ""
    static let schema = Schema(Cover.self) {
        Field("url", \.url, key: "images[0].url", options: .required)
    }
}

struct GalleryImage: Model, Equatable {
    var url = ""
    var width = 0
    static let schema = Schema(GalleryImage.self) {
        Field("url", \.url)
        Field("width", \.width)
    }
}

/// Fields that share an indexed level with a field holding it whole (the value is buffered and
/// replayed to each), and a double where the encoder can fail.
struct ImageIndex: Model, Equatable {
    var all: [GalleryImage] = []
    var first: GalleryImage?
    var firstURL: String?
    var thirdURL: String?
    var ratio: Double?
    var scale: Double?
    static let schema = Schema(ImageIndex.self) {
        Field("all", \.all, key: "images")
        Field("first", \.first, key: "images[0]")
        Field("firstURL", \.firstURL, key: "images[0].url")
        Field("thirdURL", \.thirdURL, key: "images[2].url")
        Field("ratio", \.ratio, key: "sizes[2].ratio")
        Field("scale", \.scale, key: "meta.scale")
    }
}

/// A key whose empty part makes it one plain key, brackets included (the rule for `".ext"`).
struct PlainBracketKey: Model, Equatable {
    var value = 0
    static let schema = Schema(PlainBracketKey.self) { Field("value", \.value, key: ".a[0]") }
}

/// Built only inside exit tests, with a malformed key.
struct BadKeyHolder: Model {
    var value = 0
    static let schema = Schema(BadKeyHolder.self) { Field("value", \.value) }
}

@Suite struct KeyPathIndexTests {
    static let full = #"""
    {"images":[{"url":"a.png","width":640},{"url":"b.png"}],"matrix":[[0],[2.5,3]],
     "a":{"b":["x","y","z"]},"meta":{"caption":"hi"},"names":["first","second"],"title":"plain"}
    """#
    static let strict = DecodingOptions(conversion: .strict)

    // MARK: Parsing

    @Test func keysSplitIntoKeysAndIndexes() {
        #expect(KeyPathSegment.segments(of: "images[0].url") == [.key("images"), .index(0), .key("url")])
        #expect(KeyPathSegment.segments(of: "a.b[2]") == [.key("a"), .key("b"), .index(2)])
        #expect(KeyPathSegment.segments(of: "matrix[1][0]") == [.key("matrix"), .index(1), .index(0)])
        #expect(KeyPathSegment.segments(of: "plain") == [.key("plain")])
        #expect(KeyPathSegment.segments(of: ".a[0]") == [.key(".a[0]")])
        #expect(KeyPathSegment.segments(of: "a..b[x]") == [.key("a..b[x]")])
        #expect(KeyPathSegment.segments(of: "a[65535]") == [.key("a"), .index(65_535)])
    }

    // A malformed index stops the program when the schema is built (exit tests: no captures).
    @Test func aNonNumericIndexStops() async {
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[x]") } }
    }

    @Test func aNegativeIndexStops() async {
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[-1]") } }
    }

    @Test func anUnclosedIndexStops() async {
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[") } }
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a.b[1") } }
    }

    @Test func anEmptyOrHeadlessIndexStops() async {
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[]") } }
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "[0]") } }
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a]") } }
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[0]x") } }
    }

    @Test func anIndexTooLargeStops() async {
        await #expect(processExitsWith: .failure) { _ = Schema(BadKeyHolder.self) { Field("value", \.value, key: "a[65536]") } }
        await #expect(processExitsWith: .failure) {
            _ = Schema(BadKeyHolder.self) { Field("value", \.value, keys: ["ok", "a[99999999999999999999]"]) }
        }
    }

    // MARK: Decoding

    @Test func elementsAreReadAtTheirIndexes() throws {
        let gallery = try Gallery(json: Self.full)
        #expect(gallery == Gallery(firstURL: "a.png", firstWidth: 640, secondURL: "b.png", cell: 2.5, tag: "z",
                                   caption: "hi", title: "second"))
    }

    @Test func aMissingElementIsAMissingKey() throws {
        let gallery = try Gallery(json: #"{"images":[],"matrix":[[1]],"a":{"b":["x"]},"names":["only"],"title":"plain"}"#)
        #expect(gallery.firstURL == nil)
        #expect(gallery.firstWidth == 0)          // a defaulted field keeps its default
        #expect(gallery.secondURL == nil)
        #expect(gallery.cell == nil)
        #expect(gallery.tag == nil)
        #expect(gallery.title == "plain")         // the next alternative key
        let error = try #require(throws: ModelDecodingError.self) { try Cover(json: #"{"images":[]}"#) }
        #expect(error.reason == .missingKey("images[0].url"))
        #expect(error.path == "$")
        #expect(error.line == 1)
    }

    @Test func aShortArrayFillsWhatItHas() throws {
        let gallery = try Gallery(json: #"{"images":[{"url":"a.png"}]}"#)
        #expect(gallery.firstURL == "a.png")
        #expect(gallery.secondURL == nil)
        #expect(try Cover(json: #"{"images":[{"url":"c"},{"url":"d"}]}"#).url == "c")
    }

    @Test func aWrongTypeInsideIsLocatedAtItsRealPath() throws {
        let json = #"{"images":[{"url":"a"},{"url":5}]}"#
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder(options: Self.strict).decode(Gallery.self, from: json) }
        #expect(error.path == "$.images[1].url")
        #expect(error.byteOffset == Array(json.utf8).firstIndex(of: UInt8(ascii: "5")))
        let nested = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder(options: Self.strict).decode(Gallery.self, from: #"{"matrix":[[1],["x"]]}"#)
        }
        #expect(nested.path == "$.matrix[1][0]")
        let dotted = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder(options: Self.strict).decode(Gallery.self, from: #"{"a":{"b":[1,2,true]}}"#)
        }
        #expect(dotted.path == "$.a.b[2]")
    }

    @Test func anUnknownKeyInsideAnElementIsLocated() throws {
        let options = DecodingOptions(unknownKeys: .fail)
        let error = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder(options: options).decode(Gallery.self, from: #"{"images":[{"url":"a"},{"url":"b","x":1}]}"#)
        }
        #expect(error.path == "$.images[1].x")
        // Elements no index names are skipped whatever they hold.
        let skipped = try ModelDecoder(options: options).decode(Gallery.self, from: #"{"images":[{"url":"a"},{"url":"b"},{"zzz":1}]}"#)
        #expect(skipped.secondURL == "b")
    }

    @Test func nestedIndexesReadArraysOfArrays() throws {
        #expect(try Gallery(json: #"{"matrix":[[9],[7,8]]}"#).cell == 7)
        #expect(try Gallery(json: #"{"matrix":[[9],[]]}"#).cell == nil)
        #expect(try Gallery(json: #"{"matrix":[[9],{"0":1}]}"#).cell == nil)
    }

    @Test func alternativeKeysKeepTheirPrecedence() throws {
        // The element is the first key: it wins in either document order.
        #expect(try Gallery(json: #"{"title":"plain","names":["a","b"]}"#).title == "b")
        #expect(try Gallery(json: #"{"names":["a","b"],"title":"plain"}"#).title == "b")
        #expect(try Gallery(json: #"{"names":["a"],"title":"plain"}"#).title == "plain")
        // A null element is present: it sets nil and wins, as a null under any first key does.
        #expect(try Gallery(json: #"{"names":["a",null],"title":"plain"}"#).title == nil)
    }

    @Test func aLevelOfTheOtherKindIsSkipped() throws {
        let gallery = try ModelDecoder(options: DecodingOptions(unknownKeys: .fail))
            .decode(Gallery.self, from: #"{"images":{"url":"x"},"matrix":5,"a":{"b":{"2":"z"}},"meta":["hi"]}"#)
        #expect(gallery == Gallery())
    }

    @Test func aFieldAndIndexesSharingALevelEachGetTheirValue() throws {
        let json = #"{"images":[{"url":"a","width":1},{"url":"b","width":2},{"url":"c","width":3}],"sizes":[{},{},{"ratio":1.5}]}"#
        let index = try ImageIndex(json: json)
        #expect(index.all.map(\.url) == ["a", "b", "c"])
        #expect(index.first == GalleryImage(url: "a", width: 1))
        #expect(index.firstURL == "a")
        #expect(index.thirdURL == "c")
        #expect(index.ratio == 1.5)
    }

    @Test func updateSetsOnlyTheElementsPresent() throws {
        var gallery = try Gallery(json: Self.full)
        try gallery.update(json: #"{"images":[{"width":1}]}"#)
        #expect(gallery.firstURL == "a.png")
        #expect(gallery.firstWidth == 1)
        #expect(gallery.secondURL == "b.png")
    }

    @Test func arraysOfModelsReuseFramesAcrossElements() throws {
        let many = try [Gallery](json: "[" + Array(repeating: Self.full, count: 3).joined(separator: ",") + "]")
        #expect(many.count == 3)
        #expect(Set(many.map(\.secondURL)) == ["b.png"])
    }

    @Test func plainKeysWithBracketsStayPlain() throws {
        #expect(try PlainBracketKey(json: #"{".a[0]":4}"#).value == 4)
        #expect(try PlainBracketKey(value: 4).jsonString() == #"{".a[0]":4}"#)
    }
}

/// The example of the "Key paths with array indexes" section of DeclaringModels.md, as written there.
@Suite struct KeyPathIndexDocumentationTests {
    struct Post: Model, Equatable {
        var coverURL: String?
        var coverWidth = 0
        var secondURL: String?
        var corner: Double?
        var title = ""

        static let schema = Schema(Post.self) {
            Field("coverURL", \.coverURL, key: "images[0].url")
            Field("coverWidth", \.coverWidth, key: "images[0].width")
            Field("secondURL", \.secondURL, key: "images[1].url")
            Field("corner", \.corner, key: "matrix[1][0]")
            Field("title", \.title, keys: ["titles[0]", "title"], options: .required)
        }
    }

    @Test func theArticleExampleDecodesAndEncodesAsItSays() throws {
        let post = try Post(json: #"{"images":[{"url":"a.png","width":640}],"matrix":[[0],[2.5]],"title":"Hi"}"#)
        #expect(post == Post(coverURL: "a.png", coverWidth: 640, secondURL: nil, corner: 2.5, title: "Hi"))
        var second = Post()
        second.secondURL = "b.png"
        #expect(try second.jsonString() == #"{"images":[{"width":0},{"url":"b.png"}],"titles":[""]}"#)
        var corner = Post()
        corner.corner = 2.5
        #expect(try corner.jsonString().contains(#""matrix":[null,[2.5]]"#))
        let error = try #require(throws: ModelDecodingError.self) { try Post(json: #"{"titles":[]}"#) }
        #expect(error.reason == .missingKey("titles[0]"))
    }
}

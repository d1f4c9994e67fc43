import Foundation
import Testing
@testable import ModelKitCore

/// Key paths with indexes on the way out: arrays written where the keys have indexes, earlier
/// elements null, fields sharing a prefix merged, and everything read back.
@Suite struct KeyPathIndexEncodingTests {
    static let full = Gallery(firstURL: "a.png", firstWidth: 640, secondURL: "b.png", cell: 2.5, tag: "z", caption: "hi", title: "t")

    /// The writer and the value builder must agree byte for byte (the builder's value written again).
    private func encoded(_ model: some Model, _ options: EncodingOptions = EncodingOptions()) throws -> String {
        let text = try model.jsonString(options: options)
        let built = try model.jsonValue(options: options)
        #expect(try ModelEncoder(options: options).encode(built) == Array(text.utf8), "builder and writer differ")
        return text
    }

    @Test func indexesWriteArraysWithEarlierElementsNull() throws {
        #expect(try encoded(Self.full) == #"{"images":[{"url":"a.png","width":640},{"url":"b.png"}],"matrix":[null,[2.5]],"#
                + #""a":{"b":[null,null,"z"]},"meta":{"caption":"hi"},"names":[null,"t"]}"#)
    }

    @Test func fieldsSharingAPrefixMergeIntoOneArray() throws {
        var gallery = Gallery()
        gallery.secondURL = "b.png"
        // firstURL is nil and left out; firstWidth is written, so element 0 is an object.
        #expect(try encoded(gallery) == #"{"images":[{"width":0},{"url":"b.png"}],"meta":{"caption":""}}"#)
    }

    @Test func anElementWithNothingWrittenIsNullBeforeALaterOne() throws {
        var index = ImageIndex()
        index.thirdURL = "c"
        // "images" is also a whole field: the field is written, the indexed ones on its key are not.
        #expect(try encoded(index) == #"{"images":[]}"#)
        index.ratio = 0.5
        #expect(try encoded(index) == #"{"images":[],"sizes":[null,null,{"ratio":0.5}]}"#)
    }

    @Test func nilsWrittenAsNullFillTheirElements() throws {
        let options = EncodingOptions(nils: .null)
        #expect(try encoded(Gallery(), options) == #"{"images":[{"url":null,"width":0},{"url":null}],"matrix":[null,[null]],"#
                + #""a":{"b":[null,null,null]},"meta":{"caption":""},"names":[null,null]}"#)
    }

    @Test func sortedKeysKeepIndexOrder() throws {
        let text = try encoded(Self.full, EncodingOptions(sortedKeys: true))
        #expect(text == #"{"a":{"b":[null,null,"z"]},"images":[{"url":"a.png","width":640},{"url":"b.png"}],"#
                + #""matrix":[null,[2.5]],"meta":{"caption":"hi"},"names":[null,"t"]}"#)
    }

    @Test func prettyOutputReadsBack() throws {
        let text = try encoded(Self.full, .prettyPrinted)
        #expect(text.contains("\n"))
        #expect(try json(Array(text.utf8)) == json(Array(try Self.full.jsonString().utf8)))
        #expect(try Gallery(json: text) == Self.full)
    }

    @Test func encodedModelsRoundTrip() throws {
        var partial = Gallery()
        partial.cell = -1
        partial.tag = "only"
        for model in [Self.full, Gallery(), partial] {
            #expect(try Gallery(json: model.jsonBytes()) == model)
            #expect(try Gallery(json: model.jsonBytes(options: EncodingOptions(nils: .null))) == model)
        }
        var index = ImageIndex()
        index.all = [GalleryImage(url: "x", width: 1)]
        index.ratio = 2
        let back = try ImageIndex(json: index.jsonBytes())
        #expect(back.all == index.all)
        #expect(back.first == index.all.first)
        #expect(back.ratio == 2)
    }

    @Test func aValueThatCannotBeWrittenNamesItsIndex() throws {
        var index = ImageIndex()
        index.ratio = .nan
        let error = try #require(throws: ModelEncodingError.self) { try index.jsonBytes() }
        #expect(error.path == "$.sizes[2].ratio")
        var gallery = Gallery()
        gallery.cell = .infinity
        let nested = try #require(throws: ModelEncodingError.self) { try gallery.jsonBytes() }
        #expect(nested.path == "$.matrix[1][0]")
    }

    /// Regression: a value in a key-path group not written yet was located under the member
    /// written before the group (`$.images.scale`).
    @Test func aValueInAnUnwrittenGroupNamesTheGroup() throws {
        var index = ImageIndex()
        index.all = [GalleryImage(url: "x", width: 1)]
        index.scale = .nan
        let error = try #require(throws: ModelEncodingError.self) { try index.jsonBytes() }
        #expect(error.path == "$.meta.scale")
    }

    @Test func archivesAndDescriptionsUseFieldNames() throws {
        let archived = try Archive.encode(Self.full)
        #expect(try Archive.decode(Gallery.self, from: archived) == Self.full)
        let description = Self.full.modelDescription
        #expect(description.contains("firstURL"))
        #expect(description.contains("cell"))
        #expect(!description.contains("images["))
    }

    @Test func theCodableBridgeWritesAndReadsTheSameFormat() throws {
        struct Envelope: Codable, Equatable {
            var gallery: Gallery
            var count: Int
        }
        let envelope = Envelope(gallery: Self.full, count: 2)
        let bytes = try ModelEncoder().encode(envelope)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"gallery":{"images":[{"url":"a.png","width":640},"#))
        #expect(try ModelDecoder().decode(Envelope.self, from: bytes) == envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: Data(bytes)) == envelope)
        let fromFoundation = try JSONEncoder().encode(envelope)
        #expect(try ModelDecoder().decode(Envelope.self, from: fromFoundation) == envelope)
        let error = try #require(throws: DecodingError.self) {
            try ModelDecoder(options: DecodingOptions(conversion: .strict))
                .decode(Envelope.self, from: #"{"gallery":{"images":[{},{"url":7}]},"count":1}"#)
        }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect((context.underlyingError as? ModelDecodingError)?.path == "$.gallery.images[1].url")
    }
}

extension Gallery: SchemaCodable {}

/// Regression: an array holding the container being written counted that element already, so
/// an error inside was located one element on (`$.grid[1][1]` for `grid[0][1]`).
@Suite struct EncodingNestedArrayPathTests {
    private struct Grid: Model {
        var grid: [[Double]] = []
        static let schema = Schema(Grid.self) { Field("grid", \.grid) }
    }

    @Test func aValueInANestedArrayNamesItsElements() throws {
        let error = try #require(throws: ModelEncodingError.self) { try Grid(grid: [[1, .nan]]).jsonBytes() }
        #expect(error.path == "$.grid[0][1]")
        let later = try #require(throws: ModelEncodingError.self) { try Grid(grid: [[1], [2, 3, .infinity]]).jsonBytes() }
        #expect(later.path == "$.grid[1][2]")
    }
}

import Foundation
import Testing
@testable import ModelKitCore

private struct SpanBook: Model, SchemaCodable, Equatable {
    var title = ""
    var pages = 0
    var tags: [String] = []
    static let schema = Schema(SpanBook.self) {
        Field("title", \.title)
        Field("pages", \.pages)
        Field("tags", \.tags)
    }
}

private final class SpanShelf: Model, @unchecked Sendable {
    var name = ""
    var count = 0
    required init() {}
    static let schema = Schema(SpanShelf.self) {
        Field("name", \.name)
        Field("count", \.count)
    }
}

private struct SpanPlain: Codable, Equatable {
    var title: String
    var pages: Int
}

/// The span entry points (`RawSpan`, `Span<UInt8>`, `UTF8Span`) against the `[UInt8]` ones: the
/// same value, or the same error at the same place, on every input.
@Suite struct SpanInputTests {
    static let inputs: [String] = [
        #"{"title":"Dune","pages":412,"tags":["sf","classic"]}"#,
        #"  {"title":"Ωμέγα — 書","pages":"7"}  "#,
        "\u{FEFF}{\"title\":\"bom\"}",
        #"{"title":"x","pages":tru}"#,
        #"{"title":"\ud800","pages":1}"#,
        "{\"title\":\"a\u{0C}\"}",
        #"{"title":"open"#,
        #"{"title":1,"pages":"many"}"#,
        "",
        "{\"title\":\"\(String(repeating: "é", count: 5000))\",\"pages\":3}",
    ]

    /// The outcome of a decode, comparable: the value, or the error's description (position included).
    private func outcome<T>(_ body: () throws -> T) -> String {
        do { return "value \(try body())" } catch { return "error \(error)" }
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test(arguments: inputs)
    func decodeGivesWhatTheArrayOverloadGives(json: String) {
        let bytes = Array(json.utf8)
        let decoder = ModelDecoder()
        let expected = outcome { try decoder.decode(SpanBook.self, from: bytes) }
        #expect(outcome { try decoder.decode(SpanBook.self, from: bytes.span.bytes) } == expected)
        #expect(outcome { try decoder.decode(SpanBook.self, from: bytes.span) } == expected)
        let text = json
        #expect(outcome { try decoder.decode(SpanBook.self, from: text.utf8Span) } == expected)
        // The ModelValue-only overload (a model that is not Decodable) and the containers.
        let shelfJSON = Array(json.replacingOccurrences(of: "title", with: "name").utf8)
        let shelf = outcome { try decoder.decode(SpanShelf.self, from: shelfJSON).name }
        #expect(outcome { try decoder.decode(SpanShelf.self, from: shelfJSON.span.bytes).name } == shelf)
        #expect(outcome { try decoder.decode(SpanShelf.self, from: shelfJSON.span).name } == shelf)
        let list = Array("[\(json)]".utf8)
        let books = outcome { try [SpanBook](json: list) }
        #expect(outcome { try [SpanBook](json: list.span.bytes) } == books)
        #expect(outcome { try [SpanBook](json: list.span) } == books)
        let listText = "[\(json)]"
        #expect(outcome { try [SpanBook](json: listText.utf8Span) } == books)
        let index = Array("{\"a\":\(json)}".utf8)
        let byKey = outcome { try [String: SpanBook](json: index) }
        #expect(outcome { try [String: SpanBook](json: index.span.bytes) } == byKey)
        #expect(outcome { try [String: SpanBook](json: index.span) } == byKey)
        let indexText = "{\"a\":\(json)}"
        #expect(outcome { try [String: SpanBook](json: indexText.utf8Span) } == byKey)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test(arguments: inputs)
    func initAndUpdateGiveWhatTheArrayOverloadsGive(json: String) {
        let bytes = Array(json.utf8)
        let expected = outcome { try SpanBook(json: bytes) }
        #expect(outcome { try SpanBook(json: bytes.span.bytes) } == expected)
        #expect(outcome { try SpanBook(json: bytes.span) } == expected)
        let text = json
        #expect(outcome { try SpanBook(json: text.utf8Span) } == expected)

        let start = SpanBook(title: "kept", pages: 1, tags: ["t"])
        func updated(_ update: (inout SpanBook) throws -> Void) -> String {
            var book = start
            let result = outcome { try update(&book) }
            return result + " → \(book)"
        }
        let merged = updated { try $0.update(json: bytes) }
        #expect(updated { try $0.update(json: bytes.span.bytes) } == merged)
        #expect(updated { try $0.update(json: bytes.span) } == merged)
        #expect(updated { try $0.update(json: text.utf8Span) } == merged)

        let shelfJSON = Array(json.replacingOccurrences(of: "title", with: "name").utf8)
        func shelfUpdated(_ update: (SpanShelf) throws -> Void) -> String {
            let shelf = SpanShelf()
            shelf.count = 9
            let result = outcome { try update(shelf) }
            return result + " → \(shelf.name) \(shelf.count)"
        }
        let shelf = shelfUpdated { try $0.update(json: shelfJSON) }
        #expect(shelfUpdated { try $0.update(json: shelfJSON.span.bytes) } == shelf)
        #expect(shelfUpdated { try $0.update(json: shelfJSON.span) } == shelf)
        let shelfText = String(decoding: shelfJSON, as: UTF8.self)
        #expect(shelfUpdated { try $0.update(json: shelfText.utf8Span) } == shelf)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test(arguments: inputs)
    func theCodableBridgeGivesWhatTheArrayOverloadGives(json: String) {
        let bytes = Array(json.utf8)
        let decoder = ModelDecoder()
        let expected = outcome { try decoder.decode(SpanPlain.self, from: bytes) }
        #expect(outcome { try decoder.decode(SpanPlain.self, from: bytes.span.bytes) } == expected)
        #expect(outcome { try decoder.decode(SpanPlain.self, from: bytes.span) } == expected)
        let text = json
        #expect(outcome { try decoder.decode(SpanPlain.self, from: text.utf8Span) } == expected)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test func invalidUTF8IsLocatedTheSameInSpans() throws {
        let bytes = Array(#"{"title":"a"#.utf8) + [0xC3, 0x28] + Array(#"","pages":1}"#.utf8)
        let expected = try #require(throws: ModelDecodingError.self) { try SpanBook(json: bytes) }
        #expect(throws: expected) { try SpanBook(json: bytes.span.bytes) }
        #expect(throws: expected) { try SpanBook(json: bytes.span) }
        #expect(throws: expected) { try ModelDecoder().decode(SpanBook.self, from: bytes.span) }
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test func streamsTakeSpanChunks() throws {
        let records = Array((0..<50).map { #"{"title":"b\#($0)","pages":\#($0)}"# }.joined(separator: "\n").utf8)
        let expected = try [SpanBook](json: Array("[\(String(decoding: records, as: UTF8.self).replacingOccurrences(of: "\n", with: ","))]".utf8))
        for chunkSize in [1, 7, 64, 4096] {
            let raw = ModelStreamDecoder<SpanBook>(), typed = ModelStreamDecoder<SpanBook>(), text = ModelStreamDecoder<SpanBook>()
            var fromRaw: [SpanBook] = [], fromTyped: [SpanBook] = [], fromText: [SpanBook] = []
            var start = 0
            while start < records.count {
                let chunk = Array(records[start..<min(start + chunkSize, records.count)])
                fromRaw += try raw.feed(chunk.span.bytes)
                fromTyped += try typed.feed(chunk.span)
                if let piece = String(validating: chunk, as: UTF8.self) { fromText += try text.feed(piece.utf8Span) } else { fromText += try text.feed(chunk) }
                start += chunkSize
            }
            fromRaw += try raw.finish()
            fromTyped += try typed.finish()
            fromText += try text.finish()
            #expect(fromRaw == expected)
            #expect(fromTyped == expected)
            #expect(fromText == expected)
        }
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test func withEncodedBytesLendsARawSpan() throws {
        let book = SpanBook(title: "Dune", pages: 412, tags: ["sf"])
        let encoder = ModelEncoder()
        let expected: [UInt8] = try encoder.encode(book)
        let schema = try encoder.withEncodedBytes(book) { (span: RawSpan) in span.withUnsafeBytes { Array($0) } }
        #expect(schema == expected)
        let plain = SpanPlain(title: "Dune", pages: 412)
        let bridged = try encoder.withEncodedBytes(plain) { (span: RawSpan) in span.withUnsafeBytes { Array($0) } }
        #expect(bridged == (try encoder.encode(plain) as [UInt8]))
        let shelf = SpanShelf()
        let count = try encoder.withEncodedBytes(shelf) { (span: RawSpan) in span.byteCount }
        #expect(count == (try encoder.encode(shelf)).count)
        // A closure that reads either form keeps the pointer form.
        #expect(try encoder.withEncodedBytes(book) { _ in 1 } == 1)
    }
}

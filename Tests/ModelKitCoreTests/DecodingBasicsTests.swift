import Foundation
import Testing
@testable import ModelKitCore

@Suite struct DecodingBasicsTests {
    @Test func booksMappingWithKeyPathsAndMultiKeys() throws {
        let book = try Book(json: #"{"n":"Harry Pottery","p":256,"ext":{"desc":"A book of magic"},"ID":"100010","id":"1"}"#)
        #expect(book.name == "Harry Pottery")
        #expect(book.pages == 256)
        #expect(book.desc == "A book of magic")
        // The first key of the list wins whatever the document order.
        #expect(book.bookID == "1")
        let reordered = try Book(json: #"{"ID":"100010","book_id":"x"}"#)
        #expect(reordered.bookID == "100010")
        let later = try Book(json: #"{"book_id":"x","ID":"100010"}"#)
        #expect(later.bookID == "100010")
    }

    @Test func notMappedFieldIsNeverRead() throws {
        let book = try Book(json: #"{"cache":{"a":1},"n":"x"}"#)
        #expect(book.cache.isEmpty)
        #expect(book.name == "x")
    }

    @Test func nestedModelsAndArrays() throws {
        let json = #"{"statuses":[{"id":1,"text":"a","user":{"id":7,"name":"u","tags":["x","y"]}},null,{"id":2,"retweeted":[{"id":3}]}]}"#
        let timeline = try Timeline(json: json)
        #expect(timeline.statuses.count == 2)
        #expect(timeline.statuses[0].user == User(id: 7, name: "u", email: nil, tags: ["x", "y"]))
        #expect(timeline.statuses[1].retweeted.map(\.id) == [3])
    }

    @Test func mismatchErrorNamesPathLineAndColumn() throws {
        let json = "{\"statuses\":[\n{\"id\":1},\n{\"id\":2,\"user\":{\"id\":\"12a\"}}]}"
        do {
            _ = try Timeline(json: json)
            Issue.record("expected an error")
        } catch let error as ModelDecodingError {
            #expect(error.path == "$.statuses[1].user.id")
            #expect(error.line == 3)
            #expect(error.column == 22)
            #expect(error.byteOffset == json.utf8.count - 9)
            #expect(error.reason == .typeMismatch(expected: "Int64", found: "string \"12a\""))
            #expect(error.description.hasPrefix("$.statuses[1].user.id (line 3, column 22): expected Int64"))
        }
    }
}

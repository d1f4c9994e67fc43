import Foundation
import Testing
@testable import ModelKitCore

// `ModelDecoder.decode(_:from: Data)`, as code written for `JSONDecoder` calls it: the same
// values and errors as from the same bytes, each type through its own door.

private struct Plain: Codable, Equatable {
    var name: String
    var count: Int
    var tags: [String]
}

struct DataInputTests {
    @Test func dataDecodesAsTheSameBytes() throws {
        let text = #"{"name":"a\/b é","count":3,"tags":["x","y"]}"#
        let decoder = ModelDecoder()
        let fromData = try decoder.decode(Plain.self, from: Data(text.utf8))
        #expect(fromData == (try decoder.decode(Plain.self, from: Array(text.utf8))))
        #expect(fromData == Plain(name: "a/b é", count: 3, tags: ["x", "y"]))
        // A standard value takes the Codable door, a model the model door, from Data as from bytes.
        #expect(try decoder.decode(Int.self, from: Data("7".utf8)) == 7)
        #expect(try decoder.decode([Double].self, from: Data("[1.5,2]".utf8)) == [1.5, 2])
        let book = try decoder.decode(Book.self, from: Data(#"{"n":"T","p":12}"#.utf8))
        #expect(book.name == "T" && book.pages == 12)
        // Empty data, and a slice whose indices do not start at 0.
        #expect(throws: DecodingError.self) { try decoder.decode(Plain.self, from: Data()) }
        let padded = Data(("  " + text).utf8)
        #expect(try decoder.decode(Plain.self, from: padded[2...]) == fromData)
    }

    @Test func errorsFromDataAreTheBytesErrors() throws {
        let text = #"{"name":"a","count":"3","tags":[]}"#
        func failure(_ body: () throws -> Plain) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        let decoder = ModelDecoder()
        let fromData = failure { try decoder.decode(Plain.self, from: Data(text.utf8)) }
        #expect(fromData == failure { try decoder.decode(Plain.self, from: Array(text.utf8)) })
        #expect(fromData.contains("count"))
    }
}

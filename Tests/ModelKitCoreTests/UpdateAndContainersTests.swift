import Foundation
import Testing
@testable import ModelKitCore

struct Shelf: Model, Equatable {
    var owner = User()
    var favorite: Book?
    var books: [Book] = []
    var tags: Set<String> = []
    var byID: [String: Book] = [:]
    var counts: [String: Int] = [:]
    static let schema = Schema(Shelf.self) {
        Field("owner", \.owner)
        Field("favorite", \.favorite)
        Field("books", \.books)
        Field("tags", \.tags)
        Field("byID", \.byID)
        Field("counts", \.counts)
    }
}

private struct Account: Model, Equatable {
    var id = 0
    var owner = ""
    var note: String?
    var child: Child?
    static let schema = Schema(Account.self) {
        Field("id", \.id, options: .required)
        Field("owner", \.owner, options: .required)
        Field("note", \.note)
        Field("child", \.child)
    }
}

private struct Child: Model, Equatable {
    var name = ""
    var size = 0
    static let schema = Schema(Child.self) {
        Field("name", \.name, options: .required)
        Field("size", \.size)
    }
}

@Suite struct UpdateAndContainersTests {
    @Test func updateMergesNestedModelsInPlace() throws {
        var shelf = try Shelf(json: #"{"owner":{"id":1,"name":"ann","email":"a@x"},"favorite":{"n":"A","p":10}}"#)
        try shelf.update(json: #"{"owner":{"name":"bob"},"favorite":{"p":20}}"#)
        #expect(shelf.owner.id == 1)
        #expect(shelf.owner.name == "bob")
        #expect(shelf.owner.email == "a@x")
        #expect(shelf.favorite?.name == "A")
        #expect(shelf.favorite?.pages == 20)
    }

    @Test func failedUpdateLeavesTheModelUnchanged() throws {
        var shelf = try Shelf(json: #"{"owner":{"id":1,"name":"ann"}}"#)
        let before = shelf
        #expect(throws: ModelDecodingError.self) { try shelf.update(json: #"{"owner":{"name":"bob","id":"x"}}"#) }
        #expect(shelf == before)
    }

    @Test func containersDropNullsAndNonObjectsWhereModelsAreExpected() throws {
        let shelf = try Shelf(json: #"{"books":[{"n":"a"},null,3,"x",{"n":"b"}],"byID":{"1":{"n":"a"},"2":null,"3":[]},"tags":["x","y","x"],"counts":{"a":1,"b":"2"}}"#)
        #expect(shelf.books.map(\.name) == ["a", "b"])
        #expect(Set(shelf.byID.keys) == ["1"])
        #expect(shelf.tags == ["x", "y"])
        #expect(shelf.counts == ["a": 1, "b": 2])
    }

    @Test func topLevelContainers() throws {
        let books = try [Book](json: #"[{"n":"a"},{"n":"b"}]"#)
        #expect(books.map(\.name) == ["a", "b"])
        let index = try [String: Book](json: #"{"x":{"n":"a"}}"#)
        #expect(index["x"]?.name == "a")
        #expect(try ModelDecoder().decode(Int.self, from: "42") == 42)
        #expect(try ModelDecoder().decode([Int?].self, from: "[1,null,2]") == [1, nil, 2])
        #expect(try ModelDecoder().decode(String?.self, from: "null") == nil)
    }

    @Test func everyInputForm() throws {
        let text = #"{"n":"x"}"#
        let bytes = Array(text.utf8)
        #expect(try Book(json: bytes).name == "x")
        #expect(try Book(json: Data(bytes)).name == "x")
        #expect(try Book(json: bytes[...]).name == "x")
        #expect(try Book(json: ([0x20] + bytes + [0x20])[1...]).name == "x")
        #expect(try Book(json: text).name == "x")
        #expect(try Book(json: text.utf8).name == "x")
        #expect(try Book(json: AnyCollection(bytes)).name == "x")
    }

    // PATCH: update(json:) sets only the keys present, so `.required` keys absent from the
    // patch are not missing (they keep their current values); a new value still needs them.
    @Test func updateDoesNotRequireRequiredKeysAbsentFromThePatch() throws {
        var account = try Account(json: #"{"id": 1, "owner": "ann", "child": {"name": "c", "size": 1}}"#)
        try account.update(json: #"{"note": "hello"}"#)
        #expect(account == Account(id: 1, owner: "ann", note: "hello", child: Child(name: "c", size: 1)))
        try account.update(json: #"{"child": {"size": 2}}"#)
        #expect(account.child == Child(name: "c", size: 2))
        #expect(throws: ModelDecodingError.self) { try Account(json: #"{"note": "hello"}"#) }
        // A nested model the patch creates is a new value: its required keys apply.
        var bare = try Account(json: #"{"id": 1, "owner": "ann"}"#)
        let error = try #require(throws: ModelDecodingError.self) { try bare.update(json: #"{"child": {"size": 2}}"#) }
        #expect(error.reason == .missingKey("name"))
    }
}

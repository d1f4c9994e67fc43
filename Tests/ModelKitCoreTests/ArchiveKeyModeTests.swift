import Testing
@testable import ModelKitCore

/// Archive mode (members keyed by field name) belongs to the archive's decode, not to the reader:
/// a decode after an archive's reads the next JSON document by JSON keys, and the other way round.
@Suite struct ArchiveKeyModeTests {
    @Test func archiveAndJSONDecodesAlternateOnPooledEngines() throws {
        var book = ArchivedBook()
        book.name = "Dune"
        book.pages = 412
        let archived = try Archive.encode(book)
        for _ in 0..<3 {
            #expect(try Archive.decode(ArchivedBook.self, from: archived) == book)
            // JSON keys "n" and "p"; the field names would not match.
            let fromJSON = try ArchivedBook(json: #"{"n": "Dune", "p": 412, "name": "x", "pages": 1}"#)
            #expect(fromJSON.name == "Dune")
            #expect(fromJSON.pages == 412)
        }
    }

    /// The key mode holds at every level, and only for the archive's reader: a nested model is
    /// read by field name too (`desc` and `bookID`, not the JSON key path `ext.desc` or the keys
    /// `id`/`ID`/`book_id`), and a JSON decode on the reader parked after it reads JSON keys.
    @Test func nestedModelsAreReadByFieldNameAndJSONAfterwardsByKey() throws {
        var holder = AllTypes()
        holder.nested = Book(name: "Dune", pages: 412, desc: "sand", bookID: "b1")
        let back = try Archive.decode(AllTypes.self, from: Archive.encode(holder))
        #expect(back.nested == holder.nested)
        let json = try Book(json: #"{"n": "x", "desc": "no", "bookID": "no", "ext": {"desc": "yes"}, "book_id": "yes"}"#)
        #expect(json.desc == "yes")
        #expect(json.bookID == "yes")
    }
}

import Testing
@testable import ModelKitCore

/// Archive mode (members keyed by field name) belongs to the archive decode's root frame, not to
/// the engine: a pooled engine that served an archive decodes the next JSON document by JSON
/// keys, and the other way round.
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

    @Test func theRootFrameCarriesTheKeyMode() throws {
        let box = ResultBox<ArchivedBook>()
        #expect(RootFrame.decodingExactly(into: box).memberKeys == .jsonKeys)
        #expect(RootFrame.decodingExactly(into: box, keys: .fieldNames).memberKeys == .fieldNames)
    }
}

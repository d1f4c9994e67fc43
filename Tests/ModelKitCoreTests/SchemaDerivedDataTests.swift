import Testing
@testable import ModelKitCore

/// The JSON output plans and the archive's pre-encoded names belong to their layers, built once
/// per schema (not per encode) and read without a lock from any thread.
@Suite struct SchemaDerivedDataTests {
    @Test func builtOncePerSchemaAndSharedByEveryEncode() throws {
        let schema = ArchivedBook.schema
        let plan = schema.outputPlan
        let layout = schema.archiveLayout
        _ = try ArchivedBook().jsonBytes()
        _ = try Archive.encode(ArchivedBook())
        #expect(schema.outputPlan === plan)
        #expect(schema.archiveLayout === layout)
        #expect(schema.sortedOutputPlan !== plan)
    }

    @Test func archiveLayoutHoldsTheArchivedFieldsNamesAsCBORText() {
        let layout = ArchivedBook.schema.archiveLayout
        // name, pages, cache (token is .notArchived): text heads 0x64 "name", 0x65 "pages", 0x65 "cache".
        #expect(layout.slotReferences.count == 3)
        #expect(layout.nameBytes == [0x64] + Array("name".utf8) + [0x65] + Array("pages".utf8) + [0x65] + Array("cache".utf8))
        #expect(layout.nameEnds == [5, 11, 17])
    }

    @Test func concurrentEncodesOfOneTypeAgree() async throws {
        var book = ArchivedBook()
        book.name = "Dune"
        let expected = try book.jsonBytes()
        let frozen = book
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try frozen.jsonBytes() } }
            for try await bytes in group { #expect(bytes == expected) }
        }
    }
}

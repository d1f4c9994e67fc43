import Testing
import ModelKit

/// The articles' `@Model` examples (generated into ArticleExamples/ by scripts/doc-examples.py),
/// compiled with the macro and run; ModelKitCoreTests' ArticleExampleTests checks they are current.
@Suite struct ArticleMacroExampleTests {
    @Test func modelKitOverviewRuns() throws { try ModelKitArticle.run() }
    @Test func declaringModelsMacroExamplesDecode() throws {
        try DeclaringModelsArticle.run()
        let book = try DeclaringModelsArticle.Book(json: #"{"n":"A","p":3,"book_id":"b","owner":"o"}"#)
        #expect(book.name == "A" && book.pages == 3 && book.bookID == "b")
        #expect(throws: ModelDecodingError.self) { try DeclaringModelsArticle.Book(json: #"{"n":"A"}"#) }  // @Required owner
        #expect(DeclaringModelsArticle.Animal.schema.fieldNames == ["name", "legCount"])
    }
    @Test func readmeMacroExampleDecodes() throws {
        try ReadmeArticle.run()
        #expect(try ReadmeArticle.Book(json: #"{"n":"A","ext":{"desc":"d"}}"#).desc == "d")
    }
}

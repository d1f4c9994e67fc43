import Foundation
import Testing
import ModelKitCore

/// The Swift blocks of the DocC articles and the README, compiled from the generated
/// *Examples.swift files (scripts/doc-examples.py), run here where their context allows, with
/// every documented output (`print(x)   // text`) checked.
@Suite struct ArticleExampleTests {
    @Test func modelKitCoreOverviewRuns() throws { try expectRuns(ModelKitCoreArticle.run, documentedOutputs: ModelKitCoreArticle.documentedOutputs) }
    @Test func archivesRun() throws {
        defer { try? FileManager.default.removeItem(at: ArchivesArticle.fileURL) }
        try expectRuns(ArchivesArticle.run, documentedOutputs: ArchivesArticle.documentedOutputs)
    }
    @Test func codableParityRunsAndPrintsWhatItSays() throws { try expectRuns(CodableParityArticle.run, documentedOutputs: CodableParityArticle.documentedOutputs) }
    @Test func describingModelsRuns() throws { try expectRuns(DescribingModelsArticle.run, documentedOutputs: DescribingModelsArticle.documentedOutputs) }
    @Test func streamingRuns() throws { try expectRuns(StreamingArticle.run, documentedOutputs: StreamingArticle.documentedOutputs) }
    @Test func readmeRunsAndPrintsWhatItSays() throws { try expectRuns(ReadmeArticle.run, documentedOutputs: ReadmeArticle.documentedOutputs) }

    /// The doc comments' examples whose context can run them (the others are compiled only).
    @Test func docCommentExamplesRun() async throws {
        defer { try? FileManager.default.removeItem(at: ArchiveDocArticle.fileURL) }
        let runs: [() throws -> Void] = [
            DecodingOptionsServerDocArticle.run, ModelDecoderDocArticle.run, ArchiveDocArticle.run, ModelStreamDecoderDocArticle.run,
            ModelStreamEncoderDocArticle.run, JSONValueDocArticle.run, EncodingOptionsDocArticle.run, ModelEncoderMemoryDocArticle.run,
            ModelEncoderDocArticle.run, JSONSchemaOptionsDocArticle.run, ModelValueJSONSchemaDocumentDocArticle.run,
        ]
        for run in runs { try run() }
        try await AsyncModelSequenceDocArticle.run()
    }

    /// GettingStarted reads one `bytes` as a model, then as an array of models: its run stops
    /// there, where it must (its examples are compiled; the others run through).
    @Test func gettingStartedRunsUntilItsBytesAreReadAsAnArray() throws {
        let error = try #require(throws: ModelDecodingError.self) { try GettingStartedArticle.run() }
        #expect(error.path == "$")
        #expect(error.byteOffset == 0)
    }

    private func expectRuns(_ run: () throws -> Void, documentedOutputs: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let checked = try ArticleOutput.counting(run)
        #expect(checked == documentedOutputs, "documented outputs reached", sourceLocation: sourceLocation)
    }

    /// Every line of every compiled block is in the generated sources: an article edited without
    /// running scripts/doc-examples.py fails here (scripts/test.sh runs the script itself).
    @Test func generatedSourcesAreCurrent() throws {
        let generated = try ArticleSources.generatedText()
        let articles = try ArticleSources.articles()
        #expect(articles.contains { $0.name == "ModelDecoderDoc" && !$0.compiledBlocks.isEmpty }, "doc comments are read too")
        for article in articles {
            let compiled = generated[article.name] ?? ""
            for block in article.compiledBlocks {
                for line in block where !line.isEmpty {
                    #expect(compiled.contains(line), "\(article.path): \"\(line)\" is not in the generated examples: run scripts/doc-examples.py")
                }
            }
        }
    }
}

/// Counts the documented outputs an example checked, so one that is never reached fails.
enum ArticleOutput {
    final class Counter: @unchecked Sendable { var count = 0 }  // one task writes it
    @TaskLocal static var counter: Counter?

    static func counting(_ run: () throws -> Void) throws -> Int {
        let counter = Counter()
        try $counter.withValue(counter) { try run() }
        return counter.count
    }

    /// Called from the generated files, which import no Testing: the location comes in parts.
    static func check(_ value: Any, prints documented: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        counter?.count += 1
        #expect("\(value)" == documented, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// The articles' Swift blocks, read the way scripts/doc-examples.py reads them (the lines it
/// rewrites are left out of the comparison: `print(…) // …`, `private let`, `extension`, imports).
enum ArticleSources {
    struct Article {
        var path: String
        var name: String
        var compiledBlocks: [[String]]
    }

    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static func articles() throws -> [Article] {
        var paths = ["README.md"]
        for folder in ["Sources/ModelKitCore/ModelKitCore.docc", "Sources/ModelKit/ModelKit.docc"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        let articles = try paths.map { path in
            let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
            let name = path == "README.md" ? "Readme" : String(path.split(separator: "/").last!.dropLast(3))
            return Article(path: path, name: name, compiledBlocks: blocks(text))
        }
        return try articles + docCommentArticles()
    }

    /// The sources of ModelKitCore and ModelKit whose doc comments hold Swift blocks: each one an
    /// article named after its file (`ModelEncoder+Memory.swift` is `ModelEncoderMemoryDoc`).
    private static func docCommentArticles() throws -> [Article] {
        var found: [Article] = []
        for module in ["Sources/ModelKitCore", "Sources/ModelKit"] {
            let root = repository.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let comments = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("///") else { return "" }
                    let rest = trimmed.dropFirst(3)
                    return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
                }.joined(separator: "\n")
                guard comments.contains("```swift") else { continue }
                let stem = String(file.split(separator: "/").last!.dropLast(".swift".count)).filter { $0.isLetter || $0.isNumber || $0 == "_" }
                found.append(Article(path: module + "/" + file, name: stem + "Doc", compiledBlocks: blocks(comments)))
            }
        }
        return found
    }

    /// Generated text per article name, over the three test targets (the server and OpenAPI
    /// blocks are compiled in the Examples package's).
    static func generatedText() throws -> [String: String] {
        var texts: [String: String] = [:]
        for folder in ["Tests/ModelKitCoreTests/ArticleExamples", "Tests/ModelKitTests/ArticleExamples", "Examples/Tests/ExamplesTests/ArticleExamples"] {
            let directory = repository.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix("Examples.swift") {
                texts[String(file.dropLast("Examples.swift".count)), default: ""] += try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            }
        }
        return texts
    }

    private static func blocks(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        var skipNext = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```swift" { current = [] } else if trimmed.hasPrefix("<!-- example: skip") { skipNext = true } else if !trimmed.isEmpty { skipNext = false }
            } else if trimmed == "```" {
                let block = current!
                current = nil
                let first = block.first { !$0.isEmpty } ?? ""
                // Left out: a `<!-- example: skip: REASON -->` block and a Package.swift fragment.
                if !skipNext && !first.hasPrefix(".package(") && !first.hasPrefix("// Package.swift") { result.append(block) }
                skipNext = false
            } else if !(trimmed.hasPrefix("print(") || trimmed.hasPrefix("private let") || trimmed.hasPrefix("extension ")
                        || trimmed.hasPrefix("import ") || trimmed.hasSuffix("// before")) {
                current!.append(trimmed)
            }
        }
        return result
    }
}

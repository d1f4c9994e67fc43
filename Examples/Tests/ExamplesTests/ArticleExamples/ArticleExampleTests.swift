import ExampleModels
import Foundation
import Hummingbird
import HummingbirdTesting
import ModelKitCore
import NIOCore
import Testing
import Vapor

/// The articles' server and OpenAPI blocks (generated into this folder by scripts/doc-examples.py),
/// compiled with the Hummingbird, Vapor and OpenAPI traits on, and run; ModelKitCoreTests'
/// ArticleExampleTests checks they are current.
@Suite(.serialized) struct ArticleExampleTests {  // serialized: two tests set Vapor's process-wide coders
    @Test func readmeRunsAndSwitchesVaporToModelKit() async throws {
        try await withGlobalContentConfigurationRestored {
            try await expectRuns(ReadmeArticle.run, documentedOutputs: ReadmeArticle.documentedOutputs)
            #expect(try ContentConfiguration.global.requireDecoder(for: .json) is ModelDecoder)
            #expect(try ContentConfiguration.global.requireEncoder(for: .json) is ModelEncoder)
        }
    }

    @Test func serversRunsAndSwitchesVaporToModelKit() async throws {
        try await withGlobalContentConfigurationRestored {
            try await expectRuns(ServersArticle.run, documentedOutputs: ServersArticle.documentedOutputs)
            #expect(try ContentConfiguration.global.requireDecoder(for: .json) is ModelDecoder)
        }
    }

    /// The README's two lines in the request context: a bad body is ModelKit's located 400.
    @Test func readmeAppContextDecodesRequestsWithModelKit() async throws {
        let router = ReadmeArticle.router
        router.post("issues") { request, context -> HTTPResponse.Status in
            _ = try await request.decode(as: Issue.self, context: context)
            return .ok
        }
        try await Hummingbird.Application(router: router).test(.router) { client in
            try await client.execute(uri: "/issues", method: .post, body: ByteBuffer(string: #"{"id":"seven"}"#)) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("$.id (line 1, column"), "\(String(buffer: response.body))")
            }
        }
    }

    @Test func describingModelsOpenAPIDocumentValidates() async throws {
        try await expectRuns(DescribingModelsArticle.run, documentedOutputs: DescribingModelsArticle.documentedOutputs)
    }

    private func expectRuns(_ run: () async throws -> Void, documentedOutputs: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let checked = try await ArticleOutput.counting(run)
        #expect(checked == documentedOutputs, "documented outputs reached", sourceLocation: sourceLocation)
    }

    /// Vapor's coders are process-wide: put them back for the other tests.
    private func withGlobalContentConfigurationRestored(_ body: () async throws -> Void) async throws {
        let saved = ContentConfiguration.global
        defer { ContentConfiguration.global = saved }
        try await body()
    }
}

/// Counts the documented outputs an example checked, so one that is never reached fails (the same
/// check as ModelKitCoreTests' ArticleOutput, for blocks compiled here).
enum ArticleOutput {
    final class Counter: @unchecked Sendable { var count = 0 }  // one task writes it
    @TaskLocal static var counter: Counter?

    static func counting(_ run: () async throws -> Void) async throws -> Int {
        let counter = Counter()
        try await $counter.withValue(counter) { try await run() }
        return counter.count
    }

    /// Called from the generated files: the location comes in parts.
    static func check(_ value: Any, prints documented: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        counter?.count += 1
        #expect("\(value)" == documented, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

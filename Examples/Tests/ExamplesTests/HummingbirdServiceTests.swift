import ExampleModels
import Foundation
import Hummingbird
import HummingbirdService
import HummingbirdTesting
import ModelKitCore
import ModelKitHummingbird
import NIOCore
import Testing

/// `Issue` alone would be Swift Testing's.
private typealias GitHubIssue = ExampleModels.Issue

@Suite struct HummingbirdServiceTests {
    let app = Application(router: buildRouter())

    /// The `error.message` of Hummingbird's error body.
    func errorMessage(_ body: ByteBuffer) throws -> String {
        let object = try ModelDecoder().decode(JSONValue.self, from: Array(buffer: body))
        guard case .string(let message)? = object["error"]?["message"] else { return "<no error.message in \(String(buffer: body))>" }
        return message
    }

    @Test(arguments: ["/issues", "/codable/issues"])
    func goodBodyGivesTheTriagedIssue(uri: String) async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: uri, method: .post, body: ByteBuffer(string: Fixtures.issueJSON)) { response async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(try GitHubIssue(json: Array(buffer: response.body)) == Fixtures.expectedTriagedIssue)
            }
        }
    }

    @Test(arguments: Fixtures.badBodies)
    func badBodyIsA400NamingThePlace(bad: Fixtures.BadBody) async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: "/issues", method: .post, body: ByteBuffer(string: bad.body)) { response async throws in
                #expect(response.status == .badRequest)
                let message = try errorMessage(response.body)
                for part in bad.mentions {
                    #expect(message.contains(part), "\(message) should mention \(part)")
                }
            }
        }
    }

    @Test func bodyOverTheUploadLimitIsRefusedByTheFramework() async throws {
        let huge = Fixtures.issue(replacing: "body", with: "\"" + String(repeating: "x", count: 3 << 20) + "\"")
        try await app.test(.router) { client in
            try await client.execute(uri: "/issues", method: .post, body: ByteBuffer(string: huge)) { response async throws in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func plainCodableTypeGoesThroughTheBridge() async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: "/labels", method: .post, body: ByteBuffer(string: #"{"name":"bug","color":"f29513"}"#)) { response async throws in
                #expect(response.status == .ok)
                #expect(try JSONDecoder().decode(LabelDraft.self, from: Data(Array(buffer: response.body))) == LabelDraft(name: "bug", color: "f29513"))
            }
            try await client.execute(uri: "/labels", method: .post, body: ByteBuffer(string: #"{"name":7,"color":"f29513"}"#)) { response async throws in
                #expect(response.status == .badRequest)
                #expect(try errorMessage(response.body).contains("$.name"))
            }
        }
    }

    @Test func decodingErrorWithALocatedCauseKeepsItsPlace() throws {
        let located = ModelDecodingError(reason: .typeMismatch(expected: "String", found: "number 7"), path: "$.labels[1].name", line: 3, column: 14, byteOffset: 80)
        let bridged = DecodingError.typeMismatch(String.self, .init(codingPath: [], debugDescription: "x", underlyingError: located))
        let error = try #require(HTTPError(decodeFailure: bridged))
        #expect(error.status == .badRequest)
        #expect(error.body == "$.labels[1].name (line 3, column 14): expected String, found number 7")
        #expect(HTTPError(decodeFailure: CancellationError()) == nil)
    }

    @Test func jsonLinesUploadStreamsEveryIssue() async throws {
        let lines = try Fixtures.jsonLines(count: 50)
        try await app.test(.router) { client in
            try await client.execute(uri: "/issues/stream", method: .post, body: ByteBuffer(string: lines)) { response async throws in
                #expect(response.status == .ok)
                let summary = try UploadSummary(json: Array(buffer: response.body))
                #expect(summary.count == 50)
                #expect(summary.totalComments == 150)
            }
            let broken = try Fixtures.jsonLines(count: 2) + #"{"url":"u","title":7}"# + "\n"
            try await client.execute(uri: "/issues/stream", method: .post, body: ByteBuffer(string: broken)) { response async throws in
                #expect(response.status == .badRequest)
                let message = try errorMessage(response.body)
                #expect(message.contains("line 3, column"), "\(message)")
                #expect(message.contains("title"), "\(message)")
            }
        }
    }

    @Test func exportStreamsJSONLines() async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: "/issues/export?count=3", method: .get) { response async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/jsonl; charset=utf-8")
                let stream = ModelStreamDecoder<GitHubIssue>()
                let issues = try stream.feed(Array(buffer: response.body)) + stream.finish()
                #expect(issues.map(\.number) == [1, 2, 3])
            }
        }
    }
}

import ExampleModels
import Foundation
import ModelKitCore
import ModelKitVapor
import Vapor
import VaporService
import XCTVapor

final class VaporServiceTests: XCTestCase {
    var app: Application!

    override func setUp() async throws {
        app = try await Application.make(.testing)
        try configure(app)
    }

    override func tearDown() async throws {
        try await app.asyncShutdown()
        app = nil
    }

    /// The `reason` of Vapor's error body.
    func reason(_ body: ByteBuffer) throws -> String {
        let object = try ModelDecoder().decode(JSONValue.self, from: Array(buffer: body))
        guard case .string(let reason)? = object["reason"] else { return "<no reason in \(String(buffer: body))>" }
        return reason
    }

    func post(_ path: String, _ body: String, _ check: (XCTHTTPResponse) async throws -> Void) async throws {
        try await app.test(.POST, path, headers: ["Content-Type": "application/json"], body: ByteBuffer(string: body), afterResponse: check)
    }

    func testGoodBodyGivesTheTriagedIssue() async throws {
        for path in ["issues", "codable/issues"] {
            try await post(path, Fixtures.issueJSON) { response async throws in
                XCTAssertEqual(response.status, .ok, path)
                XCTAssertEqual(response.headers.first(name: .contentType), "application/json; charset=utf-8", path)
                XCTAssertEqual(try Issue(json: Array(buffer: response.body)), try Fixtures.expectedTriagedIssue, path)
            }
        }
    }

    func testBadBodyIsA400NamingThePlace() async throws {
        for bad in Fixtures.badBodies {
            try await post("issues", bad.body) { response async throws in
                XCTAssertEqual(response.status, .badRequest, bad.name)
                let reason = try self.reason(response.body)
                for part in bad.mentions {
                    XCTAssertTrue(reason.contains(part), "\(bad.name): \(reason) should mention \(part)")
                }
            }
        }
    }

    /// `POST /validatable/issues` (Vapor's `Validatable`, then a decode) answers a good body as
    /// `POST /issues` (ModelKit's checks, one pass) does: 200 and the same triaged issue.
    func testValidatableIssueRouteAnswersAGoodBodyAsTheCheckedRoute() async throws {
        for path in ["issues", "validatable/issues"] {
            try await post(path, Fixtures.issueJSON) { response async throws in
                XCTAssertEqual(response.status, .ok, path)
                XCTAssertEqual(response.headers.first(name: .contentType), "application/json; charset=utf-8", path)
                XCTAssertEqual(try Issue(json: Array(buffer: response.body)), try Fixtures.expectedTriagedIssue, path)
            }
        }
    }

    /// Each rule `Issue` checks is one `ValidatableIssue` validates: a body breaking it is a 400
    /// naming the field and the rule on both routes.
    func testValidatableIssueRouteRejectsWhatTheChecksReject() async throws {
        let longTitle = "\"" + String(repeating: "t", count: 257) + "\""
        let broken: [(key: String, json: String, checked: [String], validatable: String)] = [
            ("number", "0", ["$.number (line 1, column", "must be at least 1, found 0"], "number is less than minimum of 1"),
            ("title", #""""#, ["$.title (line 1, column", "must be 1 to 256 characters long, found 0"], "title is less than minimum of 1 character(s)"),
            ("title", longTitle, ["$.title (line 1, column", "must be 1 to 256 characters long, found 257"], "title is greater than maximum of 256 character(s)"),
            ("state", #""lost""#, ["$.state (line 1, column", #"must be one of "open", "closed", found "lost""#], "state is not open or closed"),
            ("comments", "-1", ["$.comments (line 1, column", "must be at least 0, found -1"], "comments is less than minimum of 0"),
        ]
        for rule in broken {
            let body = Fixtures.issue(replacing: rule.key, with: rule.json)
            for (path, expected) in [("issues", rule.checked), ("validatable/issues", [rule.validatable])] {
                try await post(path, body) { response async throws in
                    XCTAssertEqual(response.status, .badRequest, "\(path) \(rule.key)")
                    let reason = try self.reason(response.body)
                    for part in expected {
                        XCTAssertTrue(reason.contains(part), "\(path) \(rule.key): \(reason) should contain \(part)")
                    }
                }
            }
        }
    }

    func testPlainCodableTypeGoesThroughTheBridge() async throws {
        try await post("labels", #"{"name":"bug","color":"f29513"}"#) { response async throws in
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(try JSONDecoder().decode(LabelDraft.self, from: Data(Array(buffer: response.body))), LabelDraft(name: "bug", color: "f29513"))
        }
        try await post("labels", #"{"name":7,"color":"f29513"}"#) { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertTrue(try self.reason(response.body).contains("$.name"))
        }
    }

    func testDecodingErrorWithALocatedCauseKeepsItsPlace() throws {
        let located = ModelDecodingError(reason: .missingKey("title"), path: "$", line: 1, column: 40, byteOffset: 39)
        let bridged = DecodingError.keyNotFound(AnyCodingKey("title"), .init(codingPath: [], debugDescription: "x", underlyingError: located))
        let abort = try XCTUnwrap(Abort(decodeFailure: bridged))
        XCTAssertEqual(abort.status, .badRequest)
        XCTAssertEqual(abort.reason, #"$ (line 1, column 40): missing required key "title""#)
    }

    func testJSONLinesUploadStreamsEveryIssue() async throws {
        let lines = try Fixtures.jsonLines(count: 50)
        try await app.test(.POST, "issues/stream", body: ByteBuffer(string: lines)) { response async throws in
            XCTAssertEqual(response.status, .ok)
            let summary = try UploadSummary(json: Array(buffer: response.body))
            XCTAssertEqual(summary.count, 50)
            XCTAssertEqual(summary.totalComments, 150)
        }
    }

    func testExportStreamsJSONLines() async throws {
        try await app.test(.GET, "issues/export?count=3") { response async throws in
            XCTAssertEqual(response.status, .ok)
            let stream = ModelStreamDecoder<Issue>()
            let issues = try stream.feed(Array(buffer: response.body)) + stream.finish()
            XCTAssertEqual(issues.map(\.number), [1, 2, 3])
        }
    }
}

private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

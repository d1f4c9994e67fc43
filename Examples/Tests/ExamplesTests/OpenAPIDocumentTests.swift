import ExampleModels
import Foundation
import Hummingbird
import HummingbirdService
import HummingbirdTesting
import ModelKitCore
import ModelKitOpenAPI
import NIOCore
import OpenAPIKit
import Testing
import Vapor
import VaporService
import XCTVapor

/// What the served `openapi.json` of either example service must be.
enum ServedOpenAPIDocument {
    static let routes = ["/issues", "/codable/issues", "/labels", "/issues/stream", "/issues/export"]

    /// Why `body` is not the services' document (empty when it is): OpenAPIKit must read it and
    /// pass its own validation, every route must be there with its bodies referring to the
    /// component schemas, and those must be the models' JSON Schemas.
    static func problems(in body: [UInt8]) throws -> [String] {
        var problems: [String] = []
        let document = try JSONDecoder().decode(OpenAPI.Document.self, from: Data(body))
        do {
            try document.validate()
        } catch {
            problems.append("OpenAPIKit's validation: \(error)")
        }
        let paths = document.paths.keys.map(\.rawValue)
        if Set(paths) != Set(routes) { problems.append("paths \(paths)") }
        let json = try ModelDecoder().decode(JSONValue.self, from: body)
        let issue: JSONValue = ["$ref": "#/components/schemas/Issue"]
        for path in ["/issues", "/codable/issues"] {
            let post = json["paths"]?[path]?["post"]
            if post?["requestBody"]?["content"]?["application/json"]?["schema"] != issue { problems.append("\(path) request body") }
            if post?["responses"]?["200"]?["content"]?["application/json"]?["schema"] != issue { problems.append("\(path) response") }
        }
        let upload = json["paths"]?["/issues/stream"]?["post"]?["requestBody"]?["content"]?["application/jsonl"]?["itemSchema"]
        if upload != issue { problems.append("/issues/stream request body: \(upload.map(String.init(describing:)) ?? "none")") }
        let expected = OpenAPIExpectations.components(for: [ExampleModels.Issue.self, UploadSummary.self])
        if json["components"]?["schemas"] != .object(expected) {
            problems.append("component schemas: \(json["components"]?["schemas"].map(String.init(describing:)) ?? "none")")
        }
        return problems
    }
}

@Suite struct HummingbirdOpenAPIDocumentTests {
    @Test func servedDocumentDescribesTheRoutesWithTheModelSchemas() async throws {
        let app = Hummingbird.Application(router: buildRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(try ServedOpenAPIDocument.problems(in: Array(buffer: response.body)) == [])
            }
        }
    }

    @Test func servedDocumentIsTheOneTheServiceDescribes() async throws {
        let app = Hummingbird.Application(router: buildRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response async throws in
                // ModelKit's Codable bridge keeps the keys' order, which OpenAPIKit's equality compares.
                let served = try ModelDecoder().decode(OpenAPI.Document.self, from: Array(buffer: response.body))
                #expect(served == (try IssueServiceAPI.document()))
            }
        }
    }
}

final class VaporOpenAPIDocumentTests: XCTestCase {
    func testServedDocumentDescribesTheRoutesWithTheModelSchemas() async throws {
        let app = try await Vapor.Application.make(.testing)
        do {
            try configure(app)
            try await app.test(.GET, "openapi.json") { response async throws in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers.contentType, .json)
                XCTAssertEqual(try ServedOpenAPIDocument.problems(in: Array(buffer: response.body)), [])
            }
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

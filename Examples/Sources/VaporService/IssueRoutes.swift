import ExampleModels
import Foundation
import ModelKitCore
import ModelKitVapor
import Vapor

/// The same service as the Hummingbird example: `POST /issues` (ModelKit) and
/// `POST /codable/issues` (its JSONDecoder/JSONEncoder twin), `POST /validatable/issues` (the
/// same rules as Vapor's `Validatable`: validate, then decode again), `POST /labels` (a plain Codable type), `POST /issues/stream` (JSON Lines
/// upload, any size), `GET /issues/export?count=N` (JSON Lines download, issue by issue),
/// `GET /openapi.json` (their OpenAPI document).
///
/// A whole app switches with two lines instead (every `req.content` then uses ModelKit):
/// ```swift
/// ContentConfiguration.global.use(decoder: ModelDecoder(options: .server), for: .json)
/// ContentConfiguration.global.use(encoder: ModelEncoder(), for: .json)
/// ```
/// Here both coders live side by side, so each route names its own.
public func configure(_ app: Application) throws {
    // Room for the too-large checks: ModelKit's own limits (`.server`) answer those with a 400.
    app.routes.defaultMaxBodySize = "4mb"
    // No per-request log line: the load test measures the coders, not the logger.
    app.middleware = Middlewares()
    app.middleware.use(ErrorMiddleware.default(environment: app.environment))

    let modelDecoder = ModelDecoder(options: .server)
    let modelEncoder = ModelEncoder()
    let template = (try? Issue(json: sampleIssueJSON)) ?? Issue()
    // Made once: the document is the same for every request (a failure is each request's 500).
    let openAPIJSON = Result { ByteBuffer(bytes: try IssueServiceAPI.json()) }

    app.post("issues") { req async throws -> Response in
        let issue = try req.content.decode(Issue.self, using: modelDecoder)
        let response = Response(status: .ok)
        try response.content.encode(Triage.triage(issue), using: modelEncoder)
        return response
    }

    app.post("codable", "issues") { req async throws -> Response in
        let issue: Issue
        do {
            issue = try req.content.decode(Issue.self, using: CodableCoders.decoder())
        } catch let error as DecodingError {
            if let badRequest = Abort(decodeFailure: error) { throw badRequest }
            throw error
        }
        let response = Response(status: .ok)
        try response.content.encode(Triage.triage(issue), using: CodableCoders.encoder())
        return response
    }

    // What a Vapor app writes today for the rules `Issue` checks while decoding: a `Validatable`
    // `Content` twin, validated (a decode of its own), then decoded. A broken rule is Vapor's 400
    // naming the key and the rule.
    app.post("validatable", "issues") { req async throws -> ValidatableIssue in
        try ValidatableIssue.validate(content: req)
        let issue = try req.content.decode(ValidatableIssue.self)
        return ValidatableIssue(Triage.triage(issue.issue))
    }

    // A plain Codable type through the same decoder (the Codable bridge).
    app.post("labels") { req async throws -> Response in
        let draft = try req.content.decode(LabelDraft.self, using: modelDecoder)
        let response = Response(status: .ok)
        try response.content.encode(draft, using: modelEncoder)
        return response
    }

    app.on(.POST, "issues", "stream", body: .stream) { req async throws -> Response in
        var summary = UploadSummary()
        try await req.forEachModel(Issue.self, options: streamOptions) { summary.add($0) }
        let response = Response(status: .ok)
        try response.content.encode(summary, using: modelEncoder)
        return response
    }

    app.get("issues", "export") { req async throws -> Response in
        let count = (try? req.query.get(Int.self, at: "count")) ?? 10
        return Response.modelStream(IssueFeed(template: template, count: min(count, 1_000_000)))
    }

    app.get("openapi.json") { _ async throws -> Response in
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(buffer: try openAPIJSON.get()))
    }
}

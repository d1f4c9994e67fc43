import ExampleModels
import Foundation
import Hummingbird
import Logging
import ModelKitCore
import ModelKitHummingbird

/// The request context that switches the whole app to ModelKit: every `request.decode(as:context:)`
/// and every returned `ResponseEncodable` go through ModelKit, with the server preset.
public struct IssueRequestContext: RequestContext {
    /// One decoder and one encoder for the app: they are `Sendable` and serve every request at once
    /// (a context is made per request; making the coders there would make them per request too).
    static let decoder = ModelDecoder(options: .server)
    static let encoder = ModelEncoder()
    public var coreContext: CoreRequestContextStorage
    public var requestDecoder: ModelDecoder { Self.decoder }
    public var responseEncoder: ModelEncoder { Self.encoder }

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}

extension Issue: ResponseEncodable {}
extension UploadSummary: ResponseEncodable {}
extension LabelDraft: ResponseEncodable {}

/// The routes: `POST /issues` (ModelKit) and `POST /codable/issues` (its JSONDecoder/JSONEncoder
/// twin), `POST /labels` (a plain Codable type), `POST /issues/stream` (JSON Lines upload, any size), `GET /issues/export?count=N`
/// (JSON Lines download, written issue by issue), and `GET /openapi.json` (their OpenAPI document).
public func buildRouter() -> Router<IssueRequestContext> {
    let router = Router(context: IssueRequestContext.self)
    let template = (try? Issue(json: sampleIssueJSON)) ?? Issue()
    // Made once: the document is the same for every request (a failure is each request's 500).
    let openAPIJSON = Result { ByteBuffer(bytes: try IssueServiceAPI.json()) }

    router.post("issues") { request, context -> Issue in
        Triage.triage(try await request.decode(as: Issue.self, context: context))
    }

    router.post("codable/issues") { request, context -> Response in
        let decoder = CodableCoders.decoder()
        let issue: Issue
        do {
            issue = try await decoder.decode(Issue.self, from: request, context: context)
        } catch let error as DecodingError {
            if let badRequest = HTTPError(decodeFailure: error) { throw badRequest }
            throw error
        }
        return try CodableCoders.encoder().encode(Triage.triage(issue), from: request, context: context)
    }

    // A plain Codable type through the same context decoder (the Codable bridge).
    router.post("labels") { request, context -> LabelDraft in
        try await request.decode(as: LabelDraft.self, context: context)
    }

    router.post("issues/stream") { request, _ -> UploadSummary in
        var summary = UploadSummary()
        try await request.forEachModel(Issue.self, options: streamOptions) { summary.add($0) }
        return summary
    }

    router.get("issues/export") { request, _ -> Response in
        let count = request.uri.queryParameters.get("count", as: Int.self) ?? 10
        return Response.modelStream(IssueFeed(template: template, count: min(count, 1_000_000)))
    }

    router.get("openapi.json") { _, _ -> Response in
        let json = try openAPIJSON.get()
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(json.readableBytes)],
            body: ResponseBody(byteBuffer: json)
        )
    }
    return router
}

/// The app on `host:port`, quiet unless something fails.
public func buildApplication(host: String, port: Int) -> some ApplicationProtocol {
    var logger = Logger(label: "issues-hummingbird")
    logger.logLevel = .warning
    return Application(
        router: buildRouter(),
        configuration: .init(address: .hostname(host, port: port)),
        logger: logger
    )
}

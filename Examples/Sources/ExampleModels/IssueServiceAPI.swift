import ModelKitCore
import ModelKitOpenAPI
import OpenAPIKit

/// The OpenAPI document of both example services, served at `GET /openapi.json`: their routes,
/// with request and response bodies referring to the component schemas ModelKit derives from the
/// models' schema tables (`OpenAPI.Components(schemasFor:)`), so the document cannot drift from
/// what the coders read and write.
public enum IssueServiceAPI {
    /// The document (OpenAPI 3.2, whose `itemSchema` describes the JSON Lines bodies).
    public static func document() throws -> OpenAPI.Document {
        OpenAPI.Document(
            info: .init(title: "ModelKit example issue service", version: "1.0.0"),
            servers: [],
            paths: paths,
            components: try OpenAPI.Components(schemasFor: [Issue.self, UploadSummary.self]),
            tags: [.init(name: "issues"), .init(name: "labels")]
        )
    }

    /// The document as JSON, written by ModelKit's Codable bridge (`ModelEncoder`).
    public static func json() throws -> [UInt8] {
        try ModelEncoder().encode(document())
    }

    private static var paths: OpenAPI.PathItem.Map {
        [
            "/issues": .init(post: triage(id: "triageIssue", summary: "Triage an issue (ModelKit's coders)")),
            "/codable/issues": .init(post: triage(id: "triageIssueCodable", summary: "Triage an issue (JSONDecoder and JSONEncoder)")),
            "/labels": .init(post: .init(
                tags: ["labels"],
                summary: "Echo a label draft (a plain Codable type, through ModelKit's Codable bridge)",
                operationId: "echoLabel",
                requestBody: .init(content: [.json: .content(.init(schema: labelDraft))], required: true),
                responses: [200: .response(description: "The draft", content: [.json: .content(.init(schema: labelDraft))]), 400: badRequest]
            )),
            "/issues/stream": .init(post: .init(
                tags: ["issues"],
                summary: "Count an upload of issues, one per line, streamed in bounded memory",
                operationId: "uploadIssues",
                requestBody: .init(content: [.jsonl: .content(.init(itemSchema: Issue.openAPIReference))], required: true),
                responses: [200: .response(description: "What the upload held", content: json(UploadSummary.self)), 400: badRequest]
            )),
            "/issues/export": .init(get: .init(
                tags: ["issues"],
                summary: "Download copies of the sample issue, one per line, written as they are made",
                operationId: "exportIssues",
                parameters: [.parameter(.query(name: "count", schema: .integer(minimum: (0, exclusive: false)), description: "How many (default 10, at most 1,000,000)"))],
                responses: [200: .response(description: "The issues", content: [.jsonl: .content(.init(itemSchema: Issue.openAPIReference))])]
            )),
        ]
    }

    /// `POST /issues` and its Codable twin: an issue in, the triaged issue out.
    private static func triage(id: String, summary: String) -> OpenAPI.Operation {
        .init(
            tags: ["issues"],
            summary: summary,
            operationId: id,
            requestBody: .init(content: json(Issue.self), required: true),
            responses: [200: .response(description: "The issue, labelled triaged and open", content: json(Issue.self)), 400: badRequest]
        )
    }

    /// A JSON body holding an `M`, by reference to its component schema.
    private static func json<M: Model>(_ type: M.Type) -> OpenAPI.Content.Map {
        [.json: .content(.init(schema: M.openAPIReference))]
    }

    /// `LabelDraft` is a plain `Codable` type with no schema table: described by hand.
    private static let labelDraft = JSONSchema.object(properties: ["name": .string, "color": .string])

    private static let badRequest: Either<OpenAPI.Reference<OpenAPI.Response>, OpenAPI.Response> =
        .response(description: "The body is not valid: the message names the path, line and column")
}

#if Hummingbird
public import Hummingbird
public import ModelKitCore
import NIOCore

extension Request {
    /// The models of a streamed request body (JSON Lines or a top-level array), each handed to
    /// `body` as soon as it is complete; memory stays bounded by one model plus one body chunk,
    /// so uploads larger than `maxUploadSize` stream through. A bad record throws a 400
    /// ``HTTPError`` naming its path (`$[12].title`), line and column in the whole body.
    public func forEachModel<M: Model>(_ type: M.Type, options: DecodingOptions = .server, _ body: (M) async throws -> Void) async throws {
        let models = self.body.map { $0.readableBytesView }.decodeModels(M.self, options: options)
        do {
            for try await model in models {
                try await body(model)
            }
        } catch {
            if let badRequest = HTTPError(decodeFailure: error) { throw badRequest }
            throw error
        }
    }
}

extension Response {
    /// A 200 response streaming `models` as JSON Lines (`application/jsonl`) or one JSON array
    /// (`application/json`), written model by model as the sequence produces them.
    public static func modelStream<Models: AsyncSequence & Sendable>(
        _ models: Models, format: ModelStreamFormat = .jsonLines, options: EncodingOptions = EncodingOptions()
    ) -> Response where Models.Element: Model {
        let contentType = format == .jsonLines ? "application/jsonl; charset=utf-8" : "application/json; charset=utf-8"
        let body = ResponseBody { writer in
            for try await chunk in models.encodedAsJSON(format: format, options: options) {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: contentType], body: body)
    }
}
#endif

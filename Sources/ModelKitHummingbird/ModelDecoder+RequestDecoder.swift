#if Hummingbird
public import Hummingbird
@_spi(ServerIntegration) public import ModelKitCore
import NIOCore

extension ModelDecoder: RequestDecoder {
    /// Decodes a request body: collected up to the context's `maxUploadSize`, its readable bytes
    /// handed to the engine without a copy. A bad body throws a 400 ``HTTPError`` naming the path,
    /// line, column and reason (see ``ModelKitHummingbird/Hummingbird/HTTPError/init(decodeFailure:)``).
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        return try decode(T.self, from: body)
    }

    /// Decodes `type` from a buffer's readable bytes (no copy); a bad body throws a 400 ``HTTPError``.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        do {
            // The readable bytes as a span: the engine reads them in place.
            return try decodeBody(T.self, from: buffer.readableBytesSpan)
        } catch {
            if let badRequest = HTTPError(decodeFailure: error) { throw badRequest }
            throw error
        }
    }
}

extension HTTPError {
    /// A 400 for a decode failure (``ModelDecodingError``, or a `DecodingError` from the Codable
    /// bridge or another decoder); nil for other errors. Its body, `{"error":{"message":…}}` like
    /// every Hummingbird error, reads `$.user.login (line 3, column 12): expected String, found number 7`.
    public init?(decodeFailure error: any Error) {
        guard let failure = ModelDecodingError(decodeFailure: error) else { return nil }
        self.init(.badRequest, message: failure.description)
    }
}
#endif

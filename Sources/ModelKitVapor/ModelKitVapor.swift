#if Vapor
@_spi(ServerIntegration) public import ModelKitCore
public import Vapor

extension ModelDecoder: ContentDecoder {
    /// Decodes a collected request body (Vapor has already applied the route's body size limit)
    /// from its readable bytes, without a copy. A bad body throws `Abort(.badRequest)` whose
    /// reason names the path, line, column and what is wrong.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    /// Decodes a collected request body as `decode(_:from:headers:)` does, with `userInfo`
    /// added to this decoder's ``ModelKitCore/ModelDecoder/userInfo`` for this call only (a key
    /// in both takes the value given here); every `Decoder` the Codable bridge makes sees it.
    ///
    /// Vapor calls this overload: `Validatable.validate(content:)` and `req.content.get(_:at:)`
    /// hand their work to the type's `Decoder` through `userInfo`. The decoder itself is not
    /// changed, so one decoder serves concurrent requests.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                     userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        do {
            // The readable bytes as a span: the engine reads them in place.
            return try decodeBody(D.self, from: body.readableBytesSpan, userInfo: userInfo)
        } catch {
            if let badRequest = Abort(decodeFailure: error) { throw badRequest }
            throw error
        }
    }
}

extension ModelEncoder: ContentEncoder {
    /// Writes `encodable` as JSON straight into `body` (the encoder writes into the buffer's own
    /// memory, see ``ModelKitCore/ModelEncoder/encode(_:into:spill:)-(T,_,_)``) and sets
    /// `Content-Type: application/json; charset=utf-8`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    /// Writes `encodable` as JSON into `body`, as `encode(_:to:headers:)` does; the overload
    /// Vapor calls with a `userInfo` for the call.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
                                     userInfo: [CodingUserInfoKey: any Sendable]) throws {
        // The call's `userInfo` joins this encoder's for this call only (a copy when there is any).
        let encoder = adding(userInfo: userInfo)
        headers.contentType = .json
        var spilled: [UInt8]?
        try body.writeWithUnsafeMutableBytes(minimumWritableBytes: expectedByteCount) { memory in
            try encoder.encode(encodable, into: memory) { spilled = Array($0) }
        }
        // Only when the JSON outgrew the room it was given: the buffer grows once.
        if let spilled { body.writeBytes(spilled) }
    }
}

extension Abort {
    /// A 400 for a decode failure (``ModelDecodingError``, or a `DecodingError` from the Codable
    /// bridge or another decoder) whose reason reads `$.user.login (line 3, column 12): expected
    /// String, found number 7`, or `$.count: must be even` for a `DecodingError` with no place in
    /// the input (one a type's `init(from:)` threw); nil for other errors.
    public init?(decodeFailure error: any Error) {
        guard let failure = ModelDecodingError(decodeFailure: error) else { return nil }
        self.init(.badRequest, reason: failure.description)
    }
}
#endif

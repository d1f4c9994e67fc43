// The server integrations' request bodies as spans (NIO's `ByteBuffer.readableBytesSpan`): read
// in place, through the same decode as the unsafe-pointer forms.

extension ModelDecoder {
    /// Decodes a request body lent as a `RawSpan`, read in place: the same result and errors as
    /// ``decode(_:from:)-(_,Bytes)``, with the type's kind looked up once per type.
    @_spi(ServerIntegration)
    public func decodeBody<T: Decodable>(_ type: T.Type, from body: RawSpan) throws -> T {
        let options = try optionsForDecode()
        return try body.withUnsafeBytes { try Self.decodeBody(type, from: $0, options: options) }
    }

    /// Decodes a request body lent as a `RawSpan`, with `userInfo` added to this decoder's
    /// ``userInfo`` for this decode only (a key in both takes the value given here).
    @_spi(ServerIntegration)
    public func decodeBody<T: Decodable>(_ type: T.Type, from body: RawSpan,
                                         userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        try body.withUnsafeBytes { try decodeBody(type, from: $0, userInfo: userInfo) }
    }
}

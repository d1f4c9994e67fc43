#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelDecoder {
    /// Decodes a request body for a server integration, whose frameworks ask for any
    /// `Decodable`: the same result and errors as ``decode(_:from:)-(_,Bytes)`` (the schema path
    /// for ``ModelValue`` types, the Codable bridge otherwise), with the type's kind looked up
    /// once per type instead of cast on every request. `bytes` are read in place.
    @_spi(ServerIntegration)
    public func decodeBody<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try Self.decodeBody(type, from: bytes, options: optionsForDecode())
    }

    /// Decodes a request body as ``decodeBody(_:from:)`` does, with `userInfo` added to this
    /// decoder's ``userInfo`` for this decode only (a key in both takes the value given here): what
    /// a framework hands its decoder per call, as Vapor's `ContentDecoder` does. The decoder is not
    /// changed, so other decodes running at the same time do not see these values.
    @_spi(ServerIntegration)
    public func decodeBody<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer,
                                         userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        var options = try optionsForDecode()
        if !userInfo.isEmpty {
            options.codable.userInfo.merge(userInfo) { _, given in given }
        }
        return try Self.decodeBody(type, from: bytes, options: options)
    }

    static func decodeBody<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> T {
        guard let schemaType = CodingDoor.modelDoorType(T.self) else {
            return try decodeAny(type, from: bytes, options: options)
        }
        return try decodeSchema(schemaType, as: T.self, from: bytes, options: options)
    }

    private static func decodeSchema<M: ModelValue, T>(_ type: M.Type, as _: T.Type, from bytes: UnsafeRawBufferPointer,
                                                       options: DecodingOptions) throws -> T {
        try makeValue(as: T.self) { try decode(M.self, from: bytes, options: options) }
    }
}

extension ModelEncoder {
    /// This encoder's settings with `userInfo` added (a key in both takes the call's value), for
    /// one call of a server integration whose framework hands a `userInfo` per call; `self` when
    /// there is nothing to add. The shared encoder is never changed.
    @_spi(ServerIntegration)
    public func adding(userInfo extra: [CodingUserInfoKey: any Sendable]) -> ModelEncoder {
        guard !extra.isEmpty else { return self }
        var values = configuration.values
        values.userInfo.merge(extra) { _, call in call }
        let encoder = ModelEncoder(options: values.options)
        encoder.update { $0 = values }
        return encoder
    }
}

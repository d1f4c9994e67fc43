import Foundation

extension ModelDecoder {
    /// Decodes a request body for a server integration, whose frameworks ask for any
    /// `Decodable`: the same result and errors as ``decode(_:from:)-(_,Bytes)`` (the schema path
    /// for ``ModelValue`` types, the Codable bridge otherwise), with the type's kind looked up
    /// once per type instead of cast on every request. `bytes` are read in place.
    @_spi(ServerIntegration)
    public func decodeBody<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        guard let schemaType = SchemaTypeLookup.modelValueType(T.self) else {
            return try decode(T.self, from: bytes)
        }
        return try decodeSchema(schemaType, as: T.self, from: bytes)
    }

    private func decodeSchema<M: ModelValue, T>(_ type: M.Type, as _: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try makeValue(as: T.self) { try decode(M.self, from: bytes) }
    }
}

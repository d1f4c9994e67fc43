// TEMP until codable branch merges: delete this file when the Codable bridge
// (`ModelDecoder.decode<T: Decodable>(_:from:)`, `ModelEncoder.encode<T: Encodable>(_:)`,
// `ModelEncoder.withEncodedBytes(_:_:)`) is in ModelKitCore. Model types take the schema path
// through the existing ModelValue entry points; other types fall back to Foundation's coders.
import Foundation
import ModelKitCore

extension ModelDecoder {
    func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        if let valueType = T.self as? any ModelValue.Type {
            return try decodeModelValue(valueType, from: bytes) as! T
        }
        return try JSONDecoder().decode(T.self, from: Data(bytes))
    }

    private func decodeModelValue<V: ModelValue>(_ type: V.Type, from bytes: some Collection<UInt8>) throws -> V {
        try decode(V.self, from: bytes)
    }
}

extension ModelEncoder {
    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        if let modelValue = value as? any ModelValue {
            return try encodeModelValue(modelValue)
        }
        return Array(try JSONEncoder().encode(value))
    }

    func withEncodedBytes<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try encode(value).withUnsafeBytes(body)
    }

    private func encodeModelValue<V: ModelValue>(_ value: V) throws -> [UInt8] {
        try encode(value)
    }
}

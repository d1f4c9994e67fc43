#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Values the Codable bridge hands to a strategy, and the errors of values the writer refuses.
extension BridgeEncoder {
    /// A `Date` or `Data` that a Foundation `.custom` (or `.deferredToDate`) strategy writes
    /// through this `Encoder`, as `JSONEncoder` calls it.
    func hook<T: Encodable>(_ value: T) -> EncodedByClosure? {
        let values = configuration.values
        if let strategy = values.foundationDates, let date = value as? Date {
            return EncodedByClosure { try date.encode(with: strategy, to: $0) }
        }
        if let strategy = values.foundationData, let data = value as? Data {
            return EncodedByClosure { try data.encode(with: strategy, to: $0) }
        }
        return nil
    }

    /// `containerPath`: the path of a container made by `nestedContainer` (else the encoder's).
    func invalid(_ value: Any, _ error: ModelEncodingError, key: (any CodingKey)?, containerPath: [any CodingKey]? = nil) -> EncodingError {
        var codingPath = containerPath ?? path
        if let key { codingPath.append(key) }
        return .invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
    }

    /// Writes a scalar through the writer, mapping its errors (non-finite floats) to `EncodingError`.
    @inline(__always)
    func scalar<T: ModelValue>(_ value: T, key: (any CodingKey)?, containerPath: [any CodingKey]?) throws {
        do {
            try withWriter { try value._visit($0) }
        } catch let error as ModelEncodingError {
            throw invalid(value, error, key: key, containerPath: containerPath)
        }
    }
}

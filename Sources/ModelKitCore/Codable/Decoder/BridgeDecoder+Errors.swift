#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Every failure of the Codable bridge is a Swift `DecodingError` (so code written for
// `JSONDecoder` keeps working) whose `underlyingError` is the located `ModelDecodingError`.

extension BridgeDecoder {
    func codingPath(_ at: BridgePath) -> [any CodingKey] {
        var result = prefix
        for step in at.fixed ?? steps.prefix(at.depth) { result.append(codingKey(step, after: result)) }
        if let step = at.step { result.append(codingKey(step, after: result)) }
        return result
    }

    /// A step's key: the member's key text as the document spells it (which is the `stringValue`
    /// of the key that found it), or `Index n` as `JSONDecoder` reports an element. `path` is
    /// the path of the container it is a step of.
    func codingKey(_ step: PathStep, after path: [any CodingKey]) -> any CodingKey {
        switch step {
        case .member(let keyEntry):
            var object = ObjectCodingPath(keys: path)
            return TextCodingKey(keyText(Int(keyEntry), in: &object))
        case .dictionaryMember(let keyEntry): return TextCodingKey(String(decoding: bytes(of: entries[Int(keyEntry)]), as: UTF8.self))
        case .element(let ordinal): return IndexCodingKey(Int(ordinal))
        }
    }

    /// Counts `count` elements against `DecodingLimits.maxElements` (see its doc): one per
    /// container made, and per value by its size; a model handed to the schema reader (its range
    /// of the tape) counts there, from what is left here.
    @inline(__always)
    func countElements(_ count: Int, at index: Int, _ at: @autoclosure () -> BridgePath) throws {
        hot.value.elementsLeft &-= count
        if hot.value.elementsLeft < 0 {
            throw dataCorrupted(.limitExceeded(.maxElements, limit: options.limits.maxElements), at: index, at())
        }
    }

    func located(_ reason: ModelDecodingError.Reason, offset: Int, codingPath: [any CodingKey]) -> ModelDecodingError {
        let (offset, line, column) = tape.place(offset)
        return ModelDecodingError(reason: reason, path: JSONPath.of(codingPath), line: line, column: column, byteOffset: offset)
    }

    /// What a tape entry holds, for messages: `string "abc"`, `number 12`, `object`.
    func describe(_ index: Int) -> String {
        let entry = entries[index]
        switch entry.kind {
        case .object: return "object"
        case .array: return "array"
        case .null: return "null"
        default: return ScalarConversions.describe(scalar(at: index))
        }
    }

    func typeMismatch(_ type: Any.Type, expected: String, at index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let error = located(.typeMismatch(expected: expected, found: describe(index)), offset: tape.tokenStart(entries[index]), codingPath: path)
        return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    func valueNotFound(_ type: Any.Type, expected: String, at index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let error = located(.typeMismatch(expected: expected, found: "null"), offset: tape.tokenStart(entries[index]), codingPath: path)
        return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// An unkeyed container has no element left.
    func endOfContainer(_ type: Any.Type, container index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let end = max(Int(entries[index].start) - 1, 0)
        let error = located(.typeMismatch(expected: String(describing: type), found: "end of array"), offset: end, codingPath: path)
        return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Unkeyed container is at end. " + error.description,
                                                         underlyingError: error))
    }

    func keyNotFound(_ key: any CodingKey, container index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let error = located(.missingKey(key.stringValue), offset: tape.tokenStart(entries[index]), codingPath: path)
        return .keyNotFound(key, DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    func dataCorrupted(_ reason: ModelDecodingError.Reason, at index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let error = located(reason, offset: tape.tokenStart(entries[index]), codingPath: path)
        return .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// A scalar conversion failed on the value at `index`: a number that does not
    /// fit is corrupted data (as `JSONDecoder` says), anything else the wrong type.
    func conversionFailed(_ type: Any.Type, _ failure: DecodeFailure, at index: Int, _ at: BridgePath) -> DecodingError {
        if failure.kind == .outOfRange { return dataCorrupted(failure.reason, at: index, at) }
        return conversionFailed(type, failure.reason, at: index, at)
    }

    /// A conversion failed with `failure` (a value type's own ``ModelDecodingError``): the wrong
    /// type, or corrupted data where `JSONDecoder` says so.
    func conversionFailed(_ type: Any.Type, _ failure: ModelDecodingError.Reason, at index: Int, _ at: BridgePath) -> DecodingError {
        if case .typeMismatch(let expected, _) = failure {
            // JSONDecoder's cases: the right JSON type with a value that does not fit (a fraction
            // for an integer, a string that is no date or no base64) is corrupted data.
            // A `.deferredToDate` date is a Double to JSONDecoder: a string there is the wrong type.
            let kind = entries[index].kind
            let dateFromText: Bool
            if case .deferredToDate = options.dates { dateFromText = false } else { dateFromText = type == Date.self }
            if (kind == .number && type is any FixedWidthInteger.Type) || (kind == .string && (dateFromText || type == Data.self)) {
                return dataCorrupted(failure, at: index, at)
            }
            return typeMismatch(type, expected: expected, at: index, at)
        }
        return dataCorrupted(failure, at: index, at)
    }

    /// An error of the schema reader run on the sub-value at `index` (its range of the tape): moved to the whole
    /// document's positions and path.
    func rebased(_ error: ModelDecodingError, _ type: Any.Type, at index: Int, _ at: BridgePath) -> DecodingError {
        let path = codingPath(at)
        let offset = tape.tokenStart(entries[index]) + error.byteOffset
        var moved = located(error.reason, offset: offset, codingPath: path)
        moved.path += error.path.dropFirst()
        let context = DecodingError.Context(codingPath: path, debugDescription: moved.description, underlyingError: moved)
        switch error.reason {
        case .typeMismatch: return .typeMismatch(type, context)
        case .missingKey(let key): return .keyNotFound(TextCodingKey(key), context)
        default: return .dataCorrupted(context)
        }
    }
}

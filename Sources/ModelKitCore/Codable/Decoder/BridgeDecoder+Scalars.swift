// A scalar value of the tape read as the type a container is asked for: the conversions
// (lenient or strict, as the options say), strings straight from the tape's bytes, and every
// failure as the `DecodingError` `JSONDecoder` throws there.

extension BridgeDecoder {
    /// The scalar token at `index`, as the conversions take it.
    @inline(__always)
    func scalar(at index: Int) -> ScalarToken {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .number: return .number(bytes(of: entry))
        // Archive tapes only: the bridge never reads one; listed so the switch stays exact.
        case .bytes: return .bytes(bytes(of: entry))
        default: return .string(bytes(of: entry))
        }
    }

    /// ``decodeScalar(_:at:_:)`` out of line, for the rarer scalar types (`Int8` to `Int32`, the
    /// unsigned ones, `Float`): one copy per type serves the keyed, unkeyed and single-value
    /// containers instead of one inlined into each (55 KB less in every program linking ModelKit,
    /// which scripts/check-linkage.sh holds under 2 MB), for one call per such value.
    @inline(never)
    func decodeRareScalar<T: ModelValue>(_ type: T.Type, at index: Int, _ at: @autoclosure () -> BridgePath) throws -> T {
        try decodeScalar(T.self, at: index, at())
    }

    /// A scalar type through the conversions (lenient or strict, as the options say).
    /// The coding path is built only for an error: wrapping a key into `any CodingKey` and moving
    /// it through a `BridgePath` costs more than converting most values. Every failure goes
    /// through one out-of-line function (``scalarFailure(_:_:at:_:)``): this body is inlined
    /// into each container's method per scalar type, and its error branches had made each copy
    /// three times the size (every program linking ModelKit carried them).
    @inline(__always)
    func decodeScalar<T: ModelValue>(_ type: T.Type, at index: Int, _ at: @autoclosure () -> BridgePath) throws -> T {
        let kind = entries[index].kind
        // A string straight from the tape's bytes (the test folds away in every other type's
        // copy): text the pre-scan checked, which `String` need not check again, and ASCII
        // without a look when the input is plain (Unsafe/PrescannedText.swift).
        if T.self == String.self, kind == .string {
            return unsafeBitCast(String.prescanned(bytes(of: entries[index]), knownASCII: tape.isPlainInput), to: T.self)
        }
        if kind != .null, kind != .object, kind != .array {
            if T.self == Double.self || T.self == Float.self, kind == .string, readsNonConformingFloats,
               let value = nonConformingFloat(T.self, at: index) {
                return value
            }
            do {
                if let value = try T._decodeScalar(scalar(at: index), conversions) { return value }
            } catch {
                throw scalarFailure(T.self, error, at: index, at())
            }
        }
        throw scalarFailure(T.self, nil, at: index, at())
    }

    /// Why the value at `index` is no `type`: null (`valueNotFound`), a container or a value the
    /// conversions refused (`typeMismatch`, or corrupted data where `JSONDecoder` says so), or
    /// `error` as it was thrown when it is neither kind of conversion failure.
    @inline(never)
    func scalarFailure(_ type: any ModelValue.Type, _ error: (any Error)?, at index: Int, _ at: BridgePath) -> any Error {
        switch error {
        case let failure as DecodeFailure: return conversionFailed(type, failure, at: index, at)
        case let failure as ModelDecodingError: return conversionFailed(type, failure.reason, at: index, at)
        case let error?: return error
        case nil:
            if entries[index].kind == .null { return valueNotFound(type, expected: type._typeName, at: index, at) }
            return typeMismatch(type, expected: type._typeName, at: index, at)
        }
    }
}

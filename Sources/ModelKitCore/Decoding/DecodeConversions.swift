// The conversion policy value types share: `.fail` throws, `.skip` records and goes on.

extension DecodeEngine {
    // MARK: Conversions shared by value types

    /// A value cannot be converted: throws under `.fail`, or records it and returns nil under `.skip`.
    @usableFromInline func mismatch<T>(expected: String, found scalar: ScalarToken) throws -> T? {
        try mismatch(expected: expected, found: Self.describe(scalar))
    }

    /// Same as ``mismatch(expected:found:)-(_,ScalarToken)`` with a description of what was found.
    @usableFromInline func mismatch<T>(expected: String, found: String) throws -> T? {
        try reject(DecodeFailure(reason: .typeMismatch(expected: expected, found: found)))
    }

    /// A number does not fit `name` (too large, or too small to be told from zero): a mismatch
    /// whose ``DecodeFailure/kind`` says so, for callers that report it differently.
    func outOfRange<T>(_ name: String, found scalar: ScalarToken) throws -> T? {
        try reject(DecodeFailure(reason: .typeMismatch(expected: "\(name) (value out of range)", found: Self.describe(scalar)),
                                 kind: .outOfRange))
    }

    private func reject<T>(_ failure: DecodeFailure) throws -> T? {
        if skipsMismatches {
            recordSkipped(failure)
            return nil
        }
        throw failure
    }

    /// Keeps a failure dropped under `.skip`, positioned, for `decodeWithReport`.
    func recordSkipped(_ failure: DecodeFailure) {
        if keepsSkipped { skipped.append(positioned(failure)) }
    }

    /// Calls a user type's `decodeModelValue`, turning its errors into positioned `.invalid` errors.
    func convertCustom<T: ModelValue>(_ value: JSONValue, to type: T.Type) throws -> T? {
        do {
            return try T.decodeModelValue(from: value, options: options)
        } catch let error as ModelDecodingError {
            throw error
        } catch {
            if skipsMismatches {
                recordSkipped(DecodeFailure(reason: .invalid("\(T._typeName): \(error)")))
                return nil
            }
            throw DecodeFailure(reason: .invalid("\(T._typeName): \(error)"))
        }
    }

    static func describe(_ scalar: ScalarToken) -> String {
        switch scalar {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let text):
            // Quoted input is bounded: an error message must never amplify a hostile body.
            if text.count <= 40 { return "number \(String(decoding: text, as: UTF8.self))" }
            return "number \(String(decoding: text.prefix(40), as: UTF8.self))… (\(text.count) bytes)"
        case .string(let bytes):
            if bytes.count <= 40 { return "string \(JSONValue.string(String(decoding: bytes, as: UTF8.self)).description)" }
            return "string \(JSONValue.string(String(decoding: bytes.prefix(40), as: UTF8.self)).description)… (\(bytes.count) bytes)"
        case .bytes(let bytes): return "\(bytes.count) bytes"
        }
    }
}

/// A failure raised inside a frame; the engine adds path and position.
struct DecodeFailure: Error {
    /// What code that treats failures differently switches on (the Codable bridge reports a
    /// number that does not fit as corrupted data, as `JSONDecoder` does); the reason's text is
    /// for people.
    enum Kind { case other, outOfRange }

    let reason: ModelDecodingError.Reason
    let kind: Kind

    init(reason: ModelDecodingError.Reason, kind: Kind = .other) {
        self.reason = reason
        self.kind = kind
    }

    static func limit(_ limit: ModelDecodingError.Limit, _ value: Int) -> DecodeFailure {
        DecodeFailure(reason: .limitExceeded(limit, limit: value))
    }
}

/// Why decoding failed, and where.
///
/// ```
/// $.statuses[3].user.id (line 12, column 18): expected Int, found string "12a"
/// ```
///
/// Line and column are 0 when the place in the input is unknown (a `DecodingError` that a type's
/// `init(from:)` or another decoder threw): the description then names only the path,
/// `$.count: must be even`.
public struct ModelDecodingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The input is not JSON (RFC 8259), with what is wrong.
        case syntax(String)
        /// A value cannot become the field's type under the current conversion rules.
        case typeMismatch(expected: String, found: String)
        /// None of a `.required` field's keys is present.
        case missingKey(String)
        /// A key no field maps, under `unknownKeys: .fail`.
        case unknownKey(String)
        /// A key appeared a second time in one object (``DecodingOptions/DuplicateKeyPolicy/reject``).
        case duplicateKey(String)
        /// A ``DecodingLimits`` bound was exceeded.
        case limitExceeded(Limit, limit: Int)
        /// A value was rejected: a transform, custom value, validation hook, or an out-of-range number.
        case invalid(String)
    }

    /// Which ``DecodingLimits`` bound.
    public enum Limit: String, Sendable, Equatable {
        case maxDepth, maxInputBytes, maxStringBytes, maxElements
    }

    /// What went wrong.
    public var reason: Reason
    /// Where in the document: `$`, `$.a[3].b`.
    public var path: String
    /// 1-based line of the offending place; 0 when it is unknown.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the offending place; 0 when it is unknown.
    public var column: Int
    /// 0-based byte offset of the offending place in the whole input (0 when the line is unknown).
    public var byteOffset: Int

    /// An error at `path`, at this place of the input.
    public init(reason: Reason, path: String, line: Int, column: Int, byteOffset: Int) {
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// One line: path, place (when known), and what is wrong.
    public var description: String {
        guard line > 0 else { return "\(path): \(reasonText)" }
        return "\(path) (line \(line), column \(column)): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .syntax(let message): return "invalid JSON: \(message)"
        case .typeMismatch(let expected, let found): return "expected \(expected), found \(found)"
        case .missingKey(let key): return "missing required key \"\(key)\""
        case .unknownKey(let key): return "unknown key \"\(key)\""
        case .duplicateKey(let key): return "key \"\(key)\" appears twice in one object"
        case .limitExceeded(let limit, let value):
            switch limit {
            case .maxDepth: return "nesting deeper than maxDepth (\(value))"
            case .maxInputBytes: return "input larger than maxInputBytes (\(value))"
            // The limit bounds numbers too: a megabyte of digits is no number to convert.
            case .maxStringBytes: return "string, key or number longer than maxStringBytes (\(value) bytes)"
            case .maxElements: return "more elements than maxElements (\(value))"
            }
        case .invalid(let message): return message
        }
    }
}

extension ModelDecodingError {
    /// At most 40 bytes of a key or value, for an error message: a hostile one may be megabytes long.
    static func quoted(_ text: String) -> String {
        text.utf8.count <= 40 ? text : String(decoding: text.utf8.prefix(40), as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }
}

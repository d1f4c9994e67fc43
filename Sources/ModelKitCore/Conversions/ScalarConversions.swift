/// How a scalar token becomes a value, the one policy both decoders apply: the options of the
/// decode (lenient or strict, the date strategy), the mismatch policy (`.fail` throws, `.skip`
/// records the failure and leaves the value untouched) and the failures skipped so far.
///
/// The Codable bridge's ``BridgeDecoder`` holds one directly (its mismatches always throw: a
/// Codable property cannot be left untouched). The schema reader *is* one: ``TapeSchemaReader``
/// subclasses it and locates what it skips. A subclass, not a property of the reader, because
/// the values' entry points run per value: through ``ModelEngine/Context`` they reach these
/// flags with a single load, and a container's entry point gets the reader back without a
/// second reference to keep or load.
///
/// Every member is `final`: nothing here is dispatched dynamically but ``locateSkipped(_:)``,
/// which runs only for a failure dropped under `.skip`.
@usableFromInline
class ScalarConversions: DecodeContext {
    // Written only by `init` and `reset` (between documents) and read per token, partly from code
    // inlined into other modules: unchecked exclusivity spares each access Swift's run-time check.
    /// The options of this decode.
    @exclusivity(unchecked) @usableFromInline final private(set) var options: DecodingOptions
    // Copied out of `options` so the hot path reads a flag instead of copying the options struct.
    @exclusivity(unchecked) @usableFromInline final private(set) var lenient: Bool
    @exclusivity(unchecked) final private(set) var skipsMismatches: Bool
    /// The input was found plain (no non-ASCII byte, no `\u` escape): its strings are made
    /// without looking for non-ASCII bytes again, and its keys match as bytes only. Set by the
    /// schema reader per document; the bridge decides from its tape.
    @exclusivity(unchecked) @usableFromInline final var isPlainInput = false
    /// Mismatches dropped under `mismatch: .skip` (validation rejections included), located.
    @exclusivity(unchecked) @usableFromInline final var skipped: [ModelDecodingError] = []
    /// How many of the skipped mismatches are kept: all for a decode that reports them
    /// (`decodeWithReport`), the first otherwise (a top-level value that produced nothing is
    /// reported as it), none in a stream. Each kept one holds its path: a document of a million
    /// mismatches deep in it would otherwise hold gigabytes for a report nobody asked for.
    final var keptSkippedLimit = 1

    init(options: DecodingOptions) {
        self.options = options
        lenient = options.conversion == .lenient
        skipsMismatches = options.mismatch == .skip
    }

    /// Takes the options of the next document and forgets what the last one skipped.
    final func reset(options: DecodingOptions) {
        self.options = options
        lenient = options.conversion == .lenient
        skipsMismatches = options.mismatch == .skip
        skipped.removeAll()
        keptSkippedLimit = 1  // a pooled engine may have served a decode that reported them all
    }

    /// Where the token that failed is: path, line, column. The engine knows (it overrides this);
    /// conversions outside an engine never skip (the bridge's options say `.fail`), so this
    /// answer, the document's start, is never kept.
    func locateSkipped(_ failure: DecodeFailure) -> ModelDecodingError {
        ModelDecodingError(reason: failure.reason, path: JSONPath.root, line: 1, column: 1, byteOffset: 0)
    }

    // MARK: The mismatch policy

    /// A value cannot be converted: throws under `.fail`, or records it and returns nil under `.skip`.
    @usableFromInline final func mismatch<T>(expected: String, found scalar: ScalarToken) throws -> T? {
        try mismatch(expected: expected, found: Self.describe(scalar))
    }

    /// Same as ``mismatch(expected:found:)-(_,ScalarToken)`` with a description of what was found.
    @usableFromInline final func mismatch<T>(expected: String, found: String) throws -> T? {
        try reject(DecodeFailure(reason: .typeMismatch(expected: expected, found: found)))
    }

    /// A number does not fit `name` (too large, or too small to be told from zero): a mismatch
    /// whose ``DecodeFailure/kind`` says so, for callers that report it differently.
    final func outOfRange<T>(_ name: String, found scalar: ScalarToken) throws -> T? {
        try reject(DecodeFailure(reason: .typeMismatch(expected: "\(name) (value out of range)", found: Self.describe(scalar)),
                                 kind: .outOfRange))
    }

    private final func reject<T>(_ failure: DecodeFailure) throws -> T? {
        if skipsMismatches {
            recordSkipped(failure)
            return nil
        }
        throw failure
    }

    /// A field's check failed: a located `.invalid` failure, thrown or (under `.skip`) recorded.
    override final func rejectChecked(_ message: String) throws {
        let _: Bool? = try reject(DecodeFailure(reason: .invalid(message)))
    }

    /// Keeps a failure dropped under `.skip`, located, for `decodeWithReport`.
    final func recordSkipped(_ failure: DecodeFailure) {
        if skipped.count < keptSkippedLimit { skipped.append(locateSkipped(failure)) }
    }

    /// Calls a user type's `decodeModelValue`, turning its errors into positioned `.invalid` errors.
    final func convertCustom<T: ModelValue>(_ value: JSONValue, to type: T.Type) throws -> T? {
        do {
            return try T.decodeModelValue(from: value, options: options)
        } catch let error as ModelDecodingError {
            throw error
        } catch {
            return try reject(DecodeFailure(reason: .invalid("\(T._typeName): \(error)")))
        }
    }

    /// What was found, for messages: `null`, `number 12`, `string "abc"`.
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
        case .container(let kind, _): return kind == .object ? "object" : "array"
        }
    }
}

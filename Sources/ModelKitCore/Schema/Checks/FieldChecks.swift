/// The checks of one field, as the schema keeps them: run on each value decoded into the field
/// before it is stored (only fields that have checks get an accessor that calls this), and
/// published as JSON Schema keywords.
@usableFromInline
final class FieldChecks<Value>: Sendable {
    let checks: [Check<Value>]
    /// Every check in turn, as one chain of closures: walking the array of checks in this generic
    /// code would look up the metadata of its element type on every value.
    let chain: @Sendable (Value, DecodeContext) throws -> Bool
    /// The keywords of every check, for the field's JSON Schema.
    @usableFromInline let keywords: @Sendable () -> [(String, JSONValue)]

    /// The checks of field `name`, nil when there are none. `json` gives a value's JSON form
    /// (for `enum`). Stops, naming the check, the field and its type, on a check that cannot be
    /// used as declared.
    @usableFromInline
    init?(_ checks: [Check<Value>], field name: String, options: FieldOptions, json: @escaping @Sendable (Value) -> JSONValue?) {
        guard !checks.isEmpty else { return nil }
        // `fatalError`, not `precondition`: optimized builds drop a precondition's message, and a
        // server built in release must still say which check of which field is wrong.
        for check in checks {
            if let problem = check.problem {
                fatalError("Check .\(check.name) cannot apply to field \"\(name)\" of type \(Value.self): \(problem)")
            }
        }
        if options.contains(.notMapped) {
            fatalError("Check .\(checks[0].name) cannot apply to field \"\(name)\" of type \(Value.self): the field is .notMapped, never decoded")
        }
        self.checks = checks
        chain = Self.chain(checks[...])
        keywords = { checks.flatMap { $0.keywords(json) } }
    }

    private init(checks: [Check<Value>], keywords: @escaping @Sendable () -> [(String, JSONValue)]) {
        self.checks = checks
        chain = Self.chain(checks[...])
        self.keywords = keywords
    }

    /// `checks` (not empty) in order: each violation is rejected (thrown, or recorded under
    /// `.skip`, and the next checks still run).
    private static func chain(_ checks: ArraySlice<Check<Value>>) -> @Sendable (Value, DecodeContext) throws -> Bool {
        let failure = checks[checks.startIndex].failure
        let rest = checks.count > 1 ? chain(checks.dropFirst()) : nil
        return { value, decode in
            var admitted = true
            if let message = failure(value) {
                try decode.rejectChecked(message)
                admitted = false
            }
            if let rest, try !rest(value, decode) { admitted = false }
            return admitted
        }
    }

    /// The same checks on another form of the value (a raw-value enum's wire form).
    @usableFromInline
    func pulledBack<Wire>(_ value: @escaping @Sendable (Wire) -> Value) -> FieldChecks<Wire> {
        FieldChecks<Wire>(checks: checks.map { check in
            Check<Wire>(name: check.name, keywords: { _ in [] }) { check.failure(value($0)) }
        }, keywords: keywords)
    }

    /// Whether `value` passes every check. A violation throws under `mismatch: .fail`; under
    /// `.skip` every violation is recorded (for `decodeWithReport`) and the value is not stored.
    @usableFromInline
    func admits(_ value: Value, _ decode: DecodeContext) throws -> Bool {
        try chain(value, decode)
    }
}

/// A rule a field's value must satisfy, checked while decoding and published in the JSON Schema.
///
/// <!-- example: member of User -->
/// ```swift
/// static let schema = Schema(User.self) {
///     Field("age", \.age, checks: [.range(13...150)])
///     Field("username", \.username, checks: [.length(3...32), .pattern("^[a-z0-9_]+$")])
///     Field("tags", \.tags, checks: [.count(...10)])
///     Field("role", \.role, checks: [.oneOf(["admin", "member"])])
///     Field("score", \.score, checks: [.custom("even") { $0 % 2 == 0 }])
/// }
/// ```
///
/// A check is typed by the field's value: `.range` exists for numbers, `.length` and `.pattern`
/// for strings, `.count` for arrays, sets and dictionaries (and for optionals of them, whose
/// `nil` passes every check), so a check that cannot apply to a field does not compile. Checks
/// compose: a value must pass each of them. A violation is a ``ModelDecodingError`` with reason
/// ``ModelDecodingError/Reason/invalid(_:)``, located like every other error:
/// `$.age (line 1, column 8): must be between 13 and 150, found 7`.
public struct Check<Value>: Sendable {
    /// The rule's name: `range`, `greaterThan`, `lessThan`, `length`, `count`, `pattern`, `oneOf`,
    /// or a custom check's own name.
    public let name: String
    /// The message for a value that fails, nil for one that passes.
    let failure: @Sendable (Value) -> String?
    /// The JSON Schema keywords the rule publishes; `json` turns a value into its JSON form
    /// (for `enum`).
    let keywords: @Sendable (_ json: (Value) -> JSONValue?) -> [(String, JSONValue)]
    /// Why the check cannot be used as declared (an invalid pattern, a bound that is not a
    /// finite number): building the schema stops with this message.
    let problem: String?

    init(name: String, problem: String? = nil,
         keywords: @escaping @Sendable (_ json: (Value) -> JSONValue?) -> [(String, JSONValue)],
         failure: @escaping @Sendable (Value) -> String?) {
        self.name = name
        self.problem = problem
        self.keywords = keywords
        self.failure = failure
    }

    /// A named rule of your own: `test` returns whether a value passes. A failure reads
    /// `must be <name>, found <value>`; `schema` (a JSON Schema object) is added to the field's
    /// schema, if the rule has a JSON Schema form.
    ///
    /// The value is the field's own, `nil` included for an optional field.
    public static func custom(_ name: String, schema: JSONValue? = nil, _ test: @escaping @Sendable (Value) -> Bool) -> Check {
        let fragment: [(String, JSONValue)]
        if case .object(let object)? = schema { fragment = object.map { ($0.key, $0.value) } } else { fragment = [] }
        var problem: String?
        if let schema, fragment.isEmpty, schema != [:] { problem = "its schema fragment must be a JSON object" }
        return Check(name: name, problem: problem, keywords: { _ in fragment }) { value in
            test(value) ? nil : "must be \(name), found \(CheckText.describe(value))"
        }
    }
}

extension Check where Value: Equatable & Sendable {
    /// The value must be one of `values` (JSON Schema `enum`). An optional field's `nil` passes.
    @inlinable
    public static func oneOf(_ values: [Value]) -> Check {
        // Inlinable: the search is compiled for the field's own type where the schema is declared.
        member(of: values) { values.contains($0) }
    }

    /// A `oneOf` check: `listed` is its test, `values` make its message and keywords.
    @usableFromInline
    static func member(of values: [Value], listed: @escaping @Sendable (Value) -> Bool) -> Check {
        let optional = Value.self is any CheckedOptional.Type
        let text = values.prefix(10).map(CheckText.describe).joined(separator: ", ") + (values.count > 10 ? ", …" : "")
        return Check(name: "oneOf", problem: values.isEmpty ? "it lists no values" : nil, keywords: { json in
            var members = values.compactMap(json)
            if optional && !members.contains(.null) { members.append(.null) }
            return members.count < values.count ? [] : [("enum", .array(members))]
        }) { value in
            if listed(value) || (optional && CheckText.isNil(value)) { return nil }
            return "must be one of \(text), found \(CheckText.describe(value))"
        }
    }
}

/// An optional, seen from a check: `nil` passes every built-in check.
protocol CheckedOptional {
    var checkedWrapped: Any? { get }
}

extension Optional: CheckedOptional {
    var checkedWrapped: Any? { self.map { $0 as Any } }
}

/// How checks show values and bounds in messages.
enum CheckText {
    /// `7`, `"abc"` (at most 40 bytes of it), `null`; an enum case by its raw value; anything
    /// else as Swift describes it, cut at 40 bytes.
    static func describe(_ value: Any) -> String {
        if let optional = value as? any CheckedOptional {
            guard let wrapped = optional.checkedWrapped else { return "null" }
            return describe(wrapped)
        }
        if let text = value as? String { return JSONValue.string(ModelDecodingError.quoted(text)).description }
        if let raw = value as? any RawRepresentable { return describe(raw.rawValue) }
        // Bounded, as every quoted input: an error message must never amplify a hostile body.
        let text = String(describing: value)
        return text.utf8.count <= 40 ? text : String(decoding: text.utf8.prefix(40), as: UTF8.self) + "…"
    }

    /// How many Unicode scalars `text` holds (`text.unicodeScalars.count`): its UTF-8 bytes that
    /// begin one, counted without decoding them.
    static func scalarCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    static func isNil(_ value: Any) -> Bool {
        guard let optional = value as? any CheckedOptional else { return false }
        return optional.checkedWrapped == nil
    }
}

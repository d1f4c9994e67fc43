/// A value the string checks (`.length`, ``Check/pattern(_:)``) can
/// check: `String`, and optionals of it (`nil` passes).
public protocol CheckableText: SendableMetatype {
    /// The text to check, nil for an absent optional.
    var checkedText: String? { get }
}

extension String: CheckableText {
    /// The string itself.
    public var checkedText: String? { self }
}

extension Optional: CheckableText where Wrapped: CheckableText {
    /// The wrapped text, nil when there is none.
    public var checkedText: String? { self?.checkedText }
}

/// A value `.count` can check: arrays, sets, dictionaries, and
/// optionals of them (`nil` passes).
public protocol CheckableCollection: SendableMetatype {
    /// How many elements (or members), nil for an absent optional.
    var checkedCount: Int? { get }
    /// Whether the JSON form is an object (`minProperties`/`maxProperties`) rather than an array
    /// (`minItems`/`maxItems`).
    static var countsMembers: Bool { get }
}

extension Array: CheckableCollection {
    /// The number of elements.
    public var checkedCount: Int? { count }
    /// An array: `minItems`/`maxItems`.
    public static var countsMembers: Bool { false }
}

extension Set: CheckableCollection {
    /// The number of elements.
    public var checkedCount: Int? { count }
    /// A set is a JSON array: `minItems`/`maxItems`.
    public static var countsMembers: Bool { false }
}

extension Dictionary: CheckableCollection {
    /// The number of members.
    public var checkedCount: Int? { count }
    /// A dictionary is a JSON object: `minProperties`/`maxProperties`.
    public static var countsMembers: Bool { true }
}

extension Optional: CheckableCollection where Wrapped: CheckableCollection {
    /// The wrapped collection's count, nil when there is none.
    public var checkedCount: Int? { self?.checkedCount }
    /// As the wrapped collection.
    public static var countsMembers: Bool { Wrapped.countsMembers }
}

extension Check where Value: CheckableText {
    /// A length in characters as JSON and JSON Schema count them (Unicode scalars: `"é"` written
    /// as `e` and a combining accent is 2), both bounds included (`minLength`, `maxLength`).
    public static func length(_ range: ClosedRange<Int>) -> Check { length(CountBounds(range.lowerBound, range.upperBound)) }
    /// At least this many characters (`minLength`).
    public static func length(_ range: PartialRangeFrom<Int>) -> Check { length(CountBounds(range.lowerBound, nil)) }
    /// At most this many characters (`maxLength`).
    public static func length(_ range: PartialRangeThrough<Int>) -> Check { length(CountBounds(nil, range.upperBound)) }

    private static func length(_ bounds: CountBounds) -> Check {
        Check(name: "length", problem: bounds.problem, keywords: { _ in bounds.keywords("minLength", "maxLength") }) { value in
            guard let text = value.checkedText else { return nil }
            // Every scalar is 1 to 4 bytes of UTF-8: when the bounds admit both ends of what the
            // byte count allows, the scalars need no counting.
            let bytes = text.utf8.count
            if bounds.admits(bytes) && bounds.admits((bytes + 3) / 4) { return nil }
            let count = CheckText.scalarCount(text)
            return bounds.admits(count) ? nil : "must be \(bounds.phrase) characters long, found \(count)"
        }
    }

    /// The text must contain a match of the regular expression (JSON Schema `pattern`, which is
    /// not anchored: write `^…$` to match the whole text). The expression is Swift `Regex`
    /// syntax, which links no ICU; keep to the syntax it shares with ECMA-262 (what JSON
    /// Schema validators read): classes, quantifiers, groups, alternation, anchors. A pattern of
    /// classes and literals with counts (`^[a-z0-9_]{3,32}$`) is matched on ASCII text without
    /// `Regex`, in one pass per class, with the same answers.
    public static func pattern(_ pattern: String) -> Check {
        // Scalar by scalar, as ECMA-262 (JSON Schema's regular expressions) reads text. A local,
        // not a type of the library's: a program that never writes `.pattern` links none of
        // Regex's parser (the linker drops this function, and all it reaches, when unused).
        // Why `nonisolated(unsafe)`: `Regex` is not `Sendable` because it compiles its program
        // lazily, on first use; it is used once here, so every decode (on any thread) only reads it.
        nonisolated(unsafe) let regex = (try? Regex(pattern)).map { $0.matchingSemantics(.unicodeScalar) }
        _ = try? regex?.firstMatch(in: "")
        // Most rules are a few classes with counts, which `SimplePattern` answers on ASCII text
        // for a fraction of `Regex`'s cost, and as `Regex` would.
        let simple = SimplePattern(pattern)
        return Check(name: "pattern", problem: regex == nil ? "\"\(pattern)\" is not a valid regular expression" : nil,
                     keywords: { _ in [("pattern", .string(pattern))] }) { value in
            guard let text = value.checkedText, let regex else { return nil }
            guard !(simple?.matches(text) ?? ((try? regex.firstMatch(in: text)) != nil)) else { return nil }
            return "must match \(pattern), found \(CheckText.describe(text))"
        }
    }
}

extension Check where Value: CheckableCollection {
    /// Between these numbers of elements (members of a dictionary), both included
    /// (`minItems`/`maxItems`, or `minProperties`/`maxProperties` for a dictionary).
    public static func count(_ range: ClosedRange<Int>) -> Check { count(CountBounds(range.lowerBound, range.upperBound)) }
    /// At least this many elements.
    public static func count(_ range: PartialRangeFrom<Int>) -> Check { count(CountBounds(range.lowerBound, nil)) }
    /// At most this many elements.
    public static func count(_ range: PartialRangeThrough<Int>) -> Check { count(CountBounds(nil, range.upperBound)) }

    private static func count(_ bounds: CountBounds) -> Check {
        let members = Value.countsMembers
        let keywords = members ? bounds.keywords("minProperties", "maxProperties") : bounds.keywords("minItems", "maxItems")
        return Check(name: "count", problem: bounds.problem, keywords: { _ in keywords }) { value in
            guard let count = value.checkedCount, !bounds.admits(count) else { return nil }
            return "must have \(bounds.phrase) \(members ? "members" : "elements"), found \(count)"
        }
    }
}

/// Bounds on a length or count, both included.
struct CountBounds: Sendable {
    let min: Int?
    let max: Int?

    init(_ min: Int?, _ max: Int?) {
        self.min = min
        self.max = max
    }

    var problem: String? { (min ?? 0) < 0 || (max ?? 0) < 0 ? "a count cannot be negative" : nil }

    func admits(_ count: Int) -> Bool { count >= (min ?? 0) && count <= (max ?? .max) }

    /// `3 to 32`, `at least 3`, `at most 32`.
    var phrase: String {
        switch (min, max) {
        case let (min?, max?): return min == max ? "exactly \(min)" : "\(min) to \(max)"
        case let (min?, nil): return "at least \(min)"
        case let (nil, max?): return "at most \(max)"
        case (nil, nil): return "any number of"
        }
    }

    func keywords(_ minimum: String, _ maximum: String) -> [(String, JSONValue)] {
        var keywords: [(String, JSONValue)] = []
        if let min { keywords.append((minimum, JSONValue(min))) }
        if let max { keywords.append((maximum, JSONValue(max))) }
        return keywords
    }
}

import ModelKitCore

/// How `@Check(…)`'s arguments are spelled: the same constructors as ModelKitCore's `Check`.
/// `@Model` writes them into the property's `Field(…, checks: […])`, where they are checked
/// against the property's type; this type only lets the attribute be read before that.
public struct CheckArgument: Sendable {
    private init() {}
    private static let spelled = CheckArgument()

    /// `.range(a...b)`: both bounds included.
    public static func range<T: Comparable>(_ range: ClosedRange<T>) -> CheckArgument { spelled }
    /// The upper bound excluded.
    public static func range<T: Comparable>(_ range: Range<T>) -> CheckArgument { spelled }
    /// At least the bound.
    public static func range<T: Comparable>(_ range: PartialRangeFrom<T>) -> CheckArgument { spelled }
    /// At most the bound.
    public static func range<T: Comparable>(_ range: PartialRangeThrough<T>) -> CheckArgument { spelled }
    /// Less than the bound.
    public static func range<T: Comparable>(_ range: PartialRangeUpTo<T>) -> CheckArgument { spelled }
    /// Greater than the bound (excluded).
    public static func greaterThan<T: Comparable>(_ bound: T) -> CheckArgument { spelled }
    /// Less than the bound (excluded).
    public static func lessThan<T: Comparable>(_ bound: T) -> CheckArgument { spelled }
    /// A string's length in characters, both bounds included.
    public static func length(_ range: ClosedRange<Int>) -> CheckArgument { spelled }
    /// At least this many characters.
    public static func length(_ range: PartialRangeFrom<Int>) -> CheckArgument { spelled }
    /// At most this many characters.
    public static func length(_ range: PartialRangeThrough<Int>) -> CheckArgument { spelled }
    /// A collection's count, both bounds included.
    public static func count(_ range: ClosedRange<Int>) -> CheckArgument { spelled }
    /// At least this many elements.
    public static func count(_ range: PartialRangeFrom<Int>) -> CheckArgument { spelled }
    /// At most this many elements.
    public static func count(_ range: PartialRangeThrough<Int>) -> CheckArgument { spelled }
    /// A regular expression the string must contain a match of.
    public static func pattern(_ pattern: String) -> CheckArgument { spelled }
    /// One of these values.
    public static func oneOf<T: Equatable>(_ values: [T]) -> CheckArgument { spelled }
    /// A named rule of your own; spell the closure's parameter type.
    public static func custom<T>(_ name: String, schema: JSONValue? = nil, _ test: @escaping @Sendable (T) -> Bool) -> CheckArgument {
        spelled
    }
}

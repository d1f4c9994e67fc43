#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value numeric bounds can check: the standard integer and floating-point types, `Decimal`,
/// and optionals of them (`nil` passes).
public protocol CheckableNumber: SendableMetatype {
    /// The number compared with the bounds.
    associatedtype Number: Comparable & Sendable
    /// The number to compare, nil for an absent optional.
    var checkedNumber: Number? { get }
    /// A bound as a JSON number (the JSON Schema keyword's value and the message's text).
    static func jsonNumber(_ number: Number) -> JSONValue
}

extension CheckableNumber where Self: BinaryInteger, Number == Self {
    /// The integer itself.
    @inlinable public var checkedNumber: Self? { self }
    /// The integer as a JSON number.
    public static func jsonNumber(_ number: Self) -> JSONValue { JSONValue(number) }
}

extension CheckableNumber where Self: BinaryFloatingPoint, Number == Self {
    /// The number itself.
    @inlinable public var checkedNumber: Self? { self }
    /// The number as a JSON number (`null` for a non-finite one, which no bound may be).
    public static func jsonNumber(_ number: Self) -> JSONValue { number.isFinite ? JSONValue(number) : .null }
}

extension Int: CheckableNumber { public typealias Number = Int }
extension Int8: CheckableNumber { public typealias Number = Int8 }
extension Int16: CheckableNumber { public typealias Number = Int16 }
extension Int32: CheckableNumber { public typealias Number = Int32 }
extension Int64: CheckableNumber { public typealias Number = Int64 }
extension UInt: CheckableNumber { public typealias Number = UInt }
extension UInt8: CheckableNumber { public typealias Number = UInt8 }
extension UInt16: CheckableNumber { public typealias Number = UInt16 }
extension UInt32: CheckableNumber { public typealias Number = UInt32 }
extension UInt64: CheckableNumber { public typealias Number = UInt64 }
extension Float: CheckableNumber { public typealias Number = Float }
extension Double: CheckableNumber { public typealias Number = Double }

extension Decimal: CheckableNumber {
    /// The decimal itself.
    @inlinable public var checkedNumber: Decimal? { self }
    /// The decimal as a JSON number (`null` for NaN).
    public static func jsonNumber(_ number: Decimal) -> JSONValue { JSONValue(number) }
}

extension Optional: CheckableNumber where Wrapped: CheckableNumber {
    /// The wrapped number, nil when there is none.
    @inlinable public var checkedNumber: Wrapped.Number? { self?.checkedNumber }
    /// A bound as the wrapped type writes it.
    public static func jsonNumber(_ number: Wrapped.Number) -> JSONValue { Wrapped.jsonNumber(number) }
}

// The public constructors are inlinable so that the test each value meets is compiled for the
// field's own type where the schema is declared: a few instructions per value, where the same
// test in generic code looks up the metadata of its optional and tuple types on every call.
extension Check where Value: CheckableNumber {
    /// Between the two bounds, both included (JSON Schema `minimum` and `maximum`).
    @inlinable
    public static func range(_ range: ClosedRange<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: (range.upperBound, false), admits: test(range.lowerBound, false, range.upperBound, false))
    }

    /// From the lower bound (included) up to the upper one (excluded): `minimum` and `exclusiveMaximum`.
    @inlinable
    public static func range(_ range: Range<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: (range.upperBound, true), admits: test(range.lowerBound, false, range.upperBound, true))
    }

    /// At least the bound (`minimum`).
    @inlinable
    public static func range(_ range: PartialRangeFrom<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: nil, admits: test(range.lowerBound, false, nil, false))
    }

    /// At most the bound (`maximum`).
    @inlinable
    public static func range(_ range: PartialRangeThrough<Value.Number>) -> Check {
        bounds("range", lower: nil, upper: (range.upperBound, false), admits: test(nil, false, range.upperBound, false))
    }

    /// Less than the bound (`exclusiveMaximum`).
    @inlinable
    public static func range(_ range: PartialRangeUpTo<Value.Number>) -> Check {
        bounds("range", lower: nil, upper: (range.upperBound, true), admits: test(nil, false, range.upperBound, true))
    }

    /// Greater than the bound, which is excluded (`exclusiveMinimum`).
    @inlinable
    public static func greaterThan(_ bound: Value.Number) -> Check {
        bounds("greaterThan", lower: (bound, true), upper: nil, admits: test(bound, true, nil, false))
    }

    /// Less than the bound, which is excluded (`exclusiveMaximum`).
    @inlinable
    public static func lessThan(_ bound: Value.Number) -> Check {
        bounds("lessThan", lower: nil, upper: (bound, true), admits: test(nil, false, bound, true))
    }

    /// The test of a bounds check, compiled where the schema is declared (nil passes).
    @inlinable
    static func test(_ lower: Value.Number?, _ lowerExclusive: Bool, _ upper: Value.Number?, _ upperExclusive: Bool)
        -> @Sendable (Value) -> Bool {
        { value in
            guard let number = value.checkedNumber else { return true }
            if let lower, lowerExclusive ? !(number > lower) : !(number >= lower) { return false }
            if let upper, upperExclusive ? !(number < upper) : !(number <= upper) { return false }
            return true
        }
    }

    /// A bounds check: `admits` is its test, the bounds make its message and keywords.
    @usableFromInline
    static func bounds(_ name: String, lower: (Value.Number, exclusive: Bool)?, upper: (Value.Number, exclusive: Bool)?,
                       admits: @escaping @Sendable (Value) -> Bool) -> Check {
        let low = lower.map { (Value.jsonNumber($0.0), $0.exclusive) }
        let high = upper.map { (Value.jsonNumber($0.0), $0.exclusive) }
        var keywords: [(String, JSONValue)] = []
        if let low { keywords.append((low.1 ? "exclusiveMinimum" : "minimum", low.0)) }
        if let high { keywords.append((high.1 ? "exclusiveMaximum" : "maximum", high.0)) }
        let finite = keywords.allSatisfy { if case .number = $0.1 { return true } else { return false } }
        let published = keywords
        let rule: String
        switch (low, high) {
        case let ((l, false)?, (h, false)?): rule = "must be between \(l) and \(h)"
        default:
            let parts = [low.map { $0.1 ? "greater than \($0.0)" : "at least \($0.0)" },
                         high.map { $0.1 ? "less than \($0.0)" : "at most \($0.0)" }]
            rule = "must be " + parts.compactMap { $0 }.joined(separator: " and ")
        }
        // The message is made apart: a generic optional local costs a metadata lookup per call.
        return Check(name: name, problem: finite ? nil : "a bound is not a finite number", keywords: { _ in published }) { value in
            admits(value) ? nil : failure(value, rule)
        }
    }

    private static func failure(_ value: Value, _ rule: String) -> String? {
        value.checkedNumber.map { "\(rule), found \(CheckText.describe($0))" }
    }
}

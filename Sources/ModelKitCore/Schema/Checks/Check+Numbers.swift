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
    public var checkedNumber: Self? { self }
    /// The integer as a JSON number.
    public static func jsonNumber(_ number: Self) -> JSONValue { JSONValue(number) }
}

extension CheckableNumber where Self: BinaryFloatingPoint, Number == Self {
    /// The number itself.
    public var checkedNumber: Self? { self }
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
    public var checkedNumber: Decimal? { self }
    /// The decimal as a JSON number (`null` for NaN).
    public static func jsonNumber(_ number: Decimal) -> JSONValue { JSONValue(number) }
}

extension Optional: CheckableNumber where Wrapped: CheckableNumber {
    /// The wrapped number, nil when there is none.
    public var checkedNumber: Wrapped.Number? { self?.checkedNumber }
    /// A bound as the wrapped type writes it.
    public static func jsonNumber(_ number: Wrapped.Number) -> JSONValue { Wrapped.jsonNumber(number) }
}

extension Check where Value: CheckableNumber {
    /// Between the two bounds, both included (JSON Schema `minimum` and `maximum`).
    public static func range(_ range: ClosedRange<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: (range.upperBound, false))
    }

    /// From the lower bound (included) up to the upper one (excluded): `minimum` and `exclusiveMaximum`.
    public static func range(_ range: Range<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: (range.upperBound, true))
    }

    /// At least the bound (`minimum`).
    public static func range(_ range: PartialRangeFrom<Value.Number>) -> Check {
        bounds("range", lower: (range.lowerBound, false), upper: nil)
    }

    /// At most the bound (`maximum`).
    public static func range(_ range: PartialRangeThrough<Value.Number>) -> Check {
        bounds("range", lower: nil, upper: (range.upperBound, false))
    }

    /// Less than the bound (`exclusiveMaximum`).
    public static func range(_ range: PartialRangeUpTo<Value.Number>) -> Check {
        bounds("range", lower: nil, upper: (range.upperBound, true))
    }

    /// Greater than the bound, which is excluded (`exclusiveMinimum`).
    public static func greaterThan(_ bound: Value.Number) -> Check {
        bounds("greaterThan", lower: (bound, true), upper: nil)
    }

    /// Less than the bound, which is excluded (`exclusiveMaximum`).
    public static func lessThan(_ bound: Value.Number) -> Check {
        bounds("lessThan", lower: nil, upper: (bound, true))
    }

    private static func bounds(_ name: String, lower: (Value.Number, exclusive: Bool)?,
                               upper: (Value.Number, exclusive: Bool)?) -> Check {
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
        return Check(name: name, problem: finite ? nil : "a bound is not a finite number", keywords: { _ in published }) { value in
            guard let number = value.checkedNumber else { return nil }
            if let lower, lower.exclusive ? !(number > lower.0) : !(number >= lower.0) {
                return "\(rule), found \(CheckText.describe(number))"
            }
            if let upper, upper.exclusive ? !(number < upper.0) : !(number <= upper.0) {
                return "\(rule), found \(CheckText.describe(number))"
            }
            return nil
        }
    }
}

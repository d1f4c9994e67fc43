#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON number kept as its exact text; compares and hashes by numeric value at any precision.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number exactly as written (RFC 8259 grammar).
    public let text: String

    /// Validates `text` against RFC 8259's number grammar.
    public init?(text: String) {
        var copy = text
        guard copy.withUTF8({ JSONNumberGrammar.isValid(UnsafeRawBufferPointer($0)) }) else { return nil }
        self.text = text
    }

    /// For text the tokenizer already checked.
    init(uncheckedText: String) { text = uncheckedText }

    /// The exact text of an integer.
    public init<T: BinaryInteger>(_ value: T) { text = String(value) }

    /// Shortest text that reads back to the same value; nil for NaN and infinities.
    public init?<T: BinaryFloatingPoint>(_ value: T) {
        guard value.isFinite else { return nil }
        let double = Double(value)
        if let float = value as? Float {
            text = JSONNumber.normalized(float.description)
        } else {
            text = JSONNumber.normalized(double.description)
        }
    }

    /// Nil for NaN.
    public init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        text = value.description
    }

    public init(integerLiteral value: Int) { self.init(value) }
    /// A float literal (must be finite).
    public init(floatLiteral value: Double) { self.init(value)! }

    /// Swift prints `1e-05` and `5e+20`: both valid JSON. Only `inf`/`nan` are not, and they never get here.
    private static func normalized(_ text: String) -> String { text }

    public var description: String { text }

    /// The nearest `Double` (correctly rounded); ±infinity beyond its range.
    public var doubleValue: Double {
        var copy = text
        return copy.withUTF8 { DoubleParser.parse(UnsafeRawBufferPointer($0)) } ?? .nan
    }

    /// The exact value when it is an integer in range (`1e2` → 100, `1.0` → 1), else nil.
    public var int64Value: Int64? { exactInteger(as: Int64.self) }
    /// The exact value when it is an integer in range, else nil.
    public var uint64Value: UInt64? { exactInteger(as: UInt64.self) }
    /// The value as a `Decimal`, when it fits.
    public var decimalValue: Decimal? {
        var copy = text
        return copy.withUTF8 { Decimal.exact(UnsafeRawBufferPointer($0)) }
    }

    private func exactInteger<T: FixedWidthInteger>(as type: T.Type) -> T? {
        let canonical = self.canonical
        if canonical.digits.isEmpty { return 0 }
        // digits × 10^exponent must be a whole number.
        guard case .small(let exponent) = canonical.exponent, exponent >= 0, canonical.digits.count + exponent <= 40 else { return nil }
        let text = (canonical.negative ? "-" : "") + canonical.digits + String(repeating: "0", count: exponent)
        return T(text)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || lhs.canonical == rhs.canonical
    }

    public func hash(into hasher: inout Hasher) {
        let canonical = self.canonical
        hasher.combine(canonical.negative)
        hasher.combine(canonical.digits)
        hasher.combine(canonical.exponent)
    }
}

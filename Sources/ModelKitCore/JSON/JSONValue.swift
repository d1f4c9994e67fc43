#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, with exact numbers and ordered objects.
///
/// Object keys keep their input order; `==` ignores key order; numbers compare and hash by
/// numeric value (`1 == 1.0`) while their text is kept for output, so `UInt64.max` and long
/// decimals round-trip exactly.
///
/// ```swift
/// var value: JSONValue = ["name": "ModelKit", "tags": ["fast", "exact"], "stars": 1e3]
/// value["name"] = "ModelKit 2"      // replaces in place
/// value["tags"] = nil               // removes the key
/// let stars = value["stars"]?.doubleValue
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in input order.
    case object(JSONObject)

    /// `.bool(value)`.
    public init(_ value: Bool) { self = .bool(value) }
    /// An exact integer number.
    public init<T: BinaryInteger>(_ value: T) { self = .number(JSONNumber(value)) }
    /// A non-finite value (NaN, ±infinity) has no JSON form and becomes `.null`.
    public init<T: BinaryFloatingPoint>(_ value: T) {
        self = JSONNumber(value).map(JSONValue.number) ?? .null
    }
    /// An exact decimal number (NaN becomes `.null`).
    public init(_ value: Decimal) { self = JSONNumber(value).map(JSONValue.number) ?? .null }
    /// `.string(value)`.
    public init(_ value: String) { self = .string(value) }

    /// The member for `key` of an object (nil for other values); setting adds or replaces the
    /// key in place, `nil` removes it, and does nothing on a non-object.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set {
            guard case .object(var object) = self else { return }
            self = .null  // drop our reference so the object is uniquely referenced and mutates in place
            object[key] = newValue
            self = .object(object)
        }
    }

    /// Removes the members of an object for which `shouldBeRemoved` is true, in one pass (removing
    /// them one by one costs the same per key); does nothing on a non-object.
    ///
    /// ```swift
    /// var value: JSONValue = ["_id": 7, "name": "Ada"]
    /// value.removeAll { $0.key.hasPrefix("_") }   // ["name": "Ada"]
    /// ```
    public mutating func removeAll(where shouldBeRemoved: ((key: String, value: JSONValue)) throws -> Bool) rethrows {
        guard case .object(var object) = self else { return }
        self = .null  // as in the subscript: the object mutates in place
        defer { self = .object(object) }
        try object.removeAll(where: shouldBeRemoved)
    }

    /// The element at `index` of an array (nil when out of range or not an array); setting
    /// replaces an element in range and does nothing otherwise.
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
            return elements[index]
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index), let newValue else { return }
            self = .null
            elements[index] = newValue
            self = .array(elements)
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    /// The Bool, if this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The string, if this is one.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, if this is one.
    public var numberValue: JSONNumber? { if case .number(let n) = self { return n } else { return nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// The number as a correctly rounded `Double`, if this is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }
    /// The number as an exact `Int64`, if this is an integral number in range.
    public var int64Value: Int64? { numberValue?.int64Value }
}

extension JSONValue {
    /// Same case, equal payload: numbers by value, objects ignoring key order.
    ///
    /// Written out rather than synthesized, and out of line: the synthesized `==` compiles the
    /// arrays' comparison with every case's comparison inlined into its loop, 14.5 KB of code that
    /// every program linking ModelKit carried (scripts/check-linkage.sh keeps that cost under 2 MB).
    @inline(never)
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return elementsEqual(a, b)
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }

    @inline(never)
    private static func elementsEqual(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where a[index] != b[index] { return false }
        return true
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object.append(key: key, value: value) }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text; numbers are written as their exact text.
    public var description: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): JSONValue.writeQuoted(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, (key, value)) in object.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeQuoted(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                out += "\\u00"
                out += String(scalar.value >> 4, radix: 16)
                out += String(scalar.value & 0xF, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

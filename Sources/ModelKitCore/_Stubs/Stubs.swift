// TEMPORARY stubs until helpers deliver.
import Foundation

public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    case null, bool(Bool), number(JSONNumber), string(String), array([JSONValue]), object(JSONObject)
    public init<T: BinaryInteger>(_ v: T) { self = .number(JSONNumber(uncheckedText: "\(v)")) }
    public init<T: BinaryFloatingPoint>(_ v: T) { self = .number(JSONNumber(uncheckedText: "\(Double(v))")) }
    public init(_ v: Decimal) { self = .number(JSONNumber(uncheckedText: "\(v)")) }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return n.text
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }
}
public struct JSONNumber: Sendable, Hashable { public let text: String; init(uncheckedText: String) { text = uncheckedText } }
public struct JSONObject: Sendable, Hashable, Sequence {
    var pairs: [(String, JSONValue)] = []
    public init() {}
    public var count: Int { pairs.count }
    public mutating func append(key: String, value: JSONValue) { pairs.append((key, value)) }
    public subscript(key: String) -> JSONValue? {
        get { pairs.first { $0.0 == key }?.1 }
        set { if let i = pairs.firstIndex(where: { $0.0 == key }) { if let v = newValue { pairs[i].1 = v } else { pairs.remove(at: i) } } else if let v = newValue { pairs.append((key, v)) } }
    }
    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> { var i = pairs.makeIterator(); return AnyIterator { i.next().map { (key: $0.0, value: $0.1) } } }
    public static func == (a: Self, b: Self) -> Bool { a.pairs.map(\.0) == b.pairs.map(\.0) && a.pairs.map(\.1) == b.pairs.map(\.1) }
    public func hash(into h: inout Hasher) { h.combine(pairs.count) }
}
enum IntegerParseResult<T> { case value(T), overflow, notAnInteger }
enum IntegerParser {
    static func parse<T: FixedWidthInteger>(_ b: UnsafeRawBufferPointer, as: T.Type) -> IntegerParseResult<T> {
        let s = String(decoding: b, as: UTF8.self)
        if let v = T(s) { return .value(v) }
        if s.contains(where: { ".eE".contains($0) }) { return .notAnInteger }
        return .overflow
    }
    static func integralValue<T: FixedWidthInteger>(ofNumber b: UnsafeRawBufferPointer, as: T.Type) -> IntegerParseResult<T> {
        guard let d = Double(String(decoding: b, as: UTF8.self)) else { return .notAnInteger }
        let t = d.rounded(.towardZero)
        guard let v = T(exactly: t) else { return .overflow }
        return .value(v)
    }
}
enum DoubleParser {
    static func parse(_ b: UnsafeRawBufferPointer) -> Double? { Double(String(decoding: b, as: UTF8.self)) }
    static func parseFloat(_ b: UnsafeRawBufferPointer) -> Float? { Float(String(decoding: b, as: UTF8.self)) }
}
enum JSONNumberGrammar {
    static func isValid(_ b: UnsafeRawBufferPointer) -> Bool { Double(String(decoding: b, as: UTF8.self)) != nil }
}
extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral, ExpressibleByBooleanLiteral {
    public init(integerLiteral v: Int) { self.init(v) }
    public init(arrayLiteral e: JSONValue...) { self = .array(e) }
    public init(dictionaryLiteral e: (String, JSONValue)...) { var o = JSONObject(); for (k, v) in e { o.append(key: k, value: v) }; self = .object(o) }
    public init(stringLiteral v: String) { self = .string(v) }
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
    public var numberValue: JSONNumber? { if case .number(let n) = self { return n }; return nil }
    public subscript(key: String) -> JSONValue? {
        get { if case .object(let o) = self { return o[key] }; return nil }
        set { if case .object(var o) = self { o[key] = newValue; self = .object(o) } }
    }
}
extension JSONNumber { public init?(text: String) { self.text = text } }
extension JSONObject { public var keys: [String] { pairs.map(\.0) } }
extension JSONValue { public subscript(index: Int) -> JSONValue? { if case .array(let a) = self, a.indices.contains(index) { return a[index] }; return nil } }

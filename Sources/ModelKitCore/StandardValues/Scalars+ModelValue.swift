#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Bool: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitBool(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Bool? {
        let s = scalar.token, d = context.conversions
        switch s {
        case .bool(let b): return b
        case .number(let text) where d.lenient:
            // 0 is false, any other number true; parsed as Double so 0.0 and -0 are false too.
            return (DoubleParser.parse(text) ?? 1) != 0
        case .string(let bytes) where d.lenient:
            if let word = boolWord(bytes) { return word }
            if JSONNumberGrammar.isValid(bytes), let value = DoubleParser.parse(bytes) { return value != 0 }
            return try d.mismatch(expected: "Bool", found: s)
        case .null: return try d.nullForNonOptional("Bool")
        default: return try d.mismatch(expected: "Bool", found: s)
        }
    }
    var scalarJSONValue: JSONValue { .bool(self) }
}

extension Double: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitDouble(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Double? {
        // The common case first, without the generic conversion's closure call.
        if case .number(let text) = scalar.token, let value = DoubleParser.parseRepresentable(text) { return value }
        return try context.conversions.floatingPoint(scalar.token, name: "Double", parse: DoubleParser.parse)
    }
    var scalarJSONValue: JSONValue { JSONValue(self) }
}

extension Float: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitFloat(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Float? {
        try context.conversions.floatingPoint(scalar.token, name: "Float", parse: DoubleParser.parseFloat)
    }
    var scalarJSONValue: JSONValue { JSONValue(self) }
}

extension Decimal: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitDecimal(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Decimal? {
        let s = scalar.token, d = context.conversions
        switch s {
        case .number(let text):
            if let value = Decimal.exact(text) { return value }
            return try d.outOfRange("Decimal", found: s)
        case .string(let bytes) where d.lenient && JSONNumberGrammar.isValid(bytes):
            if let value = Decimal.exact(bytes) { return value }
            return try d.outOfRange("Decimal", found: s)
        case .bool(let b) where d.lenient: return b ? 1 : 0
        case .null: return try d.nullForNonOptional("Decimal")
        default: return try d.mismatch(expected: "Decimal", found: s)
        }
    }
    var scalarJSONValue: JSONValue { JSONValue(self) }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Foundation's parser over `Decimal`'s whole range (to about ±3.4e165 and 1e-128). It
    /// answers nil past the range; the sign and zero checks guard against a platform whose parser
    /// answers a wrapped value instead.
    static func exact(_ text: UnsafeRawBufferPointer) -> Decimal? {
        guard let value = Decimal(string: String(decoding: text, as: UTF8.self), locale: posix), !value.isNaN,
              let double = DoubleParser.parse(text) else { return nil }
        guard (double == 0) == value.isZero, double == 0 || (double < 0) == (value < 0) else { return nil }
        return value
    }
}

extension String: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitString(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> String? {
        let s = scalar.token, d = context.conversions
        // Every route that makes a string token checked its UTF-8 (Unsafe/PrescannedText.swift).
        if case .string(let bytes) = s { return String.prescanned(bytes, knownASCII: d.isPlainInput) }
        return try d.text(s, name: "String") { String(decoding: $0, as: UTF8.self) }
    }
    var scalarJSONValue: JSONValue { .string(self) }
}

extension URL: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitString(absoluteString) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> URL? {
        let s = scalar.token, d = context.conversions
        guard case .string(let bytes) = s else {
            if s.isNull { return try d.nullForNonOptional("URL") }
            return try d.mismatch(expected: "URL", found: s)
        }
        // An empty string is YYModel's "no URL": treated like null.
        if bytes.isEmpty { return try d.nullForNonOptional("URL") }
        if let url = URL(string: String(decoding: bytes, as: UTF8.self)) { return url }
        return try d.mismatch(expected: "URL", found: s)
    }
    var scalarJSONValue: JSONValue { .string(absoluteString) }
}

extension UUID: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitString(uuidString) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UUID? {
        let s = scalar.token, d = context.conversions
        if case .string(let bytes) = s, let uuid = UUID(uuidString: String(decoding: bytes, as: UTF8.self)) { return uuid }
        if s.isNull { return try d.nullForNonOptional("UUID") }
        return try d.mismatch(expected: "UUID", found: s)
    }
    var scalarJSONValue: JSONValue { .string(uuidString) }
}

extension Data: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitData(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Data? {
        let s = scalar.token, d = context.conversions
        switch s {
        case .container(let kind, _): return try d.mismatch(expected: "Data", found: kind == .object ? "object" : "array")
        case .bytes(let bytes): return Data(bytes)
        case .string(let bytes):
            if let data = Data(base64Encoded: Data(bytes)) { return data }
            return try d.mismatch(expected: "Data (base64)", found: s)
        case .null: return try d.nullForNonOptional("Data")
        default: return try d.mismatch(expected: "Data (base64)", found: s)
        }
    }
    var scalarJSONValue: JSONValue { .string(base64EncodedString()) }
}

extension JSONValue: ModelValue {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> JSONValue? {
        if case .container(_, let index) = scalar.token { return try context.tapeReader.jsonValue(at: index) }
        return scalar.token.jsonValue
    }
    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> JSONValue { json }
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue { self }

    /// Numbers keep their exact text; object members come in UTF-8 key order when the visitor
    /// sorts keys.
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try present(to: visitor.visitor) }

    private func present(to v: any ValueVisitor) throws {
        switch self {
        case .null: try v.visitNull()
        case .bool(let b): try v.visitBool(b)
        case .number(let n): try v.visitNumberText(n.text)
        case .string(let s): try v.visitString(s)
        case .array(let elements):
            try v.beginArray(count: elements.count)
            for element in elements { try element.present(to: v) }
            try v.endArray()
        case .object(let object):
            try v.beginObject(count: object.count)
            let members = v.wantsSortedKeys
                ? object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : Array(object)
            for (key, value) in members {
                try v.visitKey(key)
                try value.present(to: v)
            }
            try v.endObject()
        }
    }
}

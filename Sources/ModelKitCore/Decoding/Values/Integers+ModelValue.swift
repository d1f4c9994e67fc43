import Foundation

// Integers parse the raw number text exactly (never through Double) with range checks per type.

extension Int: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Int? { try d.integer(s, as: Int.self, name: "Int") }
}
extension Int8: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Int8? { try d.integer(s, as: Int8.self, name: "Int8") }
}
extension Int16: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Int16? { try d.integer(s, as: Int16.self, name: "Int16") }
}
extension Int32: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Int32? { try d.integer(s, as: Int32.self, name: "Int32") }
}
extension Int64: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Int64? { try d.integer(s, as: Int64.self, name: "Int64") }
}
extension UInt: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> UInt? { try d.integer(s, as: UInt.self, name: "UInt") }
}
extension UInt8: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> UInt8? { try d.integer(s, as: UInt8.self, name: "UInt8") }
}
extension UInt16: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> UInt16? { try d.integer(s, as: UInt16.self, name: "UInt16") }
}
extension UInt32: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> UInt32? { try d.integer(s, as: UInt32.self, name: "UInt32") }
}
extension UInt64: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> UInt64? { try d.integer(s, as: UInt64.self, name: "UInt64") }
}

/// The shared JSON-value bridge of the standard scalar types.
protocol ScalarModelValue: ModelValue {
    var scalarJSONValue: JSONValue { get }
}

extension ScalarModelValue {
    /// A scalar type never takes an object or array (lenient mode converts scalars only).
    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: Self?) throws -> _DecodeFrame? {
        try d.containerMismatch(kind, expected: _typeName)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try ModelDecoder(options: options).decode(Self.self, from: json)
    }
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue { scalarJSONValue }
}

extension Int: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension Int8: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension Int16: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension Int32: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension Int64: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension UInt: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension UInt8: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension UInt16: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension UInt32: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }
extension UInt64: ScalarModelValue { var scalarJSONValue: JSONValue { JSONValue(self) } }

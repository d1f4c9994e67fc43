#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The integer family: Int, Int8…Int64, UInt, UInt8…UInt64. One generic implementation serves
// them all (specialized per type): the raw number text is parsed exactly (never through
// Double) with the range check of the type, and values are presented as 64-bit integers.
//
// Each type still names its decode witness: a model's field closure, specialized in the user's
// module, then calls it directly. A default on the internal protocol is reached only through
// the conformance's witness thunk, one call more per integer decoded (measured with callgrind).

extension Int: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Int? { try decodeInteger(scalar, context) }
}
extension Int8: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Int8? { try decodeInteger(scalar, context) }
}
extension Int16: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Int16? { try decodeInteger(scalar, context) }
}
extension Int32: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Int32? { try decodeInteger(scalar, context) }
}
extension Int64: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Int64? { try decodeInteger(scalar, context) }
}
extension UInt: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UInt? { try decodeInteger(scalar, context) }
}
extension UInt8: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UInt8? { try decodeInteger(scalar, context) }
}
extension UInt16: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UInt16? { try decodeInteger(scalar, context) }
}
extension UInt32: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UInt32? { try decodeInteger(scalar, context) }
}
extension UInt64: StandardInteger {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> UInt64? { try decodeInteger(scalar, context) }
}

/// The standard integer types. Internal, not an extension of `FixedWidthInteger`: a user's own
/// integer type (say a 128-bit one) keeps converting through its JSONValue form, and is never
/// narrowed to 64 bits.
protocol StandardInteger: ScalarModelValue, FixedWidthInteger {}

extension StandardInteger {
    /// Numbers (exactly, range-checked); when lenient also numeric strings, `"true"`/`"no"`… and
    /// booleans.
    @inline(__always)
    static func decodeInteger(_ scalar: ModelEngine.Scalar, _ context: ModelEngine.Context) throws -> Self? {
        try context.conversions.integer(scalar.token, as: Self.self)
    }

    @inline(__always)
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        if Self.isSigned {
            try visitor.visitor.visitSigned(Int64(self))
        } else {
            try visitor.visitor.visitUnsigned(UInt64(self))
        }
    }

    var scalarJSONValue: JSONValue { JSONValue(self) }
}

/// The shared JSON-value bridge of the standard scalar types.
protocol ScalarModelValue: ModelValue {
    var scalarJSONValue: JSONValue { get }
}

extension ScalarModelValue {

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue { scalarJSONValue }
}

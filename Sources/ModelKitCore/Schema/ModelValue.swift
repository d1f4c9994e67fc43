/// A type a model field may hold.
///
/// The standard types (numbers, `Bool`, `String`, `Date`, `URL`, `UUID`, `Data`, `Decimal`,
/// ``JSONValue``, `Optional`, `Array`, `Set`, `[String: V]`, models and `RawRepresentable`
/// enums) conform already and decode straight from tokens. A type of your own conforms by
/// converting from and to a ``JSONValue``:
///
/// ```swift
/// struct Color: ModelValue {
///     var hex: String
///     static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Color {
///         guard let text = json.stringValue else { throw ModelValueError("expected a hex string") }
///         return Color(hex: text)
///     }
///     func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string(hex) }
/// }
/// ```
///
/// The other requirements are the engine's entry points. Every one has a default that routes
/// through the two above, and their parameters are opaque ``ModelEngine`` handles that only the
/// engine can create: a type of your own implements the two conversions and nothing else.
public protocol ModelValue: SendableMetatype {
    /// Creates a value from its JSON form. Throw (any error) to reject the input.
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self
    /// The JSON form of this value.
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue

    /// Engine entry point (keep the default): a value recorded on the tape (a scalar, or an
    /// object or array, which the value reads over its range) where a `Self` is expected.
    /// `nil` stores nothing.
    static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self?
    /// A short type name for error messages (`Int`, `[Book]`).
    static var modelTypeName: String { get }
    /// Engine entry point (keep the default): presents the value's structure to a visitor (JSON
    /// output, archive, description, equality).
    func presentModelValue(to visitor: ModelEngine.Visitor) throws
    /// A copy sharing no model class instance with `self` (see `modelCopy()`); value types
    /// return themselves.
    func modelDeepCopy() -> Self
    /// The JSON Schema (draft 2020-12) of this type's JSON form, as a subschema at the place
    /// `context` is describing (see ``JSONSchemaContext``). The standard types and models describe
    /// themselves; the default for a type of your own is `{}` (any JSON): override it to say more.
    static func jsonSchema(in context: JSONSchemaContext) -> JSONValue
}

extension ModelValue {
    public static var modelTypeName: String { readableTypeName(Self.self) }

    /// Types of your own present their ``ModelValue/encodeModelValue(options:)`` JSON form.
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        try encodeModelValue(options: EncodingOptions()).presentModelValue(to: visitor)
    }

    /// Value types copy themselves; model classes and containers of them override.
    public func modelDeepCopy() -> Self { self }
}

// Shorter spellings for the schema's accessors: the entry points called with what the handles
// hold (statically dispatched and inlined, so they cost nothing once specialized).
extension ModelValue {
    @inlinable @inline(__always)
    static func _decodeScalar(_ scalar: ScalarToken, _ decode: DecodeContext) throws -> Self? {
        try decodeEngineScalar(ModelEngine.Scalar(scalar), in: ModelEngine.Context(decode: decode))
    }

    @inlinable @inline(__always)
    static var _typeName: String { modelTypeName }

    @inlinable @inline(__always)
    func _visit(_ visitor: any ValueVisitor) throws {
        try presentModelValue(to: ModelEngine.Visitor(visitor))
    }

    @inlinable @inline(__always)
    func _deepCopy() -> Self { modelDeepCopy() }
}

/// A simple error for ``ModelValue`` conversions and transforms; its message ends up in
/// ``ModelDecodingError/Reason/invalid(_:)`` with the path of the value.
public struct ModelValueError: Error, CustomStringConvertible, Sendable {
    /// The message shown in the decoding error.
    public var description: String
    /// An error with this message.
    public init(_ message: String) { description = message }
}

/// A scalar JSON token as the engine hands it to ``ModelValue`` entry points. The buffers are
/// valid only during the call.
@usableFromInline
enum ScalarToken {
    case null
    case bool(Bool)
    /// The raw number text, already checked against RFC 8259's grammar.
    case number(UnsafeRawBufferPointer)
    /// A string's UTF-8 bytes, escapes decoded and validity checked.
    case string(UnsafeRawBufferPointer)
    /// A byte string (archives only).
    case bytes(UnsafeRawBufferPointer)
    /// An object or array recorded on the tape, at this entry: only the schema reader
    /// (SchemaReader/) makes it, and only the entry points of values that read containers
    /// (models, the container family, ``JSONValue``, types of your own) look inside; every other
    /// value reports it as the container mismatch it is (`found: object`).
    case container(ContainerKind, Int)

    /// Materializes the token; slow path only (custom values, errors).
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let text): return .number(JSONNumber(uncheckedText: String(decoding: text, as: UTF8.self)))
        case .string(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .bytes(let bytes): return .string(Data(bytes).base64EncodedString())
        case .container: preconditionFailure("a tape container is read by the schema reader, never as a scalar")
        }
    }
}

/// The engine's name for ``ModelEngine/ContainerKind``.
@usableFromInline
typealias ContainerKind = ModelEngine.ContainerKind

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

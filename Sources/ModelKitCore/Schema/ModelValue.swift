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
/// The underscored requirements are the engine's hooks; their defaults route through the two above.
public protocol ModelValue: SendableMetatype {
    /// Creates a value from its JSON form. Throw (any error) to reject the input.
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self
    /// The JSON form of this value.
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue

    /// Engine hook: a scalar token arrived where a `Self` is expected. `nil` stores nothing.
    static func _decodeScalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws -> Self?
    /// Engine hook: an object or array starts where a `Self` is expected. Returns the frame that
    /// consumes it, or `nil` to skip it. `existing` is the current value when merging (`update`).
    static func _beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine, merging existing: Self?) throws -> _DecodeFrame?
    /// Engine hook: the frame returned by `_beginContainer` has consumed its container.
    static func _finishContainer(_ frame: _DecodeFrame, _ decoder: _DecodeEngine) throws -> Self?
    /// A short type name for error messages (`Int`, `[Book]`).
    static var _typeName: String { get }
    /// Engine hook: presents the value's structure to a visitor (JSON output, archive, description).
    func _visit(_ visitor: any _ValueVisitor) throws
    /// Engine hook: a copy sharing no model class instance with `self` (see `modelCopy()`).
    func _deepCopy() -> Self
}

extension ModelValue {
    public static var _typeName: String { String(describing: Self.self) }

    public static func _decodeScalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws -> Self? {
        try decoder.convertCustom(scalar.jsonValue, to: Self.self)
    }

    public static func _beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine, merging existing: Self?) throws -> _DecodeFrame? {
        JSONValueFrame(kind: kind)
    }

    public static func _finishContainer(_ frame: _DecodeFrame, _ decoder: _DecodeEngine) throws -> Self? {
        try decoder.convertCustom(unsafeDowncast(frame, to: JSONValueFrame.self).takeValue(), to: Self.self)
    }
}

/// A simple error for ``ModelValue`` conversions and transforms; its message ends up in
/// ``ModelDecodingError/Reason/invalid(_:)`` with the path of the value.
public struct ModelValueError: Error, CustomStringConvertible, Sendable {
    /// The message shown in the decoding error.
    public var description: String
    /// An error with this message.
    public init(_ message: String) { description = message }
}

/// A scalar JSON token as the engine hands it to ``ModelValue`` hooks. The buffers are valid
/// only during the call.
public enum _Scalar {
    case null
    case bool(Bool)
    /// The raw number text, already checked against RFC 8259's grammar.
    case number(UnsafeRawBufferPointer)
    /// A string's UTF-8 bytes, escapes decoded and validity checked.
    case string(UnsafeRawBufferPointer)
    /// A byte string (archives only).
    case bytes(UnsafeRawBufferPointer)

    /// Materializes the token; slow path only (custom values, errors).
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let text): return .number(JSONNumber(uncheckedText: String(decoding: text, as: UTF8.self)))
        case .string(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .bytes(let bytes): return .string(Data(bytes).base64EncodedString())
        }
    }
}

/// Which kind of container starts.
public enum _ContainerKind: Sendable {
    case object, array
}

import Foundation

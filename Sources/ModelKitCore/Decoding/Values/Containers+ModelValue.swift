extension Optional: ModelValue where Wrapped: ModelValue {
    public static var _typeName: String { "\(Wrapped._typeName)?" }

    @inlinable
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Wrapped?? {
        if s.isNull { return .some(nil) }
        return try Wrapped._decodeScalar(s, d).map { .some($0) }
    }

    @inlinable
    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: Wrapped??) throws -> _DecodeFrame? {
        try Wrapped._beginContainer(kind, d, merging: existing ?? nil)
    }

    @inlinable
    public static func _finishContainer(_ frame: _DecodeFrame, _ d: _DecodeEngine) throws -> Wrapped?? {
        try Wrapped._finishContainer(frame, d).map { .some($0) }
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Wrapped? {
        if case .null = json { return nil }
        return try Wrapped.decodeModelValue(from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try self?.encodeModelValue(options: options) ?? .null
    }
}

extension Array: ModelValue where Element: ModelValue {
    public static var _typeName: String { "[\(Element._typeName)]" }

    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> [Element]? {
        try d.scalarForContainer(s, expected: _typeName)
    }

    @inlinable
    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: [Element]?) throws -> _DecodeFrame? {
        guard kind == .array else { return try d.containerMismatch(kind, expected: _typeName) }
        return d.arrayFrame(of: Element.self)
    }

    @inlinable
    public static func _finishContainer(_ frame: _DecodeFrame, _ d: _DecodeEngine) throws -> [Element]? {
        d.takeArray(frame, of: Element.self)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> [Element] {
        try ModelDecoder(options: options).decode(Self.self, from: json)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        .array(try map { try $0.encodeModelValue(options: options) })
    }
}

extension Set: ModelValue where Element: ModelValue {
    public static var _typeName: String { "Set<\(Element._typeName)>" }

    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Set<Element>? {
        try d.scalarForContainer(s, expected: _typeName)
    }

    @inlinable
    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: Set<Element>?) throws -> _DecodeFrame? {
        guard kind == .array else { return try d.containerMismatch(kind, expected: _typeName) }
        return d.arrayFrame(of: Element.self)
    }

    @inlinable
    public static func _finishContainer(_ frame: _DecodeFrame, _ d: _DecodeEngine) throws -> Set<Element>? {
        Set(d.takeArray(frame, of: Element.self))
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Set<Element> {
        try ModelDecoder(options: options).decode(Self.self, from: json)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        .array(try map { try $0.encodeModelValue(options: options) })
    }
}

extension Dictionary: ModelValue where Key == String, Value: ModelValue {
    public static var _typeName: String { "[String: \(Value._typeName)]" }

    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> [String: Value]? {
        try d.scalarForContainer(s, expected: _typeName)
    }

    @inlinable
    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: [String: Value]?) throws -> _DecodeFrame? {
        guard kind == .object else { return try d.containerMismatch(kind, expected: _typeName) }
        return d.dictionaryFrame(of: Value.self)
    }

    @inlinable
    public static func _finishContainer(_ frame: _DecodeFrame, _ d: _DecodeEngine) throws -> [String: Value]? {
        d.takeDictionary(frame, of: Value.self)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> [String: Value] {
        try ModelDecoder(options: options).decode(Self.self, from: json)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        var object = JSONObject()
        for (key, value) in self { object.append(key: key, value: try value.encodeModelValue(options: options)) }
        return .object(object)
    }
}

/// Enums with `String` or integer raw values (any ``ModelValue`` raw value) decode through it.
extension ModelValue where Self: RawRepresentable, RawValue: ModelValue {
    public static func _decodeScalar(_ s: _Scalar, _ d: _DecodeEngine) throws -> Self? {
        guard let raw = try RawValue._decodeScalar(s, d) else { return nil }
        if let value = Self(rawValue: raw) { return value }
        return try d.mismatch(expected: "\(_typeName) (one of its raw values)", found: s)
    }

    public static func _beginContainer(_ kind: _ContainerKind, _ d: _DecodeEngine, merging existing: Self?) throws -> _DecodeFrame? {
        try d.containerMismatch(kind, expected: _typeName)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try ModelDecoder(options: options).decode(Self.self, from: json)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try rawValue.encodeModelValue(options: options)
    }
}

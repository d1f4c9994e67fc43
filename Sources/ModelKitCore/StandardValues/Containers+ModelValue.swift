// The container family (Optional, Array, Set, [String: V]) and RawRepresentable enums: how each
// decodes, presents itself to visitors, and copies deeply.

extension Optional: ModelValue where Wrapped: ModelValue {
    public static var modelTypeName: String { "\(Wrapped._typeName)?" }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Wrapped?? {
        if scalar.token.isNull { return .some(nil) }
        return try Wrapped.decodeEngineScalar(scalar, in: context).map { .some($0) }
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Wrapped? {
        if case .null = json { return nil }
        return try Wrapped.decodeModelValue(from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try self?.encodeModelValue(options: options) ?? .null
    }

    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        if let self { try self.presentModelValue(to: visitor) } else { try visitor.visitor.visitNull() }
    }

    public func modelDeepCopy() -> Wrapped? { map { $0._deepCopy() } }
}

extension Array: ModelValue where Element: ModelValue {
    public static var modelTypeName: String { "[\(Element._typeName)]" }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> [Element]? {
        if case .container(.array, let index) = scalar.token { return try context.tapeReader.readArray(of: Element.self, at: index) }
        return try context.conversions.scalarForContainer(scalar.token, expected: _typeName)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> [Element] {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        .array(try map { try $0.encodeModelValue(options: options) })
    }

    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        try visitor.visitor.beginArray(count: count)
        for element in self { try element.presentModelValue(to: visitor) }
        try visitor.visitor.endArray()
    }

    public func modelDeepCopy() -> [Element] { map { $0._deepCopy() } }
}

extension Set: ModelValue where Element: ModelValue {
    public static var modelTypeName: String { "Set<\(Element._typeName)>" }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Set<Element>? {
        if case .container(.array, let index) = scalar.token { return try Set(context.tapeReader.readArray(of: Element.self, at: index)) }
        return try context.conversions.scalarForContainer(scalar.token, expected: _typeName)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Set<Element> {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        .array(try map { try $0.encodeModelValue(options: options) })
    }

    /// In canonical order when the visitor asks for sorted keys (stable JSON, equality, hashing):
    /// equal sets may iterate in different orders.
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        try visitor.visitor.beginArray(count: count)
        if visitor.visitor.wantsSortedKeys {
            for element in sorted(by: { String(describing: $0) < String(describing: $1) }) { try element.presentModelValue(to: visitor) }
        } else {
            for element in self { try element.presentModelValue(to: visitor) }
        }
        try visitor.visitor.endArray()
    }

    public func modelDeepCopy() -> Set<Element> { Set(map { $0._deepCopy() }) }
}

extension Dictionary: ModelValue where Key == String, Value: ModelValue {
    public static var modelTypeName: String { "[String: \(Value._typeName)]" }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> [String: Value]? {
        if case .container(.object, let index) = scalar.token { return try context.tapeReader.readDictionary(of: Value.self, at: index) }
        return try context.conversions.scalarForContainer(scalar.token, expected: _typeName)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> [String: Value] {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        var object = JSONObject()
        for (key, value) in self { object.append(key: key, value: try value.encodeModelValue(options: options)) }
        return .object(object)
    }

    /// Members in UTF-8 key order when the visitor asks for sorted keys.
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        let v = visitor.visitor
        try v.beginObject(count: count)
        if v.wantsSortedKeys {
            for key in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                try v.visitKey(key)
                try self[key]!.presentModelValue(to: visitor)
            }
        } else {
            for (key, value) in self {
                try v.visitKey(key)
                try value.presentModelValue(to: visitor)
            }
        }
        try v.endObject()
    }

    public func modelDeepCopy() -> [String: Value] { mapValues { $0._deepCopy() } }
}

/// Enums with `String` or integer raw values (any ``ModelValue`` raw value) decode through it.
extension ModelValue where Self: RawRepresentable, RawValue: ModelValue {
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        if case .container(let kind, _) = scalar.token {
            return try context.conversions.mismatch(expected: _typeName, found: kind == .object ? "object" : "array")
        }
        guard let raw = try RawValue.decodeEngineScalar(scalar, in: context) else { return nil }
        if let value = Self(rawValue: raw) { return value }
        return try context.conversions.mismatch(expected: "\(_typeName) (one of its raw values)", found: scalar.token)
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }

    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        try rawValue.encodeModelValue(options: options)
    }

    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try rawValue.presentModelValue(to: visitor) }
}

/// Which door a ``ModelValue`` type takes through `ModelDecoder` and `ModelEncoder`: the one
/// place that decides it.
///
/// - The **model door** (the schema path, ModelKit's defaults, ``ModelDecodingError``): models,
///   tagged enums, ``JSONValue``, and arrays, sets, dictionaries and optionals of them; also a
///   value type of the user's that is not `Codable` (the schema path is its only way).
/// - The **Codable door** (the bridge, `JSONDecoder`'s and `JSONEncoder`'s defaults and
///   strategies, `DecodingError`): every other type, standard values (`Int`, `Date`, `Data`,
///   `[Double]`, `[String: Data]` …) included, so that code switching from Foundation's coders
///   reads and writes the same values.
///
/// Why cached: the answer needs dynamic casts (over a thousand instructions each), and a server
/// asks it per request. Whether a type conforms never changes, so the slots may forget a type,
/// never give a wrong answer.
@usableFromInline
enum CodingDoor {
    /// Types found to take the model door.
    private static let modelDoor = TypeSlots()
    /// Types found to take the Codable door.
    private static let codableDoor = TypeSlots()

    /// Whether `T` is read and written through its schema with ModelKit's defaults.
    @usableFromInline
    static func takesModelDoor<T: ModelValue>(_ type: T.Type) -> Bool {
        if modelDoor.contains(type) { return true }
        if codableDoor.contains(type) { return false }
        let model = isModelDoorType(type) || !(type is any Decodable.Type) || !(type is any Encodable.Type)
        (model ? modelDoor : codableDoor).remember(type)
        return model
    }

    /// `type` as a ``ModelValue`` type that takes the model door, or nil (a plain Codable type,
    /// or a standard value: the bridge's).
    static func modelDoorType(_ type: Any.Type) -> (any ModelValue.Type)? {
        if codableDoor.contains(type) || SchemaTypeLookup.isPlain(type) { return nil }
        guard let valueType = SchemaTypeLookup.modelValueType(type) else { return nil }
        return takesModelDoor(valueType) ? valueType : nil
    }

    private static func isModelDoorType(_ type: Any.Type) -> Bool {
        if type is any Model.Type || type is any TaggedModel.Type || type == JSONValue.self { return true }
        if let container = type as? any ValueContainer.Type { return isModelDoorType(container.valueType) }
        return false
    }
}

/// The containers whose door is their values' door.
private protocol ValueContainer {
    static var valueType: Any.Type { get }
}

extension Optional: ValueContainer where Wrapped: ModelValue {
    fileprivate static var valueType: Any.Type { Wrapped.self }
}

extension Array: ValueContainer where Element: ModelValue {
    fileprivate static var valueType: Any.Type { Element.self }
}

extension Set: ValueContainer where Element: ModelValue {
    fileprivate static var valueType: Any.Type { Element.self }
}

extension Dictionary: ValueContainer where Key == String, Value: ModelValue {
    fileprivate static var valueType: Any.Type { Value.self }
}

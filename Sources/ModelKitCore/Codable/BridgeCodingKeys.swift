/// The coding key of an array element (`Index 3`), as `JSONDecoder` reports it.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A key known only by its text (`super`, keys of a model's schema, `JSONValue` members).
struct TextCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    static let superKey = TextCodingKey("super")
}

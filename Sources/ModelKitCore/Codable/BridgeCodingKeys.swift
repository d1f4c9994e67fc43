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

/// Where a value sits, without building a `[CodingKey]` unless an error needs one: the coding
/// path of its container (a prefix of the decoder's path, or a stored copy for containers made by
/// `nestedContainer`), plus its own key.
struct BridgePath {
    var depth: Int
    var fixed: [any CodingKey]?
    var key: (any CodingKey)?

    init(depth: Int, fixed: [any CodingKey]? = nil, key: (any CodingKey)? = nil) {
        self.depth = depth
        self.fixed = fixed
        self.key = key
    }

    /// `$.a[3].b` for a coding path.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if key is IndexCodingKey, let index = key.intValue {
                text += "[\(index)]"
            } else {
                text.appendPathKey(key.stringValue)
            }
        }
        return text
    }
}

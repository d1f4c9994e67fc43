/// A coding key made from any text (the bridge encoder's tests name keys as they go).
struct TestCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ text: String) { stringValue = text }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An `Encodable` whose `encode(to:)` is the closure given.
struct ClosureEncodable: Encodable {
    let body: @Sendable (any Encoder) throws -> Void
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

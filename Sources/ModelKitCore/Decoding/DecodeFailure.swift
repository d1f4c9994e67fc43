/// A failure raised while a value is read; the schema reader adds path and position.
struct DecodeFailure: Error {
    /// What code that treats failures differently switches on (the Codable bridge reports a
    /// number that does not fit as corrupted data, as `JSONDecoder` does); the reason's text is
    /// for people.
    enum Kind { case other, outOfRange }

    let reason: ModelDecodingError.Reason
    let kind: Kind

    init(reason: ModelDecodingError.Reason, kind: Kind = .other) {
        self.reason = reason
        self.kind = kind
    }

    static func limit(_ limit: ModelDecodingError.Limit, _ value: Int) -> DecodeFailure {
        DecodeFailure(reason: .limitExceeded(limit, limit: value))
    }
}

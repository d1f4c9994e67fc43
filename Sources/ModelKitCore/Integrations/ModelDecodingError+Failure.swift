extension ModelDecodingError {
    /// The located form of any decode failure, for reporting it to a client (the server
    /// integrations answer it with a 400): a ``ModelDecodingError`` itself, the one a
    /// `DecodingError` carries as `underlyingError` (the Codable bridge's errors), or, for any
    /// other `DecodingError` (thrown by a type's `init(from:)` or by another decoder), its coding
    /// path and message with no position: line and column 0, and a description that names only
    /// the path (`$.count: must be even`). nil for anything that is not a decode failure (I/O,
    /// cancellation …).
    public init?(decodeFailure error: any Error) {
        if let located = error as? ModelDecodingError {
            self = located
            return
        }
        guard let decodingError = error as? DecodingError else { return nil }
        let context: DecodingError.Context
        let reason: Reason
        switch decodingError {
        case .keyNotFound(let key, let keyContext):
            context = keyContext
            reason = .missingKey(key.stringValue)
        case .typeMismatch(let type, let typeContext):
            context = typeContext
            // The message says what was expected and found (`JSONDecoder`: "Expected to decode
            // String but found number instead."): kept as it is.
            reason = typeContext.debugDescription.isEmpty
                ? .typeMismatch(expected: "\(type)", found: "a value of another type")
                : .invalid(typeContext.debugDescription)
        case .valueNotFound(let type, let valueContext):
            context = valueContext
            reason = .typeMismatch(expected: "\(type)", found: "null")
        case .dataCorrupted(let corruptContext):
            context = corruptContext
            reason = .invalid(corruptContext.debugDescription.isEmpty ? "invalid value" : corruptContext.debugDescription)
        @unknown default:
            return nil
        }
        if let located = context.underlyingError as? ModelDecodingError {
            self = located
            return
        }
        // Not located: the place of this value in the input is unknown, so none is made up.
        self.init(reason: reason, path: JSONPath.of(context.codingPath), line: 0, column: 0, byteOffset: 0)
    }
}

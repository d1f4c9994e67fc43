extension ModelDecodingError {
    /// The located form of any decode failure, for reporting it to a client (the server
    /// integrations answer it with a 400): a ``ModelDecodingError`` itself, the one a
    /// `DecodingError` carries as `underlyingError` (the Codable bridge's errors), or, for a
    /// `DecodingError` from another decoder, its coding path and message with line and column 0
    /// (unknown). nil for anything that is not a decode failure (I/O, cancellation …).
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
            reason = .typeMismatch(expected: "\(type)", found: typeContext.debugDescription)
        case .valueNotFound(let type, let valueContext):
            context = valueContext
            reason = .typeMismatch(expected: "\(type)", found: "null")
        case .dataCorrupted(let corruptContext):
            context = corruptContext
            reason = .invalid(corruptContext.debugDescription)
        @unknown default:
            return nil
        }
        if let located = context.underlyingError as? ModelDecodingError {
            self = located
            return
        }
        self.init(reason: reason, path: Self.jsonPath(context.codingPath), line: 0, column: 0, byteOffset: 0)
    }

    /// `$.a[3].b` from a coding path: integer keys are array indices.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += "." + key.stringValue
            }
        }
        return path
    }
}

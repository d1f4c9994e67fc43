// Where a failure gets its place: the token's start offset, line and column (SourceLocator), and
// the `$.a[3].b` path of the open frames.

extension DecodeEngine {
    // MARK: Errors

    /// How far the tokenizer has got in the whole input.
    var consumedOffset: Int { locator.consumedOffset(tokenizer) }

    /// Where the token being handled starts (the tokenizer reports where it ends). A string's or
    /// number's start is remembered: failures about the same token (values replayed from a
    /// buffered one, skipped one after another, all end where it ends) would each scan back over
    /// the same bytes, a cost of errors times the buffered value's length.
    var tokenStartOffset: Int {
        // The end first: an argument evaluated after `locator` is read makes Swift copy the
        // whole locator (retaining its references) to call on it.
        let end = consumedOffset
        let kind = locator.lastTokenKind
        switch kind {
        case .string, .key, .number, .literal: break
        case .open, .close, .none: return locator.tokenStart(end: end)
        }
        let buffer = locator.currentBuffer.baseAddress
        if let known = tokenStarts[kind], known.end == end, known.buffer == buffer { return known.start }
        let start = locator.tokenStart(end: end)
        tokenStarts[kind] = (end, buffer, start)
        return start
    }

    /// Keeps the first failure, positioned at the current token and path.
    func record(_ error: any Error) {
        guard failure == nil else { return }
        failure = positioned(error)
    }

    func positioned(_ error: any Error, offset: Int? = nil) -> ModelDecodingError {
        let at = offset ?? tokenStartOffset
        switch error {
        case let e as ModelDecodingError: return e
        case let f as DecodeFailure: return self.error(f.reason, at: at)
        case let t as TransformFailure: return self.error(.invalid(t.message), at: at)
        default: return self.error(.invalid(String(describing: error)), at: at)
        }
    }

    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String? = nil) -> ModelDecodingError {
        let (offset, line, column) = locator.place(offset)
        return ModelDecodingError(reason: reason, path: path ?? currentPath(), line: line, column: column, byteOffset: offset)
    }

    /// `$.statuses[3].user.id`, from the frames' current positions.
    func currentPath() -> String {
        var path = JSONPath.root
        for frame in frames { frame.appendPath(to: &path) }
        return path
    }

    /// For syntax errors: the containers still open, without the pending member.
    func pathOfOpenContainers() -> String {
        var path = ""
        for frame in frames.dropFirst() { frame.appendPath(to: &path) }
        return path
    }
}

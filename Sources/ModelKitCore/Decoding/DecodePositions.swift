// Where a failure gets its place: the token's start offset, line and column (SourceLocator), and
// the `$.a[3].b` path of the open frames.

extension DecodeEngine {
    // MARK: Errors

    /// How far the tokenizer has got in the whole input.
    var consumedOffset: Int { locator.consumedOffset(tokenizer) }

    /// Where the token being handled starts (the tokenizer reports where it ends).
    var tokenStartOffset: Int {
        // The end first: an argument evaluated after `locator` is read makes Swift copy the
        // whole locator (retaining its references) to call on it.
        let end = consumedOffset
        return locator.tokenStart(end: end)
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

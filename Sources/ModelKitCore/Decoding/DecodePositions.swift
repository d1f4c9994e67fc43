import CYajl

// Where a failure gets its place: the token's start offset, line and column (computed on from the
// last position asked, never from byte 0 per error), and the `$.a[3].b` path of the open frames.

extension _DecodeEngine {
    // MARK: Errors

    var consumedOffset: Int {
        guard let handle, currentBuffer.baseAddress != nil else { return currentBufferOffset }
        return currentBufferOffset + Int(yajl_get_bytes_consumed(handle))
    }

    /// Where the token being handled starts (yajl reports where it ends).
    var tokenStartOffset: Int {
        let end = consumedOffset
        guard currentBuffer.baseAddress != nil else { return end }
        var local = end - currentBufferOffset
        switch lastTokenKind {
        case .string, .key:
            // The closing quote is the last consumed byte; an unescaped quote cannot occur inside.
            local -= 1
            while local > 0 {
                local -= 1
                if currentBuffer[local] == UInt8(ascii: "\"") {
                    var backslashes = 0
                    while local - backslashes - 1 >= 0, currentBuffer[local - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                    if backslashes % 2 == 0 { break }
                }
            }
        case .number, .literal:
            while local > 0, !Self.isDelimiter(currentBuffer[local - 1]) { local -= 1 }
        case .open, .close:
            local -= 1
        case .none:
            break
        }
        return currentBufferOffset + max(0, local)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"): return true
        default: return false
        }
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
        case let t as _TransformFailure: return self.error(.invalid(t.message), at: at)
        default: return self.error(.invalid(String(describing: error)), at: at)
        }
    }

    func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String? = nil) -> ModelDecodingError {
        let (line, column) = location(of: offset)
        return ModelDecodingError(reason: reason, path: path ?? currentPath(), line: line, column: column, byteOffset: offset)
    }

    func location(of offset: Int) -> (line: Int, column: Int) {
        // Positions are asked for in increasing order (each value skipped under `.skip` is
        // positioned): counting on from the last one keeps that linear instead of quadratic.
        if let whole = wholeInput {
            let end = min(max(offset, 0), whole.count)
            var (from, tracker) = (0, LineTracker())
            if let cached = positionCache, cached.offset <= end { (from, tracker) = cached }
            tracker.advance(over: UnsafeRawBufferPointer(rebasing: whole[from..<end]))
            positionCache = (end, tracker)
            return (tracker.line, tracker.column)
        }
        var tracker = lineTracker
        if currentBuffer.baseAddress != nil {
            var from = min(max(lineTrackerOffset - currentBufferOffset, 0), currentBuffer.count)
            let to = min(max(offset - currentBufferOffset, from), currentBuffer.count)
            if let cached = positionCache, cached.offset >= lineTrackerOffset, cached.offset - currentBufferOffset >= from,
               cached.offset - currentBufferOffset <= to {
                from = cached.offset - currentBufferOffset
                tracker = cached.tracker
            }
            tracker.advance(over: UnsafeRawBufferPointer(rebasing: currentBuffer[from..<to]))
            positionCache = (currentBufferOffset + to, tracker)
        }
        return (tracker.line, tracker.column)
    }

    /// `$.statuses[3].user.id`, from the frames' current positions.
    func currentPath() -> String {
        var path = "$"
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

/// 1-based line and column (in Unicode scalars) after the bytes seen so far.
struct LineTracker {
    var line = 1
    var column = 1

    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }
}

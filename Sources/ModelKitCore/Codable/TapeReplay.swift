/// A model (or `JSONValue`) nested in a Codable type is decoded by the schema engine from the
/// tape's tokens: the document was parsed once already, so parsing the value's bytes again (a
/// second pre-scan and yajl pass, plus a parser per nested value) would cost more than the
/// whole tape. The tokens are fed through the engine's token entry points exactly as yajl would
/// feed them, with each token's offset counted from the value's first byte, so a failure is
/// the same `ModelDecodingError` a parse of the value's bytes would report.
extension TapeDecoder {
    func decodeReplayed<M: ModelValue>(_ type: M.Type, at index: Int) throws -> M {
        let box = ResultBox<M>()
        let root = RootFrame.decoding(into: box)
        let engine = takeReplayEngine(root: root)
        var finished = false
        defer { giveBackReplayEngine(engine, finished: finished) }
        let base = tape.tokenStart(entries[index])
        engine.wholeInput = tape.inputBytes(of: index)
        _ = try feed(index, to: engine, base: base)
        guard let value = box.value else { throw DecodeRun.noValue(root, engine, typeName: String(describing: M.self)) }
        finished = true
        return value
    }

    /// Feeds the value at `index` (nested values included) and returns the index after it.
    private func feed(_ index: Int, to engine: DecodeEngine, base: Int) throws -> Int {
        let entry = entries[index]
        // The replay engine has no parser: its token start is exactly this offset.
        engine.locator.currentBufferOffset = tape.tokenStart(entry) - base
        let status: Bool
        switch entry.kind {
        case .null: status = engine.onScalar(.null, kind: .literal)
        case .falseValue: status = engine.onScalar(.bool(false), kind: .literal)
        case .trueValue: status = engine.onScalar(.bool(true), kind: .literal)
        case .number: status = engine.onScalar(.number(bytes(of: entry)), kind: .number)
        case .string: status = engine.onString(bytes(of: entry))
        case .object, .array:
            let below = engine.frames.count
            guard engine.onOpen(entry.kind == .object ? .object : .array) else { throw engine.failure! }
            let end = Int(entry.next)
            // A container its consumer skips (an unknown key, a mismatch under `.skip`) is
            // closed at once: the tape already checked what is inside.
            let skipped = engine.frames.count == below + 1 && engine.top === engine.sharedSkipFrame
            var k = index + 1
            while !skipped && k < end {
                if entry.kind == .object {
                    let key = entries[k]
                    engine.locator.currentBufferOffset = tape.tokenStart(key) - base
                    guard engine.onKey(bytes(of: key)) else { throw engine.failure! }
                    k += 1
                }
                k = try feed(k, to: engine, base: base)
            }
            // The closing bracket is the byte before the container's end offset.
            engine.locator.currentBufferOffset = Int(entry.start) - 1 - base
            status = engine.onClose()
        }
        if !status { throw engine.failure! }
        return Int(entry.next)
    }
}

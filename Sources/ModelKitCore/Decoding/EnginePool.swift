/// A few parked engines (each with its yajl parser) so that small documents do not pay for
/// allocating and freeing a parser every time. An engine is returned only after a clean finish.
final class EnginePool: Sendable {
    private let parked = ParkedPool<DecodeEngine>(capacity: 16)

    func take(options: DecodingOptions, merging: Bool, root: DecodeFrame) -> DecodeEngine {
        if let engine = parked.take() {
            engine.reset(options: options, merging: merging, root: root)
            return engine
        }
        return DecodeEngine(options: options, merging: merging, root: root, multipleValues: true)
    }

    func give(back engine: DecodeEngine) {
        guard engine.isReusable else { return }
        // Reusable means it finished cleanly: its spare frames are whole.
        engine.release(keepingSpares: true)
        parked.park(engine)
    }
}

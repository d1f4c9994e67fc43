/// A few parked engines (each with its yajl parser) so that small documents do not pay for
/// allocating and freeing a parser every time. Thread-safe; an engine is used by one decode at
/// a time and returned only after a clean finish.
final class EnginePool: Sendable {
    // Engines are not Sendable: they are parked as retained addresses, and the lock hands each
    // one to exactly one thread at a time.
    private let parked = Lock<[UInt]>([])
    private static let capacity = 16

    func take(options: DecodingOptions, merging: Bool, root: DecodeFrame) -> DecodeEngine {
        if let address = parked.withLock({ $0.popLast() }), let raw = UnsafeMutableRawPointer(bitPattern: address) {
            let engine = Unmanaged<DecodeEngine>.fromOpaque(raw).takeRetainedValue()
            engine.reset(options: options, merging: merging, root: root)
            return engine
        }
        return DecodeEngine(options: options, merging: merging, root: root, multipleValues: true)
    }

    /// An engine recording into a tape: a parked engine brings the workspace it kept.
    func takeForTape(options: DecodingOptions, input: UnsafeRawBufferPointer) -> (DecodeEngine, TapeWorkspace) {
        if let address = parked.withLock({ $0.popLast() }), let raw = UnsafeMutableRawPointer(bitPattern: address) {
            let engine = Unmanaged<DecodeEngine>.fromOpaque(raw).takeRetainedValue()
            let workspace: TapeWorkspace
            if let kept = engine.tapeWorkspace {
                kept.reuse(for: input)
                workspace = kept
            } else {
                workspace = TapeWorkspace(input: input)
                engine.tapeWorkspace = workspace
            }
            engine.reset(options: options, merging: false, root: workspace.root)
            return (engine, workspace)
        }
        let workspace = TapeWorkspace(input: input)
        let engine = DecodeEngine(options: options, merging: false, root: workspace.root, multipleValues: true)
        engine.tapeWorkspace = workspace
        return (engine, workspace)
    }

    func give(back engine: DecodeEngine) {
        guard engine.isReusable else { return }
        // Reusable means it finished cleanly: its spare frames are whole.
        engine.release(keepingSpares: true)
        let raw = Unmanaged.passRetained(engine).toOpaque()
        let address = UInt(bitPattern: raw)
        let kept = parked.withLock { list -> Bool in
            guard list.count < Self.capacity else { return false }
            list.append(address)
            return true
        }
        if !kept { Unmanaged<DecodeEngine>.fromOpaque(raw).release() }
    }
}

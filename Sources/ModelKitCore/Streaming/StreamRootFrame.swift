/// The stream's root: decides between one top-level array and a sequence of values, and collects
/// finished models for the caller.
final class StreamRootFrame<M: ModelValue>: DecodeFrame {
    private enum Mode { case undecided, array, arrayClosed, values }
    private var mode = Mode.undecided
    private var ready: [M] = []
    private var index = 0
    /// `maxInputBytes` applies to each record (top-level value, or element of a top-level array).
    let maxRecordBytes: Int
    /// Where the record being decoded began, if one is open.
    private(set) var recordStart: Int?

    init(maxRecordBytes: Int) {
        self.maxRecordBytes = maxRecordBytes
    }

    func beginRecord(_ engine: DecodeEngine) {
        recordStart = engine.tokenStartOffset
        engine.elementsLeft = engine.maxElements
    }

    /// A record closed: checks its whole length.
    func endRecord(_ engine: DecodeEngine) throws {
        defer { recordStart = nil }
        if let start = recordStart, engine.consumedOffset - start > maxRecordBytes {
            throw DecodeFailure.limit(.maxInputBytes, maxRecordBytes)
        }
    }

    /// The models completed since the last call. Handed over with their buffer: emptying a
    /// buffer the caller now shares, keeping its capacity, would allocate one that large on
    /// every later call (a feed that completed 100,000 models made each one-byte feed after it
    /// allocate their size).
    func takeReady() -> [M] {
        var taken: [M] = []
        swap(&taken, &ready)
        return taken
    }

    /// The capacity kept between calls (what the tests check stays at nothing).
    var readyCapacity: Int { ready.capacity }

    func collect(_ model: M?) {
        if let model { ready.append(model) }
        index += 1
    }

    override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        try checkMoreValuesAllowed()
        mode = .values
        _ = try engine.mismatch(expected: M._typeName, found: scalar) as M?
        index += 1
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        try checkMoreValuesAllowed()
        if kind == .array, mode == .undecided {
            mode = .array
            engine.push(StreamArrayFrame(root: self))
            return
        }
        mode = .values
        beginRecord(engine)
        engine.push(try M._beginContainer(kind, engine, merging: nil) ?? engine.skipFrame())
    }

    private func checkMoreValuesAllowed() throws {
        if mode == .arrayClosed {
            throw DecodeFailure(reason: .syntax("unexpected data after the top-level array"))
        }
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        if child is StreamArrayFrame<M> {
            mode = .arrayClosed
            return
        }
        try endRecord(engine)
        collect(try M._finishContainer(child, engine))
    }

    fileprivate func recordStartSkipped() { recordStart = nil }

    override func valueSkipped() {
        // Only a record can be skipped here (nothing throws from this hook): its length was
        // bounded chunk by chunk while it was open.
        recordStart = nil
        index += 1
    }

    override func appendPath(to path: inout String) {
        if mode == .values { path.appendPathIndex(index) }
    }

    /// The elements of the top-level array, handed to the root one by one.
    final class StreamArrayFrame<Element: ModelValue>: DecodeFrame {
        unowned let root: StreamRootFrame<Element>
        private var index = 0

        init(root: StreamRootFrame<Element>) { self.root = root }

        override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
            root.collect(try Element._decodeScalar(scalar, engine))
            index += 1
        }

        override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
            root.beginRecord(engine)
            engine.push(try Element._beginContainer(kind, engine, merging: nil) ?? engine.skipFrame())
        }

        override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
            try root.endRecord(engine)
            root.collect(try Element._finishContainer(child, engine))
            index += 1
        }

        override func valueSkipped() {
            root.recordStartSkipped()
            index += 1
        }

        override func appendPath(to path: inout String) { path.appendPathIndex(index) }
    }
}

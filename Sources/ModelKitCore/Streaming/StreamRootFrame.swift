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

    func beginRecord(_ decoder: DecodeEngine) {
        recordStart = decoder.tokenStartOffset
    }

    /// A record closed: checks its whole length.
    func endRecord(_ decoder: DecodeEngine) throws {
        defer { recordStart = nil }
        if let start = recordStart, decoder.consumedOffset - start > maxRecordBytes {
            throw DecodeFailure.limit(.maxInputBytes, maxRecordBytes)
        }
    }

    func takeReady() -> [M] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    func collect(_ model: M?) {
        if let model { ready.append(model) }
        index += 1
    }

    override func scalar(_ scalar: ScalarToken, _ decoder: DecodeEngine) throws {
        try checkMoreValuesAllowed()
        mode = .values
        _ = try decoder.mismatch(expected: M._typeName, found: scalar) as M?
        index += 1
    }

    override func beginContainer(_ kind: ContainerKind, _ decoder: DecodeEngine) throws {
        try checkMoreValuesAllowed()
        if kind == .array, mode == .undecided {
            mode = .array
            decoder.push(StreamArrayFrame(root: self))
            return
        }
        mode = .values
        beginRecord(decoder)
        decoder.push(try M._beginContainer(kind, decoder, merging: nil) ?? decoder.skipFrame())
    }

    private func checkMoreValuesAllowed() throws {
        if mode == .arrayClosed {
            throw DecodeFailure(reason: .syntax("unexpected data after the top-level array"))
        }
    }

    override func childFinished(_ child: DecodeFrame, _ decoder: DecodeEngine) throws {
        if child is StreamArrayFrame<M> {
            mode = .arrayClosed
            return
        }
        try endRecord(decoder)
        collect(try M._finishContainer(child, decoder))
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

        override func scalar(_ scalar: ScalarToken, _ decoder: DecodeEngine) throws {
            root.collect(try Element._decodeScalar(scalar, decoder))
            index += 1
        }

        override func beginContainer(_ kind: ContainerKind, _ decoder: DecodeEngine) throws {
            root.beginRecord(decoder)
            decoder.push(try Element._beginContainer(kind, decoder, merging: nil) ?? decoder.skipFrame())
        }

        override func childFinished(_ child: DecodeFrame, _ decoder: DecodeEngine) throws {
            try root.endRecord(decoder)
            root.collect(try Element._finishContainer(child, decoder))
            index += 1
        }

        override func valueSkipped() {
            root.recordStartSkipped()
            index += 1
        }

        override func appendPath(to path: inout String) { path.appendPathIndex(index) }
    }
}

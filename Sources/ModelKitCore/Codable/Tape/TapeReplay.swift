/// A model (or `JSONValue`) nested in a Codable type is read from the tape: the document was
/// parsed once already, so parsing the value's bytes again (a second pre-scan and yajl pass,
/// plus a parser per nested value) would cost more than the whole tape. The schema reader reads
/// the value's range (TapeSchemaReader+Range.swift); what it does not read yet goes through the
/// one replay driver (``DecodeEngine/replay(_:from:)``) as yajl would feed it. Either way each
/// failure's path and offset are counted from the value (its `$`, its first byte), so it is the
/// same `ModelDecodingError` a parse of the value's bytes would report.
extension BridgeDecoder {
    func decodeReplayed<M: ModelValue>(_ type: M.Type, at index: Int) throws -> M {
        // The schema reader reads the value's range of this tape; what it does not read yet (a
        // type it falls back on) is replayed into the push engine below.
        let options = self.options.forModelDoor
        do {
            let reader = spareSchemaReader ?? TapeSchemaReader()
            // Taken out while in use: a nested read that reaches this decoder again makes its own.
            spareSchemaReader = nil
            defer { spareSchemaReader = reader }
            // One budget for the document: the value counts against what is left.
            if let value = try reader.decode(M.self, in: tape, at: index, options: options, budget: hot.value.elementsLeft) {
                hot.value.elementsLeft = reader.elementsLeft
                return value
            }
        }
        let box = ResultBox<M>()
        let root = RootFrame.decoding(into: box)
        let engine = takeReplayEngine(root: root)
        engine.isPlainInput = tape.keysAreASCII
        // One budget for the document: the replayed model counts against what is left.
        engine.elementsLeft = hot.value.elementsLeft
        defer { hot.value.elementsLeft = engine.elementsLeft }
        var finished = false
        defer { giveBackReplayEngine(engine, finished: finished) }
        engine.wholeInput = tape.inputBytes(of: index)
        try engine.replay(index, from: TapeReplaySource(self, base: tape.tokenStart(entries[index])))
        guard let value = box.value else { throw DecodeRun.noValue(root, engine, typeName: String(describing: M.self)) }
        finished = true
        return value
    }
}

/// The tape's entries from a value on, as a ``ReplaySource``: values are tape indices, and every
/// token is placed at its input offset (the replay engine has no parser: its token start is
/// exactly that offset), counted from `base`, the replayed value's first byte.
struct TapeReplaySource: ReplaySource {
    // The tape's storage by address, no reference: loading a class reference per token (even
    // an unowned one) costs a retain and a release, a tenth of a nested model's replay. The
    // tape is complete and its input does not move while a decode reads it.
    private let entries: UnsafeMutablePointer<TapeEntry>
    private let input: UnsafeRawBufferPointer
    private let inputBase: UnsafeRawPointer
    private let sideBase: UnsafeRawPointer
    private let base: Int

    init(_ decoder: BridgeDecoder, base: Int) {
        entries = decoder.entries
        input = decoder.tape.input
        inputBase = decoder.tape.inputBase
        sideBase = decoder.sideBase
        self.base = base
    }

    /// The bytes of a string or number entry.
    @inline(__always)
    private func bytes(of entry: TapeEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: (entry.isInSideBuffer ? sideBase : inputBase) + Int(entry.start), count: Int(entry.length))
    }

    @inline(__always)
    func feedScalar(_ index: Int, to engine: DecodeEngine) -> ReplayStep {
        let entry = entries[index]
        let fed: Bool
        switch entry.kind {
        case .null: fed = engine.onScalar(.null, kind: .literal)
        case .falseValue: fed = engine.onScalar(.bool(false), kind: .literal)
        case .trueValue: fed = engine.onScalar(.bool(true), kind: .literal)
        case .number: fed = engine.onScalar(.number(bytes(of: entry)), kind: .number)
        case .string: fed = engine.onString(bytes(of: entry))
        case .bytes: fed = engine.onScalar(.bytes(bytes(of: entry)), kind: .string)
        case .object: return .container(.object)
        case .array: return .container(.array)
        }
        return fed ? .fed : .failed
    }

    @inline(__always)
    func members(of container: Int) -> Members {
        Members(source: self, next: container + 1, end: Int(entries[container].next), isObject: entries[container].kind == .object)
    }

    @inline(__always)
    func willFeed(_ index: Int, to engine: DecodeEngine) {
        place(entries[index], in: engine)
    }

    /// The closing bracket is the byte before the container's end offset.
    @inline(__always)
    func willClose(_ container: Int, in engine: DecodeEngine) {
        engine.locator.currentBufferOffset = Int(entries[container].start) - 1 - base
    }

    // The tape builds no `JSONValue`s: a buffering frame takes the container token by token.
    static var handsOverContainers: Bool { false }
    func handOver(_ container: Int, to frame: JSONValueFrame) {}

    @inline(__always)
    private func place(_ entry: TapeEntry, in engine: DecodeEngine) {
        engine.locator.currentBufferOffset = Tape.tokenStart(entry, in: input) - base
    }

    /// A container's members: for an object, each key entry and then its value.
    struct Members: ReplayMembers {
        let source: TapeReplaySource
        var next: Int
        let end: Int
        let isObject: Bool

        @inline(__always)
        mutating func next(feedingKeyTo engine: DecodeEngine) throws -> Int? {
            guard next < end else { return nil }
            var value = next
            if isObject {
                let key = source.entries[next]
                source.place(key, in: engine)
                guard engine.onKey(source.bytes(of: key)) else { throw engine.failure! }
                value += 1
            }
            next = Int(source.entries[value].next)
            return value
        }
    }
}

/// The frame of a tape's top-level container. It never sees the tokens inside: the engine
/// records those itself (DecodeEngine+Tape.swift). It only ends the document when it closes.
final class TapeFrame: DecodeFrame {
    let tape: Tape

    init(tape: Tape) { self.tape = tape }

    override func end(_ decoder: DecodeEngine) throws {
        // The engine reports a closing bracket's start; the container's bytes end just past it.
        if tape.closeContainer(end: decoder.tokenStartOffset + 1) {
            try decoder.popAndDeliver()
        }
    }
}

extension Tape {
    /// The pre-scan's errors, which the schema path reports at `$` (it runs ahead of the parser).
    private static let scannerMessages: [ModelDecodingError.Reason] = [
        InputProblem.invalidUTF8, .overlongUTF8, .encodedSurrogate, .codePointTooLarge, .loneSurrogateEscape,
        .invalidWhitespace, .controlCharacterInString,
    ].map { .syntax($0.message) }

    /// Parses `input` whole into the tape of a pooled engine's workspace (see ``TapeWorkspace``).
    /// The returned engine holds the options the conversions use; hand it back with
    /// `DecodeRun.recycle` when no decoder reads the tape any more.
    static func build(_ input: UnsafeRawBufferPointer, options: DecodingOptions) throws -> (Tape, DecodeEngine) {
        if input.count >= Int(UInt32.max) {
            // Tape offsets are 32-bit: a 4 GiB document is far beyond what Codable should see anyway.
            throw ModelDecodingError(reason: .limitExceeded(.maxInputBytes, limit: Int(UInt32.max) - 1), path: "$",
                                     line: 1, column: 1, byteOffset: Int(UInt32.max) - 1)
        }
        // Conversions report mismatches by throwing: a Codable property cannot be "left untouched".
        var strict = options
        strict.mismatch = .fail
        let (engine, workspace) = DecodeEngine.pool.takeForTape(options: strict, input: input)
        let tape = workspace.tape
        do {
            try DecodeRun.parse(recordingInto: tape, engine, workspace.root, input)
        } catch var error as ModelDecodingError {
            // The engine's frames know no path here (one frame records everything): the tape does.
            if error.path == "$", !Self.scannerMessages.contains(error.reason) { error.path = tape.pathOfOpenContainers() }
            throw error
        }
        tape.appendSentinelNull()
        return (tape, engine)
    }
}

/// A tape and the frames that fill it, parked with a pooled engine between documents: a small
/// bridge decode would otherwise spend a fifth of its time allocating them.
final class TapeWorkspace {
    let tape: Tape
    let root: RootFrame

    init(input: UnsafeRawBufferPointer) {
        // About one token per 6 bytes of typical JSON: usually no regrowth.
        let tape = Tape(input: input, capacity: Self.capacity(for: input))
        let frame = TapeFrame(tape: tape)
        self.tape = tape
        // The closures capture one reference each (the frame holds the tape): no context to allocate.
        root = RootFrame(scalar: { scalar, decoder in decoder.record(scalar, in: frame.tape) },
                         begin: { kind, decoder in
                             frame.tape.openContainer(kind == .object ? .object : .array, at: decoder.tokenStartOffset)
                             return frame
                         },
                         finish: { _, _ in })
    }

    private static func capacity(for input: UnsafeRawBufferPointer) -> Int { input.count / 6 + 16 }

    /// Ready for the next document.
    func reuse(for input: UnsafeRawBufferPointer) {
        tape.reuse(for: input, capacity: Self.capacity(for: input))
        root.reset()
    }

    /// Whether parking it with its engine costs little memory: a workspace that served a large
    /// document is dropped rather than kept at that size for good.
    var isWorthKeeping: Bool { tape.retainedBytes <= 1 << 18 }
}

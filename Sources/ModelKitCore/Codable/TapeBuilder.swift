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

    /// Parses `input` whole into a new tape. The returned engine holds the options the
    /// conversions use; hand it back with `DecodeRun.recycle` when done.
    static func build(_ input: UnsafeRawBufferPointer, options: DecodingOptions) throws -> (Tape, DecodeEngine) {
        if input.count >= Int(UInt32.max) {
            // Tape offsets are 32-bit: a 4 GiB document is far beyond what Codable should see anyway.
            throw ModelDecodingError(reason: .limitExceeded(.maxInputBytes, limit: Int(UInt32.max) - 1), path: "$",
                                     line: 1, column: 1, byteOffset: Int(UInt32.max) - 1)
        }
        // About one token per 6 bytes of typical JSON: usually no regrowth.
        let tape = Tape(input: input, capacity: input.count / 6 + 16)
        let frame = TapeFrame(tape: tape)
        let root = RootFrame(scalar: { scalar, decoder in decoder.record(scalar, in: tape) },
                             begin: { kind, decoder in
                                 tape.openContainer(kind == .object ? .object : .array, at: decoder.tokenStartOffset)
                                 return frame
                             },
                             finish: { _, _ in })
        // Conversions report mismatches by throwing: a Codable property cannot be "left untouched".
        var strict = options
        strict.mismatch = .fail
        let engine: DecodeEngine
        do {
            engine = try DecodeRun.parse(recordingInto: tape, root, input, options: strict)
        } catch var error as ModelDecodingError {
            // The engine's frames know no path here (one frame records everything): the tape does.
            if error.path == "$", !Self.scannerMessages.contains(error.reason) { error.path = tape.pathOfOpenContainers() }
            throw error
        }
        tape.appendSentinelNull()
        return (tape, engine)
    }
}

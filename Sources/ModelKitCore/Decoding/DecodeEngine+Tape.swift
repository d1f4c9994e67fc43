// The engine's recording mode: a Codable-bridge parse keeps every token of the document in a
// `Tape` instead of setting fields. Tokens inside the top-level container are appended here,
// straight from the token entry points (no frame, no virtual call, no error path to set up:
// a tape append cannot fail); the top-level value itself still goes through the root frame,
// which rejects a second value.

extension DecodeEngine {
    /// Starts recording into `tape`, which the caller keeps alive until the parse ends: called
    /// before the parse, on a fresh or reset engine.
    func record(into tape: Tape) {
        recording.value = Unmanaged.passUnretained(tape)
    }

    /// A scalar token at the current position.
    @inline(__always)
    func record(_ scalar: ScalarToken, in tape: Tape) {
        switch scalar {
        case .null: tape.appendLiteral(.null, at: tokenStartOffset)
        case .bool(let value): tape.appendLiteral(value ? .trueValue : .falseValue, at: tokenStartOffset)
        case .number(let text):
            if tape.appendText(.number, text, isKey: false) { tape.setPositionOfLast(tokenStartOffset) }
        case .string(let bytes), .bytes(let bytes):
            if tape.appendText(.string, bytes, isKey: false) { tape.setPositionOfLast(consumedOffset) }
        }
    }

    /// A member's key.
    @inline(__always)
    func recordKey(_ bytes: UnsafeRawBufferPointer, in tape: Tape) {
        if tape.appendText(.string, bytes, isKey: true) { tape.setPositionOfLast(consumedOffset) }
    }
}

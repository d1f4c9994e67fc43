/// One open JSON container (or the document root) being decoded; the engine's stack holds them.
///
/// Values see it only inside the opaque ``ModelEngine/Frame``.
@usableFromInline
class DecodeFrame: ContainerConsumer {
    /// A scalar arrived at this frame's current value position.
    func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {}
    /// An object key arrived (object frames only).
    func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {}
    /// A nested container starts at this frame's current value position: push its frame.
    func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        engine.pushSkip()
    }
    /// This frame's own container closes. Frames that handle nested levels internally override.
    func end(_ engine: DecodeEngine) throws {
        try engine.popAndDeliver()
    }
    /// A child frame pushed by `beginContainer` has finished.
    func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {}
    /// The value at this frame's current position was skipped whole: move on.
    func valueSkipped() {}
    /// Appends this frame's part of the current path (`.key`, `[3]`).
    func appendPath(to path: inout String) {}
    /// Asked of the root frame only (see `MemberKeys`): JSON documents use JSON keys.
    var memberKeys: MemberKeys { .jsonKeys }
}

/// What names a model's members in the input. Chosen by whoever starts the decode and carried by
/// its root frame, so that the engine and the frames know nothing of the formats asking for it.
@usableFromInline
enum MemberKeys {
    /// The schema's JSON keys, with their precedence and key paths (JSON documents).
    case jsonKeys
    /// One name per field, the field's own name. Archives read this way until they moved to the
    /// tape (the schema reader's `keysByFieldName`); nothing starts a decode with it now, and it
    /// goes with the push engine.
    case fieldNames
}

/// Consumes a value nobody wants (unknown keys, mismatches under `.skip`), nesting included.
final class SkipFrame: DecodeFrame {
    /// Nested containers inside the skipped value (they are consumed here, not pushed).
    var nesting = 0

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        nesting += 1
    }

    override func end(_ engine: DecodeEngine) throws {
        if nesting > 0 {
            nesting -= 1
        } else {
            engine.popSkipped()
        }
    }
}

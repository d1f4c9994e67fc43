// Replay feeds an already-built value through the engine as if it were being parsed.
// Replaying a buffered value (polymorphic and preprocessed models, shared keys) must cost a
// bounded amount per value, whatever the nesting: containers the consumer would only rebuild or
// skip are handed over whole.

extension DecodeEngine {
    /// Feeds an already-built value through the token entry points, as if it were being parsed.
    /// Used where a value must be seen whole first (shared keys, polymorphic and preprocessed models).
    func replay(_ value: JSONValue) throws {
        replayedValues += 1
        let status: Bool
        switch value {
        case .null: status = onScalar(.null, kind: .literal)
        case .bool(let b): status = onScalar(.bool(b), kind: .literal)
        case .number(let n):
            var text = n.text
            status = text.withUTF8 { onScalar(.number(UnsafeRawBufferPointer($0)), kind: .number) }
        case .string(let s):
            var text = s
            status = text.withUTF8 { onString(UnsafeRawBufferPointer($0)) }
        case .array(let elements):
            let below = frames.count
            guard onOpen(.array) else { throw failure! }
            if try adoptWhole(value, framesBelow: below) { return }
            for element in elements { try replay(element) }
            status = onClose()
        case .object(let object):
            let below = frames.count
            guard onOpen(.object) else { throw failure! }
            if try adoptWhole(value, framesBelow: below) { return }
            for (key, member) in object {
                var text = key
                guard text.withUTF8({ onKey(UnsafeRawBufferPointer($0)) }) else { throw failure! }
                try replay(member)
            }
            status = onClose()
        }
        if !status { throw failure! }
    }

    /// A container being replayed whose consumer just pushed a frame that would only rebuild
    /// the same `JSONValue` (a buffering frame): hand it the value whole and close it. Without
    /// this, nested polymorphic or preprocessed models re-buffered and replayed their whole
    /// subtree at every level (work ∝ depth × size).
    ///
    /// Likewise a container its consumer skips (an unknown key, a mismatch under `.skip`) is
    /// closed at once instead of being fed element by element to the skip frame.
    func adoptWhole(_ value: JSONValue, framesBelow: Int) throws -> Bool {
        guard frames.count == framesBelow + 1 else { return false }
        if top === sharedSkipFrame {
            guard sharedSkipFrame.nesting == 0 else { return false }
        } else {
            guard let buffering = top as? JSONValueFrame, buffering.isFresh else { return false }
            buffering.adopt(value)
        }
        locator.lastTokenKind = .close
        depth -= 1
        do {
            // Why a guaranteed reference: `frames` holds the top frame until it is popped (FrameStack's invariant).
            try stack.topFrame._withUnsafeGuaranteedRef { try $0.end(self) }
        } catch {
            record(error)
            throw failure!
        }
        return true
    }
}

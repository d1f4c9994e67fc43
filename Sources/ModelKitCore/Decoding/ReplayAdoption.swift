// Replaying a buffered value (polymorphic and preprocessed models, shared keys) must cost a
// bounded amount per value, whatever the nesting: containers the consumer would only rebuild or
// skip are handed over whole.

extension _DecodeEngine {
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
        lastTokenKind = .close
        depth -= 1
        do {
            try topFrame._withUnsafeGuaranteedRef { try $0.end(self) }
        } catch {
            record(error)
            throw failure!
        }
        return true
    }
}

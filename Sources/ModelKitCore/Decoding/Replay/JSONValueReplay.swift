// Replaying a buffered value (polymorphic and preprocessed models, shared keys, tagged unions)
// through the engine, as if it were being parsed. A built value has no input positions: a
// failure is placed where the engine's tokenizer is (the token that completed the buffer).

extension DecodeEngine {
    /// Feeds an already-built value through the token entry points, as if it were being parsed.
    /// Used where a value must be seen whole first (shared keys, polymorphic and preprocessed models).
    func replay(_ value: JSONValue) throws {
        try replay(value, from: JSONValueReplaySource())
    }

    /// Decodes a buffered value as `T` on this engine, its stack kept so paths stay right (the
    /// value of a key several fields share, once per field type).
    func decodeBuffered<T: ModelValue>(_ value: JSONValue, as type: T.Type) throws -> T? {
        let box = ResultBox<T>()
        push(RootFrame.decoding(into: box))
        defer { popFrame() }
        try withNestedReplay { try replay(value) }
        return box.value
    }
}

/// A built `JSONValue` as a ``ReplaySource``.
struct JSONValueReplaySource: ReplaySource {
    @inline(__always)
    func feedScalar(_ value: JSONValue, to engine: DecodeEngine) -> ReplayStep {
        let fed: Bool
        switch value {
        case .null: fed = engine.onScalar(.null, kind: .literal)
        case .bool(let b): fed = engine.onScalar(.bool(b), kind: .literal)
        case .number(let n):
            var text = n.text
            fed = text.withUTF8 { engine.onScalar(.number(UnsafeRawBufferPointer($0)), kind: .number) }
        case .string(let s):
            var text = s
            fed = text.withUTF8 { engine.onString(UnsafeRawBufferPointer($0)) }
        case .array: return .container(.array)
        case .object: return .container(.object)
        }
        return fed ? .fed : .failed
    }

    @inline(__always)
    func members(of container: JSONValue) -> Members { Members(container: container) }

    /// Buffered models must cost a bounded number of replays per value: the tests count them.
    func willFeed(_ value: JSONValue, to engine: DecodeEngine) {
        engine.replayedValues += 1
        if engine.isReplayingBuffered { engine.nestedReplayedValues += 1 }
    }
    func willClose(_ container: JSONValue, in engine: DecodeEngine) {}

    static var handsOverContainers: Bool { true }
    func handOver(_ container: JSONValue, to frame: JSONValueFrame) { frame.adopt(container) }

    /// An object's members or an array's elements, walked by position.
    struct Members: ReplayMembers {
        let container: JSONValue
        var position = 0

        @inline(__always)
        mutating func next(feedingKeyTo engine: DecodeEngine) throws -> JSONValue? {
            switch container {
            case .array(let elements):
                guard position < elements.count else { return nil }
                position += 1
                return elements[position - 1]
            case .object(let object):
                while position < object.slotCount {
                    position += 1
                    guard let (key, value) = object.member(inSlot: position - 1) else { continue }
                    var text = key
                    guard text.withUTF8({ engine.onKey(UnsafeRawBufferPointer($0)) }) else { throw engine.failure! }
                    return value
                }
                return nil
            default:
                return nil
            }
        }
    }
}

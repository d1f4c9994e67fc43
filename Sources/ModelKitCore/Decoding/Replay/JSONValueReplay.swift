// Replaying a buffered value (polymorphic and preprocessed models, shared keys, tagged unions)
// through the engine, as if it were being parsed. A built value has no input positions: a
// failure is placed where the engine's tokenizer is (the token that completed the buffer).

extension DecodeEngine {
    /// Feeds an already-built value through the token entry points, as if it were being parsed.
    /// Used where a value must be seen whole first (shared keys, polymorphic and preprocessed models).
    func replay(_ value: JSONValue) throws {
        try replay(value, from: JSONValueReplaySource())
    }
}

/// A built `JSONValue` as a ``ReplaySource``.
struct JSONValueReplaySource: ReplaySource {
    func containerKind(of value: JSONValue) -> ContainerKind? {
        switch value {
        case .object: return .object
        case .array: return .array
        default: return nil
        }
    }

    func feedScalar(_ value: JSONValue, to engine: DecodeEngine) -> Bool {
        switch value {
        case .null: return engine.onScalar(.null, kind: .literal)
        case .bool(let b): return engine.onScalar(.bool(b), kind: .literal)
        case .number(let n):
            var text = n.text
            return text.withUTF8 { engine.onScalar(.number(UnsafeRawBufferPointer($0)), kind: .number) }
        case .string(let s):
            var text = s
            return text.withUTF8 { engine.onString(UnsafeRawBufferPointer($0)) }
        case .array, .object: return false  // containers never reach here (see containerKind)
        }
    }

    func members(of container: JSONValue) -> Members {
        switch container {
        case .object(let object): return Members(object: object.makeIterator())
        case .array(let elements): return Members(elements: elements.makeIterator())
        default: return Members()
        }
    }

    /// Buffered models must cost a bounded number of replays per value: the tests count them.
    func willFeed(_ value: JSONValue, to engine: DecodeEngine) { engine.replayedValues += 1 }
    func willClose(_ container: JSONValue, in engine: DecodeEngine) {}

    static var handsOverContainers: Bool { true }
    func handOver(_ container: JSONValue, to frame: JSONValueFrame) { frame.adopt(container) }

    /// An object's members or an array's elements (the other iterator is empty).
    struct Members: ReplayMembers {
        var object = JSONObject().makeIterator()
        var elements = [JSONValue]().makeIterator()

        mutating func next(feedingKeyTo engine: DecodeEngine) throws -> JSONValue? {
            if let element = elements.next() { return element }
            guard let (key, value) = object.next() else { return nil }
            var text = key
            guard text.withUTF8({ engine.onKey(UnsafeRawBufferPointer($0)) }) else { throw engine.failure! }
            return value
        }
    }
}

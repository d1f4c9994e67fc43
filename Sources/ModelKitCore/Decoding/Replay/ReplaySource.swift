// The one replay driver: tokens read once already (a built `JSONValue`, the Codable bridge's
// tape) are fed through the engine's token entry points exactly as yajl feeds a parse. What
// differs between sources (where a token sits in the input, how a container is handed over
// whole) is a capability of the source; the driver is generic over it, so each source gets its
// own specialised copy and pays no witness-table call per token.

/// Tokens already read once, which ``DecodeEngine/replay(_:from:)`` feeds to the engine again.
protocol ReplaySource {
    /// A value in the source: the value itself, or where it is.
    associatedtype Value
    /// A container's members in order, each key fed to the engine before its value.
    associatedtype Members: ReplayMembers<Value>

    /// Hands a scalar to the engine, or says which container `value` is (one look at the value).
    func feedScalar(_ value: Value, to engine: DecodeEngine) -> ReplayStep
    /// The members of a container.
    func members(of container: Value) -> Members
    /// Before a value's first token: a source that knows its input positions places the token.
    func willFeed(_ value: Value, to engine: DecodeEngine)
    /// Before a container's closing token.
    func willClose(_ container: Value, in engine: DecodeEngine)
    /// Whether containers can be handed whole to a frame that would only rebuild them
    /// (``handOver(_:to:)``); a compile-time constant per source, so the others never look.
    static var handsOverContainers: Bool { get }
    /// Gives a fresh buffering frame the container whole.
    func handOver(_ container: Value, to frame: JSONValueFrame)
}

/// What ``ReplaySource/feedScalar(_:to:)`` did.
enum ReplayStep {
    /// The scalar went to the engine.
    case fed
    /// The engine failed on it (its `failure` says why).
    case failed
    /// The value is a container: the driver opens it.
    case container(ContainerKind)
}

/// A container's members, in order.
protocol ReplayMembers<Value> {
    associatedtype Value
    /// The next member's value, after feeding its key (object members) to `engine`; nil after the last.
    mutating func next(feedingKeyTo engine: DecodeEngine) throws -> Value?
}

extension DecodeEngine {
    /// Feeds `value` (nested values included) through the token entry points, as if it were
    /// being parsed; throws the engine's failure.
    func replay<Source: ReplaySource>(_ value: Source.Value, from source: Source) throws {
        source.willFeed(value, to: self)
        if nestedReplayedValues > Self.replayAllowance { try checkReplayBudget() }
        let kind: ContainerKind
        switch source.feedScalar(value, to: self) {
        case .fed: return
        case .failed: throw failure!
        case .container(let container): kind = container
        }
        let below = frames.count, wasSkipping = isSkipping
        guard onOpen(kind) else { throw failure! }
        // A frame pushed for this container: in `frames`, or the skip frame (which never is).
        let pushed = frames.count == below + 1 || (!wasSkipping && isSkipping)
        if !(pushed && takesWhole(value, from: source)) {
            var members = source.members(of: value)
            while let member = try members.next(feedingKeyTo: self) {
                try replay(member, from: source)
            }
        }
        source.willClose(value, in: self)
        guard onClose() else { throw failure! }
    }

    /// Whether the consumer that just pushed a frame for the container being replayed takes it
    /// whole, so that the container is closed at once. Replaying a buffered value must cost a
    /// bounded amount per value, whatever the nesting:
    /// - a container its consumer skips (an unknown key, a mismatch under `.skip`) need not be
    ///   fed to the skip frame element by element: it was checked when it was first read;
    /// - a frame that would only rebuild the same `JSONValue` (a buffering frame) is handed the
    ///   value whole: without this, nested polymorphic or preprocessed models re-buffered and
    ///   replayed their whole subtree at every level (work ∝ depth × size).
    @inline(__always)
    private func takesWhole<Source: ReplaySource>(_ container: Source.Value, from source: Source) -> Bool {
        if top === sharedSkipFrame { return sharedSkipFrame.nesting == 0 }
        guard Source.handsOverContainers, let buffering = top as? JSONValueFrame, buffering.isFresh else { return false }
        source.handOver(container, to: buffering)
        return true
    }
}

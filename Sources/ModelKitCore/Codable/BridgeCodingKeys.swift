/// The coding key of an array element (`Index 3`), as `JSONDecoder` reports it.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A key known only by its text (`super`, keys of a model's schema, `JSONValue` members).
struct TextCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    static let superKey = TextCodingKey("super")
}

/// Where a value sits, without building a `[CodingKey]` unless an error needs one: the steps of
/// its container (a prefix of the decoder's steps, or a stored copy for containers made by
/// `nestedContainer`), plus its own step.
struct BridgePath {
    var depth: Int
    var fixed: [PathStep]?
    var step: PathStep?

    init(depth: Int, fixed: [PathStep]? = nil, step: PathStep? = nil) {
        self.depth = depth
        self.fixed = fixed
        self.step = step
    }

    /// The path of a container whose own path is `self`: its elements' steps go after this one.
    var containerPath: BridgePath {
        guard let fixed else { return BridgePath(depth: depth + (step == nil ? 0 : 1)) }
        let steps = fixed + (step.map { [$0] } ?? [])
        return BridgePath(depth: steps.count, fixed: steps)
    }

    /// The path of the member whose key is the tape entry `keyEntry`, in the container at `self`.
    @inline(__always)
    func member(_ keyEntry: Int) -> BridgePath {
        BridgePath(depth: depth, fixed: fixed, step: .member(keyEntry: UInt32(truncatingIfNeeded: keyEntry)))
    }

    /// The same path held as a copy of its steps, for a nested container that outlives the
    /// decoder's current position; `steps` are the decoder's.
    func detached(from steps: borrowing HandStack<PathStep>) -> BridgePath {
        BridgePath(depth: 0, fixed: fixed ?? steps.prefix(depth), step: step)
    }

    /// The path of element `ordinal` of the array at `self`.
    @inline(__always)
    func element(_ ordinal: Int) -> BridgePath {
        BridgePath(depth: depth, fixed: fixed, step: .element(UInt32(truncatingIfNeeded: ordinal)))
    }
}

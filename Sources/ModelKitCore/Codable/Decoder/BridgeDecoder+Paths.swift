/// One step of a coding path as the tape knows it: a member by its key's tape entry, an element
/// by its ordinal. Eight bytes and no existential, so descending into a value costs a push onto
/// the decoder's `HandStack`; the `CodingKey`s are made only when an error or `codingPath` asks for them.
enum PathStep {
    case member(keyEntry: UInt32)
    /// A member of a `[String: V]`: its key as written, whatever the key decoding strategy (as
    /// `JSONDecoder` names it).
    case dictionaryMember(keyEntry: UInt32)
    case element(UInt32)
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

    /// The path of the member whose key is `keyEntry` in the `[String: V]` at `self`.
    @inline(__always)
    func dictionaryMember(_ keyEntry: Int) -> BridgePath {
        BridgePath(depth: depth, fixed: fixed, step: .dictionaryMember(keyEntry: UInt32(truncatingIfNeeded: keyEntry)))
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

extension BridgeDecoder {
    /// The path of the container at `container`, made with path `made`. A depth into the
    /// decoder's steps describes it while the `init(from:)` that made it runs (the decoder is
    /// then at that container); a container kept past it gets its path from the tape instead.
    @inline(__always)
    func containerPath(_ made: BridgePath, of container: Int) -> BridgePath {
        made.fixed != nil || current == container ? made : pathFromTape(to: container)
    }

    /// The steps from this decoder's first value down to `target`, found through the tape's
    /// `next` links (one pass over the siblings on the way): for kept containers only.
    func pathFromTape(to target: Int) -> BridgePath {
        var steps: [PathStep] = []
        var node = start
        while node != target {
            let entry = entries[node]
            guard entry.isContainer, target > node, target < Int(entry.next) else { break }
            var child = node + 1
            var ordinal: UInt32 = 0
            while true {
                // An object's children come in pairs: the key, then its value.
                let value = entry.kind == .object ? child + 1 : child
                let end = Int(entries[value].next)
                if target < end {
                    steps.append(entry.kind == .object ? .member(keyEntry: UInt32(truncatingIfNeeded: child)) : .element(ordinal))
                    node = value
                    break
                }
                child = end
                ordinal += 1
            }
        }
        return BridgePath(depth: steps.count, fixed: steps)
    }
}

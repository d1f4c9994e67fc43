/// One step of a coding path as the tape knows it: a member by its key's tape entry, an element
/// by its ordinal. Eight bytes and no existential, so descending into a value costs a push onto
/// the decoder's `HandStack`; the `CodingKey`s are made only when an error or `codingPath` asks for them.
enum PathStep {
    case member(keyEntry: UInt32)
    case element(UInt32)
}

extension TapeDecoder {
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

// Nesting past `maxDepth` in an archive. The JSON recorder refuses such a document (the push
// engine then reports it); an archive's recorder (Archive/CBORTapeRecorder.swift) records it,
// as the only reader left is this one. The reader fails where it enters such a container, as
// the push engine did; a value it does not enter (a key no field has, a container a field's
// type skips) the push engine skipped token by token and failed inside, naming the skipped
// value in the path. So while an archive has such a container, every container entered takes
// ``enterCounting(_:)``'s path, which notes the deepest one that holds it; once the read is
// over, or fails further on, the failure is the push engine's.

extension TapeSchemaReader {
    /// Watches `entry`, the first container nested deeper than `maxDepth` (`Int.max`: none).
    final func watchTooDeep(_ entry: Int) {
        guard entry != .max else { return }
        tooDeep = entry
        enteredTowardTooDeep = -1
        // Every level below zero, so that `enter` takes its slow path (as a counting decode does).
        if !countsElements { nestingLeft &-= Self.countingOffset }
    }

    /// The container at `index` is entered: noted when it holds ``tooDeep``.
    final func noteEntered(_ index: Int) {
        if index <= tooDeep, tooDeep < Int(entries[index].next) { enteredTowardTooDeep = max(enteredTowardTooDeep, index) }
    }

    /// The push engine's failure in a value holding ``tooDeep`` that the read skipped, when it
    /// comes before `error` (nil: the read ended) in document order; nil otherwise.
    @_optimize(size)  // errors only: size, not speed
    final func skippedTooDeep(before error: (any Error)?) -> ModelDecodingError? {
        guard tooDeep != .max, tape != nil else { return nil }
        if error != nil {
            let reached = current < 0 ? Int(entries[~current].next) - 1 : current
            // At the same entry the depth comes first: the push engine checked it as the container opened.
            guard tooDeep <= reached else { return nil }
        }
        // The outermost container holding it that the read did not enter: the value skipped.
        var skipped = 0
        if enteredTowardTooDeep >= 0 {
            let parent = entries[enteredTowardTooDeep]
            var child = enteredTowardTooDeep + 1
            while child < Int(parent.next) {
                let value = parent.kind == .object ? child + 1 : child
                if tooDeep < Int(entries[value].next) {
                    skipped = value
                    break
                }
                child = Int(entries[value].next)
            }
        }
        return located(.limitExceeded(.maxDepth, limit: nestingLimit), at: skipped)
    }
}

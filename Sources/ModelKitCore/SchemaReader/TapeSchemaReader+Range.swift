// A value inside a tape another decoder reads (a model nested in a Codable type: the bridge
// hands over its range, BridgeDecoder+NestedModels.swift): read as a document of its own, its failures placed
// relative to it — the path from its `$`, the offset from its first byte, line and column in
// its bytes — as a parse of those bytes would report them.

extension TapeSchemaReader {
    /// Reads `T` from the value at `index` of `tape` (complete, held by the caller's decode).
    /// `budget`: what the caller's decode
    /// has left of `maxElements`, which the value's containers and weights count against (what
    /// is left then is ``elementsLeft``).
    final func decode<T: ModelValue>(_ type: T.Type, in tape: Tape, at index: Int, options: DecodingOptions,
                                     budget: Int = .max) throws -> T {
        start(tape, options: options)
        rootIndex = index
        startCounting(at: index, budget: budget, limit: options.limits.maxElements)
        rootIsExact = false  // as the replay's root: a polymorphic model chooses its class
        defer {
            rootIndex = 0
            end()
        }
        do {
            guard let value = try T._decodeTape(index, self) else {
                try countRest()
                throw noValue(typeName: T._typeName)
            }
            try countRest()
            return value
        } catch {
            throw failure(error)
        }
    }

    /// A failure at entry `entry` (`closes`: where that container closes) placed in the value
    /// read (``rootIndex`` not 0): offset, line and column in its bytes.
    @_optimize(size)  // errors and rare features: size, not speed (scripts/check-linkage.sh)
    final func placedInValue(_ entry: Int, closes: Bool, in tape: Tape) -> (offset: Int, line: Int, column: Int) {
        let bytes = tape.inputBytes(of: rootIndex)
        let base = tape.tokenStart(entries[rootIndex])
        let absolute = closes ? Int(entries[entry].start) - 1 : tape.tokenStart(entries[entry])
        let offset = min(max(absolute - base, 0), bytes.count)
        let (line, column) = LineIndex(bytes).location(of: offset, in: bytes)
        return (offset, line, column)
    }
}

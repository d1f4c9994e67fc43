// `DecodingLimits.maxElements` on the tape. The recorder bounds the document: every object and
// array counts one, and a document with more containers than the limit is refused while it is
// recorded. What a value becomes depends on the types it is read into, which only the reader
// knows: a model, or a scalar collection element, of 64 bytes or more counts one more per whole
// 64 bytes as it is read. The two are counted in document order, as the push engine met them:
// the reader counts the containers before each value it enters (a cursor over the tape, skipped
// values included), so a budget crossed by a container or by a value's weight fails at the same
// entry on both paths. A value read twice (a key several fields share, the object a
// polymorphic model chooses its class from) counts its containers once and its weights per read
// (the push engine, which replayed a buffered copy, counted both again).

extension TapeSchemaReader {
    /// Whether this decode counts elements (a limit was set). Unlimited decodes never reach the
    /// counting below: ``countedThrough`` is then past every entry.
    @inlinable @inline(__always)
    final var countsElements: Bool { maxElements != .max }

    /// Starts counting for the value at `root` against `limit` (the options' `maxElements`,
    /// passed in: reading the reader's `options` copies the whole struct, a dozen retains):
    /// nothing of it counted, `budget` left.
    final func startCounting(at root: Int, budget: Int, limit: Int) {
        maxElements = limit
        elementsLeft = budget
        countedThrough = countsElements ? root : .max
    }

    /// Counts `weight` for the value at `index` (a model, or a scalar collection element, of 64
    /// bytes or more), after the containers before it.
    @usableFromInline
    final func countWeight(_ weight: Int, at index: Int) throws {
        // Counted where the value starts: placed there, as the push engine placed it.
        try countContainers(through: index)
        elementsLeft &-= weight
        if elementsLeft < 0 {
            current = index
            throw DecodeFailure.limit(.maxElements, maxElements)
        }
    }

    /// Counts the containers of the tape up to entry `index` (included) not counted yet; fails
    /// at the one that crosses the budget.
    @usableFromInline
    final func countContainers(through index: Int) throws {
        let start = countedThrough
        guard start <= index else { return }
        var entry = start
        // Entries are counted forward only: a value read again does not count its containers again.
        defer { countedThrough = max(countedThrough, entry) }
        while entry <= index {
            if entries[entry].isContainer {
                elementsLeft &-= 1
                if elementsLeft < 0 {
                    let crossing = entry
                    entry += 1
                    throw crossed(at: crossing, countedFrom: start)
                }
            }
            entry += 1
        }
    }

    /// The budget crossed at the container at `crossing`. Every entry from `start` on is one the
    /// read has not entered, so the outermost container there that holds `crossing` is a value
    /// the read skipped (or is about to read): the push engine, whose skipped values push no
    /// path, named that value in the path and placed the failure at the crossing bracket.
    private final func crossed(at crossing: Int, countedFrom start: Int) -> ModelDecodingError {
        var outermost = start
        while outermost < crossing, !(entries[outermost].isContainer && crossing < Int(entries[outermost].next)) {
            outermost += 1
        }
        return located(.limitExceeded(.maxElements, limit: maxElements), at: crossing, path: path(to: outermost))
    }
    /// The root value, then the containers after the last value entered (skipped ones).
    @inlinable
    final func decodeCounting<T: ModelValue>(_ type: T.Type) throws -> T {
        guard let value = try T._decodeTape(rootIndex, self) else {
            try countRest()
            throw noValue(typeName: T._typeName)
        }
        try countRest()
        return value
    }

    /// The value read is whole: the containers after the last value entered (skipped ones) count too.
    @usableFromInline
    final func countRest() throws {
        guard countsElements else { return }
        try countContainers(through: Int(entries[rootIndex].next) - 1)
    }

    /// A failure of the read at `current`: the containers the push engine had opened by then
    /// count first, so a budget they cross fails there instead (the push engine met it first).
    @_optimize(size)  // errors and rare features: size, not speed (scripts/check-linkage.sh)
    final func budgetFailure(before error: any Error) -> ModelDecodingError? {
        // A budget already crossed is the failure itself.
        guard countsElements, elementsLeft >= 0, tape != nil else { return nil }
        let reached = current < 0 ? Int(entries[~current].next) - 1 : current
        do {
            try countContainers(through: min(reached, Int(entries[rootIndex].next) - 1))
            return nil
        } catch {
            return error as? ModelDecodingError
        }
    }

    // MARK: Values read again

    /// A value several consumers read (a key fields of several types share, a merge per field,
    /// a key-path level over it): each read after the first counts the value's entries. Nested
    /// in a recursive model, such reads would cost 2^depth (40 levels of 250 bytes: 2^40 reads),
    /// so a decode may read again as many entries as the push engine could replay: 2^20, plus 64
    /// per byte of input. Past that it fails, with the push engine's message.
    final func countReread(_ value: Int, reads: inout Int) throws {
        reads += 1
        guard reads > 1 else { return }
        rereadsLeft &-= Int(entries[value].next) - value
        if rereadsLeft < 0 {
            current = value
            throw DecodeFailure(reason: .invalid(
                "buffered values replayed more than \(rereadBudget) times (one key read by fields of several types, nested): the document multiplies the work of decoding it"))
        }
    }

    /// Values any decode may read again before its budget is counted against its size.
    static let rereadAllowance = 1 << 20

    /// What a decode of `tape` may read again (``countReread(_:reads:)``): a value on a key
    /// several fields share is read once per field, which at every level of a recursive model is
    /// 2^depth reads (24 levels, 151 bytes: 35 s). A decode may read again 64 values per byte
    /// (or per entry of a recorded value) beyond the allowance; past that it fails.
    static func rereadBudget(of tape: Tape) -> Int {
        rereadAllowance + 64 * max(tape.input.count, tape.count)
    }
}

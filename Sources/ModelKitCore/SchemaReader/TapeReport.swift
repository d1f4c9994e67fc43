// `decodeWithReport` on the tape: every failure `mismatch: .skip` drops is kept with its place.
// The places are found once the read is over, in one walk down the tape to all of them (their
// entries sorted), not one walk from the root per failure: a path walk counts the siblings
// before its target, which for 10^5 skipped elements of one array is quadratic.

extension TapeSchemaReader {
    /// Reads `T` from the root of the tape and returns every failure dropped under `.skip`, placed.
    final func readReporting<T: ModelValue>(_ type: T.Type) throws -> (value: T, skipped: [ModelDecodingError]) {
        keptSkippedLimit = .max
        do {
            let value = try T._decodeTape(0, self)
            try countRest()
            placeSkipped()
            guard let value else { throw noValue(typeName: T._typeName) }
            return (value, skipped)
        } catch {
            throw failure(error)
        }
    }

    /// Gives each kept failure its path, line and column (``locateSkipped(_:)`` noted where).
    @_optimize(size)  // errors and rare features: size, not speed (scripts/check-linkage.sh)
    final func placeSkipped() {
        guard !skippedAt.isEmpty else { return }
        // A side reader's failures (a preprocessed model's) were placed when they were kept.
        let pending = skippedAt.indices.filter { skippedAt[$0] != Self.placedAlready && $0 < skipped.count }
        let paths = self.paths(to: pending.map { skippedAt[$0] < 0 ? ~skippedAt[$0] : skippedAt[$0] })
        for (path, i) in zip(paths, pending) {
            skipped[i] = located(skipped[i].reason, at: skippedAt[i], path: path)
        }
        skippedAt = []
    }

    /// The path to each of `targets` (entries: values, or members' keys), as ``path(to:)``
    /// finds one, in one walk down the tape: each container's members are passed over once for
    /// all the targets inside it.
    final func paths(to targets: [Int]) -> [String] {
        var order = Array(targets.indices)
        order.sort { (targets[$0], $0) < (targets[$1], $1) }
        var paths = [String](repeating: JSONPath.root, count: targets.count)
        var next = 0  // the first target in `order` not placed yet
        var path = JSONPath.root
        place(0, &path, targets, order, &next, &paths)
        return paths
    }

    /// Places the targets in the value at `index` (whose path is `path`), in entry order.
    @_optimize(size)
    private final func place(_ index: Int, _ path: inout String, _ targets: [Int], _ order: [Int], _ next: inout Int,
                             _ paths: inout [String]) {
        while next < order.count, targets[order[next]] == index {
            paths[order[next]] = path
            next += 1
        }
        let entry = entries[index]
        guard entry.isContainer else { return }
        let end = Int(entry.next)
        var child = index + 1, ordinal = 0
        while child < end, next < order.count, targets[order[next]] < end {
            // A member's key, then its value; an element.
            let value = entry.kind == .object ? child + 1 : child
            let after = Int(entries[value].next)
            if targets[order[next]] < after {
                let outer = path
                if entry.kind == .object {
                    path.appendPathKey(String(decoding: tape!.bytes(of: entries[child]), as: UTF8.self))
                    while next < order.count, targets[order[next]] == child {  // the key itself
                        paths[order[next]] = path
                        next += 1
                    }
                } else {
                    path.appendPathIndex(ordinal)
                }
                place(value, &path, targets, order, &next, &paths)
                path = outer
            }
            child = after
            ordinal += 1
        }
    }
}

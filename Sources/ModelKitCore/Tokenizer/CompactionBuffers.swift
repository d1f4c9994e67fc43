/// The storage of a compacted copy and its list of removed runs, kept for the next compaction.
///
/// Both are large (a copy the size of the input, a run per line): allocated per decode they are
/// often fresh mappings, whose every page faults on first touch (a 563 KB document between
/// other work: 190 page faults per decode, 12 % of its time). Parked ones are reused.
final class CompactionBuffers {
    private(set) var storage: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// Filled by the compaction; shared with the copy's ``WhitespaceMap`` until it is done.
    var runs: [WhitespaceRun] = []

    /// Buffers bigger than this are not parked: the memory a pool may hold while idle stays
    /// bounded (`pool`'s capacity times this).
    static let maximumParkedBytes = 2 << 20
    private static let pool = ParkedPool<CompactionBuffers>(capacity: 4)

    private init(capacity: Int) {
        storage = .allocate(byteCount: capacity, alignment: 8)
        self.capacity = capacity
    }

    deinit { storage.deallocate() }

    /// Buffers for a copy of up to `byteCount` bytes and about `lines` runs, parked or new.
    static func take(byteCount: Int, lines: Int) -> CompactionBuffers {
        guard let parked = pool.take() else { return prepared(CompactionBuffers(capacity: byteCount), lines: lines) }
        if parked.capacity < byteCount {
            parked.storage.deallocate()
            parked.storage = .allocate(byteCount: byteCount, alignment: 8)
            parked.capacity = byteCount
        }
        return prepared(parked, lines: lines)
    }

    private static func prepared(_ buffers: CompactionBuffers, lines: Int) -> CompactionBuffers {
        buffers.runs.removeAll(keepingCapacity: true)
        buffers.runs.reserveCapacity(lines)
        return buffers
    }

    /// Parks `buffers` once nothing reads the copy any more (its `CompactedInput` is gone).
    static func park(_ buffers: CompactionBuffers) {
        guard buffers.capacity <= maximumParkedBytes else { return }
        pool.park(buffers)
    }
}

/// A few parked objects that are costly to make (decode engines and tape recorders, each with
/// its yajl parser, which allocates half a dozen buffers), so that small documents reuse them.
/// Thread-safe; an item is used by one decode at a time.
final class ParkedPool<Item: AnyObject>: @unchecked Sendable {
    // @unchecked: the items are not Sendable. The lock hands each parked item to exactly one
    // thread, and only the decode that took an item parks it again, once nothing else reaches it.
    private let parked = Lock<[Item]>([])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// A parked item, now the caller's alone; nil when none is parked.
    func take() -> Item? {
        parked.withLock { $0.popLast() }
    }

    /// Parks `item` for the next `take` (dropped when the pool is full).
    func park(_ item: Item) {
        parked.withLock { list in
            if list.count < capacity { list.append(item) }
        }
    }
}

import Synchronization

/// A few parked objects that are costly to make (tape recorders, each with its yajl parser,
/// which allocates half a dozen buffers), so that small documents reuse them.
/// Thread-safe; an item is used by one decode at a time.
final class ParkedPool<Item: AnyObject>: @unchecked Sendable {
    // @unchecked: the items are not Sendable. The slot and the lock each hand a parked item to
    // exactly one thread, and only the decode that took an item parks it again, once nothing
    // else reaches it.
    /// The item parked last, when the slot was free: taken and parked with one atomic exchange
    /// each. A server's requests mostly take one item and give it back before the next takes
    /// one, and the lock around the list costs a small decode about 160 instructions.
    private let slot = Atomic<UnsafeMutableRawPointer?>(nil)
    /// The others, while several decodes run at once.
    private let parked = Lock<[Item]>([])
    /// How many the list keeps (the slot holds one more).
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(capacity - 1, 0) }

    deinit {
        // The slot holds its item's +1 (``park(_:)``).
        if let item = slot.exchange(nil, ordering: .acquiring) { Unmanaged<Item>.fromOpaque(item).release() }
    }

    /// A parked item, now the caller's alone; nil when none is parked.
    func take() -> Item? {
        if let item = slot.exchange(nil, ordering: .acquiring) {
            // Why unmanaged: the slot held the +1 that `park` passed in; the exchange made this
            // thread its only holder.
            return Unmanaged<Item>.fromOpaque(item).takeRetainedValue()
        }
        return parked.withLock { $0.popLast() }
    }

    /// Parks `item` for the next `take` (dropped when the pool is full).
    func park(_ item: Item) {
        let retained = Unmanaged.passRetained(item)
        if slot.compareExchange(expected: nil, desired: retained.toOpaque(), ordering: .releasing).exchanged { return }
        retained.release()
        parked.withLock { list in
            if list.count < capacity { list.append(item) }
        }
    }
}

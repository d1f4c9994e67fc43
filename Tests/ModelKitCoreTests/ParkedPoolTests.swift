import Testing
import Synchronization
@testable import ModelKitCore

/// `ParkedPool`: a parked item goes to exactly one `take`, the pool keeps at most its capacity
/// (slot and list together), and what it drops or holds is released like any reference.
@Suite struct ParkedPoolTests {
    private final class Item {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test func takeReturnsEachParkedItemOnceAndNilWhenEmpty() {
        let pool = ParkedPool<Item>(capacity: 4)
        #expect(pool.take() == nil)
        let items = (0..<3).map(Item.init)
        for item in items { pool.park(item) }
        var taken: [Int] = []
        while let item = pool.take() { taken.append(item.id) }
        #expect(taken.sorted() == [0, 1, 2])
        #expect(pool.take() == nil)
    }

    @Test func keepsAtMostItsCapacityAndReleasesWhatItDrops() {
        let pool = ParkedPool<Item>(capacity: 2)
        weak var dropped: Item?
        do {
            let items = (0..<3).map(Item.init)
            dropped = items[2]
            for item in items { pool.park(item) }
        }
        #expect(dropped == nil, "the third item parked in a pool of two is not kept")
        #expect(pool.take() != nil)
        #expect(pool.take() != nil)
        #expect(pool.take() == nil)
    }

    @Test func aPoolOfOneKeepsOneItem() {
        let pool = ParkedPool<Item>(capacity: 1)
        pool.park(Item(1))
        pool.park(Item(2))
        #expect(pool.take()?.id == 1)
        #expect(pool.take() == nil)
    }

    @Test func releasesWhatItHoldsWhenItGoes() {
        weak var parked: Item?
        do {
            let pool = ParkedPool<Item>(capacity: 3)
            let items = (0..<2).map(Item.init)
            parked = items[0]
            for item in items { pool.park(item) }
        }
        #expect(parked == nil)
    }

    /// Many threads taking and parking at once: no item is ever held by two of them.
    @Test func concurrentTakersNeverShareAnItem() async {
        let pool = ParkedPool<Counter>(capacity: 4)
        for _ in 0..<4 { pool.park(Counter()) }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var ok = true
                    for _ in 0..<2_000 {
                        let item = pool.take() ?? Counter()
                        ok = ok && item.enter()
                        item.leave()
                        pool.park(item)
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
    }

    private final class Counter: @unchecked Sendable {
        private let holders = Atomic<Int>(0)
        /// Whether the caller is the only holder.
        func enter() -> Bool { holders.add(1, ordering: .acquiringAndReleasing).newValue == 1 }
        func leave() { holders.subtract(1, ordering: .acquiringAndReleasing) }
    }
}

/// A growable stack managed by hand, for the JSON writer's open containers.
///
/// Why not `Array`: every write to an element (`stack[i].count += 1`, once per value written)
/// checks that the array's buffer is uniquely referenced, and may copy it. The owner calls
/// ``free()`` exactly once, and never copies the stack (a copy would share the storage).
struct HandStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 8) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Releases the elements and the storage; the stack must not be used afterwards.
    mutating func free() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "HandStack index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(index >= 0 && index < count, "HandStack index out of range")
            return base + index
        }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty HandStack")
        count -= 1
        return (base + count).move()
    }

    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        for index in 0..<count where predicate(base[index]) { return index }
        return nil
    }

    private mutating func grow() {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity *= 2
    }
}

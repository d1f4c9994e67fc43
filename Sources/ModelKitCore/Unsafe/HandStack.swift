/// A growable stack managed by hand, for stacks touched once per token or value: the JSON
/// writer's open containers, the tape's open containers, the Codable bridge's coding path.
///
/// Why not `Array`: every write to an element (`stack[i].count += 1`, once per value written)
/// checks that the array's buffer is uniquely referenced, and may copy it; an array behind a
/// class is also retained per access. `~Copyable`: a copy would share the storage, and the
/// stack frees its elements and storage itself when its owner ends (see UncheckedStorage.swift
/// for the rules of this folder).
struct HandStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 8) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
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

    var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty HandStack")
        count -= 1
        return (base + count).move()
    }

    /// Drops the elements above `depth`.
    @inline(__always)
    mutating func truncate(to depth: Int) {
        guard count > depth else { return }
        (base + depth).deinitialize(count: count - depth)
        count = depth
    }

    /// The first `depth` elements.
    func prefix(_ depth: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: min(max(depth, 0), count)))
    }

    /// Replaces the whole stack with `elements`.
    mutating func replace(with elements: [Element]) {
        truncate(to: 0)
        for element in elements { append(element) }
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

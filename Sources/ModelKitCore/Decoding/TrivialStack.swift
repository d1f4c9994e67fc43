/// A stack of plain values in memory it manages itself, for stacks touched once per token or
/// value (the tape's open containers, the bridge's coding path): a push is a store and an
/// increment, where an `Array` kept behind a class paid a retain, a uniqueness check and
/// often an unspecialized call per access.
///
/// A value type over a pointer: its owner keeps it in one place (behind its `UncheckedStorage`),
/// never copies it, and calls `free()` once, from its deinit.
struct TrivialStack<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    func free() { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    subscript(position: Int) -> Element {
        assert(position >= 0 && position < count, "stack position out of range")
        return base[position]
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    @discardableResult
    mutating func pop() -> Element {
        assert(count > 0, "popped an empty stack")
        count -= 1
        return base[count]
    }

    /// Drops the elements above `depth`.
    @inline(__always)
    mutating func truncate(to depth: Int) {
        if count > depth { count = depth }
    }

    /// The first `depth` elements.
    func prefix(_ depth: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: min(max(depth, 0), count)))
    }

    /// Replaces the whole stack with `elements`.
    mutating func replace(with elements: [Element]) {
        count = 0
        for element in elements { push(element) }
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}

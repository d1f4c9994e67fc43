/// One step of a coding path as the tape knows it: a member by its key's tape entry, an element
/// by its ordinal. Eight bytes and no existential, so descending into a value costs a push onto
/// a plain array; the `CodingKey`s are made only when an error or `codingPath` asks for them.
enum PathStep {
    case member(keyEntry: UInt32)
    case element(UInt32)
}

/// The decoder's current coding path as a stack of steps, in memory it manages itself: a push
/// and a pop per value decoded cost a store and a decrement, where an `Array` behind the
/// decoder's storage paid uniqueness checks and unspecialized calls.
struct PathStepStack {
    private var base: UnsafeMutablePointer<PathStep>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    /// Ends the stack's memory: the owner calls it once, from its deinit.
    func free() { base.deallocate() }

    @inline(__always)
    mutating func push(_ step: PathStep) {
        if count == capacity { grow() }
        (base + count).initialize(to: step)
        count += 1
    }

    @inline(__always)
    mutating func pop() {
        assert(count > 0, "popped an empty coding path")
        count -= 1
    }

    /// Drops the steps above `depth`.
    @inline(__always)
    mutating func truncate(to depth: Int) {
        if count > depth { count = depth }
    }

    /// The first `depth` steps (for errors and detached containers).
    func prefix(_ depth: Int) -> [PathStep] {
        Array(UnsafeBufferPointer(start: base, count: min(depth, count)))
    }

    /// Replaces the whole stack with `steps` (a detached container's own path).
    mutating func replace(with steps: [PathStep]) {
        count = 0
        for step in steps { push(step) }
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<PathStep>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}

// A generic value handed over as the concrete type a lookup found it to be (`T` is `M`), without
// the copy an `as!` cast through an existential would make of a whole model. Both functions check
// the types are the same first: the rest is then a no-op reinterpretation.

/// `value`, borrowed in place, seen as the type it already is: `M` is `T`, found by
/// ``SchemaTypeLookup`` (no cast, no copy of the model into an existential or a temporary).
@inline(__always)
func withValue<T, M, R>(_ value: borrowing T, as _: M.Type, _ body: (UnsafePointer<M>) throws -> R) rethrows -> R {
    precondition(T.self == M.self, "withValue(_:as:) needs the value's own type")
    return try withUnsafePointer(to: value) { pointer in
        // Why rebinding is sound: T and M are the same type (checked above).
        try pointer.withMemoryRebound(to: M.self, capacity: 1, body)
    }
}

/// What `make` returns, moved out as the type it already is: `T` is `M` (see
/// ``withValue(_:as:_:)``), with no copy of the model.
@inline(__always)
func makeValue<M, T>(as _: T.Type, _ make: () throws -> M) rethrows -> T {
    precondition(T.self == M.self, "makeValue(as:_:) needs the value's own type")
    return try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
        // Why sound: the slot is initialized as M and moved out as T, the same type; nothing is
        // retained or released on the way. A throw leaves it uninitialized, as it was.
        let base = slot.baseAddress!
        UnsafeMutableRawPointer(base).assumingMemoryBound(to: M.self).initialize(to: try make())
        return base.move()
    }
}

/// One value of the decoder's hot mutable state, kept out of line behind a pointer.
///
/// Swift checks exclusive access to a class's stored `var` at run time whenever it cannot
/// prove the accesses apart (an array appended to through an opaque call, a property read
/// from inlined code in another module): a thread-local access set, about 80 instructions per
/// access, several per token. Memory reached through a pointer is not checked. Each owner
/// keeps its storage private or behind an accessor, never lets the pointer escape, and never
/// holds two accesses to one storage at once (no `inout` of it spans a call back into the
/// decoder): what the run-time check would verify. DEBUG builds keep the value in a class
/// property instead, so the tests run with Swift's own check on every access.
@usableFromInline
struct UncheckedStorage<Value> {
    #if DEBUG
    @usableFromInline
    final class Box {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline let box: Box

    @inlinable
    init(_ value: Value) { box = Box(value) }

    @inlinable
    var value: Value {
        get { box.value }
        nonmutating _modify { yield &box.value }
    }

    @usableFromInline
    func free() {}
    #else
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    @inlinable
    init(_ value: Value) {
        // Freed by the owner's deinit (`free()`), the only place that ends its lifetime.
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    /// The value, read and written in place (no copy, no exclusivity bookkeeping).
    @inlinable
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }

    /// Ends the storage; the owner's deinit calls it once.
    @usableFromInline
    func free() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
    #endif
}

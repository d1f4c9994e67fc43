// Unsafe/: the library's general-purpose unsafe building blocks. The rules, stated once:
//
// - One owner. Each block is `~Copyable` and frees what it holds in its `deinit`: the compiler
//   ends its lifetime exactly once, with its owner (a class holding it in a `let`, or a struct
//   that is `~Copyable` in turn). No owner frees anything by hand.
// - No escaping pointers. A block hands out its memory only for the length of an access
//   (`unsafeAddress`, `_read`, `_modify`), never as a pointer kept by the caller.
// - One access at a time. No owner holds an access to a block across a call that may reach the
//   same block again (a visitor or callback calling back in): what Swift's run-time exclusivity
//   check would verify, and why skipping it is sound.
// - DEBUG checks. DEBUG builds keep Swift's own checks where release builds skip them (the value
//   in a class property, bounds preconditions), so the test suite exercises them; CI runs the
//   core tests optimized under AddressSanitizer for the unchecked release branches.
//
// Unsafe code outside this folder is limited to the tokenizer, the number parsers and formatters,
// the byte buffers of the writers and the sites listed in ARCHITECTURE.md ("Unsafe code, and
// why"), each with a comment saying what keeps it sound.

/// One value of a hot mutable state, kept out of line behind a pointer.
///
/// Swift checks exclusive access to a class's stored `var` at run time whenever it cannot
/// prove the accesses apart (an array appended to through an opaque call, a property read
/// from inlined code in another module): a thread-local access set, about 80 instructions per
/// access, several per token. Memory reached through a pointer is not checked, and a `let` is
/// never checked: owners hold the storage in a `let`. Each owner keeps its storage private or
/// behind an accessor and never holds two accesses to one storage at once (no `inout` of it
/// spans a call back into the owner). DEBUG builds keep the value in a class property instead,
/// so the tests run with Swift's own check on every access.
@usableFromInline
struct UncheckedStorage<Value: ~Copyable>: ~Copyable {
    #if DEBUG
    @usableFromInline
    final class Box {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: consuming Value) { self.value = value }
    }

    @usableFromInline let box: Box

    @inlinable
    init(_ value: consuming Value) { box = Box(value) }
    #else
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    @inlinable
    init(_ value: consuming Value) {
        // Why a pointer: see the type's comment. Freed by `deinit`, the only end of its lifetime.
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The value, read and written in place (no copy, no exclusivity bookkeeping).
    @inlinable
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
    #endif
}

#if DEBUG
extension UncheckedStorage where Value: ~Copyable {
    /// The value, through the class property (Swift's exclusivity check on every access).
    @inlinable
    var value: Value {
        _read { yield box.value }
        nonmutating _modify { yield &box.value }
    }
}

extension UncheckedStorage where Value: Copyable {
    // Why a getter besides the `_read` above (overload resolution picks this one for copyable
    // values): unoptimized builds allocate a `_read` coroutine's frame on the heap, and the
    // allocation-counting tests must see in DEBUG what release builds allocate.
    /// The value, through the class property (Swift's exclusivity check on every access).
    @inlinable
    var value: Value {
        get { box.value }
        nonmutating _modify { yield &box.value }
    }
}
#endif

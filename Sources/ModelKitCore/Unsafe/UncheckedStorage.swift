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
/// spans a call back into the owner). DEBUG builds check that rule on every access instead
/// (``AccessProbe``), so the tests verify it.
@usableFromInline
struct UncheckedStorage<Value: ~Copyable>: ~Copyable {
    @usableFromInline let pointer: UnsafeMutablePointer<Value>
    #if DEBUG
    @usableFromInline let probe = AccessProbe()
    #endif

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

    #if DEBUG
    /// The value, read and written in place, each access checked by the probe.
    @inlinable
    var value: Value {
        unsafeAddress {
            probe.checkNoWrite()
            return UnsafePointer(pointer)
        }
        // A coroutine in DEBUG, so the probe sees where the write access ends.
        nonmutating _modify {
            probe.beginWrite()
            defer { probe.endWrite() }
            yield &pointer.pointee
        }
    }
    #else
    /// The value, read and written in place (no copy, no exclusivity bookkeeping).
    @inlinable
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
    #endif
}

#if DEBUG
/// DEBUG's stand-in for Swift's run-time exclusivity check on an ``UncheckedStorage``: a write
/// access overlapping any other access to the same storage traps, as a class property's would.
/// A getter and an address accessor are no coroutines: reads allocate nothing even unoptimized,
/// which the allocation-counting tests rely on.
@usableFromInline
final class AccessProbe {
    @usableFromInline var writing = false
    @usableFromInline init() {}

    @inlinable func checkNoWrite() {
        precondition(!writing, "UncheckedStorage: read during a write access to the same storage")
    }

    @inlinable func beginWrite() {
        precondition(!writing, "UncheckedStorage: overlapping write accesses to the same storage")
        writing = true
    }

    @inlinable func endWrite() { writing = false }
}
#endif

/// A growable byte buffer managed by hand, shared by the JSON and CBOR writers: appends are their
/// hot path, and a class-held `Array` would pay uniqueness and exclusivity checks on every byte.
final class ByteOutput {
    private struct State {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int
        /// Whether `base` is this buffer's own allocation (false while writing into lent memory).
        var owned = true
    }
    // Why out of line (UncheckedStorage): class-held `var`s cost a run-time exclusivity check per
    // append (a third of an encode's instructions). Only this class touches the storage, and no
    // access to it spans a call out of the class.
    private let state: UncheckedStorage<State>

    init(capacity: Int) {
        let capacity = max(capacity, 16)
        state = UncheckedStorage(State(base: .allocate(capacity: capacity), capacity: capacity))
    }

    /// Writes into `memory`, which the caller lends (a server's response buffer, say) and which
    /// must outlive this buffer; the first write that does not fit moves everything into an
    /// allocation of its own (see ``isInLentMemory``). Appends cost the same in both places.
    init(lending memory: UnsafeMutableRawBufferPointer) {
        // Why rebinding is sound: the bytes are only ever written as UInt8 and read back as raw bytes.
        let base = memory.baseAddress?.assumingMemoryBound(to: UInt8.self)
        if let base, memory.count > 0 {
            state = UncheckedStorage(State(base: base, capacity: memory.count, owned: false))
        } else {
            state = UncheckedStorage(State(base: .allocate(capacity: 16), capacity: 16))
        }
    }

    deinit {
        if state.value.owned { state.value.base.deallocate() }
    }

    /// Stops using lent memory: its owner may free it once the call that lent it returns, while a
    /// kept visitor can still write. Later writes land in a fresh buffer of this one's own.
    func returnLentMemory() {
        guard !state.value.owned else { return }
        state.value = State(base: .allocate(capacity: 16), capacity: 16)
    }

    /// True while every byte written is still in the memory lent to ``init(lending:)``.
    var isInLentMemory: Bool { !state.value.owned }

    /// The start of the bytes written; moves when the buffer grows.
    var base: UnsafeMutablePointer<UInt8> { state.value.base }
    /// How many bytes were written.
    var count: Int { state.value.count }
    /// How many bytes fit before the buffer grows.
    var capacity: Int { state.value.capacity }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
    /// The bytes written, valid until the next append.
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes written, keeping the room.
    func removeAll() { state.value.count = 0 }

    /// Forgets the bytes written after the first `count`.
    func truncate(to count: Int) { state.value.count = min(count, state.value.count) }

    @inline(__always)
    func reserve(_ extra: Int) {
        if state.value.count + extra > state.value.capacity { grow(extra) }
    }

    private func grow(_ extra: Int) {
        let count = state.value.count
        var newCapacity = state.value.capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: state.value.base, count: count)
        if state.value.owned { state.value.base.deallocate() }
        state.value.base = newBase
        state.value.capacity = newCapacity
        state.value.owned = true
    }

    /// Appends after `reserve`: the caller made room.
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        assert(state.value.count < state.value.capacity, "appendReserved past the reserved room")
        state.value.base[state.value.count] = byte
        state.value.count += 1
    }

    /// Lets `write` fill up to `maxCount` bytes in place and keeps the count it returns, so
    /// number and date formatters write straight into the buffer with no temporary.
    @inline(__always)
    func append(upTo maxCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        // Why unsafe: `reserve` made room for `maxCount` bytes after `count`; the writers promise
        // to stay within it.
        let written = write(state.value.base + state.value.count)
        assert(written >= 0 && written <= maxCount)
        state.value.count += written
    }

    @inline(__always)
    func put(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inline(__always)
    func put(_ raw: UnsafeRawBufferPointer) {
        let n = raw.count
        guard n > 0 else { return }
        reserve(n)
        Self.copy(raw, to: UnsafeMutableRawPointer(state.value.base + state.value.count))
        state.value.count += n
    }

    /// `raw`, then the bytes `first` and `second` (a string's clean run, then an escape): one
    /// reservation, exactly what is written (lent memory must not spill for bytes never written).
    @inline(__always)
    func put(_ raw: UnsafeRawBufferPointer, then first: UInt8, _ second: UInt8) {
        let n = raw.count
        reserve(n &+ 2)
        // Why unsafe: `reserve` made room for `n + 2` bytes at `target`.
        let target = UnsafeMutableRawPointer(state.value.base + state.value.count)
        if n > 0 { Self.copy(raw, to: target) }
        target.storeBytes(of: first, toByteOffset: n, as: UInt8.self)
        target.storeBytes(of: second, toByteOffset: n &+ 1, as: UInt8.self)
        state.value.count &+= n &+ 2
    }

    /// Copies `raw` (not empty) to `target`, which has room for it.
    @inline(__always)
    private static func copy(_ raw: UnsafeRawBufferPointer, to target: UnsafeMutableRawPointer) {
        let n = raw.count
        // Keys and most strings are short: two overlapping word moves beat a call to memcpy.
        // Why unsafe: the caller made room for `n` bytes at `target`; loads stay within `raw`.
        if n >= 8 && n <= 16 {
            target.storeBytes(of: raw.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            target.storeBytes(of: raw.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { target.storeBytes(of: raw[i], toByteOffset: i, as: UInt8.self) }
        } else {
            target.copyMemory(from: raw.baseAddress!, byteCount: n)
        }
    }

    @inline(__always)
    func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `value` (integers never go through `Double` or `String`):
    /// the length from comparisons, then two digits per division, from the right.
    @inline(__always)
    func putDigits(_ value: UInt64) {
        reserve(20)
        if value < 10 {
            appendReserved(0x30 &+ UInt8(value))
            return
        }
        var digits = 2
        var limit: UInt64 = 100
        while digits < 20 && value >= limit {
            digits &+= 1
            limit &*= 10
        }
        let base = state.value.base
        var i = state.value.count &+ digits
        var v = value
        let pairs = ByteOutput.digitPairs.utf8Start
        while v >= 10 {
            let pair = Int(v % 100) &* 2
            v /= 100
            i &-= 2
            base[i] = pairs[pair]
            base[i &+ 1] = pairs[pair &+ 1]
        }
        if i > state.value.count {
            // One digit left (an odd count).
            base[i &- 1] = 0x30 &+ UInt8(v)
        }
        state.value.count &+= digits
    }

    /// "00" through "99": two digits per table read.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}

/// A growable byte buffer managed by hand, shared by the JSON and CBOR writers: appends are their
/// hot path, and a class-held `Array` would pay uniqueness and exclusivity checks on every byte.
final class ByteOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
    /// The bytes written, valid until the next append.
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    private func grow(_ extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends after `reserve`: the caller made room.
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Lets `write` fill up to `maxCount` bytes in place and keeps the count it returns, so
    /// number and date formatters write straight into the buffer with no temporary.
    @inline(__always)
    func append(upTo maxCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        // Why unsafe: `reserve` made room for `maxCount` bytes after `count`; the writers promise
        // to stay within it.
        let written = write(base + count)
        assert(written >= 0 && written <= maxCount)
        count += written
    }

    @inline(__always)
    func put(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inline(__always)
    func put(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        reserve(raw.count)
        (base + count).update(from: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: raw.count)
        count += raw.count
    }

    @inline(__always)
    func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `value` (integers never go through `Double` or `String`).
    @inline(__always)
    func putDigits(_ value: UInt64) {
        reserve(20)
        if value < 10 {
            appendReserved(0x30 &+ UInt8(value))
            return
        }
        var digits = 0
        var v = value
        while v > 0 {
            digits += 1
            v /= 10
        }
        v = value
        var i = count + digits
        while v > 0 {
            i -= 1
            base[i] = 0x30 &+ UInt8(v % 10)
            v /= 10
        }
        count += digits
    }
}

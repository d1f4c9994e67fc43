/// The bytes of the stream from the start of the record being recorded (or of the piece being
/// parsed, between records) to the end of what the parser was handed: the input a stream's
/// tape refers to. A chunk is gone once `feed` returns, but tape entries are offsets into the
/// record's bytes and errors read them for their place, so they are kept until the record is read.
///
/// Bounded by one record plus one chunk: ``dropFirst(_:)`` lets everything before the open
/// record go before each new piece is appended.
struct RecordBytes: ~Copyable {
    // Why raw memory: yajl, the tape and the schema reader hold the address between calls (the
    // tape's input while a record is open), which an array's storage does not promise outside a
    // `withUnsafeBytes` closure. Only this type allocates, moves and frees it.
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private(set) var capacity: Int
    /// What the buffer keeps between records: a larger one (a record of megabytes) is given back.
    private static let keptCapacity = 1 << 20

    init() {
        capacity = 4096
        base = .allocate(byteCount: capacity, alignment: 1)
    }

    deinit { base.deallocate() }

    /// The bytes from `offset` on (valid until the next ``append(_:)`` or ``dropFirst(_:)``).
    func suffix(from offset: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: count - offset)
    }

    /// Forgets the first `n` bytes (the rest moves to the start).
    mutating func dropFirst(_ n: Int) {
        precondition(n <= count, "dropping more than is kept")
        guard n > 0 else { return }
        if n < count { base.copyMemory(from: base + n, byteCount: count - n) }
        count -= n
        if count == 0, capacity > Self.keptCapacity {
            base.deallocate()
            capacity = 4096
            base = .allocate(byteCount: capacity, alignment: 1)
        }
    }

    /// Appends `bytes`, growing the buffer (its address changes then).
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity {
            var grown = capacity * 2
            while grown < count + bytes.count { grown *= 2 }
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
            moved.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = moved
            capacity = grown
        }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }
}

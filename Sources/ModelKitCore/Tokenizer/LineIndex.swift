/// Line and column of any offset of one document, built on the first error and shared by every
/// decoder made from the document (super decoders included): locating the errors of a whole
/// decode costs one pass over the input, however many errors `try?` probes throw and catch.
struct LineIndex {
    /// Offsets where each line after the first starts.
    private var lineStarts: [Int] = []
    /// Scalars (bytes that are not UTF-8 continuation bytes) before each multiple of `stride`.
    private var scalarCounts: [Int] = []
    private static let stride = 256

    /// Sixteen bytes a turn, in vectors: a byte at a time cost 12 instructions per byte, and eight
    /// at a time (ByteWord) 3.8, which a Codable type probing with `try?` paid per decode — 8 % of
    /// the bridge's instructions on the pretty-printed weibo.json with Foundation's strict defaults.
    init(_ input: UnsafeRawBufferPointer) {
        let count = input.count
        scalarCounts.reserveCapacity(count / Self.stride + 1)
        var scalars = 0
        var offset = 0
        while offset < count {
            scalarCounts.append(scalars)
            let blockEnd = min(offset + Self.stride, count)
            // Continuation bytes (10xxxxxx) counted per lane, at most 16 a block, summed once a
            // block: a true lane of a vector compare is 0xFF, so subtracting it adds one.
            var continuationLanes = SIMD16<UInt8>()
            let vectorsStart = offset
            while offset + 16 <= blockEnd {
                let bytes = input.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                // Spelled with explicit vector types: inferred ones, `any(_:)` and lane loops
                // compile to a loop per lane. Why the bit casts: a compare's lanes are 0 or 0xFF,
                // read as counts to subtract and as two words whose set bits mark the line feeds.
                let masked = bytes & SIMD16<UInt8>(repeating: 0xC0)
                let isContinuation = masked .== SIMD16<UInt8>(repeating: 0x80)
                continuationLanes &-= unsafeBitCast(isContinuation, to: SIMD16<UInt8>.self)
                let isBreak = bytes .== SIMD16<UInt8>(repeating: 0x0A)
                let breaks = unsafeBitCast(isBreak, to: SIMD2<UInt64>.self)
                if breaks[0] | breaks[1] != 0 {
                    appendLineStarts(breaks[0] & ByteWord.highs, at: offset)
                    appendLineStarts(breaks[1] & ByteWord.highs, at: offset + 8)
                }
                offset += 16
            }
            // The sixteen lanes (each at most 16) as two words added (at most 32 a byte), then in
            // pairs (at most 64), then the four pairs summed in the top sixteen bits.
            let words = unsafeBitCast(continuationLanes, to: SIMD2<UInt64>.self)
            let bytesSum = words[0] &+ words[1]
            let pairs = (bytesSum & 0x00FF_00FF_00FF_00FF) &+ ((bytesSum >> 8) & 0x00FF_00FF_00FF_00FF)
            scalars += (offset - vectorsStart) - Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
            while offset < blockEnd {
                let byte = input[offset]
                if byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
                if byte & 0xC0 != 0x80 { scalars += 1 }
                offset += 1
            }
        }
        scalarCounts.append(scalars)
        Self.bytesIndexed?.withLock { $0 += count }
    }

    /// A line starts after each line feed flagged (high bit of its byte) in the eight bytes at `offset`.
    @inline(__always)
    private mutating func appendLineStarts(_ flags: UInt64, at offset: Int) {
        var flags = flags
        while flags != 0 {
            lineStarts.append(offset + (flags.trailingZeroBitCount >> 3) + 1)
            flags &= flags - 1
        }
    }

    /// 1-based line and column (in Unicode scalars) of `offset`.
    func location(of offset: Int, in input: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), input.count)
        let low = linesStarting(through: target)
        let lineStart = low == 0 ? 0 : lineStarts[low - 1]
        return (low + 1, scalars(before: target, input) - scalars(before: lineStart, input) + 1)
    }

    /// How many lines start in `from + 1 ... through` (after a line break at or past `from`),
    /// and where the last of them starts.
    func lineBreaks(after from: Int, through target: Int) -> (count: Int, lastLineStart: Int?) {
        let first = linesStarting(through: from), last = linesStarting(through: target)
        return (last - first, last > first ? lineStarts[last - 1] : nil)
    }

    /// Scalars in `from..<to`.
    func scalars(from: Int, to: Int, in input: UnsafeRawBufferPointer) -> Int {
        scalars(before: to, input) - scalars(before: from, input)
    }

    /// How many lines (after the first) start at or before `offset`.
    private func linesStarting(through offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func scalars(before offset: Int, _ input: UnsafeRawBufferPointer) -> Int {
        let block = offset / Self.stride
        var count = scalarCounts[min(block, scalarCounts.count - 1)]
        var i = block * Self.stride
        while i < offset {
            if input[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// Counts the bytes indexed in a task: lets tests see that locating errors stays linear.
    @TaskLocal static var bytesIndexed: Lock<Int>?
}

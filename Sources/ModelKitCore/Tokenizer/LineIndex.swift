/// Line and column of any offset of one document, built on the first error and shared by every
/// decoder made from the document (super decoders included): locating the errors of a whole
/// decode costs one pass over the input, however many errors `try?` probes throw and catch.
struct LineIndex {
    /// Offsets where each line after the first starts.
    private var lineStarts: [Int] = []
    /// Scalars (bytes that are not UTF-8 continuation bytes) before each multiple of `stride`.
    private var scalarCounts: [Int] = []
    private static let stride = 256

    /// Eight bytes a turn (ByteWord): a byte at a time cost 12 instructions per byte, which a
    /// Codable type probing with `try?` paid per decode — a fifth of the bridge's time on the
    /// pretty-printed weibo.json with Foundation's strict defaults.
    init(_ input: UnsafeRawBufferPointer) {
        let count = input.count
        scalarCounts.reserveCapacity(count / Self.stride + 1)
        var scalars = 0
        var offset = 0
        let newline = ByteWord.repeating(UInt8(ascii: "\n"))
        let lows = ~ByteWord.highs
        while offset < count {
            scalarCounts.append(scalars)
            let blockEnd = min(offset + Self.stride, count)
            // Continuation bytes counted per byte lane (at most 32 words a block: no lane
            // overflows), summed once a block: `nonzeroBitCount` per word is a software popcount
            // on the baseline x86-64 target, 40 instructions.
            var continuationLanes: UInt64 = 0
            let wordsStart = offset
            while offset + 8 <= blockEnd {
                let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                // A continuation byte is 10xxxxxx: its high bit set, the next one clear.
                continuationLanes &+= (word & ~(word << 1) & ByteWord.highs) >> 7
                // Exact, unlike ByteWord.zeroBytes (no borrow crosses a byte): a line break at
                // any byte is flagged, and nothing else.
                let x = word ^ newline
                var breaks = ~(((x & lows) &+ lows) | x) & ByteWord.highs
                while breaks != 0 {
                    lineStarts.append(offset + (breaks.trailingZeroBitCount >> 3) + 1)
                    breaks &= breaks - 1
                }
                offset += 8
            }
            // Lanes summed in pairs first: eight lanes of up to 32 may reach 256 (invalid UTF-8,
            // whose errors are located too), past what one byte holds.
            let pairs = (continuationLanes & 0x00FF_00FF_00FF_00FF) &+ ((continuationLanes >> 8) & 0x00FF_00FF_00FF_00FF)
            scalars += (offset - wordsStart) - Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
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

/// Line and column of any offset of one document, built on the first error and shared by every
/// decoder made from the document (super decoders included): locating the errors of a whole
/// decode costs one pass over the input, however many errors `try?` probes throw and catch.
struct LineIndex {
    /// Offsets where each line after the first starts.
    private var lineStarts: [Int] = []
    /// Scalars (bytes that are not UTF-8 continuation bytes) before each multiple of `stride`:
    /// made only for an input with a line longer than `countedColumns` (minified JSON is one line).
    private var scalarCounts: [Int] = []
    private static let stride = 256
    /// A column on a line up to this long is counted from the line's start when asked for.
    private static let countedColumns = 1_024

    /// Line feeds sixteen bytes a turn, in vectors (a byte at a time cost 12 instructions a byte,
    /// eight at a time 3.8), which a Codable type probing with `try?` paid per decode. Columns are
    /// counted when asked for, on their line: counting scalars over the whole input as well made
    /// this pass 46 K instructions on the pretty-printed weibo.json (21 KB), 5 % of its decode.
    init(_ input: UnsafeRawBufferPointer) {
        let count = input.count
        var offset = 0
        while offset &+ 16 <= count {
            let bytes = input.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            // Spelled with explicit vector types: inferred ones and `any(_:)` compile to a loop
            // per lane. Why the bit cast: a compare's lanes are 0 or 0xFF, read as two words
            // whose set bits mark the line feeds.
            let isBreak = bytes .== SIMD16<UInt8>(repeating: 0x0A)
            let breaks = unsafeBitCast(isBreak, to: SIMD2<UInt64>.self)
            if breaks[0] | breaks[1] != 0 {
                appendLineStarts(breaks[0] & ByteWord.highs, at: offset)
                appendLineStarts(breaks[1] & ByteWord.highs, at: offset &+ 8)
            }
            offset &+= 16
        }
        while offset < count {
            if input[offset] == UInt8(ascii: "\n") { lineStarts.append(offset &+ 1) }
            offset &+= 1
        }
        var longestLine = 0, previous = 0
        for start in lineStarts {
            longestLine = max(longestLine, start - previous)
            previous = start
        }
        if max(longestLine, count - previous) > Self.countedColumns { scalarCounts = Self.blockScalarCounts(input) }
        Self.bytesIndexed?.withLock { $0 += count }
    }

    /// Scalars before each multiple of `stride`, and in all.
    private static func blockScalarCounts(_ input: UnsafeRawBufferPointer) -> [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(input.count / stride + 1)
        var scalars = 0
        var offset = 0
        while offset < input.count {
            counts.append(scalars)
            let blockEnd = min(offset + stride, input.count)
            scalars += countScalars(input, from: offset, to: blockEnd)
            offset = blockEnd
        }
        counts.append(scalars)
        return counts
    }

    /// Scalars in `from..<to`, sixteen bytes a turn: continuation bytes (10xxxxxx) counted per
    /// lane and subtracted from the bytes.
    private static func countScalars(_ input: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
        var offset = from
        var scalars = 0
        while offset &+ 16 <= to {
            // At most 64 turns a lane before the lanes are summed: no lane passes 255.
            let chunkEnd = min(to, offset &+ 1_024)
            var continuationLanes = SIMD16<UInt8>()
            let chunkStart = offset
            while offset &+ 16 <= chunkEnd {
                let bytes = input.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                let masked = bytes & SIMD16<UInt8>(repeating: 0xC0)
                let isContinuation = masked .== SIMD16<UInt8>(repeating: 0x80)
                // A true lane is 0xFF: subtracting it adds one.
                continuationLanes &-= unsafeBitCast(isContinuation, to: SIMD16<UInt8>.self)
                offset &+= 16
            }
            // The sixteen lanes (each at most 64) in sixteen-bit pairs of two words (at most 256),
            // then the four pairs summed in the top sixteen bits.
            let words = unsafeBitCast(continuationLanes, to: SIMD2<UInt64>.self)
            let bytePairs = 0x00FF_00FF_00FF_00FF as UInt64
            let pairs = (words[0] & bytePairs) &+ ((words[0] >> 8) & bytePairs) &+ (words[1] & bytePairs) &+ ((words[1] >> 8) & bytePairs)
            scalars += (offset - chunkStart) - Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while offset < to {
            if input[offset] & 0xC0 != 0x80 { scalars += 1 }
            offset &+= 1
        }
        return scalars
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
        return (low + 1, scalars(from: lineStart, to: target, in: input) + 1)
    }

    /// How many lines start in `from + 1 ... through` (after a line break at or past `from`),
    /// and where the last of them starts.
    func lineBreaks(after from: Int, through target: Int) -> (count: Int, lastLineStart: Int?) {
        let first = linesStarting(through: from), last = linesStarting(through: target)
        return (last - first, last > first ? lineStarts[last - 1] : nil)
    }

    /// Scalars in `from..<to`, on one line.
    func scalars(from: Int, to: Int, in input: UnsafeRawBufferPointer) -> Int {
        if to - from <= Self.countedColumns || scalarCounts.isEmpty { return Self.countScalars(input, from: from, to: to) }
        return scalars(before: to, input) - scalars(before: from, input)
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
        let block = min(offset / Self.stride, scalarCounts.count - 1)
        return scalarCounts[block] + Self.countScalars(input, from: block * Self.stride, to: offset)
    }

    /// Counts the bytes indexed in a task: lets tests see that locating errors stays linear.
    @TaskLocal static var bytesIndexed: Lock<Int>?
}

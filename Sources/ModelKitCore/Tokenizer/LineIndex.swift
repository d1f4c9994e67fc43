/// Line and column of any offset of one document, built on the first error and shared by every
/// decoder made from the document (super decoders included): locating the errors of a whole
/// decode costs one pass over the input, however many errors `try?` probes throw and catch.
struct LineIndex {
    /// Per block of `stride` bytes (and one for the end): the line feeds before it, and where
    /// the line it starts in began.
    private var lineFeedsBefore: [Int] = []
    private var lineStartBefore: [Int] = []
    /// Scalars (bytes that are not UTF-8 continuation bytes) before each multiple of `stride`:
    /// made only for an input with a line longer than `countedColumns` (minified JSON is one line).
    private var scalarCounts: [Int] = []
    private static let stride = 256
    /// A column on a line up to this long is counted from the line's start when asked for.
    private static let countedColumns = 1_024

    /// Line feeds counted sixteen bytes a turn, in vectors, and kept per block: a byte at a time
    /// cost 12 instructions a byte, eight at a time 3.8, which a Codable type probing with `try?`
    /// paid per decode. An offset's line and column are found in its block when asked for. Kept
    /// per line, and every scalar counted up front, this pass cost 46 K instructions on the
    /// pretty-printed weibo.json (21 KB), 5 % of its decode.
    init(_ input: UnsafeRawBufferPointer) {
        let count = input.count
        lineFeedsBefore.reserveCapacity(count / Self.stride + 2)
        lineStartBefore.reserveCapacity(count / Self.stride + 2)
        var lineFeeds = 0, lineStart = 0, hasLongLine = false
        var offset = 0
        while offset < count {
            lineFeedsBefore.append(lineFeeds)
            lineStartBefore.append(lineStart)
            hasLongLine = hasLongLine || offset - lineStart > Self.countedColumns
            let blockEnd = min(offset + Self.stride, count)
            let found = Self.countLineFeeds(input, from: offset, to: blockEnd)
            if found > 0 {
                lineFeeds += found
                lineStart = Self.lastLineStart(input, from: offset, to: blockEnd)
            }
            offset = blockEnd
        }
        lineFeedsBefore.append(lineFeeds)
        lineStartBefore.append(lineStart)
        if hasLongLine || count - lineStart > Self.countedColumns { scalarCounts = Self.blockScalarCounts(input) }
        Self.bytesIndexed?.withLock { $0 += count }
    }

    /// Line feeds in `from..<to` (one block at most), sixteen bytes a turn: a true lane of a
    /// vector compare is 0xFF, so subtracting it adds one.
    private static func countLineFeeds(_ input: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
        var lanes = SIMD16<UInt8>()
        var offset = from
        while offset &+ 16 <= to {
            // Spelled with explicit vector types: inferred ones compile to a loop per lane.
            let bytes = input.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            lanes &-= unsafeBitCast(bytes .== SIMD16<UInt8>(repeating: 0x0A), to: SIMD16<UInt8>.self)
            offset &+= 16
        }
        // At most 16 a lane: the two words added (at most 32 a byte), then in sixteen-bit pairs
        // (at most 64), then the four pairs summed in the top sixteen bits (at most 256).
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let sum = words[0] &+ words[1]
        let pairs = (sum & 0x00FF_00FF_00FF_00FF) &+ ((sum >> 8) & 0x00FF_00FF_00FF_00FF)
        var found = Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        while offset < to {
            if input[offset] == 0x0A { found += 1 }
            offset &+= 1
        }
        return found
    }

    /// Line feeds in `from..<to`, and where the line that `to` is on starts if one is among them
    /// (else `from`'s line start is the caller's), eight bytes a turn.
    private static func lineFeeds(_ input: UnsafeRawBufferPointer, from: Int, to: Int) -> (count: Int, lineStart: Int) {
        var count = 0, lineStart = -1
        var offset = from
        while offset &+ 8 <= to {
            let word = input.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ ByteWord.repeating(0x0A)
            // Exact per byte (no borrow between bytes): the high bit of each byte that was 0x0A.
            let flags = ~(((word & ~ByteWord.highs) &+ ~ByteWord.highs) | word) & ByteWord.highs
            if flags != 0 {
                count += flags.nonzeroBitCount
                lineStart = offset + 8 - (flags.leadingZeroBitCount >> 3)
            }
            offset &+= 8
        }
        while offset < to {
            if input[offset] == 0x0A {
                count += 1
                lineStart = offset + 1
            }
            offset &+= 1
        }
        return (count, lineStart)
    }

    /// Where the last line starting in `from + 1 ... to` starts (`from..<to` holds a line feed),
    /// eight bytes a turn from the end: lines are short in a pretty-printed document.
    private static func lastLineStart(_ input: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
        var end = to
        while end &- 8 >= from {
            let word = input.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self) ^ ByteWord.repeating(0x0A)
            let flags = ~(((word & ~ByteWord.highs) &+ ~ByteWord.highs) | word) & ByteWord.highs
            if flags != 0 { return end - (flags.leadingZeroBitCount >> 3) }
            end &-= 8
        }
        while end > from {
            end &-= 1
            if input[end] == 0x0A { return end + 1 }
        }
        return from
    }

    /// Line feeds before `offset`, and where `offset`'s line starts.
    private func lineFeeds(before offset: Int, in input: UnsafeRawBufferPointer) -> (count: Int, lineStart: Int) {
        let block = offset / Self.stride
        let inBlock = Self.lineFeeds(input, from: block * Self.stride, to: offset)
        return (lineFeedsBefore[block] + inBlock.count, inBlock.count > 0 ? inBlock.lineStart : lineStartBefore[block])
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

    /// 1-based line and column (in Unicode scalars) of `offset`.
    func location(of offset: Int, in input: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), input.count)
        let (lineFeeds, lineStart) = lineFeeds(before: target, in: input)
        return (lineFeeds + 1, scalars(from: lineStart, to: target, in: input) + 1)
    }

    /// How many lines start in `from + 1 ... through` (after a line break at or past `from`).
    func lineBreaks(after from: Int, through target: Int, in input: UnsafeRawBufferPointer) -> Int {
        let from = min(max(from, 0), input.count), target = min(max(target, from), input.count)
        // Close by (an offset and the whitespace run before it), the bytes between are counted.
        if target - from <= Self.stride { return Self.lineFeeds(input, from: from, to: target).count }
        return lineFeeds(before: target, in: input).count - lineFeeds(before: from, in: input).count
    }

    /// Scalars in `from..<to`, on one line.
    private func scalars(from: Int, to: Int, in input: UnsafeRawBufferPointer) -> Int {
        if to - from <= Self.countedColumns || scalarCounts.isEmpty { return Self.countScalars(input, from: from, to: to) }
        return scalars(before: to, input) - scalars(before: from, input)
    }

    private func scalars(before offset: Int, _ input: UnsafeRawBufferPointer) -> Int {
        let block = min(offset / Self.stride, scalarCounts.count - 1)
        return scalarCounts[block] + Self.countScalars(input, from: block * Self.stride, to: offset)
    }

    /// Counts the bytes indexed in a task: lets tests see that locating errors stays linear.
    @TaskLocal static var bytesIndexed: Lock<Int>?
}

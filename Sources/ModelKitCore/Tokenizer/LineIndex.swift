/// Line and column of any offset of one document, built on the first error and shared by every
/// decoder made from the document (super decoders included): locating the errors of a whole
/// decode costs one pass over the input, however many errors `try?` probes throw and catch.
struct LineIndex {
    /// Offsets where each line after the first starts.
    private var lineStarts: [Int] = []
    /// Scalars (bytes that are not UTF-8 continuation bytes) before each multiple of `stride`.
    private var scalarCounts: [Int] = []
    private static let stride = 256

    init(_ input: UnsafeRawBufferPointer) {
        scalarCounts.reserveCapacity(input.count / Self.stride + 1)
        var scalars = 0
        for (offset, byte) in input.enumerated() {
            if offset % Self.stride == 0 { scalarCounts.append(scalars) }
            if byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        scalarCounts.append(scalars)
        Self.bytesIndexed?.withLock { $0 += input.count }
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

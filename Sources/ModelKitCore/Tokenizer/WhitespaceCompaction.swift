import Synchronization

/// Pretty-printed JSON without its indentation, for yajl.
///
/// yajl lexes whitespace at about 20 instructions a byte, and pretty-printed documents are often
/// a third indentation: a copy without the spaces and tabs that start each line costs about one
/// instruction a byte and saves yajl that. Line feeds stay, so no two tokens merge, every line
/// keeps its number, and the copy needs no notion of strings: in valid JSON a line feed is never
/// inside one, and a raw one inside a bad string stays where the pre-scan reports it.
///
/// Positions still name the caller's bytes: ``WhitespaceMap`` turns an offset in the copy back
/// into the original offset, line and column (only errors ask).
final class CompactedInput {
    /// The copy (with eight bytes of slack past `bytes.count` for word-wide stores), in
    /// `buffers`, which this object owns until it goes.
    let bytes: UnsafeRawBufferPointer
    let map: WhitespaceMap
    private let buffers: CompactionBuffers

    /// Inputs at least this long are compacted when pretty-printed; shorter ones gain too little
    /// to pay for looking.
    static let minimumBytes = 4096
    /// Above this a copy costs more memory than a server should spend per request on it.
    static let maximumBytes = 64 << 20

    /// The input's compacted copy, or nil when it is not worth making: short, huge, or with too
    /// little indentation in its first 4 KiB to pay for the copy.
    // A factory, not a failable `init`: a class's failable initializer allocates the object
    // before its guard can fail, so every small document paid a malloc and a free for nothing.
    static func ifWorthwhile(_ input: UnsafeRawBufferPointer) -> CompactedInput? {
        guard isEnabled.load(ordering: .relaxed), input.count >= minimumBytes, input.count <= maximumBytes,
              let lines = expectedLines(input) else { return nil }
        return CompactedInput(input, lines: lines)
    }

    private init(_ input: UnsafeRawBufferPointer, lines: Int) {
        buffers = CompactionBuffers.take(byteCount: input.count + 8, lines: lines)
        let count = Self.compact(input, into: buffers.storage, runs: &buffers.runs)
        bytes = UnsafeRawBufferPointer(start: buffers.storage, count: count)
        map = WhitespaceMap(runs: buffers.runs)
    }

    /// Tests turn compaction off to compare every outcome with and without it (it must not
    /// change any: values, errors, offsets, lines, columns).
    static let isEnabled = Atomic<Bool>(true)

    deinit { CompactionBuffers.park(buffers) }

    /// About how many indented lines the input has, when compacting it pays. Weighed in CPU time,
    /// not instructions: yajl spends about 20 instructions on a byte of indentation but, with
    /// the branch mispredictions of its whitespace loop, about 1.7 ns; the copy costs about
    /// 0.05 ns a byte and next to nothing per line (twitter.json indented by 1 and by 2 spaces,
    /// 15,481 lines: compacting saved 7 % and 14 % of the decode; counted in instructions it had
    /// looked like a loss for the first). Judged on the first 1 KiB, a word at a time between
    /// line feeds.
    private static func expectedLines(_ input: UnsafeRawBufferPointer) -> Int? {
        let source = input.baseAddress!
        let sample = 1024
        var lines = 0, indentation = 0, i = 0
        while i &+ 8 <= sample {
            let lineFeeds = ByteWord.zeroBytes(source.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ ByteWord.repeating(0x0A))
            guard lineFeeds != 0 else {
                i &+= 8
                continue
            }
            i &+= (lineFeeds.trailingZeroBitCount &>> 3) &+ 1
            lines &+= 1
            while i < sample, source.load(fromByteOffset: i, as: UInt8.self) == 0x20 || source.load(fromByteOffset: i, as: UInt8.self) == 0x09 {
                indentation &+= 1
                i &+= 1
            }
        }
        let scale = input.count / sample
        // In units of about 0.05 ns: a byte copied is 1, a byte of indentation yajl skips 35.
        let saved = 35 * indentation * scale
        let cost = input.count + 10 * lines * scale + 10_000
        return saved > cost ? lines * scale + 4 : nil
    }

    /// Copies `input` to `output` without the spaces and tabs that start a line; returns the
    /// copy's length. A word at a time: each word is stored whole and the cursors advance to the
    /// next line feed, so a byte costs about one instruction. The indentation is skipped with
    /// compares the branch predictor learns (a document's indentation repeats); measuring it with
    /// bit tests instead made each line wait for them: twice as slow on weibo.json.
    private static func compact(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer,
                                runs: inout [WhitespaceRun]) -> Int {
        let source = input.baseAddress!
        let count = input.count
        var i = 0, o = 0
        while i < count {
            while i &+ 8 <= count {
                let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                output.storeBytes(of: word, toByteOffset: o, as: UInt64.self)
                let lineFeeds = ByteWord.zeroBytes(word ^ ByteWord.repeating(0x0A))
                if lineFeeds != 0 {
                    let skip = lineFeeds.trailingZeroBitCount &>> 3
                    i &+= skip
                    o &+= skip
                    break
                }
                i &+= 8
                o &+= 8
            }
            guard i < count else { break }
            let byte = source.load(fromByteOffset: i, as: UInt8.self)
            output.storeBytes(of: byte, toByteOffset: o, as: UInt8.self)
            i &+= 1
            o &+= 1
            guard byte == 0x0A else { continue }
            var end = i
            while end &+ 8 <= count, source.loadUnaligned(fromByteOffset: end, as: UInt64.self) == ByteWord.repeating(0x20) { end &+= 8 }
            while end < count, source.load(fromByteOffset: end, as: UInt8.self) == 0x20 || source.load(fromByteOffset: end, as: UInt8.self) == 0x09 {
                end &+= 1
            }
            if end > i {
                runs.append(WhitespaceRun(compacted: o, original: end, indent: end &- i))
                i = end
            }
        }
        return o
    }
}

/// Indentation removed from the start of a line.
struct WhitespaceRun: Sendable {
    /// Offset in the copy where the line starts (the byte after its line feed).
    var compacted: Int
    /// Offset in the original of the line's first byte after the indentation.
    var original: Int
    /// The indentation's length (spaces and tabs: one column each).
    var indent: Int
}

/// Turns offsets in a ``CompactedInput`` back into the original's offsets, lines and columns.
struct WhitespaceMap: Sendable {
    let runs: [WhitespaceRun]

    /// The last run at or before `offset` in the copy.
    private func run(before offset: Int) -> WhitespaceRun? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].compacted <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : runs[low - 1]
    }

    /// The original offset of `offset` in the copy.
    func originalOffset(_ offset: Int) -> Int {
        guard let run = run(before: offset) else { return offset }
        return run.original + (offset - run.compacted)
    }

    /// 1-based line and column in the original of `offset` in the copy, whose lines `index` holds.
    /// The copy has every line of the original: only columns after removed indentation move.
    func location(of offset: Int, in compacted: UnsafeRawBufferPointer, index: LineIndex) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), compacted.count)
        let (line, column) = index.location(of: target, in: compacted)
        guard let run = run(before: target), index.lineBreaks(after: run.compacted, through: target, in: compacted) == 0 else {
            return (line, column)
        }
        return (line, column + run.indent)
    }
}

import Testing
@testable import ModelKitCore

/// Line and column of an offset, as every located error reports them.
@Suite struct LineIndexTests {
    @Test func countsScalarsNotBytes() {
        let text = Array("ab\néé\n\nxyz".utf8)
        text.withUnsafeBytes { input in
            let index = LineIndex(input)
            #expect(index.location(of: 0, in: input) == (1, 1))
            #expect(index.location(of: 3, in: input) == (2, 1))
            #expect(index.location(of: 7, in: input) == (2, 3))
            #expect(index.location(of: 8, in: input) == (3, 1))
            #expect(index.location(of: 11, in: input) == (4, 3))
            #expect(index.location(of: 99, in: input) == (4, 4))
        }
        let long = Array((String(repeating: "é", count: 700) + "x").utf8)
        long.withUnsafeBytes { input in
            #expect(LineIndex(input).location(of: 1_400, in: input) == (1, 701))
        }
    }

    /// The index reads sixteen bytes at a time: every offset of inputs of every length around the
    /// vector and block sizes, with line breaks and multi-byte scalars at every alignment, must be
    /// placed as a byte-by-byte count places it.
    @Test func placesEveryOffsetAsAByteByByteCount() {
        // A whole block of continuation bytes: 256 of them, one more than a byte counts.
        let continuations = [UInt8](repeating: 0x80, count: 512) + Array("x".utf8)
        continuations.withUnsafeBytes { input in
            #expect(LineIndex(input).location(of: 513, in: input) == (1, 2))
        }
        let pieces: [[UInt8]] = [[0x0A], Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x0D, 0x0A], Array("  ".utf8),
                                 [UInt8](repeating: 0x80, count: 300)]  // invalid UTF-8: errors there are located too
        // Lines around the length up to which a column is counted from the line's start (1,024
        // bytes), beyond which the index counts scalars per block: one long line, or a short
        // line then a long one.
        let onOneLine = pieces.filter { $0 != [0x0A] && $0 != [0x0D, 0x0A] }
        var generator = SystemRandomNumberGenerator()
        let shapes: [(length: Int, pieces: [[UInt8]], firstLine: [UInt8])] =
            [0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 255, 256, 257, 300, 513, 1_500].map { ($0, pieces, []) }
            + [1_000, 1_023, 1_024, 1_025, 1_100, 2_100, 5_000].flatMap { [($0, onOneLine, []), ($0, onOneLine, Array("ab\n".utf8))] }
        // Blocks made only of line feeds (256 in one block), then text.
        let lineFeeds = [UInt8](repeating: 0x0A, count: 600) + Array("xé".utf8)
        lineFeeds.withUnsafeBytes { input in
            #expect(LineIndex(input).location(of: 256, in: input) == (257, 1))
            #expect(LineIndex(input).location(of: 602, in: input) == (601, 3))
        }
        for (length, pieces, firstLine) in shapes {
            var bytes = firstLine
            while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
            bytes.withUnsafeBytes { input in
                let index = LineIndex(input)
                var line = 1, column = 1
                for offset in 0...input.count {
                    let placed = index.location(of: offset, in: input)
                    #expect(placed == (line, column), "offset \(offset) of \(bytes)")
                    guard offset < input.count else { break }
                    if input[offset] == 0x0A { line += 1; column = 1 } else if input[offset] & 0xC0 != 0x80 { column += 1 }
                }
            }
        }
    }
}

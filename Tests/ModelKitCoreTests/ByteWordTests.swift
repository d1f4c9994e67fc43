import Testing
@testable import ModelKitCore

/// `ByteWord`'s tests against a byte-by-byte reading of the same word.
struct ByteWordTests {
    private func bytes(of word: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }

    /// Words with zero bytes anywhere, next to 0x01, 0x80 and 0xFF (the bytes a borrow could
    /// mistake), and random ones.
    private func words() -> [UInt64] {
        var generator = SplitMix64(seed: 0xB17E)
        var result: [UInt64] = []
        let tricky: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFE, 0xFF, 0x20, 0x0A]
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            for i in 0..<8 { word |= UInt64(tricky[Int(generator.next() % UInt64(tricky.count))]) << (8 * UInt64(i)) }
            result.append(word)
            result.append(generator.next())
        }
        return result
    }

    @Test func zeroBytesFlagsTheFirstZeroByteExactlyAndMissesNone() {
        for word in words() {
            let found = ByteWord.zeroBytes(word)
            let zeros = bytes(of: word).indices.filter { bytes(of: word)[$0] == 0 }
            guard let first = zeros.first else {
                #expect(found == 0, "word \(String(word, radix: 16))")
                continue
            }
            #expect(found.trailingZeroBitCount >> 3 == first, "word \(String(word, radix: 16))")
            for index in zeros { #expect(found & (0x80 << (8 * UInt64(index))) != 0, "word \(String(word, radix: 16)) byte \(index)") }
            #expect(found & ~ByteWord.highs == 0)
        }
    }

    /// Words, an overlapping last word, two half words or single bytes, by length: a byte at or
    /// above 0x80 at every position of every length up to 40 is found, and ASCII passes.
    @Test func isASCIIFindsANonASCIIByteAtEveryPositionOfEveryLength() {
        for length in 0...40 {
            let ascii = [UInt8]((0..<length).map { UInt8(0x20 + $0 % 0x5F) })
            ascii.withUnsafeBytes { #expect(ByteWord.isASCII($0), "length \(length)") }
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = ascii
                    bytes[position] = high
                    bytes.withUnsafeBytes { #expect(!ByteWord.isASCII($0), "length \(length), byte \(position)") }
                }
            }
        }
        #expect(ByteWord.isASCII("K"))
        #expect(!ByteWord.isASCII("\u{212A}"))
    }

    @Test func repeatingFillsEveryByte() {
        for byte in [UInt8(0), 0x0A, 0x20, 0x7F, 0x80, 0xFF] {
            #expect(bytes(of: ByteWord.repeating(byte)) == [UInt8](repeating: byte, count: 8))
        }
    }

    /// `equal` against `==` of the byte arrays: every length up to 40, a difference at every
    /// position (first byte, last byte, inside the overlapping tail word), and equal copies.
    @Test func equalFindsADifferenceAtEveryPositionOfEveryLength() {
        for length in 0...40 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var cases: [[UInt8]] = [base]
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x01
                cases.append(changed)
                changed[position] = 0x80
                cases.append(changed)
            }
            for other in cases {
                // Separate allocations, so that no load can read what lies past either one.
                let a = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
                let b = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
                defer { a.deallocate(); b.deallocate() }
                a.copyBytes(from: base)
                b.copyBytes(from: other)
                let equal = length == 0 || ByteWord.equal(a.baseAddress!, b.baseAddress!, count: length)
                #expect(equal == (base == other), "length \(length): \(base) vs \(other)")
            }
        }
    }
}

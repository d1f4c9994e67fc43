import Foundation
import Testing
import ModelKitCore

/// The string writer checks sixteen bytes at a time (the last few from a padded copy), in pieces
/// of 256 bytes: a character that needs escaping must be found at every position of every block
/// and piece.
@Suite struct StringEscapingTests {
    private struct Text: Model {
        var text = ""
        static let schema = Schema(Text.self) { Field("text", \.text) }
    }

    /// RFC 8259 escaping, one scalar at a time: the reference.
    private func reference(_ text: String, slashes: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where slashes: out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test(arguments: [false, true])
    func everyPositionOfEveryChunkIsChecked(slashes: Bool) throws {
        let options = EncodingOptions(escapeSlashes: slashes)
        for length in 1...49 {
            for position in 0..<length {
                for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "/", "é", "\u{7F}"] {
                    var scalars = Array(repeating: "a", count: length)
                    scalars[position] = special
                    let text = scalars.joined()
                    let json = try Text(text: text).jsonString(options: options)
                    #expect(json == "{\"text\":\(reference(text, slashes: slashes))}", "length \(length), position \(position)")
                }
            }
        }
    }

    /// Several escapes per word, next to bytes just above and below the ones that need one: the
    /// writer jumps from escape to escape by the lowest flagged byte of each word, and a borrow
    /// out of a real hit may flag its neighbour (which must then be written as it is).
    @Test(arguments: [false, true])
    func neighbouringEscapesAndNearMisses(slashes: Bool) throws {
        let options = EncodingOptions(escapeSlashes: slashes)
        let alphabet = ["\u{1F}", " ", "!", "\"", "#", ".", "/", "0", "[", "\\", "]", "\u{7F}", "\u{0}", "\n", "a", "é", "😀"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<3_000 {
            let length = next(64)
            let text = (0..<length).map { _ in alphabet[next(alphabet.count)] }.joined()
            let json = try Text(text: text).jsonString(options: options)
            #expect(json == "{\"text\":\(reference(text, slashes: slashes))}", "\(text.debugDescription)")
        }
    }

    @Test func longCleanAndDirtyRunsRoundTrip() throws {
        let text = String(repeating: "0123456789abcdef", count: 9) + "\"\n" + String(repeating: "x/y\\", count: 13)
        let bytes = try Text(text: text).jsonBytes()
        #expect(try Text(json: bytes).text == text)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"text\":\(reference(text, slashes: false))}")
    }

    /// Room for the worst case is reserved per piece of 256 bytes: escapes on either side of a
    /// piece's end are written as anywhere else.
    @Test(arguments: [false, true])
    func escapesAtPieceBoundaries(slashes: Bool) throws {
        let options = EncodingOptions(escapeSlashes: slashes)
        for length in [255, 256, 257, 511, 512, 513] {
            for position in [0, 15, 16, 254, 255, 256, 257, length - 2, length - 1] where position < length {
                for filler in ["/", "a", "\u{1}"] {
                    var scalars = Array(repeating: filler, count: length)
                    scalars[position] = "\""
                    let text = scalars.joined()
                    let json = try Text(text: text).jsonString(options: options)
                    #expect(json == "{\"text\":\(reference(text, slashes: slashes))}", "length \(length), position \(position), \(filler)")
                }
            }
        }
    }

    /// Escaping into lent memory exactly the size of the output keeps it there: the worst case
    /// of a piece is reserved only where the room holds it.
    @Test func escapesFitLentMemoryExactly() throws {
        for text in [String(repeating: "\u{1}", count: 300), String(repeating: "a/", count: 200) + "\u{1F}", "x"] {
            let expected = try ModelEncoder().encode(Text(text: text)) as [UInt8]
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count, alignment: 1)
            defer { memory.deallocate() }
            var spilled = false
            let count = try ModelEncoder().encode(Text(text: text), into: memory) { _ in spilled = true }
            #expect(!spilled, "\(text.prefix(10))")
            #expect(Array(memory.prefix(count)) == expected)
        }
    }
}

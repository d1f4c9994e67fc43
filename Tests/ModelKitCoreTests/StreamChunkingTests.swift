import Foundation
import Testing
@testable import ModelKitCore

// One definition of a position: the same input gives the same models, or the same error at the
// same byte offset, line and column, whatever sizes its chunks arrive in.

private struct Tagged: Model, Equatable {
    var id = 0
    var tags: [String] = []
    var note: String?
    static let schema = Schema(Tagged.self) {
        Field("id", \.id)
        Field("tags", \.tags)
        Field("note", \.note)
    }
}

private struct Outcome: Equatable, CustomStringConvertible {
    var models: [Tagged] = []
    var error: String?
    var description: String { error ?? "\(models.count) models" }
}

private func decode(_ bytes: [UInt8], chunks sizes: [Int]) -> Outcome {
    let stream = ModelStreamDecoder<Tagged>(options: DecodingOptions(conversion: .strict))
    var outcome = Outcome()
    do {
        try stream.decodeInChunks(bytes, sizes: sizes, into: &outcome.models)
    } catch let error as ModelDecodingError {
        outcome.error = "\(error.reason) at \(error.byteOffset) (\(error.line):\(error.column)) \(error.path)"
        outcome.models = []
    } catch {
        outcome.error = "\(error)"
    }
    return outcome
}

/// A deterministic generator of small streams, mostly valid, with one mutation in some.
private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func stream() -> [UInt8] {
        var records: [String] = []
        for _ in 0..<(1 + next(3)) {
            let tags = (0..<next(3)).map { _ in "\"t\(next(100))\"" }.joined(separator: ",")
            var record = "{\"id\":\(next(100_000) - 50_000),\"tags\":[\(tags)]"
            if next(2) == 0 { record += ",\"note\":\"n\\u00e9\(next(10))\"" }
            records.append(record + "}")
        }
        var text = next(4) == 0 ? "[" + records.joined(separator: ",") + "]" : records.joined(separator: next(2) == 0 ? "\n" : " ")
        if next(2) == 0 {
            // One mutation: a byte replaced, inserted or removed.
            var bytes = Array(text.utf8)
            let at = next(bytes.count)
            let junk: [UInt8] = Array("\"}]{[,:1e-x \u{1}\u{FEFF}\\".utf8)
            switch next(3) {
            case 0: bytes[at] = junk[next(junk.count)]
            case 1: bytes.insert(junk[next(junk.count)], at: at)
            default: bytes.remove(at: at)
            }
            return (next(8) == 0 ? [0xEF, 0xBB, 0xBF] : []) + bytes
        }
        if next(8) == 0 { text = "\u{FEFF}" + text }
        return Array(text.utf8)
    }
}

struct StreamChunkingTests {
    @Test(arguments: [
        [0xEF, 0xBB, 0xBF] + Array("null".utf8), Array(#"{"tags":[]} {"id":12"s"}"#.utf8), Array("{\"id\":1} 12".utf8),
        Array("{\"id\":1} 1x".utf8), Array("[{\"id\":1},2".utf8), Array("{\"id\":1} -".utf8),
        Array(#"{"id"-33528,"tags":[]}"#.utf8), Array(#"{"tags":["t40"]1 {"id":1}"#.utf8), Array(#"{"id":}4319}"#.utf8),
        Array(#"{"id":1 "tags":[]}"#.utf8), Array(#"{"id":""5}"#.utf8), Array(#"{"id":1 ""}"#.utf8), Array(#"{"note":"x"true}"#.utf8),
        Array(#"{"note":"a","id"/1}"#.utf8), Array(#"{"note":"a"}/"#.utf8), Array(#"[1,/*x*/2]"#.utf8),
        [0xEF, 0xBB, 0xBF, 0x6E, 0xEF, 0xBB, 0xBF], Array("[tru}".utf8), Array("{\"id\":nul".utf8), Array("[fals e]".utf8),
        Array("{\"id\":1,12".utf8) + [0xEF, 0xBB, 0xBF], Array("[12".utf8) + [0xC3, 0xA9],
        Array("{\"name\":\"]\"\n{\"n\":1}".utf8), Array("{\"id\":1 \" x\"}".utf8), Array("{\"id\":1 \"\"}".utf8),
    ])
    func knownInputsGiveOneErrorWhateverTheChunks(bytes: [UInt8]) {
        let whole = decode(bytes, chunks: [bytes.count])
        for size in 1...8 {
            #expect(decode(bytes, chunks: [size]) == whole, "chunks of \(size): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// yajl's one rewinding parse error ("after key and value, inside map, I expect ',' or '}'"):
    /// the unexpected token is the first one after the member's value, a string at its opening
    /// quote, whatever the bytes after it and wherever the chunks end.
    @Test(arguments: [
        (#"{"id":5""{"#, 7, 8), (#"{"id":1""1}"#, 7, 8), ("{\"id\":1\n\"\"\n[]}", 8, 1), (#"{"note":"x"" {"}"#, 11, 12),
        (#"{"note":"x"""1}"#, 11, 12), (#"{"tags":["a"]""{}"#, 13, 14), (#"{"note":""{"#, 10, 11), (#"{"tags":[""]{"#, 12, 13),
        (#"{"note":"" []}"#, 11, 12),
    ])
    func aTokenAfterAMemberValueIsPlacedAtItsStartWhateverTheChunks(text: String, offset: Int, column: Int) {
        let bytes = Array(text.utf8)
        let whole = decode(bytes, chunks: [bytes.count])
        let line = text.utf8.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count + 1
        #expect(whole.error?.contains(" at \(offset) (\(line):\(column)) ") == true, "\(text): \(whole)")
        for sizes in [[1], [2], [3], [4], [5], [7], [2, 5, 1], [3, 1]] {
            #expect(decode(bytes, chunks: sizes) == whole, "chunks \(sizes): \(text)")
        }
    }

    /// Every value, whitespace and unexpected token combination of that class, then bytes that
    /// could be misread as the token (`""` then `{`): placed at the token, in chunks of 1 to 32.
    @Test func everyTokenAfterAMemberValueIsPlacedAtItsStartWhateverTheChunks() {
        let values = ["5", "-1.5e3", "true", "null", #""""#, #""x""#, #""a\"""#, "[]", #"[""]"#, "{}", #"{"k":""}"#]
        let spaces = ["", " ", "\n", " \r\n\t"]
        let tokens = [#""""#, #""x""#, #"" {""#, #""]""#, "1", "-2", "true", "null", "{", "[", "]", ":"]
        let tails = ["", "{", "1", #""""#, " }"]
        var differences: [String] = []
        for value in values {
            for space in spaces {
                for token in tokens {
                    // A number or literal run into a letter or digit is one token, not two.
                    if space.isEmpty, let last = value.utf8.last, SourceLocator.isTokenByte(last),
                       SourceLocator.isTokenByte(token.utf8.first!) { continue }
                    for tail in tails {
                        if SourceLocator.isTokenByte(token.utf8.last!), let first = tail.utf8.first, SourceLocator.isTokenByte(first) { continue }
                        let prefix = #"{"x":"# + value + space
                        let bytes = Array((prefix + token + tail).utf8)
                        let whole = decode(bytes, chunks: [bytes.count])
                        let lines = prefix.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                        let at = " at \(prefix.utf8.count) (\(lines.count):\(lines.last!.count + 1)) "
                        if whole.error?.hasPrefix(#"syntax("after key and value"#) != true || whole.error?.contains(at) != true {
                            differences.append("\(prefix + token + tail): \(whole), expected\(at)")
                        }
                        for size in 1...32 where decode(bytes, chunks: [size]) != whole {
                            differences.append("\(prefix + token + tail) in chunks of \(size): \(decode(bytes, chunks: [size]))")
                        }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(40).joined(separator: "\n"))")
    }

    @Test func randomStreamsGiveOneOutcomeWhateverTheChunks() {
        var generator = Generator(state: 0x5EED)
        var differences: [String] = []
        for _ in 0..<3_000 {
            let bytes = generator.stream()
            let whole = decode(bytes, chunks: [bytes.count])
            let sizes = (0..<4).map { _ in 1 + generator.next(12) }
            for split in [[1], [2], [3], sizes] {
                let chunked = decode(bytes, chunks: split)
                guard chunked != whole else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                if differences.count < 10 {
                    differences.append("\(text) \(split): whole \(whole), chunked \(chunked)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}

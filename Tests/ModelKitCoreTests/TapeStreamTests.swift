import Foundation
import Testing
@testable import ModelKitCore

// Streams on the tape (issue 35): each record of a stream is recorded on its own tape and read
// by the schema reader, so a stream must give, whatever its chunking, what each record gives
// as a whole document (`Model.init(json:)`): the same models, and the first record's failure
// with its path prefixed by the record's (`$[3]`) and its place moved to the record's in the stream.

private struct Inner: Model, Equatable {
    var code = 0
    var flags: [Bool] = []
    static let schema = Schema(Inner.self) {
        Field("code", \.code)
        Field("flags", \.flags)
    }
}

private struct Item: Model, Equatable {
    var id = 0
    var name = ""
    var tags: [String] = []
    var score: Double?
    var inner: Inner?
    static let schema = Schema(Item.self) {
        Field("id", \.id)
        Field("name", \.name)
        Field("tags", \.tags)
        Field("score", \.score)
        Field("inner", \.inner)
    }
}

/// What a stream (or a run of whole-document decodes) gave: the models, then the failure.
private struct Outcome: CustomStringConvertible {
    var models: [Item] = []
    var error: String?
    var description: String { "\(models.count) models" + (error.map { ", then \($0)" } ?? "") }

    /// The same failure, and the same models before it: all of them when nothing failed, a
    /// prefix otherwise (the models of the call that throws are not handed out, and which call
    /// that is depends on the chunking).
    func agrees(with other: Outcome) -> Bool {
        guard error == other.error else { return false }
        guard error != nil else { return models == other.models }
        return models.count <= other.models.count ? other.models.starts(with: models) : models.starts(with: other.models)
    }

    static func describe(_ error: ModelDecodingError) -> String {
        "\(error.reason) at \(error.byteOffset) (\(error.line):\(error.column)) \(error.path)"
    }
}

/// The stream `bytes` in chunks of `sizes` (cycled).
private func streamed(_ bytes: [UInt8], chunks sizes: [Int], options: DecodingOptions) -> Outcome {
    let stream = ModelStreamDecoder<Item>(options: options)
    var outcome = Outcome()
    do {
        try stream.decodeInChunks(bytes, sizes: sizes, into: &outcome.models)
    } catch let error as ModelDecodingError {
        outcome.error = Outcome.describe(error)
    } catch {
        outcome.error = "\(error)"
    }
    return outcome
}

/// Each record decoded as a whole document, in order, up to the first failure, which is moved
/// to where the record is in the stream. Under `.skip` a record that gives no model is dropped.
private func recordByRecord(_ stream: [UInt8], records: [Range<Int>], options: DecodingOptions) -> Outcome {
    var outcome = Outcome()
    for (index, range) in records.enumerated() {
        do {
            outcome.models.append(try Item(json: Array(stream[range]), options: options))
        } catch let error as ModelDecodingError {
            if options.mismatch == .skip { continue }
            let (line, column) = lineAndColumn(of: range.lowerBound, in: stream)
            let moved = ModelDecodingError(reason: error.reason, path: "$[\(index)]" + error.path.dropFirst(),
                                           line: line + error.line - 1, column: error.line == 1 ? column + error.column - 1 : error.column,
                                           byteOffset: range.lowerBound + error.byteOffset)
            outcome.error = Outcome.describe(moved)
            return outcome
        } catch {
            outcome.error = "\(error)"
            return outcome
        }
    }
    return outcome
}

/// 1-based line, and column in Unicode scalars, of `offset` in `bytes`.
private func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1, column = 1
    for byte in bytes[..<offset] {
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }
    return (line, column)
}

/// A deterministic generator of records and streams of them.
private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func space() -> String { ["", " ", "\n", " \r\n\t", "\n\n  "][next(5)] }

    /// An object record, valid JSON; a few hold a value of the wrong type for their field.
    mutating func record() -> String {
        var members: [String] = []
        let wrongType = next(6) == 0
        members.append("\"id\":" + (wrongType && next(2) == 0 ? "\"\(next(9))\"" : "\(next(200_000) - 100_000)"))
        if next(3) > 0 { members.append("\"name\":" + ["\"plain\"", "\"caf\\u00e9 \\\"q\\\"\"", "\"日本\"", "\"😀\\n\""][next(4)]) }
        if next(2) == 0 {
            let tags = (0..<next(4)).map { _ in "\"t\(next(50))\"" }.joined(separator: "," + space())
            members.append("\"tags\":" + space() + "[\(tags)]")
        }
        if next(3) == 0 { members.append("\"score\":" + ["1.5", "-2e3", "null", "0"][next(4)]) }
        if next(3) == 0 {
            let flags = (0..<next(3)).map { _ in next(2) == 0 ? "true" : "false" }.joined(separator: ",")
            let code = wrongType && next(2) == 0 ? "[1]" : "\(next(1000))"
            members.append("\"inner\":{\"code\":\(code),\"flags\":[\(flags)]," + space() + "\"extra\":{\"deep\":[[],{}]}}")
        }
        if next(4) == 0 { members.append("\"unknown\":[1,{\"a\":\"b\"},null]") }
        if wrongType, next(3) == 0 { members.append("\"tags\":\"not a list\"") }
        return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
    }

    /// Records as JSON Lines (or values separated by any whitespace) or as one top-level array;
    /// returns the bytes and each record's range in them.
    mutating func stream(records count: Int) -> (bytes: [UInt8], records: [Range<Int>]) {
        let asArray = next(2) == 0
        var bytes: [UInt8] = Array((asArray ? space() + "[" + space() : space()).utf8)
        var ranges: [Range<Int>] = []
        for index in 0..<count {
            if index > 0 { bytes += Array((asArray ? space() + "," + space() : ["\n", " ", "\r\n", "\n\n"][next(4)]).utf8) }
            let record = Array(record().utf8)
            ranges.append(bytes.count..<bytes.count + record.count)
            bytes += record
        }
        bytes += Array((asArray ? space() + "]" + space() : space()).utf8)
        return (bytes, ranges)
    }

    /// Chunk sizes: whole, 1, 2, 3, 7 bytes, and a random mix.
    mutating func chunkings(of bytes: [UInt8]) -> [[Int]] {
        [[bytes.count], [1], [2], [3], [7], (0..<5).map { _ in 1 + next(40) }]
    }
}

struct TapeStreamTests {
    @Test(arguments: [DecodingOptions(conversion: .strict), DecodingOptions(), DecodingOptions(mismatch: .skip)])
    func everyChunkingGivesWhatEachRecordGivesWhole(options: DecodingOptions) {
        var generator = Generator(state: 0x7A9E)
        var differences: [String] = []
        for _ in 0..<150 {
            let (bytes, records) = generator.stream(records: 1 + generator.next(6))
            let expected = recordByRecord(bytes, records: records, options: options)
            for sizes in generator.chunkings(of: bytes) {
                let got = streamed(bytes, chunks: sizes, options: options)
                if !got.agrees(with: expected), differences.count < 10 {
                    differences.append("\(String(decoding: bytes, as: UTF8.self)) in chunks \(sizes): \(got), expected \(expected)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// The generator makes failing records too: the comparison is not only of successes.
    @Test func theRandomStreamsIncludeFailingRecords() {
        var generator = Generator(state: 0x7A9E)
        var failing = 0
        for _ in 0..<150 {
            let (bytes, records) = generator.stream(records: 1 + generator.next(6))
            if recordByRecord(bytes, records: records, options: DecodingOptions(conversion: .strict)).error != nil { failing += 1 }
            _ = generator.chunkings(of: bytes)
        }
        #expect(failing > 10)
    }

    /// Malformed streams (a byte replaced, inserted or removed): one outcome whatever the
    /// chunking, the models before the failure included.
    @Test func malformedStreamsGiveOneOutcomeWhateverTheChunks() {
        var generator = Generator(state: 0xBAD5EED)
        var differences: [String] = []
        let junk = Array("\"}]{[,:1e-x \u{1}\\".utf8) + [0xC3, 0xFF]
        for _ in 0..<400 {
            var (bytes, _) = generator.stream(records: 1 + generator.next(4))
            let at = generator.next(bytes.count)
            switch generator.next(3) {
            case 0: bytes[at] = junk[generator.next(junk.count)]
            case 1: bytes.insert(junk[generator.next(junk.count)], at: at)
            default: bytes.remove(at: at)
            }
            let whole = streamed(bytes, chunks: [bytes.count], options: DecodingOptions(conversion: .strict))
            for sizes in generator.chunkings(of: bytes).dropFirst() {
                let got = streamed(bytes, chunks: sizes, options: DecodingOptions(conversion: .strict))
                if !got.agrees(with: whole), differences.count < 10 {
                    differences.append("\(String(decoding: bytes, as: UTF8.self)) in chunks \(sizes): \(got), whole \(whole)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// A syntax error is the recorder's: the record's path, then the containers open in it.
    @Test(arguments: [
        (#"{"id":1}"# + "\n" + #"{"inner":{"flags":[true,x]}}"#, "$[1].inner.flags[1]", 33),
        (#"[{"id":1},{"tags":["a" "b"]}]"#, "$[1].tags[1]", 23),
        (#"{"id":1} {"name":"a" "#, "$[1].name", 21),
        (#"[{"id":1}] {"id":2}"#, "$", 11),
    ])
    func aSyntaxErrorNamesTheRecordAndTheContainersOpenInIt(text: String, path: String, offset: Int) {
        let bytes = Array(text.utf8)
        for sizes in [[bytes.count], [1], [2], [5]] {
            let stream = ModelStreamDecoder<Item>()
            let error = #expect(throws: ModelDecodingError.self) {
                var i = 0
                while i < bytes.count {
                    _ = try stream.feed(bytes[i..<min(i + sizes[0], bytes.count)])
                    i += sizes[0]
                }
                _ = try stream.finish()
            }
            guard case .syntax = error?.reason else {
                Issue.record("chunks of \(sizes[0]): \(String(describing: error))")
                continue
            }
            #expect(error?.path == path && error?.byteOffset == offset, "chunks of \(sizes[0]): \(String(describing: error))")
        }
    }

    /// `maxElements` and `maxInputBytes` count per record: a stream of many records within them
    /// decodes, whatever its length, and one record past them fails at the same place whatever the chunking.
    @Test func recordLimitsAreTheSameWhateverTheChunks() {
        var options = DecodingOptions()
        options.limits.maxElements = 6
        options.limits.maxInputBytes = 120
        let ok = Array(String(repeating: #"{"id":1,"inner":{"code":2,"flags":[true]}}"# + "\n", count: 300).utf8)
        #expect(streamed(ok, chunks: [7], options: options).models.count == 300)
        let tooMany = Array((#"{"id":1}"# + "\n" + #"{"inner":{"flags":[]},"unknown":[[[[[]]]]]}"#).utf8)
        let tooLong = Array((#"[{"id":1},"# + #"{"name":""# + String(repeating: "n", count: 200) + #""}]"#).utf8)
        // Past the limit, a syntax error: the limit is met first in small chunks, so it is the error.
        let tooLongThenMalformed = Array((#"{"id":1}"# + "\n" + #"{"name":"n","#  + String(repeating: " ", count: 200) + "x}").utf8)
        for bytes in [tooMany, tooLong, tooLongThenMalformed] {
            let whole = streamed(bytes, chunks: [bytes.count], options: options)
            #expect(whole.error?.contains("limitExceeded") == true, "\(whole)")
            #expect(whole.error?.contains("$[1]") == true, "\(whole)")
            for sizes in [[1], [2], [3], [7], [50]] {
                #expect(streamed(bytes, chunks: sizes, options: options).agrees(with: whole), "chunks \(sizes)")
            }
        }
    }

    /// Memory stays bounded by one record plus one chunk: the record buffer does not keep the
    /// records already read, and gives back the room a large record needed.
    @Test func theRecordBufferHoldsOneRecordAndOneChunk() throws {
        let stream = ModelStreamDecoder<Item>()
        let record = Array((#"{"id":1,"name":"abcdefghij"}"# + "\n").utf8)
        var decoded = 0
        for _ in 0..<2_000 { decoded += try stream.feed(record + record).count }
        #expect(decoded == 4_000)
        #expect(stream.keptRecordBytes <= 4_096)
        let large = Array((#"{"name":""# + String(repeating: "x", count: 3 << 20) + "\"}\n").utf8)
        decoded = 0
        for start in stride(from: 0, to: large.count, by: 1 << 16) {
            decoded += try stream.feed(large[start..<min(start + (1 << 16), large.count)]).count
        }
        #expect(decoded == 1)
        decoded = try stream.feed(record).count + stream.finish().count
        #expect(decoded == 1)
        #expect(stream.keptRecordBytes <= 1 << 20)
    }
}

extension TapeStreamTests {
    /// Streams with no value (nothing, a byte order mark, whitespace) end too early, as they
    /// did on the push engine (yajl's end of input), at their end whatever the chunking; an empty
    /// top-level array is a stream of no records.
    @Test(arguments: [[], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x20, 0x0A], Array("[]".utf8), [0xEF, 0xBB, 0xBF] + Array(" [ ] ".utf8)] as [[UInt8]])
    func streamsWithoutRecords(bytes: [UInt8]) {
        let isArray = bytes.contains(UInt8(ascii: "["))
        let (line, column) = lineAndColumn(of: bytes.count, in: bytes)
        for sizes in [[max(bytes.count, 1)], [1], [2]] {
            let outcome = streamed(bytes, chunks: sizes, options: DecodingOptions())
            let expected = isArray ? nil : #"syntax("unexpected end of input") at \#(bytes.count) (\#(line):\#(column)) $"#
            #expect(outcome.error == expected && outcome.models.isEmpty, "\(bytes) in chunks \(sizes): \(outcome)")
        }
    }

    /// The line tracker counts eight bytes a turn: the same line and column as a byte at a
    /// time, for any bytes (line feeds, multi-byte UTF-8, continuation bytes anywhere) cut anywhere.
    @Test func theLineTrackerCountsAsAByteAtATimeDoes() {
        var generator = Generator(state: 0x11E5)
        let alphabet: [UInt8] = [0x0A, 0x20, 0x41, 0x7B, 0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x98, 0x80, 0x80, 0xBF, 0x0D]
        for _ in 0..<500 {
            let bytes = (0..<generator.next(80)).map { _ in generator.next(4) == 0 ? alphabet[generator.next(alphabet.count)] : 0x61 }
            let cut = generator.next(bytes.count + 1)
            var fast = LineTracker()
            bytes.withUnsafeBytes { all in
                fast.advance(over: UnsafeRawBufferPointer(rebasing: all[..<cut]))
                fast.advance(over: UnsafeRawBufferPointer(rebasing: all[cut...]))
            }
            let (line, column) = lineAndColumn(of: bytes.count, in: bytes)
            #expect(fast.line == line && fast.column == column, "\(bytes) cut at \(cut)")
        }
    }
}

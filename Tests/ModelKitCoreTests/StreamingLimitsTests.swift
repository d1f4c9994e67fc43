import Foundation
import Testing
@testable import ModelKitCore

// The stream decoder's limits apply per top-level value (record), and are checked while a value
// is still open; an error at the end of a stream is located there.

private struct Record: Model, Equatable {
    var id = 0
    var text = ""
    static let schema = Schema(Record.self) {
        Field("id", \.id)
        Field("text", \.text)
    }
}

private func jsonLines(records: Int, textBytes: Int) -> [UInt8] {
    var out: [UInt8] = []
    let text = String(repeating: "x", count: textBytes)
    for i in 0..<records { out += Array(#"{"id":\#(i),"text":"\#(text)"}"#.utf8) + [0x0A] }
    return out
}

private func decodeStream(_ bytes: [UInt8], chunk: Int, options: DecodingOptions) throws -> [Record] {
    let stream = ModelStreamDecoder<Record>(options: options)
    var out: [Record] = []
    var i = 0
    while i < bytes.count {
        out += try stream.feed(bytes[i..<min(i + chunk, bytes.count)])
        i += chunk
    }
    return out + (try stream.finish())
}

@Suite struct StreamingLimitsTests {
    // 2.3 KB records with maxStringBytes 65536 failed at record 83 (64 KB chunks) or line 1
    // (1 MiB chunks): the check measured the bytes before the open string, not the string.
    @Test func maxStringBytesMeasuresTheOpenString() throws {
        let bytes = jsonLines(records: 400, textBytes: 2300)
        var options = DecodingOptions()
        options.limits.maxStringBytes = 65536
        for chunk in [1 << 16, 1 << 20, 1000, 7] {
            let records = try decodeStream(bytes, chunk: chunk, options: options)
            #expect(records.count == 400, "chunk \(chunk)")
            #expect(records.last?.id == 399, "chunk \(chunk)")
        }
        // A string over the limit still fails, whole or while still open across chunks.
        options.limits.maxStringBytes = 1000
        for chunk in [1 << 16, 1 << 20, 100, 7] {
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") {
                try decodeStream(jsonLines(records: 3, textBytes: 20_000), chunk: chunk, options: options)
            }
            #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 1000), "chunk \(chunk)")
        }
    }

    // maxInputBytes counted the whole stream, so a long-running stream of small records failed.
    @Test func maxInputBytesAppliesToEachRecord() throws {
        var options = DecodingOptions()
        options.limits.maxInputBytes = 200
        let bytes = jsonLines(records: 1000, textBytes: 100)  // ~120 bytes a record, 120 KB in all
        for chunk in [1 << 16, 333, 1] {
            #expect(try decodeStream(bytes, chunk: chunk, options: options).count == 1000, "chunk \(chunk)")
        }
        // The elements of a top-level array are records too.
        var array: [UInt8] = [UInt8(ascii: "[")]
        for i in 0..<1000 { array += Array((i == 0 ? "" : ",").utf8) + Array(#"{"id":\#(i),"text":"abc"}"#.utf8) }
        array.append(UInt8(ascii: "]"))
        #expect(try decodeStream(array, chunk: 4096, options: options).count == 1000)
        // One record over the limit fails, whether it is still open at the end of a chunk or not.
        let big = jsonLines(records: 2, textBytes: 100) + jsonLines(records: 1, textBytes: 300) + jsonLines(records: 2, textBytes: 1)
        for chunk in [1 << 16, 50, 1] {
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") { try decodeStream(big, chunk: chunk, options: options) }
            #expect(error.reason == .limitExceeded(.maxInputBytes, limit: 200), "chunk \(chunk)")
            #expect(error.line == 3, "chunk \(chunk): \(error)")
        }
    }

    // `{"a":1} "never closed`: a syntax error at the end of the input, also in a stream.
    @Test func trailingUnterminatedStringFailsAtTheEnd() throws {
        let input = Array(#"{"id":1} "never closed"#.utf8)
        for chunk in [input.count, 5, 1] {
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") {
                try decodeStream(input, chunk: chunk, options: DecodingOptions())
            }
            guard case .syntax = error.reason else {
                Issue.record("chunk \(chunk): \(error)")
                continue
            }
            #expect(error.byteOffset == input.count, "chunk \(chunk): \(error)")
        }
    }

    // A stream that stops mid-record is located at the end, like whole input.
    @Test func truncatedStreamIsLocatedAtItsEnd() throws {
        let input = Array("{\"id\":1}\n{\"id\":2,\n\"text\":\"ab\"".utf8)
        for chunk in [input.count, 4, 1] {
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") {
                try decodeStream(input, chunk: chunk, options: DecodingOptions())
            }
            #expect(error.byteOffset == input.count, "chunk \(chunk): \(error)")
            #expect(error.line == 3, "chunk \(chunk): \(error)")
            #expect(error.column == 12, "chunk \(chunk): \(error)")
        }
    }

    @Test func aStreamUnderSkipKeepsNoSkippedErrors() throws {
        // 256 MB of JSON Lines with one mismatch per line grew to 545 MB: nothing drained them.
        let stream = ModelStreamDecoder<IntList>(options: DecodingOptions(mismatch: .skip))
        var decoded = 0
        for _ in 0..<200 { decoded += try stream.feed(Array("{\"ints\":[\"x\",1]}\n".utf8)).count }
        decoded += try stream.finish().count
        #expect(decoded == 200)
        #expect(stream.keptSkippedErrors == 0)
    }

    @Test func anOpenStringOverTheLimitFailsBeforeItEnds() throws {
        // The open string was measured from the wrong offset and only checked when it closed:
        // 256 MB of an unterminated string under a 1024-byte limit grew memory without error.
        let limits = DecodingLimits(maxStringBytes: 1024)
        let stream = ModelStreamDecoder<LongHolder>(options: DecodingOptions(limits: limits))
        _ = try stream.feed(Array("{\"s\":\"".utf8))
        var error: ModelDecodingError?
        var fed = 0
        while fed < 1 << 20 {
            do {
                _ = try stream.feed([UInt8](repeating: UInt8(ascii: "a"), count: 512))
                fed += 512
            } catch let e as ModelDecodingError {
                error = e
                break
            }
        }
        let failure = try #require(error)
        #expect(failure.reason == .limitExceeded(.maxStringBytes, limit: 1024))
        #expect(fed <= 1024)
        #expect(failure.byteOffset == 5)
        #expect(failure.path == "$[0].s")
    }

    @Test func escapesCountAsWhatTheyDecodeTo() throws {
        // 300 × `\u00e9` is 1800 bytes of input but 600 decoded bytes: within a 700-byte limit.
        let limits = DecodingLimits(maxStringBytes: 700)
        let text = "{\"s\":\"" + String(repeating: "\\u00e9", count: 300) + "\"}"
        let stream = ModelStreamDecoder<LongHolder>(options: DecodingOptions(limits: limits))
        var done: [LongHolder] = []
        for byte in Array(text.utf8) { done += try stream.feed([byte]) }
        done += try stream.finish()
        #expect(done.map(\.text.count) == [300])
        #expect(try LongHolder(json: text, options: DecodingOptions(limits: limits)).text.count == 300)
    }
}

import Testing
@testable import ModelKitCore

/// `ChunkedFeeder` hands yajl a stream's chunks and a large input's blocks. However the input is
/// cut, yajl must get every byte once, in order, never a string, a number or literal run, or a
/// UTF-8 sequence in two calls, and the pre-scan's errors must land on the same byte.
@Suite struct ChunkedFeederTests {
    /// Records what it is handed instead of tokenizing it.
    private final class RecordingParser: ChunkParser {
        var calls: [(offset: Int, bytes: [UInt8])] = []
        let maxStringBytes: Int
        init(maxStringBytes: Int = .max) { self.maxStringBytes = maxStringBytes }

        func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
            calls.append((offset, Array(buffer)))
        }

        func error(_ reason: ModelDecodingError.Reason, at offset: Int, path: String?) -> ModelDecodingError {
            ModelDecodingError(reason: reason, path: path ?? "$", line: 0, column: 0, byteOffset: offset)
        }
    }

    private struct Outcome {
        var calls: [(offset: Int, bytes: [UInt8])]
        var failure: String?
    }

    /// Feeds `input` in pieces of the sizes given (cycled), keeping what is held back the way a
    /// stream does.
    private func feed(_ input: [UInt8], pieces sizes: [Int], maxStringBytes: Int = .max) -> Outcome {
        let parser = RecordingParser(maxStringBytes: maxStringBytes)
        var feeder = ChunkedFeeder()
        var pending: [UInt8] = []
        var failure: String?
        do {
            var i = 0, k = 0
            while i < input.count {
                let end = min(i + sizes[k % sizes.count], input.count)
                pending += input[i..<end]
                let handed = try pending.withUnsafeBytes { try feeder.feed($0, newBytes: end - i, to: parser) }
                pending.removeFirst(handed)
                i = end
                k += 1
            }
            try pending.withUnsafeBytes { try feeder.finish($0, to: parser) }
        } catch let error as ModelDecodingError {
            failure = "\(error.reason) at \(error.byteOffset)"
        } catch {
            failure = "\(error)"
        }
        return Outcome(calls: parser.calls, failure: failure)
    }

    /// Offsets between two calls that cut a token: inside a string, inside a run of number or
    /// literal bytes, inside a UTF-8 sequence.
    private func cutsAToken(_ input: [UInt8], at cut: Int) -> Bool {
        var inString = false, escaped = false
        for byte in input[..<cut] {
            if escaped { escaped = false } else if inString && byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString.toggle() }
        }
        if inString { return true }
        if cut > 0 && cut < input.count {
            if SourceLocator.isTokenByte(input[cut - 1]) && SourceLocator.isTokenByte(input[cut]) { return true }
            if input[cut] & 0xC0 == 0x80 { return true }
        }
        return false
    }

    private let inputs: [String] = [
        #"{"id": 12345, "name": "caf\u00e9 \"quoted\"", "tags": ["a", "bc"], "ok": true, "none": null}"#,
        "[1.5e-3, -0.25, 1234567890123, \"日本語のテキスト\", false]",
        #"{"a": "x"} {"b": [10, 20]} 30 "tail""#,
    ]

    @Test func everyByteIsHandedOnceInOrderAndNoTokenIsCut() {
        for text in inputs {
            let input = Array(text.utf8)
            for size in [1, 2, 3, 5, 7, 16, input.count] {
                let outcome = feed(input, pieces: [size])
                #expect(outcome.failure == nil, "\(text) in pieces of \(size)")
                #expect(outcome.calls.flatMap(\.bytes) == input, "\(text) in pieces of \(size)")
                var offset = 0
                for call in outcome.calls {
                    #expect(call.offset == offset)
                    offset += call.bytes.count
                    #expect(!cutsAToken(input, at: offset), "\(text) cut at \(offset) in pieces of \(size)")
                }
            }
        }
    }

    @Test func preScanErrorsLandOnTheSameByteWhateverThePieces() {
        let bad: [[UInt8]] = [
            Array(#"{"a": "ok", "b": "bad "#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),  // invalid UTF-8
            Array("[1,\u{0C}2]".utf8),  // a form feed, which yajl takes for whitespace
            Array(#"["\ud800"]"#.utf8),  // a lone surrogate escape
            Array(#"{"a": "never closed"#.utf8),
        ]
        for input in bad {
            let whole = feed(input, pieces: [input.count])
            #expect(whole.failure != nil, "\(input)")
            for sizes in [[1], [2], [3, 1], [5, 2, 7]] {
                let cut = feed(input, pieces: sizes)
                #expect(cut.failure == whole.failure, "\(input) in pieces of \(sizes)")
                // Nothing past the offending byte reaches yajl.
                #expect(cut.calls.flatMap(\.bytes).count <= whole.calls.flatMap(\.bytes).count)
            }
        }
    }

    @Test func anOpenStringOverTheLimitFailsBeforeItEnds() {
        let input = Array(("[\"" + String(repeating: "x", count: 100)).utf8)
        let outcome = feed(input, pieces: [10], maxStringBytes: 32)
        #expect(outcome.failure?.hasPrefix("limitExceeded(") == true)
        #expect(outcome.failure?.hasSuffix("at 1") == true)
        // The string itself was never handed over.
        #expect(outcome.calls.flatMap(\.bytes) == Array("[".utf8))
    }
}

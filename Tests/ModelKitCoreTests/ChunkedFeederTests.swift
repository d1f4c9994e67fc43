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

    /// Feeds `input` in pieces of the sizes given (cycled; a 0 is an empty piece), keeping what is
    /// held back the way a stream does. The first `start` bytes are not JSON (a byte order mark).
    private func feed(_ input: [UInt8], pieces sizes: [Int], maxStringBytes: Int = .max, start: Int = 0) -> Outcome {
        let parser = RecordingParser(maxStringBytes: maxStringBytes)
        var feeder = ChunkedFeeder(start: start)
        var pending: [UInt8] = []
        var failure: String?
        do {
            var i = start, k = 0
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
        #"[12"s", true"x"]"#,  // runs right before a quote (not JSON: yajl's to report, with the run whole)
        "[1, é, 2]",  // a sequence outside a string (not JSON either)
    ]

    /// Checks that `outcome` handed `input` from `start` on, once, in order, cutting no token.
    private func expectWholeAndUncut(_ outcome: Outcome, _ input: [UInt8], start: Int = 0, _ comment: Comment) {
        #expect(outcome.failure == nil, comment)
        #expect(outcome.calls.flatMap(\.bytes) == Array(input[start...]), comment)
        var offset = start
        for call in outcome.calls {
            #expect(call.offset == offset, comment)
            offset += call.bytes.count
            #expect(!cutsAToken(input, at: offset), "cut at \(offset): \(comment)")
        }
    }

    @Test func everyByteIsHandedOnceInOrderAndNoTokenIsCut() {
        for text in inputs {
            let input = Array(text.utf8)
            for sizes in [[1], [2], [3], [5], [7], [16], [input.count], [3, 0, 2], [0, 1]] {
                expectWholeAndUncut(feed(input, pieces: sizes), input, "\(text) in pieces of \(sizes)")
            }
        }
    }

    @Test func bytesBeforeTheStartAreNeverHanded() {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1, 22, "b\u00e9"]}"#.utf8)
        for sizes in [[1], [2], [4], [input.count]] {
            expectWholeAndUncut(feed(input, pieces: sizes, start: 3), input, start: 3, "pieces of \(sizes)")
        }
    }

    @Test func aTrailingRunIsHeldBackAndCountedAcrossPieces() throws {
        let parser = RecordingParser()
        var feeder = ChunkedFeeder()
        var pending: [UInt8] = []
        func feed(_ text: String) throws {
            pending += Array(text.utf8)
            let handed = try pending.withUnsafeBytes { try feeder.feed($0, newBytes: text.utf8.count, to: parser) }
            pending.removeFirst(handed)
        }
        try feed("[12")
        #expect(feeder.heldTokenLength == 2)
        #expect(parser.calls.flatMap(\.bytes) == Array("[".utf8))
        try feed("")
        #expect(feeder.heldTokenLength == 2)
        try feed("345")
        #expect(feeder.heldTokenLength == 5)
        try feed(", tr")
        #expect(feeder.heldTokenLength == 2)
        #expect(parser.calls.flatMap(\.bytes) == Array("[12345, ".utf8))
        try feed("ue]")
        #expect(feeder.heldTokenLength == 0)
        #expect(feeder.parsedEnd == 13)
    }

    @Test func preScanErrorsLandOnTheSameByteWhateverThePieces() {
        let bad: [(input: [UInt8], failure: String)] = [
            // Invalid UTF-8: 0xC3 followed by an ASCII byte.
            (Array(#"{"a": "ok", "b": "bad "#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), "syntax(\"invalid UTF-8 byte sequence\") at 22"),
            (Array("[1,\u{0C}2]".utf8), "syntax(\"form feed or vertical tab is not JSON whitespace\") at 3"),
            (Array(#"["\ud800"]"#.utf8), #"syntax("unpaired UTF-16 surrogate escape (\\uD800–\\uDFFF)") at 2"#),
            (Array(#"{"a": "never closed"#.utf8), "syntax(\"unexpected end of input inside a string\") at 19"),
            // A sequence still open when the input ends: found there.
            (Array("[\"ab".utf8) + [0xE6, 0x97], "syntax(\"invalid UTF-8 byte sequence\") at 6"),
        ]
        for (input, failure) in bad {
            for sizes in [[input.count], [1], [2], [3, 1], [5, 2, 7]] {
                let outcome = feed(input, pieces: sizes)
                #expect(outcome.failure == failure, "\(input) in pieces of \(sizes)")
                // What precedes the offending byte, and nothing after it, reaches the parser.
                let offset = Int(failure.split(separator: " ").last!)!
                #expect(outcome.calls.flatMap(\.bytes).count <= offset, "\(input) in pieces of \(sizes)")
            }
        }
    }

    @Test func anOpenStringOverTheLimitFailsBeforeItEnds() {
        for string in [String(repeating: "x", count: 100), String(repeating: #"\n"#, count: 50) + String(repeating: "y", count: 20)] {
            let input = Array(("[\"" + string).utf8)
            let outcome = feed(input, pieces: [10], maxStringBytes: 32)
            #expect(outcome.failure == "limitExceeded(ModelKitCore.ModelDecodingError.Limit.maxStringBytes, limit: 32) at 1")
            // The string itself was never handed over.
            #expect(outcome.calls.flatMap(\.bytes) == Array("[".utf8))
        }
        // Escapes count as what they decode to: 50 `\n` are 50 bytes, under a limit of 60.
        let escaped = Array(("[\"" + String(repeating: #"\n"#, count: 50) + "\"]").utf8)
        #expect(feed(escaped, pieces: [10], maxStringBytes: 60).failure == nil)
    }

    /// A run right before a string that stays open is held back with it; the feeder must not
    /// look at the run again on every piece (quadratic: 200,000 bytes × 100,000 pieces).
    @Test func aRunBeforeAnOpenStringIsNotRescannedPerPiece() {
        let input = Array(("[" + String(repeating: "1", count: 200_000) + "\"" + String(repeating: "x", count: 400_000) + "\"]").utf8)
        let outcome = feed(input, pieces: [4])
        #expect(outcome.failure == nil)
        #expect(outcome.calls.flatMap(\.bytes) == input)
        #expect(outcome.calls.count == 2)  // `[`, then the run, the string and `]` once the string ends
    }
}

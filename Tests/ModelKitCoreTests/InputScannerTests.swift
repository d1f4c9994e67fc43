import Testing
@testable import ModelKitCore

/// The pre-scan takes its frequent stops (quotes, one-character escapes, well-formed UTF-8) on a
/// fast path only when the bytes it needs are in the chunk; otherwise its byte-by-byte state
/// machine decides. Scanning the same input whole and in chunks of every small size must find
/// the same first problem at the same offset: that compares the two paths on every input.
struct InputScannerTests {
    /// The first problem of `input` fed in chunks of `size` bytes (whole when nil), at its
    /// absolute offset, or the end-of-input problem at `input.count`.
    private func firstProblem(_ input: [UInt8], chunk size: Int?) -> String {
        var scanner = InputScanner()
        return input.withUnsafeBytes { whole -> String in
            let step = size ?? max(whole.count, 1)
            var start = 0
            while start < whole.count {
                let end = min(start + step, whole.count)
                if let (offset, problem) = scanner.scan(UnsafeRawBufferPointer(rebasing: whole[start..<end])) {
                    return "\(problem)@\(start + offset)"
                }
                start = end
            }
            return scanner.finish().map { "\($0)@end" } ?? "ok"
        }
    }

    /// Fragments that put every stop of the scanner next to every other, in and out of strings.
    private static let fragments: [[UInt8]] = [
        Array(#"""#.utf8), Array("abcdefghij".utf8), Array(" ".utf8), Array(":".utf8), Array("\n".utf8),
        Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\u00e9"#.utf8),
        Array(#"\ud83d\ude00"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\u12"#.utf8), Array(#"\"#.utf8),
        [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
        [0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0x0C], [0x0B], [0x01], [0x09], [0x5C, 0xC3, 0xA9],
    ]

    @Test func chunkedAndWholeScansFindTheSameFirstProblem() {
        var generator = SplitMix(seed: 0x5CA7)
        var problemsSeen = Set<String>()
        for _ in 0..<3_000 {
            var input: [UInt8] = []
            // Mostly valid text, so that problems sit at varied depths into the input.
            for _ in 0..<generator.next(below: 24) {
                let pick = generator.next(below: 100)
                let fragment = pick < 70 ? Self.fragments[generator.next(below: 12)] : Self.fragments[generator.next(below: Self.fragments.count)]
                input += fragment
            }
            let whole = firstProblem(input, chunk: nil)
            problemsSeen.insert(String(whole.prefix { $0 != "@" }))
            for size in 1...9 {
                #expect(firstProblem(input, chunk: size) == whole, "chunks of \(size): \(input)")
            }
        }
        // The inputs reach every kind of problem (and clean inputs), so every path was compared.
        #expect(problemsSeen.isSuperset(of: ["ok", "invalidUTF8", "overlongUTF8", "encodedSurrogate", "codePointTooLarge",
                                             "loneSurrogateEscape", "invalidWhitespace", "unterminatedString"]))
    }

    @Test func fastPathStopsAreLocatedExactly() {
        // Each problem sits after at least eight clean bytes, so the word loop reaches it.
        let cases: [([UInt8], String)] = [
            (Array(#""abcdefghij\n\"\\ é日本😀""#.utf8), "ok"),
            (Array(#""abcdefghij""#.utf8) + [0x0C], "invalidWhitespace@12"),
            (Array(#""abcdefghij"#.utf8) + [0xE0, 0x80, 0x80] + Array(#"""#.utf8), "overlongUTF8@11"),
            (Array(#""abcdefghij"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"""#.utf8), "encodedSurrogate@11"),
            (Array(#""abcdefghij"#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#"""#.utf8), "codePointTooLarge@11"),
            (Array(#""abcdefghij"#.utf8) + [0xE6, 0x97, 0x41] + Array(#"""#.utf8), "invalidUTF8@11"),
            (Array(#""abcdefghij\ud800x""#.utf8), "loneSurrogateEscape@11"),
            (Array(#""abcdefghij"#.utf8) + [0x01] + Array(#"""#.utf8), "ok"),  // yajl's to report
            (Array(#""abcdefghij\""#.utf8), "unterminatedString@end"),
        ]
        for (input, expected) in cases {
            #expect(firstProblem(input, chunk: nil) == expected, "\(input)")
        }
    }
}

extension InputScannerTests {
    /// A non-ASCII byte inside the low half of a surrogate pair's escape (`\uD800\uDC0é`) is
    /// yajl's to report (no hex digit); the scanner must forget the pair. It kept expecting the
    /// low half, so a later `\uD800` was taken for it and reported as an unpaired surrogate at the
    /// first string (found by the stream fuzz target: the whole input and a stream disagreed).
    @Test func aBrokenLowEscapeLeavesNoPairBehind() {
        let input = Array(#"{"a":"\uD800\uDC0"#.utf8) + [0xC3, 0xA9] + Array(#"","b":"\uD800\uDC00"}"#.utf8)
        #expect(firstProblem(input, chunk: nil) == "ok")
        for size in 1...9 { #expect(firstProblem(input, chunk: size) == "ok", "chunks of \(size)") }
        // And the decoders report yajl's error at the byte, in one piece and in a stream.
        let failure = #expect(throws: ModelDecodingError.self) { try ModelDecoder.decode(JSONValue.self, from: input, options: DecodingOptions()) }
        #expect(failure?.description.contains("hex") == true, "\(String(describing: failure))")
        #expect(failure?.description.contains("surrogate") == false)
    }
}

/// A small deterministic generator (SplitMix64), so a failure reproduces.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// `InputScanner.quickCheck` lets whole inputs skip the stateful scan: it may only vouch for an
/// input the scan passes (a string left open at the end aside, which the feeder checks after
/// yajl), and it must vouch for the valid JSON servers send, or the fast path is never taken.
extension InputScannerTests {
    private func quickCheck(_ input: [UInt8]) -> Bool {
        input.withUnsafeBytes { InputScanner.quickCheck($0) }
    }

    @Test func quickCheckVouchesOnlyForInputsTheScanPasses() {
        var generator = SplitMix(seed: 0x0C4E)
        var vouched = 0, refused = 0
        for _ in 0..<20_000 {
            var input: [UInt8] = []
            for _ in 0..<generator.next(below: 16) {
                input += Self.fragments[generator.next(below: Self.fragments.count)]
            }
            let scan = firstProblem(input, chunk: nil)
            if quickCheck(input) {
                vouched += 1
                #expect(scan == "ok" || scan == "unterminatedString@end", "\(input): \(scan)")
            } else {
                refused += 1
            }
        }
        // Both answers were given often enough for the property to mean something.
        #expect(vouched > 2_000 && refused > 2_000, "vouched \(vouched), refused \(refused)")
    }

    @Test func quickCheckVouchesForValidJSON() {
        let pieces = ["plain text", #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\u00e9"#, #"\u0000"#, #"\ud83d\ude00"#, #"\uDBFF\uDFFF"#,
                      "é", "日本語", "😀", "\u{7F}", " ", "\t"]
        var generator = SplitMix(seed: 0x7A11)
        for _ in 0..<2_000 {
            var json = "{\n"
            for member in 0..<generator.next(below: 6) {
                let text = (0..<generator.next(below: 5)).map { _ in pieces[generator.next(below: pieces.count - 1)] }.joined()
                json += "  \"key\(member)\": [\"\(text)\", 12.5e-3, true, null, {}],\r\n"
            }
            json += "  \"last\": \"\(pieces[generator.next(below: 8)])\"\n}"
            let bytes = Array(json.utf8)
            #expect(quickCheck(bytes), "\(json)")
            #expect(firstProblem(bytes, chunk: nil) == "ok", "\(json)")
        }
    }

    /// Blocks of thirty-two and sixteen and words of eight bytes are skipped when clean: a
    /// problem is found at every offset of a long input, whichever half of a wide block, lane of
    /// a block or word it falls in (past one clean block of sixteen, several wide ones).
    @Test func quickCheckFindsAProblemAtEveryOffset() {
        let problems: [[UInt8]] = [[0x0B], [0x0C], [0x80], [0xC0, 0xAF], Array(#"\ud800"#.utf8)]
        for offset in 0..<112 {
            let before = Array(repeating: UInt8(ascii: "a"), count: offset), after = Array(repeating: UInt8(ascii: "b"), count: 111 - offset)
            #expect(quickCheck(before + after))
            for problem in problems { #expect(!quickCheck(before + problem + after), "\(problem) at \(offset)") }
        }
    }

    /// What it stops at: each kind of problem, and what it cannot judge without string state.
    @Test func quickCheckRefusesWhatItCannotVouchFor() {
        let refused: [[UInt8]] = [
            Array(#""abcdefghij\ud800""#.utf8), Array(#""abcdefghij\udc00""#.utf8), Array(#""\ud800\u0041""#.utf8),
            Array(#""\u12""#.utf8), Array(#""\uZZZZ""#.utf8), Array(#""ab\"#.utf8), [0x22, 0x5C, 0xC3, 0xA9, 0x22],
            [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE6, 0x97],
            [0x22, 0x80, 0x22], Array("[1,\u{0C}2]".utf8), Array("[1,2]         \u{0B}".utf8),
        ]
        for input in refused { #expect(!quickCheck(input), "\(input)") }
        // Controls are yajl's, inside strings and out; quotes are not the quick check's business.
        for input in [Array("\"a\u{01}b\"".utf8), Array("\"abc".utf8), Array("\"\\u00e9\\\\\"".utf8)] {
            #expect(quickCheck(input), "\(input)")
        }
    }
}

import Testing
@testable import ModelKitCore

/// `SimplePattern`, the `Regex`-free matcher of `.pattern` checks: it must answer as `Regex`
/// (`.unicodeScalar` semantics) on every pattern it builds and every ASCII text, refuse what
/// is outside its subset, and leave non-ASCII text to `Regex`.
@Suite struct SimplePatternTests {
    private func regexMatches(_ pattern: String, _ text: String) throws -> Bool {
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        return try regex.firstMatch(in: text) != nil
    }

    /// Patterns in the subset, from the pieces field rules are made of; texts from the bytes those
    /// pieces name and their neighbours (line breaks, `^`, a capital, a tab).
    private static let atoms = ["a", "b", "z", "0", "_", "-", " ", "/", ".", "\\d", "\\w", "\\s", "\\D", "\\W", "\\S",
                                "\\.", "\\-", "\\$", "\\^", "[a-z]", "[^a-z]", "[a-c0-9_]", "[-a]", "[a-]", "[a^]",
                                "[\\d.]", "[\\s]", "[^\\w]", "[\\w-]", "[.-0]", "[\\--/]", "[A-Z_]", "[^\\n]", "\\t", "[\\r\\n]"]
    private static let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "{2,}", "*?", "+?", "{1,2}?", "{0}"]
    private static let textBytes = Array("abz09_-. /\n\r\t^A$\u{0B}".unicodeScalars)

    @Test func answersAsRegexOnGeneratedPatternsAndTexts() throws {
        var random = Oracle.SeededGenerator(seed: 37)
        var compared = 0
        for _ in 0..<400 {
            var pattern = random.chance(60) ? "^" : ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                pattern += random.pick(Self.atoms) + random.pick(Self.quantifiers)
            }
            if random.chance(60) { pattern += "$" }
            let simple = try #require(SimplePattern(pattern), "\(pattern) is in the subset")
            for _ in 0..<40 {
                var text = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...7, using: &random) { text.append(random.pick(Self.textBytes)) }
                let string = String(text)
                #expect(simple.matches(string) == (try regexMatches(pattern, string)), "\(pattern) on \(string.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == 16_000)
    }

    @Test func answersAsRegexOnTextsAroundAWordOfPositions() throws {
        // 63 bytes and less are matched on a word's bits, longer text on an array.
        var random = Oracle.SeededGenerator(seed: 64)
        for _ in 0..<60 {
            var pattern = "^"
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                pattern += random.pick(Self.atoms) + random.pick(Self.quantifiers)
            }
            if random.chance(70) { pattern += "$" }
            let simple = try #require(SimplePattern(pattern), "\(pattern) is in the subset")
            for length in [62, 63, 64, 65, 100] {
                // Runs of one byte, so that quantified classes can span the text.
                var text = String.UnicodeScalarView()
                while text.count < length {
                    let scalar = random.pick(Self.textBytes)
                    for _ in 0..<min(Int.random(in: 1...40, using: &random), length - text.count) { text.append(scalar) }
                }
                let string = String(text)
                #expect(simple.matches(string) == (try regexMatches(pattern, string)), "\(pattern) on \(string.debugDescription)")
            }
        }
    }

    @Test(arguments: [
        ("^[a-z0-9_]{3,32}$", ["abc", "a_b_9", String(repeating: "x", count: 32)], ["ab", "ABC", "abc!", String(repeating: "x", count: 33), ""]),
        ("^[A-Z]{2}-\\d+$", ["US-1", "DE-0042"], ["US-", "us-1", "USA-1", "US-1\n"]),
        ("[0-9]", ["a1b", "9"], ["abc", ""]),
        ("^$", [""], [" ", "\n"]),
        ("", ["", "anything"], []),
    ] as [(String, [String], [String])])
    func answersTheRulesFieldsAreWrittenIn(_ pattern: String, _ accepted: [String], _ rejected: [String]) throws {
        let simple = try #require(SimplePattern(pattern))
        for text in accepted {
            #expect(simple.matches(text) == true, "\(pattern) accepts \(text)")
            #expect(try regexMatches(pattern, text), "Regex accepts \(text)")
        }
        for text in rejected {
            #expect(simple.matches(text) == false, "\(pattern) rejects \(text)")
            #expect(try !regexMatches(pattern, text), "Regex rejects \(text)")
        }
    }

    @Test func answersInOnePassPerElementWhereRegexBacktracks() throws {
        // `Regex` tries every split of the a's among the stars before it rejects: over a minute
        // here. The matcher's cost is elements × length, so this test finishes at once.
        let simple = try #require(SimplePattern("^a*a*a*a*a*a*a*a*b$"))
        #expect(simple.matches(String(repeating: "a", count: 40)) == false)
        #expect(simple.matches(String(repeating: "a", count: 40) + "b") == true)
    }

    @Test(arguments: ["(ab)+", "a|b", "a++", "a{,2}", "a{3,2}", "[a&&b]", "[a--b]", "[[:alpha:]]", "[]a]", "[]",
                      "\\bword", "\\x41", "a$b", "a^", "é", "[é]", "a{1234567}", "*a", "a**", "a{2}{3}", "(?i)a", "[z-a]", "]", "}"])
    func refusesWhatItLeavesToRegex(_ pattern: String) {
        #expect(SimplePattern(pattern) == nil, "\(pattern)")
    }

    @Test func leavesNonASCIITextToRegex() throws {
        let simple = try #require(SimplePattern("^[^a]+$"))
        #expect(simple.matches("héllo") == nil)
        #expect(simple.matches("hello") == true)
    }

    @Test func patternCheckAnswersNonASCIITextThroughRegex() {
        // `[^a]` takes `é` as one scalar: two bytes, one character for `{1}`.
        let check = Check<String>.pattern("^[^a]{1}$")
        #expect(check.failure("é") == nil)
        #expect(check.failure("éé") != nil)
        #expect(check.failure("b") == nil)
        #expect(check.failure("a") != nil)
    }
}

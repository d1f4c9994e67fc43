/// The regular expressions most field rules are written in — a sequence of character classes
/// and literals, each with a quantifier, optionally anchored (`^[a-z0-9_]{3,32}$`,
/// `^[A-Z]{2}-\d+$`) — matched on ASCII text without `Regex`.
///
/// Why: Swift's `Regex` costs about 7,600 instructions per value on a 2 KB request body, more
/// than the other checks of a model together; this matcher costs one pass over the text per
/// element. It answers exactly as `Regex` with `.unicodeScalar` semantics does (the tests compare
/// both on generated patterns and texts), and only where it can be sure: a pattern outside the
/// subset is not built (`init` returns nil) and text with a non-ASCII byte is not answered
/// (`matches` returns nil); the caller asks `Regex` then.
///
/// The subset: `^` first and `$` last (each optional); literals (ASCII letters, digits, space
/// and punctuation that is not syntax; syntax, `-` and `/` after a `\`; `\n`, `\r`, `\t`); `.`;
/// `\d`, `\w`, `\s` and their negations; classes `[…]` of those, ranges, and a leading `^`;
/// quantifiers `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, each maybe lazy (`?`: whether a match
/// exists does not depend on it). Groups, alternation, possessive quantifiers, class set
/// operations, other escapes and anything non-ASCII are left to `Regex`.
struct SimplePattern: Sendable {
    /// A set of ASCII bytes and how many of them in a row.
    struct Element: Sendable, Equatable {
        var set: ASCIISet
        var min: Int
        var max: Int
    }

    let elements: [Element]
    let anchoredAtStart: Bool
    let anchoredAtEnd: Bool

    /// Whether the pattern matches somewhere in `text` (everywhere, if anchored at both ends);
    /// nil when the text is not ASCII.
    func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            var nonASCII: UInt8 = 0
            for byte in bytes { nonASCII |= byte }
            return nonASCII < 0x80 ? matches(ascii: bytes) : nil
        }
    }

    /// One pass per element over the positions `0...n`, carrying the set of positions where
    /// the elements so far can end. A position `q` is reachable after an element when some
    /// reachable start `s` has `min ≤ q − s ≤ max` and every byte in `s..<q` in the set: the
    /// latest reachable start at most `q − min` decides, because both other conditions only
    /// bound `s` from below. Linear in elements × length, whatever the pattern: no backtracking.
    private func matches(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most checked texts (names, codes, identifiers) fit a word's bits: nothing allocated.
        bytes.count < 64 ? matches(ascii: bytes, positions: PositionBits()) : matches(ascii: bytes, positions: [Bool]())
    }

    private func matches<Positions: PositionSet>(ascii bytes: UnsafeBufferPointer<UInt8>, positions: Positions) -> Bool {
        let count = bytes.count
        var reached = positions
        reached.reset(count: count + 1, to: !anchoredAtStart)
        reached[0] = true
        var next = positions
        next.reset(count: count + 1, to: false)
        for element in elements {
            var latestStart = -1
            var runStart = 0
            var any = false
            for end in 0...count {
                if end > 0, !element.set.contains(bytes[end - 1]) { runStart = end }
                let newest = end - element.min
                if newest >= 0, reached[newest] { latestStart = newest }
                let reachable = latestStart >= 0 && latestStart >= runStart && end - latestStart <= element.max
                next[end] = reachable
                any = any || reachable
            }
            guard any else { return false }
            swap(&reached, &next)
        }
        return anchoredAtEnd ? reached[count] : true
    }
}

/// The positions a pattern's elements can reach, as bits of a word or an array for long text.
private protocol PositionSet {
    mutating func reset(count: Int, to value: Bool)
    subscript(position: Int) -> Bool { get set }
}

private struct PositionBits: PositionSet {
    var bits: UInt64 = 0

    mutating func reset(count: Int, to value: Bool) {
        precondition(count <= 64)
        bits = value ? ~0 : 0
    }

    subscript(position: Int) -> Bool {
        get { bits & (1 << UInt64(position)) != 0 }
        set { bits = newValue ? bits | (1 << UInt64(position)) : bits & ~(1 << UInt64(position)) }
    }
}

extension Array: PositionSet where Element == Bool {
    fileprivate mutating func reset(count: Int, to value: Bool) {
        self = Array(repeating: value, count: count)
    }
}

/// A set of ASCII bytes, one bit each.
struct ASCIISet: Sendable, Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// `byte` must be ASCII.
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : (high >> UInt64(byte &- 64)) & 1 != 0
    }

    mutating func insert(_ bytes: ClosedRange<UInt8>) {
        for byte in bytes { if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) } }
    }

    mutating func formUnion(_ other: ASCIISet) {
        low |= other.low
        high |= other.high
    }

    /// Every ASCII byte not in the set (a negated class on ASCII text).
    var inverted: ASCIISet {
        var set = ASCIISet()
        set.low = ~low
        set.high = ~high
        return set
    }

    static func of(_ bytes: ClosedRange<UInt8>...) -> ASCIISet {
        var set = ASCIISet()
        for range in bytes { set.insert(range) }
        return set
    }
}

extension SimplePattern {
    /// The pattern read in the subset, or nil when any part of it is outside (the caller keeps
    /// `Regex` for it).
    init?(_ pattern: String) {
        var reader = PatternReader(bytes: Array(pattern.utf8))
        var elements: [Element] = []
        let anchoredAtStart = reader.take(UInt8(ascii: "^"))
        var anchoredAtEnd = false
        while let byte = reader.next() {
            let set: ASCIISet
            switch byte {
            case UInt8(ascii: "$"):
                guard reader.atEnd else { return nil }
                anchoredAtEnd = true
                continue
            case UInt8(ascii: "."): set = .anyButLineBreaks
            case UInt8(ascii: "\\"):
                switch reader.escape() {
                case .set(let escapedSet)?: set = escapedSet
                case .byte(let literal)?: set = .of(literal...literal)
                case nil: return nil
                }
            case UInt8(ascii: "["):
                guard let classSet = reader.characterClass() else { return nil }
                set = classSet
            case _ where SimplePattern.syntax.contains(byte) || byte >= 0x80: return nil
            default: set = .of(byte...byte)
            }
            guard let (min, max) = reader.quantifier() else { return nil }
            elements.append(Element(set: set, min: min, max: max))
        }
        self.elements = elements
        self.anchoredAtStart = anchoredAtStart
        self.anchoredAtEnd = anchoredAtEnd
    }

    /// What `Regex` reads as syntax outside a class.
    static let syntax = Set("\\^$.|?*+()[]{}".utf8)
    /// Punctuation a `\` makes literal, in a class or out of one.
    static let escapable = syntax.union("-/".utf8)
}

extension ASCIISet {
    /// `.`: any scalar but `\n`, `\v`, `\f` and `\r`, as `Regex` reads it on ASCII text.
    static let anyButLineBreaks = ASCIISet.of(0...9, 14...127)
    static let digits = ASCIISet.of(48...57)
    static let wordCharacters = ASCIISet.of(48...57, 65...90, 95...95, 97...122)
    static let whitespace = ASCIISet.of(9...13, 32...32)
}

/// The pattern's bytes, read front to back by `SimplePattern.init`.
private struct PatternReader {
    let bytes: [UInt8]
    var index = 0

    /// What a `\` starts: a set (`\d`) or a literal byte (`\.`).
    enum Escape {
        case set(ASCIISet)
        case byte(UInt8)
    }

    var atEnd: Bool { index == bytes.count }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// After a `\`: the class escapes, three control characters, or escaped punctuation as itself.
    mutating func escape() -> Escape? {
        guard let byte = next() else { return nil }
        switch byte {
        case UInt8(ascii: "d"): return .set(.digits)
        case UInt8(ascii: "D"): return .set(ASCIISet.digits.inverted)
        case UInt8(ascii: "w"): return .set(.wordCharacters)
        case UInt8(ascii: "W"): return .set(ASCIISet.wordCharacters.inverted)
        case UInt8(ascii: "s"): return .set(.whitespace)
        case UInt8(ascii: "S"): return .set(ASCIISet.whitespace.inverted)
        case UInt8(ascii: "n"): return .byte(10)
        case UInt8(ascii: "r"): return .byte(13)
        case UInt8(ascii: "t"): return .byte(9)
        case _ where SimplePattern.escapable.contains(byte): return .byte(byte)
        default: return nil
        }
    }

    /// After a `[`: members, ranges and escapes up to the closing `]`. Nested classes, POSIX
    /// names and set operations (`&&`, `--`, `~~`) are `Regex`'s.
    mutating func characterClass() -> ASCIISet? {
        let negated = take(UInt8(ascii: "^"))
        var set = ASCIISet()
        var first = true
        while true {
            guard let byte = next(), byte < 0x80, byte != UInt8(ascii: "[") else { return nil }
            if byte == UInt8(ascii: "]") {
                guard !first else { return nil }
                return negated ? set.inverted : set
            }
            first = false
            if [UInt8(ascii: "&"), UInt8(ascii: "-"), UInt8(ascii: "~")].contains(byte), peek() == byte { return nil }
            let low: UInt8
            if byte == UInt8(ascii: "\\") {
                switch escape() {
                case .set(let escapedSet)?:
                    guard peek() != UInt8(ascii: "-") || peek(1) == UInt8(ascii: "]") else { return nil }
                    set.formUnion(escapedSet)
                    continue
                case .byte(let literal)?: low = literal
                case nil: return nil
                }
            } else {
                low = byte
            }
            guard peek() == UInt8(ascii: "-"), let end = peek(1), end != UInt8(ascii: "]") else {
                set.insert(low...low)
                continue
            }
            index += 1
            guard let high = rangeEnd(), low <= high else { return nil }
            set.insert(low...high)
        }
    }

    /// The byte a range ends on: a literal or escaped punctuation.
    private mutating func rangeEnd() -> UInt8? {
        guard let byte = next(), byte < 0x80, byte != UInt8(ascii: "[") else { return nil }
        guard byte == UInt8(ascii: "\\") else { return byte }
        guard case .byte(let literal)? = escape() else { return nil }
        return literal
    }

    /// After an element: how many of it, `(1, 1)` without a quantifier; nil for what the
    /// subset leaves to `Regex` (a possessive quantifier, `{,n}`, bounds out of order).
    mutating func quantifier() -> (Int, Int)? {
        let bounds: (Int, Int)
        switch peek() {
        case UInt8(ascii: "*"): bounds = (0, .max)
        case UInt8(ascii: "+"): bounds = (1, .max)
        case UInt8(ascii: "?"): bounds = (0, 1)
        case UInt8(ascii: "{"):
            index += 1
            guard let min = number() else { return nil }
            var max = min
            if take(UInt8(ascii: ",")) { max = number() ?? .max }
            guard peek() == UInt8(ascii: "}"), min <= max else { return nil }
            bounds = (min, max)
        default: return (1, 1)
        }
        index += 1
        // Lazy or greedy, a match exists or not alike; possessive can fail where greedy matches.
        _ = take(UInt8(ascii: "?"))
        guard peek() != UInt8(ascii: "+") else { return nil }
        return bounds
    }

    /// Decimal digits, at most six (a bound beyond is `Regex`'s).
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let byte = peek(), (48...57).contains(byte), digits < 6 {
            value = value * 10 + Int(byte - 48)
            digits += 1
            index += 1
        }
        guard digits > 0, !(peek().map { (48...57).contains($0) } ?? false) else { return nil }
        return value
    }
}

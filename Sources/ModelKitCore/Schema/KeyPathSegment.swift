/// One step of a field's JSON key: a member of an object (`"images"`) or an element of an array
/// (`[0]`). `"images[0].url"` is `images`, `[0]`, `url`; `"matrix[1][0]"` is `matrix`, `[1]`, `[0]`.
enum KeyPathSegment: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// The largest index a key may name. The encoder fills the elements before an index with
    /// `null` and the decoder keeps a table slot per index up to the largest, so a typo such as
    /// `[100000000]` is refused when the schema is built rather than costing memory at every use.
    static let maximumIndex = 65_535

    /// The steps of `key`. A key with an empty part between dots (`".a"`, `"a..b"`, `"a."`) is
    /// one plain key, brackets included, as before indexes existed. Otherwise each part is a name
    /// followed by any number of `[N]` (N decimal, 0…``maximumIndex``).
    ///
    /// A malformed index (`"a[x]"`, `"a[-1]"`, `"a["`, `"[0]"`, `"a]"`) stops the program: it is
    /// a mistake in the schema's source, found the first time the schema is built, and decoding
    /// on as a plain key would silently never match the document.
    static func segments(of key: String) -> [KeyPathSegment] {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) { return [.key(key)] }
        var segments: [KeyPathSegment] = []
        for part in parts { appendSegments(of: part, in: key, to: &segments) }
        return segments
    }

    private static func appendSegments(of part: Substring, in key: String, to segments: inout [KeyPathSegment]) {
        guard let open = part.firstIndex(where: { $0 == "[" || $0 == "]" }) else {
            segments.append(.key(String(part)))
            return
        }
        let name = part[..<open]
        guard !name.isEmpty else { malformed(key, "an index must follow a key (\"images[0]\", not \"[0]\")") }
        segments.append(.key(String(name)))
        var rest = part[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                malformed(key, "\"\(rest)\" is not an index in brackets")
            }
            let digits = rest[rest.index(after: rest.startIndex)..<close]
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let index = Int(digits), index <= maximumIndex else {
                malformed(key, "\"[\(digits)]\" is not an index from 0 to \(maximumIndex)")
            }
            segments.append(.index(index))
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func malformed(_ key: String, _ reason: String) -> Never {
        preconditionFailure("ModelKit: the key \"\(key)\" has a malformed array index: \(reason)")
    }
}

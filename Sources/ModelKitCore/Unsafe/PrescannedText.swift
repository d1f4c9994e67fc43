// A string token's bytes become a `String` without the standard library's UTF-8 check, because
// every route that makes a string token has checked them already: the pre-scan (InputScanner)
// for JSON text, which rejects malformed UTF-8, encoded surrogates and unpaired surrogate escapes
// before yajl hands out a string from those bytes; CBORReader for an archive's text strings (which
// CBORTapeRecorder puts on the tape); and
// Swift `String`s for tapes recorded from a `JSONValue`. `String(decoding:as:)` checked them a
// second time: on text that is not ASCII (CJK, Cyrillic, accents), its check was a seventh of a
// Codable decode of the benchmark's generated strings.

extension String {
    /// `bytes`, known to be well-formed UTF-8 (see above), as a `String`, copied unchecked.
    /// `knownASCII`: the whole input was found plain (no non-ASCII byte, no `\u` escape), so
    /// the string's bytes are not looked at again to say so.
    /// Out of line: both decoders call it for every string token. (The Codable bridge took
    /// `String(decoding:as:)` for plain input: it looks at every byte again, about 100
    /// instructions more per string of user.json.)
    @inline(never)
    static func prescanned(_ bytes: UnsafeRawBufferPointer, knownASCII: Bool = false) -> String {
        #if DEBUG
        precondition(String(validating: bytes, as: UTF8.self) != nil, "a string token holds malformed UTF-8: a route skipped the pre-scan")
        precondition(!knownASCII || ByteWord.isASCII(bytes), "a string of plain input holds a non-ASCII byte")
        #endif
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Why unchecked is sound: the bytes are well-formed UTF-8 (the routes above, and the
            // DEBUG checks), and ASCII exactly when `knownASCII` or `isASCII` says so, as `String` requires.
            return unsafe String(copying: UTF8Span(unchecked: Span(_unsafeBytes: bytes), isKnownASCII: knownASCII || ByteWord.isASCII(bytes)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One JSON token of a document, as the Codable bridge reads it: 20 bytes, no references, so a
/// whole document is one contiguous allocation that containers index into.
@usableFromInline
struct TapeEntry {
    @usableFromInline
    enum Kind: UInt8 {
        case null, falseValue, trueValue, number, string, object, array
        /// A CBOR byte string (archives only, Archive/CBORTapeRecorder.swift): raw bytes in the
        /// side buffer, which `Data` takes as they are (JSON has no such token).
        case bytes
    }

    @usableFromInline var kind: Kind
    /// The text lives in the tape's side buffer (escaped strings, tokens yajl buffered), not in the input.
    @usableFromInline var isInSideBuffer: Bool
    /// Strings, numbers and bytes: offset of the text (input or side buffer). Containers: input offset just
    /// past the closing bracket.
    @usableFromInline var start: UInt32
    /// Strings, numbers and bytes: text length in bytes. Containers: number of elements (object members).
    @usableFromInline var length: UInt32
    /// Containers: index of the first entry after the container. Scalars: `index + 1`.
    @usableFromInline var next: UInt32
    /// Input offset where the token starts (errors, and the bytes of a sub-value); read it through
    /// ``Tape/tokenStart(_:)``. A string in the side buffer keeps the offset just past its closing
    /// quote instead: finding its opening quote means scanning the string back, worth it on errors only.
    @usableFromInline var position: UInt32

    @inlinable var isContainer: Bool { kind == .object || kind == .array }
}

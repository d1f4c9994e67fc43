import ModelKitCore

/// Indented blank lines put before a fuzz input, 4,225 bytes in all: ModelKit then decodes a
/// compacted copy (indentation removed, positions mapped back), as it does for pretty-printed
/// documents of 4 KiB and more, and every indented line of the input is compacted too. Fuzz
/// inputs are shorter than that: without the padding, no target reaches the compaction.
public enum CompactionPadding {
    /// 128 lines of 32 spaces, then a line feed: the input's first line keeps its columns.
    public static let bytes: [UInt8] = Array(String(repeating: "\n" + String(repeating: " ", count: 32), count: 128).utf8) + [0x0A]
    /// Line feeds in `bytes`.
    public static let lines = bytes.count { $0 == 0x0A }

    /// Decodes `input` after the padding (`decode`) and checks it gives what the plain decode
    /// gave: an equal value, or the same error `bytes.count` bytes and `lines` lines further on
    /// (same column, path and reason).
    public static func check<Value>(_ input: UnsafeBufferPointer<UInt8>, plain: Result<Value, any Error>,
                                    equal: (Value, Value) -> Bool, describe: (Value) -> String,
                                    decode: ([UInt8]) throws -> Value) {
        // A byte order mark counts only first, and an empty input is reported specially.
        guard let first = input.first, first != 0xEF else { return }
        let compacted = Result { try decode(bytes + Array(input)) }
        switch (plain, compacted) {
        case (.success(let a), .success(let b)):
            if !equal(a, b) { fuzzFailure("the compacted decode gave another value:\n\(describe(a))\n→\n\(describe(b))") }
        case (.failure(let a as ModelDecodingError), .failure(let b as ModelDecodingError)):
            if "\(a.reason)" != "\(b.reason)" || a.byteOffset + bytes.count != b.byteOffset || a.line + lines != b.line
                || a.column != b.column || a.path != b.path {
                fuzzFailure("the compacted decode failed elsewhere:\n\(a)\n→\n\(b)")
            }
        case (.failure(let a), .failure(let b)):
            fuzzFailure("an error that is not a ModelDecodingError: \(a) / \(b)")
        case (.success, .failure(let error)):
            fuzzFailure("the compacted decode failed where the plain one succeeds: \(error)")
        case (.failure(let error), .success):
            fuzzFailure("the compacted decode succeeded where the plain one fails: \(error)")
        }
    }
}

import FuzzSupport
import ModelKitCore

/// Bytes → `Everything` (every field kind) in lenient or strict mode, as the first byte says.
/// A decoded model must encode, describe and archive, and read back from its archive unchanged.
/// The same bytes after indented blank lines (which make ModelKit decode a compacted copy, as
/// it does for pretty-printed documents of 4 KiB and more) must give the same model or the same
/// error, moved by the padding.
func fuzzModel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    let input = FuzzInput(data, size)
    let outcome = Result { try ModelDecoder(options: input.options).decode(Everything.self, from: input.body) }
    checkCompactedDecode(input, gives: outcome)
    let model: Everything
    switch outcome {
    case .success(let decoded): model = decoded
    case .failure(let error):
        checkLocated(error, inputCount: input.body.count)
        return 0
    }
    _ = model.modelDescription
    _ = try? model.jsonBytes()
    do {
        let archived = try Archive.encode(model)
        let restored = try Archive.decode(Everything.self, from: archived)
        if !restored.modelIsEqual(model), try Archive.encode(restored) != archived {
            fuzzFailure("archive round trip changed the model:\n\(model.modelDescription)\n→\n\(restored.modelDescription)")
        }
    } catch {
        fuzzFailure("archiving a decoded model failed: \(error)")
    }
    return 0
}

/// Decodes the input after ``CompactionPadding`` and compares with `plain`.
private func checkCompactedDecode(_ input: FuzzInput, gives plain: Result<Everything, any Error>) {
    CompactionPadding.check(input.body, plain: plain, equal: { $0.modelIsEqual($1) }, describe: { $0.modelDescription }) { padded in
        try ModelDecoder(options: input.options).decode(Everything.self, from: padded)
    }
}

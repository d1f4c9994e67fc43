import FuzzSupport
import ModelKitCore

/// Bytes → `Everything` (every field kind) in lenient or strict mode, as the first byte says.
/// A decoded model must encode, describe and archive, and read back from its archive unchanged.
func fuzzModel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    let input = FuzzInput(data, size)
    let model: Everything
    do {
        model = try ModelDecoder(options: input.options).decode(Everything.self, from: input.body)
    } catch {
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

import FuzzSupport
import ModelKitCore

/// Bytes → `JSONValue` under fuzzer-chosen options: a value or a located error, never a crash;
/// an accepted value encodes, hashes and describes without trapping.
func fuzzJSONValue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    let input = FuzzInput(data, size)
    do {
        let value = try ModelDecoder(options: input.options).decode(JSONValue.self, from: input.body)
        var hasher = Hasher()
        value.hash(into: &hasher)
        _ = hasher.finalize()
        let encoded = try ModelEncoder().encode(value)
        let again = try ModelDecoder().decode(JSONValue.self, from: encoded)
        if again != value { fuzzFailure("JSONValue changed through encode/decode: \(value) → \(again)") }
    } catch let error as ModelDecodingError {
        checkLocated(error, inputCount: input.body.count)
    } catch {
        fuzzFailure("unexpected error \(type(of: error)): \(error)")
    }
    return 0
}

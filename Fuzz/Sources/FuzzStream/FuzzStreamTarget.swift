import FuzzSupport
import ModelKitCore

/// `ModelStreamDecoder<Leaf>` fed in fuzzer-chosen chunks must give what the same stream fed in
/// one chunk gives: the same models, or the same error (reason, byte offset, line, column, path).
///
/// First byte: its low 3 bits are the number n of chunk-size bytes that follow (options come
/// from bits 3–5, as `FuzzInput` bits 0–2); those n bytes give the chunk sizes, used in turn
/// (0 means 1); the rest is the stream.
func fuzzStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    guard size > 0 else { return 0 }
    let sizeCount = min(Int(data[0] & 7), size - 1)
    let options = FuzzInput.options(selector: data[0] >> 3)
    let sizes = (0..<sizeCount).map { max(1, Int(data[1 + $0])) }
    let body = UnsafeBufferPointer(start: data + 1 + sizeCount, count: size - 1 - sizeCount)

    let whole = decodeStream(body, chunkSizes: [body.count], options: options)
    let split = decodeStream(body, chunkSizes: sizes.isEmpty ? [1] : sizes, options: options)
    switch (whole, split) {
    case (.success(let a), .success(let b)):
        if a.count != b.count || zip(a, b).contains(where: { !$0.modelIsEqual($1) }) {
            fuzzFailure("split stream gave other models: \(a.count) vs \(b.count), sizes \(sizes)")
        }
    case (.failure(let a), .failure(let b)):
        checkStreamError(a, count: body.count)
        checkStreamError(b, count: body.count)
        if errorKind(a) != errorKind(b) || place(a) != place(b) { fuzzFailure("whole: \(a)\nsplit \(sizes): \(b)") }
    case (.success, .failure(let error)):
        fuzzFailure("split stream \(sizes) failed where the whole stream succeeds: \(error)")
    case (.failure(let error), .success):
        fuzzFailure("whole stream failed where the split stream \(sizes) succeeds: \(error)")
    }
    return 0
}

private func decodeStream(_ body: UnsafeBufferPointer<UInt8>, chunkSizes: [Int], options: DecodingOptions) -> Result<[Leaf], any Error> {
    let stream = ModelStreamDecoder<Leaf>(options: options)
    var models: [Leaf] = []
    var start = 0
    var turn = 0
    do {
        while start < body.count {
            let end = min(body.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
            models += try stream.feed(UnsafeBufferPointer(rebasing: body[start..<end]))
            start = end
            turn += 1
        }
        models += try stream.finish()
        return .success(models)
    } catch {
        return .failure(error)
    }
}

/// Everything an error says of where and what: one definition of a position, whatever the chunking.
private func place(_ error: any Error) -> String {
    guard let error = error as? ModelDecodingError else { return "\(error)" }
    return "\(error.reason) at \(error.byteOffset) (\(error.line):\(error.column)) \(error.path)"
}

private func checkStreamError(_ error: any Error, count: Int) {
    checkLocated(error, inputCount: count)
}

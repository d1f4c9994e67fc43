@testable import ModelKitCore

extension ModelStreamDecoder {
    /// Feeds `bytes` in chunks of `sizes` (cycled; a size under 1 counts as 1), then finishes,
    /// appending every model the stream hands out to `models` as it comes (those before a
    /// failure stay there).
    func decodeInChunks(_ bytes: [UInt8], sizes: [Int], into models: inout [M]) throws {
        var start = 0, chunk = 0
        while start < bytes.count {
            let size = max(1, sizes[chunk % sizes.count])
            models += try feed(bytes[start..<min(start + size, bytes.count)])
            start += size
            chunk += 1
        }
        models += try finish()
    }
}

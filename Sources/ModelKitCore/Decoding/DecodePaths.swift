// The two schema paths, each on its own, for the instruction-count driver
// (Benchmarks/Sources/TapePrototypeDriver): SPI, not part of the public API.

/// One decode forced onto one schema path (`@_spi(Benchmarks) import ModelKitCore`).
@_spi(Benchmarks)
public enum DecodePaths {
    /// `Model.init(json:)` on the tape (record, then the schema reader).
    @inlinable
    public static func tape<M: Model>(_ type: M.Type, from json: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> M {
        try json.withUnsafeBytes { try DecodeRun.decode(M.self, from: $0, options: options, exactly: true) }
    }

    /// Records the tape of `json` and nothing more (the recording's share of ``tape(_:from:options:)``);
    /// returns the number of entries.
    public static func recordOnly(_ json: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> Int {
        try json.withUnsafeBytes { input in
            let recorder = try TapeRecorder.record(input, options: options)
            defer { recorder.finish(keptByDecoders: false) }
            return recorder.tape.count
        }
    }
}

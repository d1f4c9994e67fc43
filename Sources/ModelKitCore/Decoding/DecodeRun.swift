import Foundation

/// Runs one whole-input decode: pre-scan (RFC 8259 gaps yajl leaves open), then yajl, block by block.
enum DecodeRun {
    /// Inputs above this are scanned and parsed in blocks, so the scanner's pass stays in cache.
    static let blockSize = 1 << 20

    static func run<T: ModelValue>(_ root: RootFrame<T>, _ input: UnsafeRawBufferPointer, options: DecodingOptions,
                                   merging: Bool = false) throws -> T {
        var ignored: [ModelDecodingError] = []
        return try run(root, input, options: options, merging: merging, report: &ignored)
    }

    static func run<T: ModelValue>(_ root: RootFrame<T>, _ input: UnsafeRawBufferPointer, options: DecodingOptions,
                                   merging: Bool = false, report: inout [ModelDecodingError]) throws -> T {
        let engine = _DecodeEngine(options: options, merging: merging, root: root)
        defer { report = engine.skipped }
        engine.wholeInput = input
        if input.count > options.limits.maxInputBytes {
            throw engine.error(.limitExceeded(.maxInputBytes, limit: options.limits.maxInputBytes), at: options.limits.maxInputBytes, path: "$")
        }
        // RFC 8259 lets a parser ignore a byte order mark; yajl would reject it.
        var offset = hasByteOrderMark(input) ? 3 : 0
        var scanner = InputScanner()
        while offset < input.count {
            let block = UnsafeRawBufferPointer(rebasing: input[offset..<min(offset + blockSize, input.count)])
            if let (at, problem) = scanner.scan(block) {
                // Let yajl report an earlier syntax error first, then report the scanner's.
                try engine.parse(UnsafeRawBufferPointer(rebasing: block[0..<at]), at: offset)
                throw engine.error(.syntax(problem.message), at: offset + at, path: "$")
            }
            try engine.parse(block, at: offset)
            offset += block.count
        }
        if let problem = scanner.finish() {
            throw engine.error(.syntax(problem.message), at: input.count, path: "$")
        }
        try engine.complete()
        return try result(of: root, engine, end: input.count)
    }

    /// Decodes an already-built value, for `decodeModelValue(from:)` and hooks.
    static func replay<T: ModelValue>(_ root: RootFrame<T>, _ value: JSONValue, options: DecodingOptions) throws -> T {
        let engine = _DecodeEngine(options: options, root: root, parser: false)
        try engine.replay(value)
        return try result(of: root, engine, end: 0)
    }

    static func result<T: ModelValue>(of root: RootFrame<T>, _ engine: _DecodeEngine, end: Int) throws -> T {
        guard root.sawValue else {
            throw engine.error(.syntax("empty input: expected a JSON value"), at: end, path: "$")
        }
        guard let value = root.result else {
            if let first = engine.skipped.first { throw first }
            throw engine.error(.typeMismatch(expected: T._typeName, found: root.found), at: 0, path: "$")
        }
        return value
    }
}

/// Bytes in any form the entry points accept, reached without a copy where possible.
@inline(__always)
func withJSONBytes<C: Collection<UInt8>, R>(_ json: C, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    if let result = try json.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
        return result
    }
    return try Array(json).withUnsafeBytes(body)
}

@inline(__always)
func withJSONBytes<R>(_ json: String, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    var text = json
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
}

/// A UTF-8 byte order mark at the start (checked without building an array per call).
@inline(__always)
func hasByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

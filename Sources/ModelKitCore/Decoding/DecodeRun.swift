#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one whole-input decode on a pooled engine (WholeInputFeeder feeds it).
@usableFromInline
enum DecodeRun {
    /// Decodes into `box` through `root`; returns the value or throws a positioned error.
    /// `validUTF8`: the caller vouches for the input's UTF-8 (a `UTF8Span`), so the quick check
    /// skips that part of the pre-scan.
    @inlinable
    static func run<T>(_ root: RootFrame, _ box: ResultBox<T>, _ input: UnsafeRawBufferPointer, options: DecodingOptions,
                       merging: Bool = false, report: UnsafeMutablePointer<[ModelDecodingError]>? = nil,
                       validUTF8: Bool = false) throws -> T {
        try fill(root, box, input, options: options, merging: merging, report: report, validUTF8: validUTF8)
        return box.takeValue()
    }

    /// Decodes into `box` through `root` and leaves the value there: a caller that moves it out
    /// itself spares a large model the copies of being returned through each generic layer.
    @inlinable
    static func fill<T>(_ root: RootFrame, _ box: ResultBox<T>, _ input: UnsafeRawBufferPointer, options: DecodingOptions,
                        merging: Bool = false, report: UnsafeMutablePointer<[ModelDecodingError]>? = nil,
                        validUTF8: Bool = false) throws {
        let engine = try parse(root, input, options: options, merging: merging, reportsSkipped: report != nil, validUTF8: validUTF8)
        if let report { report.pointee = engine.skipped }
        guard box.value != nil else { throw noValue(root, engine, typeName: String(describing: T.self)) }
        recycle(engine)
    }

    /// Parses the whole document into `root`: the non-generic part of every decode.
    @usableFromInline
    static func parse(_ root: RootFrame, _ input: UnsafeRawBufferPointer, options: DecodingOptions, merging: Bool,
                      reportsSkipped: Bool = false, validUTF8: Bool = false) throws -> DecodeEngine {
        let engine = DecodeEngine.pool.take(options: options, merging: merging, root: root)
        if reportsSkipped { engine.keptSkippedLimit = .max }
        return try parse(engine, root, input, validUTF8: validUTF8)
    }

    private static func parse(_ engine: DecodeEngine, _ root: RootFrame, _ input: UnsafeRawBufferPointer,
                              validUTF8: Bool) throws -> DecodeEngine {
        let options = engine.options
        engine.wholeInput = input
        if input.count > options.limits.maxInputBytes {
            throw engine.error(.limitExceeded(.maxInputBytes, limit: options.limits.maxInputBytes), at: options.limits.maxInputBytes, path: "$")
        }
        // yajl reads a copy without the indentation when the input is pretty-printed; the
        // locator maps failures back to the caller's bytes.
        let compacted = CompactedInput(input)
        if let compacted { engine.locator.compacted = compacted }
        do {
            try WholeInputFeeder.feed(compacted?.bytes ?? input, to: engine, validUTF8: validUTF8) { root.sawValue }
        } catch let error as ModelDecodingError where error.hidesSyntaxErrors {
            // A mismatch stops the decode where it happens, but the document may not be JSON at
            // all further on: that is the error to report (`{"b": [1, 2}` into an Int field).
            throw syntaxError(in: input, options: options) ?? error
        }
        return engine
    }

    /// The syntax error of `input`, if it has one: a second pass that only checks the grammar
    /// (error paths only).
    static func syntaxError(in input: UnsafeRawBufferPointer, options: DecodingOptions) -> ModelDecodingError? {
        let root = RootFrame(scalar: { _, _ in }, begin: { _, decoder in decoder.skipFrame() }, finish: { _, _ in })
        let checker = DecodeEngine(options: options, root: root, multipleValues: true)
        checker.wholeInput = input
        do {
            try WholeInputFeeder.feed(input, to: checker) { root.sawValue }
        } catch let error as ModelDecodingError {
            if case .syntax = error.reason { return error }
        } catch {}
        return nil
    }

    /// The top-level value produced nothing (a null or mismatch left the result empty): the
    /// error is placed where the value starts.
    @usableFromInline
    static func noValue(_ root: RootFrame, _ engine: DecodeEngine, typeName: String) -> ModelDecodingError {
        if let first = engine.skipped.first { return first }
        return engine.error(.typeMismatch(expected: typeName, found: root.found), at: valueStart(in: engine.wholeInput), path: "$")
    }

    /// Where the one value of a whole input starts: after a byte order mark and whitespace (in
    /// the bytes the tokenizer read; 0 for a replayed value, which has none).
    private static func valueStart(in input: UnsafeRawBufferPointer?) -> Int {
        guard let input else { return 0 }
        let start = hasByteOrderMark(input) ? 3 : 0
        return input[start...].firstIndex { !isJSONWhitespace($0) } ?? input.count
    }

    @usableFromInline
    static func recycle(_ engine: DecodeEngine) {
        DecodeEngine.pool.give(back: engine)
    }

    /// Decodes an already-built value, for `decodeModelValue(from:)` and hooks.
    @usableFromInline
    static func replay(_ root: RootFrame, _ value: JSONValue, options: DecodingOptions) throws -> DecodeEngine {
        let engine = DecodeEngine(options: options, root: root, parser: false)
        try engine.replay(value)
        return engine
    }
}

/// Bytes in any form the entry points accept, reached without a copy where possible.
@inlinable
func withJSONBytes<C: Collection<UInt8>, R>(_ json: C, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    if let result = try json.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
        return result
    }
    return try Array(json).withUnsafeBytes(body)
}

@inlinable
func withJSONBytes<R>(_ json: String, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    var text = json
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
}

/// A UTF-8 byte order mark at the start (checked without building an array per call).
@inline(__always)
func hasByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

/// Space, line feed, carriage return or tab: RFC 8259's whitespace.
@inline(__always)
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

extension ModelDecodingError {
    /// A failure about the values (not the grammar, not a limit): it stops the decode before the
    /// rest of the document was checked, so a syntax error further on must take precedence.
    var hidesSyntaxErrors: Bool {
        switch reason {
        case .typeMismatch, .missingKey, .unknownKey, .duplicateKey, .invalid: return true
        case .syntax, .limitExceeded: return false
        }
    }
}

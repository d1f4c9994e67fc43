#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The schema path's whole-input decodes, in the order data flows: the recorder tokenizes the
/// input onto its tape (Tape/TapeRecorder.swift), then the schema reader reads the tape into
/// the value (SchemaReader/). A document the recorder refuses (a syntax or limit error) is that
/// error, placed at the containers open when it stopped (`$.items[2].name`, line, column): the
/// grammar is checked before any value is read, so a type error earlier in the document never
/// hides it, as `JSONDecoder` reports it.
@usableFromInline
enum DecodeRun {
    /// Decodes exactly `M` into `box` (``Model/init(json:options:)``).
    @inlinable
    static func fillExactly<M: Model>(_ box: ResultBox<M>, _ input: UnsafeRawBufferPointer, options: DecodingOptions,
                                      validUTF8: Bool = false) throws {
        box.value = try decode(M.self, from: input, options: options, exactly: true, validUTF8: validUTF8)
    }

    /// Decodes any `T` (``ModelDecoder``'s model door): a model, a container of them, a ``JSONValue``.
    @inlinable
    static func decodeValue<T: ModelValue>(_ type: T.Type, from input: UnsafeRawBufferPointer, options: DecodingOptions,
                                           validUTF8: Bool = false) throws -> T {
        try decode(T.self, from: input, options: options, validUTF8: validUTF8)
    }

    /// `T` from `input`; `exactly`: the root is `T` itself, not a value converted to it.
    @inlinable
    static func decode<T: ModelValue>(_ type: T.Type, from input: UnsafeRawBufferPointer, options: DecodingOptions,
                                      exactly: Bool = false, validUTF8: Bool = false) throws -> T {
        let reader = try record(input, options: options, exactly: exactly, validUTF8: validUTF8)
        defer { reader.finish() }
        return try reader.read(T.self)
    }

    /// `existing` updated from `input` (``Model/update(json:options:)``).
    @usableFromInline
    static func update<M: Model>(_ existing: M, from input: UnsafeRawBufferPointer, options: DecodingOptions,
                                validUTF8: Bool = false) throws -> M {
        let reader = try record(input, options: options, exactly: true, validUTF8: validUTF8)
        defer { reader.finish() }
        return try reader.readMerging(into: existing)
    }

    /// `T` from `input`, and every failure `mismatch: .skip` dropped (``ModelDecoder/decodeWithReport(_:from:)``).
    static func decodeReporting<T: ModelValue>(_ type: T.Type, from input: UnsafeRawBufferPointer,
                                               options: DecodingOptions) throws -> (value: T, skipped: [ModelDecodingError]) {
        let reader = try record(input, options: options, exactly: false)
        defer { reader.finish() }
        return try reader.readReporting(T.self)
    }

    /// Records `input` (a pooled recorder: its parser, tape and parked reader) and hands back
    /// the schema reader started on the tape; ``TapeSchemaReader/finish()`` hands both back.
    /// `validUTF8`: the caller vouches for the input's UTF-8 (a `UTF8Span`'s bytes).
    @usableFromInline
    static func record(_ input: UnsafeRawBufferPointer, options: DecodingOptions, exactly: Bool,
                       validUTF8: Bool = false) throws -> TapeSchemaReader {
        let recorder = try TapeRecorder.record(input, options: options, countsContainers: true, validUTF8: validUTF8)
        return TapeSchemaReader.reading(recorder, options: options, exactly: exactly)
    }
}

/// Where a decode leaves its value for the caller to move out once: a large model returned
/// through each generic layer would be copied at every return.
@usableFromInline
final class ResultBox<T> {
    // Unchecked: a box belongs to one decode, on one thread, and its accesses never overlap;
    // the run-time checks cost about 600 instructions per small decode.
    @exclusivity(unchecked) @usableFromInline var value: T?

    @inlinable init() {}

    /// The decoded value, moved out (a copy of a model retains every reference it holds). Only
    /// after `DecodeRun.fillExactly` returned: it throws rather than leave the box empty.
    @inlinable func takeValue() -> T {
        value.take().unsafelyUnwrapped
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

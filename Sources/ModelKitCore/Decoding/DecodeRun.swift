#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The schema path's whole-input decodes (SchemaReader/TapeDecode.swift: record the tape, read it).
@usableFromInline
enum DecodeRun {}

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

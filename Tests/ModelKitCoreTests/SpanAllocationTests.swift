#if canImport(AllocationCounter)
import AllocationCounter
import Testing
@testable import ModelKitCore

private struct SpanScalars: Model {
    var id = 0
    var score = 0.0
    var ok = false
    static let schema = Schema(SpanScalars.self) {
        Field("id", \.id)
        Field("score", \.score)
        Field("ok", \.ok)
    }
}

/// The span entry points read the input in place: a decode of a model of scalars allocates as
/// often from a 1 MiB span as from a 1 KiB one, and as often as from a `[UInt8]` (whose storage
/// is read in place too). A copy of the input would be one allocation more, which the control
/// (a collection without contiguous storage, copied into an array) shows the count sees.
@Suite(.enabled(if: allocation_counter_is_available() != 0, "sanitizer builds own the allocator"))
struct SpanAllocationTests {
    /// `{"id":7,"score":1.5,"ok":true,"note":"xxx…"}`, `size` bytes: the bulk is a string the
    /// model does not map (skipped in place; no whitespace, which a pretty-printed input's
    /// compaction would copy).
    private static func document(size: Int) -> [UInt8] {
        let head = Array(#"{"id":7,"score":1.5,"ok":true,"note":""#.utf8), tail = Array(#""}"#.utf8)
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - tail.count) + tail
    }

    /// The fewest allocations of three decodes after a warm-up (the engine pool is shared with
    /// tests running in parallel; parking an engine may grow the pool's list once).
    private func allocations(_ decode: () throws -> SpanScalars) throws -> UInt64 {
        #expect(try decode().id == 7)   // warms the pooled engine
        var fewest = UInt64.max
        for _ in 0..<3 {
            allocation_counter_start()
            let model = try decode()
            fewest = min(fewest, allocation_counter_stop())
            #expect(model.id == 7 && model.ok)
        }
        return fewest
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    @Test func spansAreNeverCopied() throws {
        var counts: [String: UInt64] = [:]
        for size in [1 << 10, 1 << 20] {
            let bytes = Self.document(size: size)
            let text = String(decoding: bytes, as: UTF8.self)
            let decoder = ModelDecoder()
            counts["array \(size)"] = try allocations { try SpanScalars(json: bytes) }
            counts["RawSpan \(size)"] = try allocations { try SpanScalars(json: bytes.span.bytes) }
            counts["Span \(size)"] = try allocations { try SpanScalars(json: bytes.span) }
            counts["UTF8Span \(size)"] = try allocations { try SpanScalars(json: text.utf8Span) }
            counts["decode RawSpan \(size)"] = try allocations { try decoder.decode(SpanScalars.self, from: bytes.span.bytes) }
            counts["decode array \(size)"] = try allocations { try decoder.decode(SpanScalars.self, from: bytes) }
            counts["copied \(size)"] = try allocations { try SpanScalars(json: bytes.lazy.map { $0 }) }
        }
        let small = 1 << 10, large = 1 << 20
        for form in ["array", "RawSpan", "Span", "UTF8Span"] {
            #expect(counts["\(form) \(large)"] == counts["\(form) \(small)"], "\(form): \(counts)")
            #expect(counts["\(form) \(large)"] == counts["array \(large)"], "\(form): \(counts)")
        }
        #expect(counts["decode RawSpan \(large)"] == counts["decode array \(large)"], "\(counts)")
        #expect(counts["decode RawSpan \(large)"] == counts["decode RawSpan \(small)"], "\(counts)")
        // The control: a copy of the input is seen.
        #expect(counts["copied \(large)"]! > counts["array \(large)"]!, "\(counts)")
    }
}
#endif

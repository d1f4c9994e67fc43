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
///
/// Measured in a process of its own (an exit test): a decode takes a parked recorder from a pool
/// the whole process shares, and what it allocates depends on which one it gets (a recorder made
/// for a smaller document grows its tape; one without a schema reader makes one). Run beside the
/// rest of the suite, a test on another thread could park such a recorder between this test's
/// decodes, or hold the one it had warmed, and a count would rise by what that test caused. In
/// its own process only these decodes use the pools: after a warm-up every decode of a form
/// allocates the same, which the test asserts, so an allocation that comes and goes fails too.
@Suite(.enabled(if: allocation_counter_is_available() != 0, "sanitizer builds own the allocator"))
struct SpanAllocationTests {
    /// `{"id":7,"score":1.5,"ok":true,"note":"xxx…"}`, `size` bytes: the bulk is a string the
    /// model does not map (skipped in place; no whitespace, which a pretty-printed input's
    /// compaction would copy).
    private static func document(size: Int) -> [UInt8] {
        let head = Array(#"{"id":7,"score":1.5,"ok":true,"note":""#.utf8), tail = Array(#""}"#.utf8)
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - tail.count) + tail
    }

    /// The allocations of one decode after a warm-up (which parks a recorder with a tape and a
    /// schema reader sized for this document): three decodes, each allocating the same.
    private static func allocations(_ form: String, _ decode: () throws -> SpanScalars) throws -> UInt64 {
        #expect(try decode().id == 7)
        var counts: [UInt64] = []
        for _ in 0..<3 {
            allocation_counter_start()
            let model = try decode()
            counts.append(allocation_counter_stop())
            #expect(model.id == 7 && model.ok)
        }
        #expect(Set(counts).count == 1, "\(form): \(counts)")
        return counts[0]
    }

    /// Every form's count, by "form size".
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)  // Array.span, String.utf8Span
    private static func counts() throws -> [String: UInt64] {
        var counts: [String: UInt64] = [:]
        for size in [1 << 10, 1 << 20] {
            let bytes = document(size: size)
            let text = String(decoding: bytes, as: UTF8.self)
            let decoder = ModelDecoder()
            func count(_ form: String, _ decode: () throws -> SpanScalars) throws {
                counts["\(form) \(size)"] = try allocations("\(form) \(size)", decode)
            }
            try count("array") { try SpanScalars(json: bytes) }
            try count("RawSpan") { try SpanScalars(json: bytes.span.bytes) }
            try count("Span") { try SpanScalars(json: bytes.span) }
            try count("UTF8Span") { try SpanScalars(json: text.utf8Span) }
            try count("decode RawSpan") { try decoder.decode(SpanScalars.self, from: bytes.span.bytes) }
            try count("decode array") { try decoder.decode(SpanScalars.self, from: bytes) }
            try count("copied") { try SpanScalars(json: bytes.lazy.map { $0 }) }
        }
        return counts
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func spansAreNeverCopied() async {
        // Issues recorded in the child are reported here, with their messages.
        await #expect(processExitsWith: .success) {
            let counts = try SpanAllocationTests.counts()
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
}
#endif

#if canImport(AllocationCounter)
import AllocationCounter
import Foundation
import Testing
@testable import ModelKitCore

private struct TWide: Model {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
    static let schema = Schema(TWide.self) {
        Field("a", \.a)
        Field("b", \.b)
        Field("c", \.c)
        Field("d", \.d)
        Field("e", \.e)
        Field("f", \.f)
    }
}

private enum TWideShape: TaggedModel {
    case wide(TWide), other(TCircle)
    static let taggedUnion = TaggedUnion(TWideShape.self, tag: "t") {
        TaggedCase("wide", TWide.self, embed: { .wide($0) }, extract: { if case .wide(let w) = $0 { w } else { nil } })
        TaggedCase("other", TCircle.self, embed: { .other($0) }, extract: { if case .other(let c) = $0 { c } else { nil } })
    }
}

/// An internally tagged decode buffers nothing: it allocates what decoding the payload models
/// alone allocates, whatever their size and wherever the tag is.
@Suite(.enabled(if: allocation_counter_is_available() != 0, "sanitizer builds own the allocator"))
struct TaggedAllocationTests {
    private static let count = 200
    private static let members = #""a":1,"b":2,"c":3,"d":4,"e":5,"f":6"#

    /// The fewest allocations of three decodes after a warm-up: the engine pool is shared with
    /// tests running in parallel, and parking an engine may grow the pool's list once, on
    /// whichever thread parks (one allocation that is not the decode's).
    private func allocations<T: ModelValue>(_ type: T.Type, _ json: [UInt8]) throws -> UInt64 {
        _ = try ModelDecoder().decode(T.self, from: json)  // warms the pooled engine
        var fewest = UInt64.max
        for _ in 0..<3 {
            allocation_counter_start()
            _ = try ModelDecoder().decode(T.self, from: json)
            fewest = min(fewest, allocation_counter_stop())
        }
        return fewest
    }

    private func array(_ element: String) -> [UInt8] {
        Array(("[" + Array(repeating: element, count: Self.count).joined(separator: ",") + "]").utf8)
    }

    /// The issue's demand: an internally tagged decode allocates no buffer, however many
    /// members the object has, with the tag first or last.
    @Test func tagFirstAllocatesNoBuffer() throws {
        // Scalars (long strings among them): a nested container would push a frame, which in
        // debug builds costs its `_modify` coroutines (see above) even with nothing buffered.
        let extra = (1...12).map { "\"x\($0)\":\($0.isMultiple(of: 2) ? "\"\(String(repeating: "z", count: 40))\"" : "\($0).5")" }
            .joined(separator: ",")
        let lean = try allocations([TWideShape].self, array(#"{"t":"wide","# + Self.members + "}"))
        let wide = try allocations([TWideShape].self, array(#"{"t":"wide","# + Self.members + "," + extra + "}"))
        let wideTagLast = try allocations([TWideShape].self, array("{\(Self.members),\(extra),\"t\":\"wide\"}"))
        #expect(wide == lean, "tag first: \(lean) allocations, \(wide) with 12 more members")
        // The tag is looked up in the object's range on the tape: with the tag last nothing is
        // kept either (the push engine kept the members before it, 12 or more per element).
        #expect(wideTagLast == wide, "tag first \(wide), tag last \(wideTagLast)")
    }

    /// Nothing per element beyond what the payloads cost: no buffer (the members go straight
    /// into the model), with the tag first or last.
    @Test func tagFirstAllocatesWhatThePayloadsDo() throws {
        let plain = try allocations([TWide].self, array("{\(Self.members)}"))
        let tagFirst = try allocations([TWideShape].self, array(#"{"t":"wide","# + Self.members + "}"))
        let tagLast = try allocations([TWideShape].self, array("{\(Self.members),\"t\":\"wide\"}"))
        #expect(tagFirst == plain && tagLast == plain, "plain \(plain), tag first \(tagFirst), tag last \(tagLast)")
    }
}
#endif

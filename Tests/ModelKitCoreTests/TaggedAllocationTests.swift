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

private enum TAdjacentWide: TaggedModel {
    case wide(TWide), other(TCircle)
    static let taggedUnion = TaggedUnion(TAdjacentWide.self, tag: "k", content: "c") {
        TaggedCase("wide", TWide.self, embed: { .wide($0) }, extract: { if case .wide(let w) = $0 { w } else { nil } })
        TaggedCase("other", TCircle.self, embed: { .other($0) }, extract: { if case .other(let c) = $0 { c } else { nil } })
    }
}

/// An internally tagged decode with the tag first buffers nothing: it allocates what decoding
/// the payload models alone allocates, whatever their size; with the tag last it must keep the
/// members before it.
@Suite(.enabled(if: allocation_counter_is_available() != 0, "sanitizer builds own the allocator"))
struct TaggedAllocationTests {
    private static let count = 200
    private static let members = #""a":1,"b":2,"c":3,"d":4,"e":5,"f":6"#

    private func allocations<T: ModelValue>(_ type: T.Type, _ json: [UInt8]) throws -> UInt64 {
        _ = try ModelDecoder().decode(T.self, from: json)  // warms the pooled engine
        allocation_counter_start()
        defer { _ = allocation_counter_stop() }
        _ = try ModelDecoder().decode(T.self, from: json)
        return allocation_counter_stop()
    }

    private func array(_ element: String) -> [UInt8] {
        Array(("[" + Array(repeating: element, count: Self.count).joined(separator: ",") + "]").utf8)
    }

    /// The issue's demand: an internally tagged decode with the tag first allocates no buffer.
    /// Nothing at all per element beyond what the payloads cost: no buffer (the members go
    /// straight into the model) and no frame (the tagged frame is reused like the payload's).
    @Test func tagFirstAllocatesWhatThePayloadsDo() throws {
        let plain = try allocations([TWide].self, array("{\(Self.members)}"))
        let tagFirst = try allocations([TWideShape].self, array(#"{"t":"wide","# + Self.members + "}"))
        let tagLast = try allocations([TWideShape].self, array("{\(Self.members),\"t\":\"wide\"}"))
        #expect(tagFirst <= plain + 8, "plain \(plain), tag first \(tagFirst) for \(Self.count) elements")
        // The counter sees buffers: with the tag last, the members before it must be kept.
        #expect(tagLast > tagFirst + UInt64(Self.count), "tag first \(tagFirst), tag last \(tagLast)")
    }

    @Test func adjacentlyTaggedTagFirstAllocatesWhatThePayloadsDo() throws {
        let plain = try allocations([TWide].self, array("{\(Self.members)}"))
        let adjacent = try allocations([TAdjacentWide].self, array(#"{"k":"wide","c":{"# + Self.members + "}}"))
        #expect(adjacent <= plain + 8, "plain \(plain), adjacently tagged \(adjacent) for \(Self.count) elements")
    }
}
#endif

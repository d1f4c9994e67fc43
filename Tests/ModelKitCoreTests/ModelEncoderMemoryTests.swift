import Foundation
import Testing
@testable import ModelKitCore

/// A value of a user's own that keeps the visitor it is handed (legal: the handle is a plain value).
private final class KeptVisitor: @unchecked Sendable {
    // @unchecked: the suite is serialized, one test at a time sets and reads it.
    var visitor: ModelEngine.Visitor?
}

private struct VisitorKeeper: ModelValue {
    static let kept = KeptVisitor()
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> VisitorKeeper { VisitorKeeper() }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { "kept" }
    func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        Self.kept.visitor = visitor
        try "kept".presentModelValue(to: visitor)
    }
}

@Suite(.serialized)
struct ModelEncoderMemoryTests {
    private let later = String(repeating: "written through a kept visitor ", count: 4)

    @Test func aKeptVisitorNeverWritesIntoLentMemoryAfterTheEncode() throws {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE)
        let count = try ModelEncoder().encode([VisitorKeeper()], into: memory) { _ in Issue.record("spilled") }
        #expect(String(decoding: memory.prefix(count), as: UTF8.self) == #"["kept"]"#)
        let before = Array(memory)
        let visitor = try #require(VisitorKeeper.kept.visitor)
        try later.presentModelValue(to: visitor)
        try [1, 2, 3].presentModelValue(to: visitor)
        #expect(Array(memory) == before)
    }

    /// Under AddressSanitizer this was a heap-use-after-free write.
    @Test func aKeptVisitorWritesNothingIntoFreedMemory() throws {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)
        let count = try ModelEncoder().encode(VisitorKeeper(), into: memory) { _ in Issue.record("spilled") }
        #expect(count == 6)
        memory.deallocate()
        let visitor = try #require(VisitorKeeper.kept.visitor)
        for _ in 0..<8 { try later.presentModelValue(to: visitor) }
    }
}

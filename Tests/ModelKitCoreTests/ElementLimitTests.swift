import Foundation
import Testing
@testable import ModelKitCore

// DecodingLimits.maxElements: what a document may become, not only how long it may be.
// `.server` bounded the input (8 MiB) but not what it became: 8 MiB of `[{},{},…]` into a
// 528-byte struct whose missing keys take defaults peaked at 2.16 GB.

/// 528 bytes; every key missing takes its default.
private struct Wide: Model {
    var a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0, a10 = 0
    var b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0, b7 = 0, b8 = 0, b9 = 0, b10 = 0
    var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, c9 = 0, c10 = 0
    var d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0, d8 = 0, d9 = 0, d10 = 0
    var e0 = 0, e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0, e7 = 0, e8 = 0, e9 = 0, e10 = 0
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0, f10 = 0
    static let schema = Schema(Wide.self) { Field("a0", \.a0) }
}

/// The same size as a Codable type: every member optional.
private struct WideCodable: Decodable {
    var a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10: Int?
    var b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10: Int?
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10: Int?
}

@Suite struct ElementLimitTests {
    private func emptyObjects(_ count: Int) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(3 * count + 2)
        for i in 0..<count {
            if i > 0 { json.append(UInt8(ascii: ",")) }
            json += [UInt8(ascii: "{"), UInt8(ascii: "}")]
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    private func expectElementLimit(_ error: ModelDecodingError, _ comment: Comment? = nil) {
        guard case .limitExceeded(let limit, _) = error.reason else { Issue.record("\(error)"); return }
        #expect(limit.rawValue == "maxElements", comment)
        #expect(error.byteOffset > 0 && error.line == 1, comment)
    }

    /// The issue's body, scaled down: each `{}` (3 bytes) became 528 bytes. Under `.server` the
    /// decode fails at the bound, located, on the schema path and in the Codable bridge.
    @Test func serverBoundsWhatEmptyObjectsBecome() throws {
        #expect(MemoryLayout<Wide>.stride == 528 && MemoryLayout<WideCodable>.stride == 528)
        let json = emptyObjects(150_000)
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder(options: .server).decode([Wide].self, from: json) }
        expectElementLimit(error)
        #expect(error.path.hasPrefix("$["))
        let bridged = try #require(throws: DecodingError.self) { try ModelDecoder(options: .server).decode([WideCodable].self, from: json) }
        guard case .dataCorrupted(let context) = bridged, let underlying = context.underlyingError as? ModelDecodingError else {
            Issue.record("\(bridged)")
            return
        }
        expectElementLimit(underlying)
        // Without a bound the same input decodes, as before.
        #expect(try ModelDecoder().decode([Wide].self, from: json).count == 150_000)
    }

    /// Ordinary request bodies stay far inside the bound: 200,000 numbers, 20,000 small objects.
    @Test func ordinaryBodiesPassUnderServer() throws {
        let numbers = "[" + (0..<200_000).map(String.init).joined(separator: ",") + "]"
        #expect(try ModelDecoder(options: .server).decode([Int].self, from: numbers).count == 200_000)
        let books = "[" + Array(repeating: #"{"title":"t","pages":1}"#, count: 20_000).joined(separator: ",") + "]"
        #expect(try ModelDecoder(options: .server).decode([Book].self, from: books).count == 20_000)
    }
}

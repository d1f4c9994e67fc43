import Foundation
import Testing
@testable import ModelKitCore

/// What `mismatch: .skip` keeps of the values it drops, and what placing them costs.
@Suite struct SkippedMismatchTests {
    private struct Ints: Model {
        var ints: [Int] = []
        static let schema = Schema(Ints.self) { Field("ints", \.ints) }
    }

    /// Two fields on one key: the value is buffered, then replayed into them.
    private struct Shared: Model {
        var a: [Int] = []
        var b: [Int] = []
        static let schema = Schema(Shared.self) { Field("a", \.a, key: "k"); Field("b", \.b, key: "k") }
    }

    private let options = DecodingOptions(mismatch: .skip)

    private func mismatches(_ n: Int) -> [UInt8] {
        Array(("{\"ints\":[" + Array(repeating: "\"x\"", count: n).joined(separator: ",") + ",7]}").utf8)
    }

    @Test func aDecodeWithoutAReportKeepsOnlyTheFirst() throws {
        let bytes = mismatches(1_000)
        let reader = try bytes.withUnsafeBytes { try DecodeRun.record($0, options: options, exactly: true) }
        _ = try Ints._decodeTape(0, reader)
        #expect(reader.skipped.count == 1)
        reader.finish()
        // A report gets them all, and the decode its value.
        let (value, skipped) = try ModelDecoder(options: options).decodeWithReport(Ints.self, from: bytes)
        #expect(skipped.count == 1_000)
        #expect(skipped.last?.path == "$.ints[999]")
        #expect(value.ints == [7])
        #expect(try Ints(json: bytes, options: options).ints == [7])
    }

    /// A top-level value that produced nothing is still reported as the first value skipped.
    @Test func aTopLevelValueThatProducedNothingIsReportedAsTheFirstSkipped() throws {
        let error = try #require(throws: ModelDecodingError.self) { try [Int](json: Array("\"x\"".utf8), options: options) }
        #expect(error.byteOffset == 0)
    }

    /// 100,000 strings skipped while a buffered value of 300,000 numbers is replayed: each was
    /// placed by scanning back over the numbers to a quote (a minute and more before the fix).
    @Test func replayedMismatchesArePlacedWithoutScanningBackEachTime() throws {
        let text = "{\"k\":[" + Array(repeating: "\"x\"", count: 100_000).joined(separator: ",") + ","
            + Array(repeating: "1", count: 300_000).joined(separator: ",") + "]}"
        let (value, skipped) = try ModelDecoder(options: options).decodeWithReport(Shared.self, from: Array(text.utf8))
        #expect(value.a.count == 300_000 && value.b.count == 300_000)
        #expect(skipped.count >= 100_000)
        // On the tape (issue 35) each is placed where it is, in one walk for all: the push
        // engine placed them all at the buffered value's end.
        #expect(Set(skipped.map(\.byteOffset)).count == skipped.count)
        #expect(skipped.first?.byteOffset == 6 && skipped.first?.path == "$.k[0]")
    }
}

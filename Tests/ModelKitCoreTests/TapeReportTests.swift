import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35, `decodeWithReport` on the tape: every failure `.skip` drops, with the push engine's
// path and position, placed in one walk down the tape however many there are.

private struct TRItem: ValidatingModel {
    var id = 0
    var tags: [Int] = []
    static let schema = Schema(TRItem.self) {
        Field("id", \.id)
        Field("tags", \.tags)
    }
    mutating func didDecode() throws {
        if id < 0 { throw ModelValueError("id must not be negative") }
    }
}

private struct TRDoc: Model {
    var items: [TRItem] = []
    var byName: [String: TRItem] = [:]
    var count = 0
    var first = 0
    var shape: TStrictShape?
    static let schema = Schema(TRDoc.self) {
        Field("items", \.items)
        Field("byName", \.byName)
        Field("count", \.count)
        Field("first", \.first, key: "deep.list[1].n")
        Field("shape", \.shape)
    }
}

@Suite struct TapeReportTests {
    @Test func reportsMatchThePushEngine() throws {
        for json in [
            #"{"items":[{"id":"a"},{"id":1,"tags":[1,"x",2,"y"]},{"id":-1},{"id":2}],"count":"many"}"#,
            "{\n \"byName\": {\"a\": {\"id\": [1]}, \"b\": {\"tags\": {\"x\": 1}}},\n \"deep\": {\"list\": [0, {\"n\": \"one\"}]}}",
            #"{"shape":{"type":"triangle"},"items":[{"id":1.5}],"count":7}"#,
            #"{"shape":{"type":"circle","radius":"r"},"count":true}"#,
            #"{"items":[],"count":1}"#,
        ] {
            try expectSameReports(TRDoc.self, json)
            try expectSameReports(TRDoc.self, json, options: DecodingOptions(conversion: .strict, mismatch: .skip))
        }
        try expectSameReports([TRItem].self, #"[{"id":"x"},3,{"id":-2,"tags":["a"]}]"#)
        try expectSameReports(TRItem.self, #"{"id":-3}"#)
    }

    @Test func decodeWithReportTakesTheTape() throws {
        let json = Array(#"{"items":[{"id":"a"},{"id":2}]}"#.utf8)
        let reported = try json.withUnsafeBytes {
            try DecodeRun.decodeReporting(TRDoc.self, from: $0, options: DecodingOptions(mismatch: .skip))
        }
        #expect(reported.skipped.map(\.path) == ["$.items[0].id"])
        let (value, skipped) = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decodeWithReport(TRDoc.self, from: json)
        #expect(value.items.map(\.id) == [0, 2] && skipped.map(\.path) == ["$.items[0].id"])
    }

    /// 20,000 failures in one array: each placed, in document order.
    @Test func manyFailuresArePlacedInOnePass() throws {
        let n = 20_000
        let json = Array(("{\"items\":[" + Array(repeating: #"{"id":"x"}"#, count: n).joined(separator: ",\n") + "]}").utf8)
        let (_, skipped) = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decodeWithReport(TRDoc.self, from: json)
        #expect(skipped.count == n)
        #expect(skipped.last?.path == "$.items[\(n - 1)].id" && skipped.last?.line == n)
        #expect(skipped.enumerated().allSatisfy { $0.element.path == "$.items[\($0.offset)].id" })
    }
}

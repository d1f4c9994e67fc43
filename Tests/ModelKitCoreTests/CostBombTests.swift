import Foundation
import Testing
@testable import ModelKitCore

/// Issue 12's cost bombs, as small reproducers that count work or check the limit's effect;
/// the size-ratio versions are in `CostBombStressTests` (MODELKIT_STRESS=1).
@Suite struct CostBombTests {
    // MARK: mismatch: .skip

    @Test func skippedValuesArePositionedExactlyAcrossLinesAndReusedEngines() throws {
        // Positions are counted on from the previous one: they must still be exact, and an
        // engine reused from the pool must not count on from the previous document.
        let json = Array("{\"ints\":[\n\"x\",1,\n  \"é\",\n\"y\"]}".utf8)
        let decoder = ModelDecoder(options: DecodingOptions(mismatch: .skip))
        for _ in 0..<3 {
            let (list, skipped) = try decoder.decodeWithReport(IntList.self, from: json)
            #expect(list.ints == [1])
            #expect(skipped.map(\.line) == [2, 3, 4])
            #expect(skipped.map(\.column) == [1, 3, 1])
            #expect(skipped.map(\.path) == ["$.ints[0]", "$.ints[2]", "$.ints[3]"])
        }
    }

    @Test func aStreamUnderSkipKeepsNoSkippedErrors() throws {
        // 256 MB of JSON Lines with one mismatch per line grew to 545 MB: nothing drained them.
        var stream = ModelStreamDecoder<IntList>(options: DecodingOptions(mismatch: .skip))
        var decoded = 0
        for _ in 0..<200 { decoded += try stream.feed(Array("{\"ints\":[\"x\",1]}\n".utf8)).count }
        decoded += try stream.finish().count
        #expect(decoded == 200)
        #expect(stream.keptSkippedErrors == 0)
    }

    // MARK: shared keys

    @Test func sharedKeysInARecursiveModelDecodeEachLevelOnce() throws {
        // Two fields on key "k": replaying the value per field doubled the work per level
        // (2^30 decodes here). One decode per level, stored into both fields.
        let depth = 30
        let before = sharedKeyNodeDecodes.value
        let node = try SharedKeyNode(json: SharedKeyNode.nested(depth))
        let decodes = sharedKeyNodeDecodes.value - before
        #expect(decodes <= 4 * (depth + 1))  // other tests may decode this type concurrently
        var level = node
        for _ in 0..<depth {
            #expect(level.left == level.right)
            level = try #require(level.left.first)
        }
        #expect(level.tag == 1)
    }

    @Test func sharedKeysStillRespectPerFieldMismatches() throws {
        struct Mixed: Model {
            var asText = ""
            var asNumber = 0
            var asList: [Int] = []
            static let schema = Schema(Mixed.self) {
                Field("asText", \.asText, key: "v")
                Field("asNumber", \.asNumber, key: "v")
                Field("asList", \.asList, key: "v")
            }
        }
        let (value, skipped) = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decodeWithReport(Mixed.self, from: Array(#"{"v":[1,2]}"#.utf8))
        #expect(value.asList == [1, 2])
        #expect(skipped.count == 2)
        #expect(skipped.allSatisfy { $0.path == "$.v" })
    }

    @Test func polymorphicReplayDoesNotRebufferEveryLevel() throws {
        let node = try #require(try ModelDecoder().decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(200)) ?? nil)
        var depth = 0
        var level = node
        while let child = level.child { level = child; depth += 1 }
        #expect(depth == 200)
        #expect(level.leaf == 1)
    }

    // MARK: long numbers and strings

    @Test func aStreamHoldsAPartialNumberBackFromTheParser() throws {
        // yajl re-lexed a partial number from its start on every 1-byte chunk (quadratic).
        var stream = ModelStreamDecoder<LongHolder>()
        for byte in Array(#"{"n":123456"#.utf8) { _ = try stream.feed([byte]) }
        #expect(stream.heldBackBytes == 6)
        var done: [LongHolder] = []
        for byte in Array(#"789}"#.utf8) { done += try stream.feed([byte]) }
        done += try stream.finish()
        #expect(done.map(\.number) == [JSONValue(123456789)])
        // A number held back at the very end still reaches the parser at finish().
        var values = ModelStreamDecoder<LongHolder>()
        var all: [LongHolder] = []
        for byte in Array("{\"n\":[1.5e3,true,-2]}\n{\"n\":-0.25e+1} 17".utf8) { all += try values.feed([byte]) }
        #expect(values.heldBackBytes == 2)
        let error = try #require(throws: ModelDecodingError.self) { try values.finish() }
        #expect(error.path == "$[2]")
        #expect(all.map(\.number) == [[1500, true, -2], -2.5])
    }

    @Test func anOpenStringOverTheLimitFailsBeforeItEnds() throws {
        // The open string was measured from the wrong offset and only checked when it closed:
        // 256 MB of an unterminated string under a 1024-byte limit grew memory without error.
        let limits = DecodingLimits(maxStringBytes: 1024)
        var stream = ModelStreamDecoder<LongHolder>(options: DecodingOptions(limits: limits))
        _ = try stream.feed(Array("{\"s\":\"".utf8))
        var error: ModelDecodingError?
        var fed = 0
        while fed < 1 << 20 {
            do {
                _ = try stream.feed([UInt8](repeating: UInt8(ascii: "a"), count: 512))
                fed += 512
            } catch let e as ModelDecodingError {
                error = e
                break
            }
        }
        let failure = try #require(error)
        #expect(failure.reason == .limitExceeded(.maxStringBytes, limit: 1024))
        #expect(fed <= 1024)
        #expect(failure.byteOffset == 5)
        #expect(failure.path == "$[0].s")
    }

    @Test func escapesCountAsWhatTheyDecodeTo() throws {
        // 300 × `\u00e9` is 1800 bytes of input but 600 decoded bytes: within a 700-byte limit.
        let limits = DecodingLimits(maxStringBytes: 700)
        let text = "{\"s\":\"" + String(repeating: "\\u00e9", count: 300) + "\"}"
        var stream = ModelStreamDecoder<LongHolder>(options: DecodingOptions(limits: limits))
        var done: [LongHolder] = []
        for byte in Array(text.utf8) { done += try stream.feed([byte]) }
        done += try stream.finish()
        #expect(done.map(\.text.count) == [300])
        #expect(try LongHolder(json: text, options: DecodingOptions(limits: limits)).text.count == 300)
    }

    @Test func aWholeDocumentStringLongerThanABlockDecodesAndHitsTheLimitEarly() throws {
        let long = String(repeating: "ab", count: 1_500_000)
        let json = "{\"s\":\"" + long + "\",\"n\":2}"
        let holder = try LongHolder(json: json)
        #expect(holder.text.utf8.count == 3_000_000)
        #expect(holder.number == JSONValue(2))
        // Unterminated, over the limit: the limit, at the string, before the end of input.
        let open = Array(("{\"s\":\"" + long).utf8)
        let error = try #require(throws: ModelDecodingError.self) {
            try LongHolder(json: open, options: DecodingOptions(limits: DecodingLimits(maxStringBytes: 1000)))
        }
        #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 1000))
        #expect(error.byteOffset == 5)
        #expect(error.path == "$.s")
        // After a byte order mark, offsets still count from the first byte of the input.
        let limits = DecodingOptions(limits: DecodingLimits(maxStringBytes: 1000))
        let withMark: [UInt8] = [0xEF, 0xBB, 0xBF] + open
        let marked = try #require(throws: ModelDecodingError.self) { try LongHolder(json: withMark, options: limits) }
        #expect(marked.byteOffset == 8)
        var stream = ModelStreamDecoder<LongHolder>(options: limits)
        let streamed = try #require(throws: ModelDecodingError.self) { _ = try stream.feed(withMark[0..<4000]) }
        #expect(streamed.byteOffset == 8)
        #expect(streamed.reason == .limitExceeded(.maxStringBytes, limit: 1000))
    }

    // MARK: big numbers

    @Test func bignumsConvertExactlyAndOverlongOnesAreRefused() throws {
        // 2^64 and 2^128 - 1 through the archive reader, then back through the writer.
        let cases: [([UInt8], String)] = [
            ([1, 0, 0, 0, 0, 0, 0, 0, 0], "18446744073709551616"),
            ([UInt8](repeating: 0xFF, count: 16), "340282366920938463463374607431768211455"),
        ]
        for (magnitude, digits) in cases {
            let holder = try Archive.decode(AnyHolder.self, from: archiveHoldingBignum(magnitude))
            #expect(holder.any == .number(JSONNumber(text: digits)!))
            #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
            #expect(BigNumberConversion.bigEndianBytes(ofDecimalDigits: digits) == magnitude)
        }
        let long = String(repeating: "9", count: BigNumberConversion.maxDigits)
        let holder = AnyHolder(any: .number(JSONNumber(text: long)!))
        #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
        // A 100 KB bignum took 29 s to read: now refused at once.
        let error = try #require(throws: ArchiveError.self) {
            try Archive.decode(AnyHolder.self, from: archiveHoldingBignum([UInt8](repeating: 0xAB, count: 100_000)))
        }
        #expect(error.description.contains("bignum"))
        let million = AnyHolder(any: .number(JSONNumber(text: "1" + String(repeating: "7", count: 1_000_000))!))
        #expect(throws: ModelEncodingError.self) { try Archive.encode(million) }
    }

    @Test func longNumbersCompareAndHashInLinearTime() throws {
        let tiny = JSONNumber(text: "0." + String(repeating: "0", count: 999_999) + "1")!
        let same = JSONNumber(text: "1e-1000000")!
        #expect(tiny == same)
        #expect(tiny.hashValue == same.hashValue)
        #expect(tiny != JSONNumber(text: "1e-999999")!)
    }

    // MARK: exact numbers

    @Test func exponentsBeyondTwoToTheFortyStayExact() throws {
        // Exponents were clamped at 2^40, so these two were equal.
        let a = JSONNumber(text: "1e1099511627777")!
        let b = JSONNumber(text: "1e99999999999999999999")!
        #expect(a != b)
        #expect(b != JSONNumber(text: "10e99999999999999999999")!)
        #expect(b == JSONNumber(text: "0.1e100000000000000000000")!)
        #expect(JSONNumber(text: "100e-99999999999999999999")! == JSONNumber(text: "1e-99999999999999999997")!)
        #expect(JSONNumber(text: "1e999999999999999999")! == JSONNumber(text: "10e999999999999999998")!)
        for holder in [AnyHolder(any: .number(a)), AnyHolder(any: .number(b)), AnyHolder(any: .number(JSONNumber(text: "-12.5e-99999999999999999999")!))] {
            #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
        }
    }

    @Test func strictIntegersComeOnlyFromExactWholeValues() throws {
        struct Count: Model { var n: Int64 = 0; static let schema = Schema(Count.self) { Field("n", \.n) } }
        let strict = DecodingOptions(conversion: .strict)
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":9007199254740993.5}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":1.5e0}"#, options: strict) }
        #expect(try Count(json: #"{"n":9007199254740993.0}"#, options: strict).n == 9_007_199_254_740_993)
        #expect(try Count(json: #"{"n":1e2}"#, options: strict).n == 100)
        #expect(try Count(json: #"{"n":12.50e1}"#, options: strict).n == 125)
        #expect(try Count(json: #"{"n":-0.0}"#, options: strict).n == 0)
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":1e19}"#, options: strict) }
    }

    // MARK: depth

    @Test func maxDepthIsBoundedWhateverItIsSetTo() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: 1_000_000))
        let depth = DecodingLimits.maxDepthBound + 1
        let json = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder(options: options).decode(JSONValue.self, from: json) }
        #expect(error.reason == .limitExceeded(.maxDepth, limit: DecodingLimits.maxDepthBound))
        let atBound = Array((String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)).utf8)
        let value = try ModelDecoder(options: options).decode(JSONValue.self, from: atBound)
        #expect(value == value)
        #expect(value.hashValue == value.hashValue)
        #expect(try ModelEncoder().encode(value) == atBound)
        #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(AnyHolder(any: [1]))).any == [1])
        _ = try Archive.encode(AnyHolder(any: value))
        #expect(AnyHolder(any: value).modelDescription.count > depth)
        // Models nested to the bound: every path that walks them recursively.
        let levels = DecodingLimits.maxDepthBound / 2 - 1
        let statuses = Array((String(repeating: #"{"retweeted":["#, count: levels) + String(repeating: "]}", count: levels)).utf8)
        let status = try ModelDecoder(options: options).decode(Status.self, from: statuses)
        #expect(status.modelIsEqual(status))
        #expect(try ModelDecoder(options: options).decode(Status.self, from: try status.jsonBytes()) == status)
        #expect(try Archive.encode(status).count > levels)
        #expect(status.modelDescription.count > levels)
    }

    @Test func bufferedModelsNestWithinTheirOwnBound() throws {
        // Polymorphic replay recursed on the stack at every level and crashed at ~4000 levels.
        let options = DecodingOptions(limits: DecodingLimits(maxDepth: .max))
        let bound = DecodingLimits.maxBufferedNesting
        let node = try #require(try ModelDecoder(options: options).decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(bound - 1)) ?? nil)
        #expect(node.child != nil)
        let error = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder(options: options).decode(ReplayPolyNode?.self, from: ReplayPolyNode.nested(bound + 10))
        }
        #expect(error.reason == .limitExceeded(.maxDepth, limit: bound))
        #expect(throws: ModelDecodingError.self) { try SharedKeyNode(json: SharedKeyNode.nested(bound + 10), options: options) }
    }
}

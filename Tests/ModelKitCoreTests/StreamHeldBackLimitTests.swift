import Foundation
import Testing
@testable import ModelKitCore

// Whatever a stream holds back from the parser (a number still growing, an open string) counts
// against the limits, so an endless value fails at the limit instead of filling memory; and no
// error message quotes more than a short prefix of the input.

struct StreamHeldBackLimitTests {
    static let limits = DecodingLimits(maxDepth: 16, maxInputBytes: 4_096, maxStringBytes: 1_024)

    /// Feeds `prefix`, then digits in 100-byte chunks until the stream throws; returns the error
    /// and the most bytes it held back on the way.
    static func feedEndlessNumber(after prefix: String) -> (ModelDecodingError?, held: Int) {
        let stream = ModelStreamDecoder<User>(options: DecodingOptions(limits: limits))
        let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 100)
        var held = 0
        do {
            _ = try stream.feed(Array(prefix.utf8))
            for _ in 0..<1_000 {
                _ = try stream.feed(digits)
                held = max(held, stream.heldBackBytes)
            }
        } catch let error as ModelDecodingError {
            return (error, held)
        } catch {}
        return (nil, held)
    }

    @Test(arguments: ["", "[", "{\"id\":1}\n", "[{\"id\":1},"])
    func anEndlessNumberFailsAtTheLimit(prefix: String) throws {
        let (error, held) = Self.feedEndlessNumber(after: prefix)
        let failure = try #require(error)
        #expect(failure.reason == .limitExceeded(.maxStringBytes, limit: 1_024))
        #expect(held <= 1_024 + 100)
        #expect(failure.description.utf8.count < 200)
    }

    @Test func anEndlessNumberInsideARecordFailsAtTheRecordLimit() throws {
        let limits = DecodingLimits(maxDepth: 16, maxInputBytes: 512, maxStringBytes: 1 << 20)
        let stream = ModelStreamDecoder<User>(options: DecodingOptions(limits: limits))
        let error = #expect(throws: ModelDecodingError.self) {
            _ = try stream.feed(Array("[".utf8))
            for _ in 0..<100 { _ = try stream.feed([UInt8](repeating: UInt8(ascii: "1"), count: 100)) }
        }
        #expect(error?.reason == .limitExceeded(.maxInputBytes, limit: 512))
        #expect(stream.heldBackBytes <= 612)
    }

    @Test func aNumberLongerThanMaxStringBytesFailsWhole() {
        let json = "{\"id\":" + String(repeating: "9", count: 2_000) + "}"
        let error = #expect(throws: ModelDecodingError.self) { try User(json: json, options: DecodingOptions(limits: Self.limits)) }
        #expect(error?.reason == .limitExceeded(.maxStringBytes, limit: 1_024))
    }

    @Test func messagesQuoteAShortPrefixOfAnyValue() throws {
        let hugeNumber = String(repeating: "1", count: 100_000)
        let number = #expect(throws: ModelDecodingError.self) { try User(json: "{\"name\":\(hugeNumber)}", options: DecodingOptions(conversion: .strict)) }
        #expect((number?.description.utf8.count ?? .max) < 200)
        #expect(number?.description.contains("(100000 bytes)") == true)
        let hugeString = String(repeating: "s", count: 100_000)
        let string = #expect(throws: ModelDecodingError.self) { try User(json: "{\"id\":\"\(hugeString)\"}", options: DecodingOptions(conversion: .strict)) }
        #expect((string?.description.utf8.count ?? .max) < 200)
        let hugeKey = String(repeating: "k", count: 100_000)
        let key = #expect(throws: ModelDecodingError.self) {
            try User(json: "{\"\(hugeKey)\":1}", options: DecodingOptions(conversion: .strict, unknownKeys: .fail))
        }
        #expect((key?.description.utf8.count ?? .max) < 300)
        // The Codable bridge's messages too.
        struct Named: Decodable { var name: String }
        do {
            _ = try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Named.self, from: "{\"name\":\(hugeNumber)}")
            Issue.record("a number was taken for a String")
        } catch {
            #expect("\(error)".utf8.count < 600)
        }
    }

    @Test func aStreamHoldsAPartialNumberBackFromTheParser() throws {
        // yajl re-lexed a partial number from its start on every 1-byte chunk (quadratic).
        let stream = ModelStreamDecoder<LongHolder>()
        for byte in Array(#"{"n":123456"#.utf8) { _ = try stream.feed([byte]) }
        #expect(stream.heldBackBytes == 6)
        var done: [LongHolder] = []
        for byte in Array(#"789}"#.utf8) { done += try stream.feed([byte]) }
        done += try stream.finish()
        #expect(done.map(\.number) == [JSONValue(123456789)])
        // A number held back at the very end still reaches the parser at finish().
        let values = ModelStreamDecoder<LongHolder>()
        var all: [LongHolder] = []
        for byte in Array("{\"n\":[1.5e3,true,-2]}\n{\"n\":-0.25e+1} 17".utf8) { all += try values.feed([byte]) }
        #expect(values.heldBackBytes == 2)
        let error = try #require(throws: ModelDecodingError.self) { try values.finish() }
        #expect(error.path == "$[2]")
        #expect(all.map(\.number) == [[1500, true, -2], -2.5])
    }
}

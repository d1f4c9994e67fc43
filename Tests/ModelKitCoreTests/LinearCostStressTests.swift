import Foundation
import Testing
@testable import ModelKitCore

/// Inputs shaped to cost quadratic or exponential time, at size: each runs the same input at n and 4n and checks that the time
/// grows about linearly (a ratio below 8; quadratic would be 16). Never absolute seconds.
/// Off by default: `MODELKIT_STRESS=1 swift test -c release --filter LinearCostStressTests`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MODELKIT_STRESS"] == "1"), .serialized)
struct LinearCostStressTests {
    /// Best of three runs, in seconds.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }

    func expectLinear(_ name: String, small: Int, _ run: (Int) throws -> Void) throws {
        let a = try seconds { try run(small) }
        let b = try seconds { try run(small * 4) }
        print("\(name): n=\(small) \(a)s, 4n \(b)s, ratio \(b / a)")
        #expect(b / a < 8, "\(name): ×4 input took ×\(b / a)")
    }

    @Test func skippingMismatches() throws {
        let decoder = ModelDecoder(options: DecodingOptions(mismatch: .skip))
        try expectLinear("skip", small: 50_000) { n in
            let json = Array(("{\"ints\":[" + Array(repeating: "\"x\"", count: n).joined(separator: ",\n") + "]}").utf8)
            let (_, skipped) = try decoder.decodeWithReport(IntList.self, from: json)
            #expect(skipped.count == n)
        }
    }

    @Test func sharedKeysInDepth() throws {
        try expectLinear("shared keys", small: 60) { depth in
            let json = SharedKeyNode.nested(depth)
            for _ in 0..<50 { _ = try SharedKeyNode(json: json) }
        }
    }

    @Test func longNumberInOneByteChunks() throws {
        try expectLinear("stream number", small: 50_000) { digits in
            let stream = ModelStreamDecoder<LongHolder>()
            let json = Array(("{\"n\":" + String(repeating: "7", count: digits) + "}").utf8)
            var models: [LongHolder] = []
            // The object completes at its `}`, so `feed` hands it out; `finish` has nothing left.
            for byte in json { models += try stream.feed(CollectionOfOne(byte)) }
            models += try stream.finish()
            #expect(models.count == 1)
        }
    }

    @Test func longStringInAWholeDocument() throws {
        try expectLinear("whole-document string", small: 8 << 20) { length in
            let json = Array(("{\"s\":\"" + String(repeating: "a", count: length) + "\"}").utf8)
            let text = try LongHolder(json: json).text
            #expect(text.utf8.count == length)
        }
    }

    @Test func longNumberHashing() throws {
        try expectLinear("number hash", small: 250_000) { digits in
            let n = JSONNumber(text: "0." + String(repeating: "0", count: digits) + "1")!
            var hasher = Hasher()
            n.hash(into: &hasher)
            _ = hasher.finalize()
            #expect(n == JSONNumber(text: "1e-\(digits + 1)")!)
        }
    }

    @Test func openStringInAStreamStopsAtTheLimit() throws {
        // 64 MB of an unterminated string under a 1 KB limit: fails within the first chunks.
        let stream = ModelStreamDecoder<LongHolder>(options: DecodingOptions(limits: DecodingLimits(maxStringBytes: 1024)))
        _ = try stream.feed(Array("{\"s\":\"".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        var fed = 0
        #expect(throws: ModelDecodingError.self) {
            for _ in 0..<1024 { _ = try stream.feed(chunk); fed += 1 }
        }
        #expect(fed == 0)
    }
}

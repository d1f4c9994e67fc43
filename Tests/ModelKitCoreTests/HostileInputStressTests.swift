import Foundation
import Testing
@testable import ModelKitCore

/// The gigabyte-scale rows of the README's hostile-input table. Off in the default run; run with
/// `scripts/stress.sh` (release build, MODELKIT_STRESS=1). Sizes: MODELKIT_STRESS_BYTES (default
/// 1 GiB for whole strings; the 1-byte-chunk rows use a quarter of it). Linear time is checked by
/// the ratio of two sizes (×4 in size must cost less than ×8 in time), never by absolute seconds.
private let stressEnabled = ProcessInfo.processInfo.environment["MODELKIT_STRESS"] == "1"

@Suite(.enabled(if: stressEnabled, "set MODELKIT_STRESS=1 (scripts/stress.sh)"), .serialized)
struct HostileInputStressTests {
    static let bytes = ProcessInfo.processInfo.environment["MODELKIT_STRESS_BYTES"].flatMap(Int.init) ?? 1 << 30

    /// Seconds `work` takes (best of two, to damp noise on a shared machine).
    func seconds(_ work: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            let start = ContinuousClock.now
            try work()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    func stringDocument(_ length: Int) -> [UInt8] {
        var bytes = Array(#"{"v":""#.utf8)
        bytes.reserveCapacity(length + 8)
        bytes += repeatElement(UInt8(ascii: "a"), count: length)
        bytes += Array(#""}"#.utf8)
        return bytes
    }

    func expectLinear(_ name: String, small: Double, large: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let ratio = large / max(small, 1e-6)
        print("\(name): ×4 size → ×\(String(format: "%.2f", ratio)) time (\(small) s → \(large) s)")
        #expect(ratio < 8, "\(name): ×4 in size cost ×\(ratio) in time", sourceLocation: sourceLocation)
    }

    @Test
    func aGigabyteStringWholeInLinearTime() throws {
        let large = stringDocument(Self.bytes)
        let small = stringDocument(Self.bytes / 4)
        var decodedCount = 0
        let smallTime = try seconds { decodedCount = try HostileBox<String>(json: small).v?.utf8.count ?? -1 }
        #expect(decodedCount == Self.bytes / 4)
        let largeTime = try seconds { decodedCount = try HostileBox<String>(json: large).v?.utf8.count ?? -1 }
        #expect(decodedCount == Self.bytes)
        expectLinear("string whole", small: smallTime, large: largeTime)
    }

    func streamInOneByteChunks(_ document: [UInt8]) throws -> Int {
        let stream = ModelStreamDecoder<HostileBox<String>>()
        var count = 0
        try document.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                count += try stream.feed(UnsafeBufferPointer(rebasing: buffer[index..<(index + 1)])).count
            }
        }
        return count + (try stream.finish()).count
    }

    @Test func aLongStringInOneByteChunksInLinearTime() throws {
        let small = stringDocument(Self.bytes / 16)
        let large = stringDocument(Self.bytes / 4)
        var models = 0
        let smallTime = try seconds { models = try streamInOneByteChunks(small) }
        #expect(models == 1)
        let largeTime = try seconds { models = try streamInOneByteChunks(large) }
        #expect(models == 1)
        expectLinear("string in 1-byte chunks", small: smallTime, large: largeTime)
    }

    @Test
    func anUnterminatedStreamedStringStopsAtMaxStringBytes() throws {
        var limits = DecodingLimits()
        limits.maxStringBytes = 1024
        let stream = ModelStreamDecoder<HostileBox<String>>(options: DecodingOptions(limits: limits))
        _ = try stream.feed(Array(#"{"v":""#.utf8))
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var fed = 0
        do {
            while fed < Self.bytes {
                _ = try stream.feed(chunk)
                fed += chunk.count
            }
            Issue.record("no error after \(fed) bytes of a string limited to 1024")
        } catch let error as ModelDecodingError {
            #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 1024))
            #expect(fed <= 2 * chunk.count, "the limit fired only after \(fed) bytes")
        }
    }

    @Test
    func aLongNumberInOneByteChunksInLinearTime() throws {
        func document(_ digits: Int) -> [UInt8] { Array(#"{"v":"#.utf8) + [UInt8](repeating: 0x31, count: digits) + [0x7D] }
        func decode(_ bytes: [UInt8]) throws -> Int {
            let stream = ModelStreamDecoder<HostileBox<JSONValue>>()
            var count = 0
            for byte in bytes { count += try stream.feed(CollectionOfOne(byte)).count }
            return count + (try stream.finish()).count
        }
        let small = document(250_000), large = document(1_000_000)
        let smallTime = try seconds { () throws in let count = try decode(small); #expect(count == 1) }
        let largeTime = try seconds { () throws in let count = try decode(large); #expect(count == 1) }
        expectLinear("number in 1-byte chunks", small: smallTime, large: largeTime)
    }

    @Test func tenMillionKeysAndDuplicateKeysInLinearTime() throws {
        func document(_ count: Int, duplicate: Bool) -> [UInt8] {
            var text = "{"
            for index in 0..<count { text += duplicate ? "\"v\":\(index)," : "\"k\(index)\":\(index)," }
            return Array((text + #""v":1}"#).utf8)
        }
        for duplicate in [false, true] {
            let small = document(2_500_000, duplicate: duplicate), large = document(10_000_000, duplicate: duplicate)
            let smallTime = try seconds { () throws in let value = try HostileBox<Int>(json: small).v; #expect(value == 1) }
            let largeTime = try seconds { () throws in let value = try HostileBox<Int>(json: large).v; #expect(value == 1) }
            expectLinear(duplicate ? "duplicate keys" : "distinct keys", small: smallTime, large: largeTime)
        }
    }
}

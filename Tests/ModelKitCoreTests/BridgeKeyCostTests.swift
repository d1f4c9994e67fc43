import Foundation
import Testing
@testable import ModelKitCore

/// The Codable bridge's keyed lookups and its repeated-key check cost time linear in the object,
/// whatever keys a document chooses. Each input here took a minute or more (quadratic) before
/// its fix, and takes well under a second now: a regression hangs the test.
@Suite struct BridgeKeyCostTests {
    private struct OneField: Decodable { var a: Int? }
    private struct Dictionary: Decodable { var d: [String: Int] }
    private final class Nest: Decodable {
        var n: Nest?
        var d: [String: Int]?
    }

    private func object(_ keys: [String], value: (Int) -> String = { "\($0)" }) -> String {
        "{" + keys.enumerated().map { "\"\($1)\":\(value($0))" }.joined(separator: ",") + "}"
    }

    /// 150,000 keys with one length and the same first and last eight bytes: the repeated-key
    /// check's signatures all agree, and its probing walked every earlier key for each key.
    @Test func keysSharingTheirSignaturesAreCheckedInLinearTime() throws {
        let keys = (0..<150_000).map { "AAAAAAAA" + String(format: "%07d", $0) + "BBBBBBBB" }
        let decoder = ModelDecoder(options: .server)
        #expect(try decoder.decode(OneField.self, from: Array(object(keys).utf8)).a == nil)
        // A repeat among them is still found, and rejected as `.server` says.
        let repeated = Array(object(keys + [keys[1_000]]).utf8)
        let error = try #require(throws: DecodingError.self) { try decoder.decode(OneField.self, from: repeated) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("AAAAAAAA0001000BBBBBBBB"))
    }

    /// One key repeated made every lookup scan the whole object (a dictionary asks for all).
    @Test func aRepeatedKeyInALargeObjectKeepsLookupsLinear() throws {
        let keys = (0..<100_000).map { "k\($0)" }
        let json = Array("{\"d\":\(object(keys + ["k0"], value: { $0 == 100_000 ? "5" : "\($0)" }))}".utf8)
        let decoded = try ModelDecoder().decode(Dictionary.self, from: json)
        #expect(decoded.d.count == 100_000)
        // The policy as `JSONDecoder` applies it: checked on a small object, the same shape.
        let small = Array("{\"d\":{\"k0\":0,\"k1\":1,\"k0\":5}}".utf8)
        let foundation = try JSONDecoder().decode(Dictionary.self, from: Data(small))
        #expect(try ModelDecoder().decode(Dictionary.self, from: small).d == foundation.d)
        #expect(decoded.d["k0"] == foundation.d["k0"])
        #expect(decoded.d["k99999"] == 99_999)
        // The last value when the policy says so.
        let last = ModelDecoder(options: DecodingOptions(duplicateKeys: .useLast))
        #expect(try last.decode(Dictionary.self, from: json).d["k0"] == 5)
    }

    /// A key decoding strategy searched every object from its start for every key.
    @Test func convertedKeysInALargeObjectAreFoundInLinearTime() throws {
        let keys = (0..<60_000).map { "key_\($0)" }
        let json = Array("{\"d\":\(object(keys))}".utf8)
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try decoder.decode(Dictionary.self, from: json)
        #expect(decoded.d.count == 60_000)
        // A dictionary's keys are data: left as written, as JSONDecoder leaves them.
        #expect(decoded.d["key_59999"] == 59_999 && decoded.d["key_0"] == 0)
    }

    /// Keyed containers nested deeper than 64 had no cursor: every lookup scanned from the start.
    @Test func objectsNestedPastSixtyFourKeepTheirCursor() throws {
        let keys = (0..<150_000).map { "k\($0)" }
        let depth = 70
        let json = Array((String(repeating: "{\"n\":", count: depth) + "{\"d\":\(object(keys))}" + String(repeating: "}", count: depth)).utf8)
        var nest: Nest? = try ModelDecoder().decode(Nest.self, from: json)
        for _ in 0..<depth { nest = nest?.n }
        #expect(nest?.d?.count == 150_000)
        #expect(nest?.d?["k149999"] == 149_999)
    }

    private struct Pair: Decodable { var a: Int; var b: Int }
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A custom key strategy was handed each key's coding path found by walking the tape from
    /// the document's start past every earlier sibling: 40,000 elements took 7.4 s (release).
    /// The closure is called once per key, with the path `JSONDecoder` gives it.
    @Test func aCustomKeyStrategyIsLinearAndGetsJSONDecodersPaths() throws {
        final class Calls: @unchecked Sendable { var count = 0; var paths: [[String]] = [] }
        func strategy(_ calls: Calls) -> JSONDecoder.KeyDecodingStrategy {
            .custom { path in
                calls.count += 1
                if calls.paths.count < 8 { calls.paths.append(path.map(\.stringValue)) }
                return AnyKey(stringValue: path.last!.stringValue.lowercased())
            }
        }
        let count = 40_000
        let json = Array(("[" + Array(repeating: #"{"A":1,"B":2}"#, count: count).joined(separator: ",") + "]").utf8)
        let calls = Calls()
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = strategy(calls)
        let decoded = try decoder.decode([Pair].self, from: json)
        #expect(decoded.count == count && decoded.last?.b == 2)
        #expect(calls.count == 2 * count)
        // The paths as `JSONDecoder` hands them over, nested objects and arrays included.
        let small = Data(#"{"D":{"X":[{"A":1,"B":2},{"A":3,"B":4}]}}"#.utf8)
        struct Inner: Decodable { var x: [Pair] }
        struct Outer: Decodable { var d: Inner }
        let foundationCalls = Calls(), ours = Calls()
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = strategy(foundationCalls)
        decoder.keyDecodingStrategy = strategy(ours)
        #expect(try decoder.decode(Outer.self, from: small).d.x.last?.b == foundation.decode(Outer.self, from: small).d.x.last?.b)
        #expect(Set(ours.paths.map { $0.joined(separator: "/") }) == Set(foundationCalls.paths.map { $0.joined(separator: "/") }))
    }

    /// One large object under a custom strategy: its key index converted every key with a walk
    /// from the start (160,000 members took 57 s).
    @Test func aCustomKeyStrategyOnALargeObjectIsLinear() throws {
        let keys = (0..<60_000).map { "K\($0)" }
        let json = Array("{\"D\":\(object(keys))}".utf8)
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .custom { path in AnyKey(stringValue: path.last!.stringValue.lowercased()) }
        // Read through a keyed container (a `[String: Int]` keeps its keys as written, as with JSONDecoder).
        struct Members: Decodable {
            var count = 0, last = 0
            init(from decoder: any Decoder) throws {
                let inner = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "d"))
                count = inner.allKeys.count
                last = try inner.decode(Int.self, forKey: AnyKey(stringValue: "k59999"))
            }
        }
        let decoded = try decoder.decode(Members.self, from: json)
        #expect(decoded.count == 60_000 && decoded.last == 59_999)
    }

    /// A container kept past its `init(from:)` converts its keys later, with the path it had.
    @Test func aKeptContainerGetsItsPathUnderACustomStrategy() throws {
        final class Paths: @unchecked Sendable { var seen: [String] = [] }
        struct Keeper: Decodable {
            let inner: KeyedDecodingContainer<AnyKey>
            init(from decoder: any Decoder) throws {
                inner = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "x"))
            }
        }
        let json = Data(#"[{"X":{"A":1,"B":2}}]"#.utf8)
        var results: [[String]] = []
        for coder in ["foundation", "ours"] {
            let paths = Paths()
            let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
                paths.seen.append(path.map(\.stringValue).joined(separator: "/"))
                return AnyKey(stringValue: path.last!.stringValue.lowercased())
            }
            let kept: [Keeper]
            if coder == "foundation" {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = strategy
                kept = try decoder.decode([Keeper].self, from: json)
            } else {
                let decoder = ModelDecoder()
                decoder.keyDecodingStrategy = strategy
                kept = try decoder.decode([Keeper].self, from: json)
            }
            #expect(try kept[0].inner.decode(Int.self, forKey: AnyKey(stringValue: "b")) == 2)
            results.append(paths.seen.filter { $0.hasSuffix("/A") || $0.hasSuffix("/B") }.sorted())
        }
        #expect(results[0] == results[1] && results[1] == ["Index 0/x/A", "Index 0/x/B"])
    }
}

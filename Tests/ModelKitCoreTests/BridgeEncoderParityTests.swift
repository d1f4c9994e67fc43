import Foundation
import Synchronization
import Testing
@testable import ModelKitCore

// The Codable bridge's encoder against Foundation's JSONEncoder, in the same process. On Linux
// JSONEncoder writes object members in hash order, so outputs are compared as parsed JSON; our
// own output keeps a key where it was first written, which the exact-byte checks pin down.

private class ParityBase: Encodable {
    enum Keys: String, CodingKey { case kind, version }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("base", forKey: .kind)
        try container.encode(1, forKey: .version)
    }
}

private final class ParitySub: ParityBase {
    enum SubKeys: String, CodingKey { case extra }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("sub", forKey: .kind)
        try container.encode(2, forKey: .version)
        var more = encoder.container(keyedBy: SubKeys.self)
        try more.encode(true, forKey: .extra)
    }
}

private typealias Keys = TestCodingKey
private typealias Custom = ClosureEncodable

private struct Other: Encodable { var other = "foo" }
private struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
private struct HoldsNothing: Encodable { var e = Nothing(); var n = 1 }
// (This test module makes Int128 a ModelValue written as a string, see PublicSurfaceTests: only
// the containers' own Int128 methods are Codable's here.)
private struct Wide: Encodable {
    var a = Int128.max, b = UInt128.max, c = Int128.min
    enum CodingKeys: CodingKey { case a, b, c, d }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        try container.encode(b, forKey: .b)
        try container.encode(c, forKey: .c)
        var list = container.nestedUnkeyedContainer(forKey: .d)
        try list.encode(Int128(0))
        try list.encode(UInt128(5))
    }
}

/// Encodes with both, checks that they agree, and returns ours as text.
private func both(_ value: some Encodable, _ options: EncodingOptions = EncodingOptions(),
                  sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let ours = try ModelEncoder(options: options).encode(value)
    let theirs = try JSONEncoder().encode(value)
    #expect(try sameJSON(ours, theirs), "ours \(String(decoding: ours, as: UTF8.self)), JSONEncoder \(String(decoding: theirs, as: UTF8.self))",
            sourceLocation: sourceLocation)
    return String(decoding: ours, as: UTF8.self)
}

/// The standard collections the encoder writes without a dynamic cast, beside the ones it casts.
private struct StandardCollections: Encodable {
    var ids: [Int] = [3, -1, Int.max]
    var none: [Int] = []
    var names: [String] = ["a/b", "é", "\u{0}"]
    var labels: [String: String] = ["snake_key": "x", "k": "\"q\""]
    var doubles: [Double] = [0.5, 1e300]
    var nested: [[Int]] = [[1], []]
    var optional: [Int]? = [7]
}

struct BridgeEncoderParityTests {
    /// `[Int]`, `[String]` and `[String: String]` are written without a cast; each must read as
    /// `JSONEncoder` writes it, under the default settings and under strategies.
    @Test func standardCollectionsAreWrittenAsJSONEncoderWritesThem() throws {
        #expect(try both(StandardCollections()).contains(#""ids":[3,-1,9223372036854775807],"none":[],"names":["a\/b","é","\u0000"]"#))
        let snake = ModelEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let value = StandardCollections()
        #expect(try snake.encode(value) == foundation.encode(value))
    }

    @Test func aKeyEncodedTwiceIsWrittenOnceWithTheLastValue() throws {
        #expect(try both(ParitySub()) == #"{"kind":"sub","version":2,"extra":true}"#)
        let twice = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: Keys("a"))
            try container.encode(2, forKey: Keys("b"))
            try container.encode("three", forKey: Keys("a"))
        }
        #expect(try both(twice) == #"{"a":"three","b":2}"#)
        // Sorted output too.
        let sorted = try ModelEncoder(options: EncodingOptions(sortedKeys: true)).encode(ParitySub())
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"extra":true,"kind":"sub","version":2}"#)
    }

    @Test func manyKeysWithoutRepeatsStayOnTheStreamingPath() throws {
        let many = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            for i in 0..<300 { try container.encode(i, forKey: Keys("k\(i)")) }
            try container.encode(-1, forKey: Keys("k7"))
        }
        let text = try both(many)
        #expect(text.hasPrefix(#"{"k0":0,"k1":1,"#))
        #expect(text.contains(#""k7":-1,"k8":8"#))
    }

    @Test func aSingleValueThenAKeyedContainerMerge() throws {
        let single = Custom { encoder in
            var value = encoder.singleValueContainer()
            try value.encode(Other())
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode("c", forKey: Keys("a"))
        }
        #expect(try both(single) == #"{"other":"foo","a":"c"}"#)
        let keyedFirst = Custom { encoder in
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode("c", forKey: Keys("a"))
            var value = encoder.singleValueContainer()
            try value.encode(Other())
        }
        #expect(try both(keyedFirst) == #"{"a":"c","other":"foo"}"#)
        let arrays = Custom { encoder in
            var first = encoder.unkeyedContainer()
            try first.encode(1)
            var second = encoder.unkeyedContainer()
            try second.encode(2)
        }
        #expect(try both(arrays) == "[1,2]")
        // Nested in an array, the merged value stays in its element.
        #expect(try both([single, single]) == #"[{"other":"foo","a":"c"},{"other":"foo","a":"c"}]"#)
    }

    @Test func twoNestedContainersForOneKeyMerge() throws {
        let nested = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: Keys("a"))
            try first.encode(1, forKey: Keys("x"))
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: Keys("a"))
            try second.encode(2, forKey: Keys("y"))
            try first.encode(3, forKey: Keys("b"))
        }
        #expect(try both(nested) == #"{"a":{"x":1,"y":2,"b":3}}"#)
        let replaced = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: Keys("a"))
            try first.encode(1, forKey: Keys("x"))
            try container.encode(5, forKey: Keys("a"))
        }
        #expect(try both(replaced) == #"{"a":5}"#)
        // JSONEncoder stops the process here; the nested container replaces the value.
        let valueFirst = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(5, forKey: Keys("a"))
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: Keys("a"))
            try nested.encode(1, forKey: Keys("x"))
        }
        #expect(String(decoding: try ModelEncoder().encode(valueFirst), as: UTF8.self) == #"{"a":{"x":1}}"#)
    }

    @Test func theTreeRouteRunsEncodeOnceWithRightPathsAndOptions() throws {
        let runs = Atomic<Int>(0)
        let superPath = Mutex<[String]>([])
        let value = Custom { encoder in
            runs.add(1, ordering: .relaxed)
            var container = encoder.container(keyedBy: Keys.self)
            let inner = container.superEncoder(forKey: Keys("z"))
            superPath.withLock { $0 = inner.codingPath.map(\.stringValue) }
            var object = inner.container(keyedBy: Keys.self)
            try object.encode(1, forKey: Keys("a"))
            try container.encode(2, forKey: Keys("a"))
            try container.encode(Double.nan, forKey: Keys("n"))
        }
        let encoder = ModelEncoder(options: EncodingOptions(nonFiniteFloats: .null))
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"z":{"a":1},"a":2,"n":null}"#)
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(superPath.withLock { $0 } == ["z"])
        #expect(throws: EncodingError.self) { try ModelEncoder().encode(value) }
        #expect(runs.load(ordering: .relaxed) == 2)
    }

    @Test func aValueThatEncodesNothing() throws {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Nothing()) }
        #expect(throws: EncodingError.self) { try ModelEncoder().encode(Nothing()) }
        #expect(try both(HoldsNothing()) == #"{"e":{},"n":1}"#)
        #expect(try both([Nothing()]) == "[{}]")
    }

    @Test func aContainerKeptPastTheEncodeIsHarmless() throws {
        final class Kept: @unchecked Sendable { var container: KeyedEncodingContainer<Keys>? }
        let kept = Kept()
        let value = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: Keys("a"))
            kept.container = container
        }
        #expect(String(decoding: try ModelEncoder().encode(value), as: UTF8.self) == #"{"a":1}"#)
        // Like JSONEncoder's: the write is accepted and changes no output.
        var container = try #require(kept.container)
        try container.encode(2, forKey: Keys("b"))
        try container.encode("x", forKey: Keys("c"))
        var nested = container.nestedUnkeyedContainer(forKey: Keys("d"))
        try nested.encode(3)
    }

    @Test func wideIntegersEncodeLikeJSONEncoder() throws {
        let text = try both(Wide())
        #expect(text == #"{"a":170141183460469231731687303715884105727,"b":340282366920938463463374607431768211455,"#
                + #""c":-170141183460469231731687303715884105728,"d":[0,5]}"#)
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// The Codable bridge hands each member's key to the writer, which writes it at once (not kept
// for the value to write): a value that fails before writing anything must take its key back,
// and an error's located path must still name the keys it is under.

private typealias Keys = TestCodingKey
private typealias Custom = ClosureEncodable

private struct Refuses: Encodable, Error {
    func encode(to encoder: any Encoder) throws { throw self }
}

struct BridgeMemberKeyTests {
    @Test func aMemberWhoseValueFailsBeforeWritingLeavesNoKey() throws {
        let skipping = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: Keys("a"))
            _ = try? container.encode(Double.infinity, forKey: Keys("b"))
            _ = try? container.encode(Float.nan, forKey: Keys("c"))
            _ = try? container.encode(Refuses(), forKey: Keys("d"))
            try container.encode(2, forKey: Keys("e"))
        }
        for formatting: JSONEncoder.OutputFormatting in [[], [.prettyPrinted]] {
            let ours = ModelEncoder()
            ours.outputFormatting = formatting
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            let bytes = try ours.encode(skipping)
            #expect(try sameJSON(bytes, try foundation.encode(skipping)))
            let expected = formatting.isEmpty ? #"{"a":1,"e":2}"# : "{\n  \"a\" : 1,\n  \"e\" : 2\n}"
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
        }
        // The first member fails: the next one is written without a comma.
        let firstFails = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            _ = try? container.encode(Double.infinity, forKey: Keys("a"))
            try container.encode("x", forKey: Keys("b"))
        }
        #expect(String(decoding: try ModelEncoder().encode(firstFails), as: UTF8.self) == #"{"b":"x"}"#)
    }

    @Test func anErrorNamesTheKeysItIsUnder() throws {
        let key = "a/b\"c\u{1}"
        let nested = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: Keys("first"))
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: Keys(key))
            try inner.encode(2, forKey: Keys("x"))
            var list = inner.nestedUnkeyedContainer(forKey: Keys("list"))
            try list.encode(1.5)
            try list.encode(Double.infinity)
        }
        var expected = JSONPath.root
        expected.appendPathKey(key)
        expected.appendPathKey("list")
        expected.appendPathIndex(1)
        do {
            _ = try ModelEncoder().encode(nested)
            Issue.record("encoded an infinite Double")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.hasPrefix(expected + ": "), "\(context.debugDescription)")
            #expect(context.codingPath.map(\.stringValue) == [key, "list", "Index 1"])
        }
        // A member of an object, the last key written.
        let member = Custom { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: Keys(key))
            try inner.encode(2, forKey: Keys("x"))
            try inner.encode(Double.nan, forKey: Keys("bad\\"))
        }
        expected = JSONPath.root
        expected.appendPathKey(key)
        expected.appendPathKey("bad\\")
        do {
            _ = try ModelEncoder().encode(member)
            Issue.record("encoded a NaN")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.hasPrefix(expected + ": "), "\(context.debugDescription)")
        }
    }
}

import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

/// A model nested in a Codable type takes the schema path from the bridge's tape: values, the
/// options and every failure must be what a schema decode of the value's own bytes gives,
/// moved to the whole document's path and position.
private struct NestedPart: Model, Equatable {
    var name = ""
    var size = 0
    var tags: [String] = []
    var inner: NestedInner?
    static let schema = Schema(NestedPart.self) {
        Field("name", \.name)
        Field("size", \.size)
        Field("tags", \.tags)
        Field("inner", \.inner)
    }
}

extension NestedPart: SchemaCodable {}

private struct NestedInner: Model, Equatable {
    var flag = false
    var ratio = 0.0
    static let schema = Schema(NestedInner.self) { Field("flag", \.flag); Field("ratio", \.ratio) }
}

private struct PartHolder: Decodable {
    var label: String
    var parts: [NestedPart]
    var extra: JSONValue?
}

/// A model holding an internally tagged value, nested in a Codable type below.
private struct TaggedPart: Model, SchemaCodable {
    var main: TShape = .unknown
    static let schema = Schema(TaggedPart.self) { Field("main", \.main) }
}

private struct TaggedPartHolder: Decodable {
    var part: TaggedPart
}

struct CodableNestedModelTests {
    /// The schema reader reads the model's range of the bridge's tape (no replay into the push
    /// engine): a member before the tag fails where it is, as a schema decode of the value's own
    /// bytes reports it, where the push engine placed it where the tag came.
    @Test func nestedModelsAreReadOnTheTape() throws {
        let part = #"{"main":{"radius":"big","type":"circle"}}"#
        let alone = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(TaggedPart.self, from: part) }
        #expect(alone.column == 19)  // at the member; the push engine placed it where the tag came
        let error = try #require(throws: DecodingError.self) {
            try ModelDecoder().decode(TaggedPartHolder.self, from: #"{"part":"# + part + "}")
        }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        let located = try #require(context.underlyingError as? ModelDecodingError)
        #expect(located.reason == alone.reason && located.path == "$.part.main.radius")
        #expect(located.byteOffset == 8 + alone.byteOffset && located.column == 8 + alone.column)
    }

    @Test func nestedModelsReadTheSameValuesAsTheSchemaPath() throws {
        let part = #"{"name":"a\"b\u00e9","skip":{"x":[1,{"y":null}],"z":"w"},"size":"12","tags":["t\n",""],"inner":{"ratio":2.5e1,"flag":true}}"#
        let json = #"{"label":"l","parts":[\#(part),{"size":3},{}],"extra":{"k":[true,null,1.5,"s"]}}"#
        // Inside a Codable type a model keeps ModelKit's defaults (lenient), as through its Codable conformance.
        let holder = try ModelDecoder().decode(PartHolder.self, from: json)
        #expect(holder.label == "l")
        // Set explicitly, strict conversion applies to it too.
        #expect(throws: DecodingError.self) { try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(PartHolder.self, from: json) }
        #expect(holder.parts == [try NestedPart(json: Array(part.utf8)), NestedPart(size: 3), NestedPart()])
        #expect(holder.parts[0].name == "a\"bé" && holder.parts[0].size == 12 && holder.parts[0].tags == ["t\n", ""])
        #expect(holder.parts[0].inner == NestedInner(flag: true, ratio: 25))
        #expect(holder.extra == (try ModelDecoder().decode(JSONValue.self, from: #"{"k":[true,null,1.5,"s"]}"#)))
    }

    /// Each failing value alone, then inside the document: same reason, path below the
    /// nested value's coding path, position moved by where the value starts.
    @Test(arguments: [
        (#"{"name":"x","size":[1]}"#, DecodingOptions()),
        (#"{"name":"x","inner":{"flag":"maybe"}}"#, DecodingOptions()),
        (#"{"name":"x","tags":["a",{"b":1}]}"#, DecodingOptions()),
        (#"{"name":"x","other":{"deep":[1,2]},"size":1}"#, DecodingOptions(unknownKeys: .fail)),
        (#"{"name":"x","size":"12"}"#, DecodingOptions(conversion: .strict)),
        (#"{"name":"x",  "inner":{"ratio":1e999}}"#, DecodingOptions()),
        (#"{"name":"x\"y\\","size":"1\u0032","inner":{"flag":"\\"}}"#, DecodingOptions(conversion: .strict)),
        (#"{"tags":["\t"],"size":"\\\"1"}"#, DecodingOptions()),
        // An escaped key's text is unescaped outside the input: the error is still at its quote.
        (#"{"name":"x", "o\u0074her\"":1}"#, DecodingOptions(unknownKeys: .fail)),
    ])
    func nestedModelFailuresAreLocatedInTheWholeDocument(part: String, options: DecodingOptions) throws {
        let alone = #expect(throws: ModelDecodingError.self) { try ModelDecoder(options: options).decode(NestedPart.self, from: part) }
        let prefix = "{\"label\":\"l\",\n  \"parts\":[{},\n    "
        let json = prefix + part + "]}"
        let error = #expect(throws: DecodingError.self) { try ModelDecoder(options: options).decode(PartHolder.self, from: json) }
        let context: DecodingError.Context
        switch try #require(error) {
        case .typeMismatch(_, let c), .dataCorrupted(let c), .keyNotFound(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: Issue.record("unexpected error"); return
        }
        let expected = try #require(alone)
        let located = try #require(context.underlyingError as? ModelDecodingError)
        #expect(context.codingPath.map(\.stringValue) == ["parts", "Index 1"])
        #expect(located.reason == expected.reason)
        #expect(located.path == "$.parts[1]" + expected.path.dropFirst())
        #expect(located.byteOffset == prefix.utf8.count + expected.byteOffset)
        #expect(located.line == 3)
        #expect(located.column == expected.column + 4)
    }

    /// Models replayed one after another share the replay engine's frames; one that fails
    /// halfway (caught with `try?`) must leave nothing behind for the next.
    @Test func aReplayThatFailsHalfwayLeavesTheNextModelsIntact() throws {
        struct Lenient: Decodable {
            var parts: [NestedPart?] = []
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                while !list.isAtEnd {
                    if let part = try? list.decode(NestedPart.self) { parts.append(part) } else {
                        parts.append(nil)
                        _ = try? list.decode(JSONValue.self)
                    }
                }
            }
        }
        let good = #"{"name":"a","size":1,"tags":["x","y"],"inner":{"flag":true,"ratio":0.5}}"#
        let bad = #"{"name":"b","size":2,"tags":["z"],"inner":{"flag":true,"ratio":"half"}}"#
        let next = #"{"name":"c","inner":{"ratio":2}}"#
        let json = "[\(good),\(bad),\(next),\(good)]"
        let strict = DecodingOptions(conversion: .strict)
        let decoded = try ModelDecoder(options: strict).decode(Lenient.self, from: json)
        let expected = try [good, next, good].map { try NestedPart(json: Array($0.utf8), options: strict) }
        #expect(decoded.parts == [expected[0], nil, expected[1], expected[2]])
        #expect(decoded.parts[2]?.tags == [] && decoded.parts[2]?.inner == NestedInner(flag: false, ratio: 2))
    }

    @Test func mismatchesSkippedInNestedModelsLeaveTheFieldUntouched() throws {
        let json = #"{"label":"l","parts":[{"name":"n","size":{"a":[1]},"tags":["a",[2],"b"],"inner":[{"flag":true}]}]}"#
        let holder = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decode(PartHolder.self, from: json)
        #expect(holder.parts == [NestedPart(name: "n", size: 0, tags: ["a", "b"], inner: nil)])
    }

    /// An escaped string's text lives outside the input: its position is still its opening quote.
    @Test func escapedStringsAreLocatedAtTheirOpeningQuote() throws {
        struct Numbers: Decodable { var a: Int; var b: Int }
        let json = "{\"a\": 1,\n \"b\":  \"x\\\"\\\\\"}"
        let error = #expect(throws: DecodingError.self) {
            try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Numbers.self, from: json)
        }
        guard case .typeMismatch(_, let context) = try #require(error) else { Issue.record("not a type mismatch"); return }
        let located = try #require(context.underlyingError as? ModelDecodingError)
        #expect(located.byteOffset == Array(json.utf8).lastIndex(of: UInt8(ascii: "x"))! - 1)
        #expect(located.line == 2 && located.column == 8)
        #expect(located.path == "$.b")
    }
}

/// A plain Codable class whose subclass is a ``ModelValue``: which path a value takes depends on
/// the instance, not on the static type the container was given.
private class PlainPet: Encodable {
    required init() {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("plain")
    }
}

private final class CustomPet: PlainPet, ModelValue {
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self { Self() }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string("custom") }
}

struct CodableSubclassEncodingTests {
    @Test func subclassesThatAreModelValuesTakeTheSchemaPathEveryTime() throws {
        let pets: [PlainPet] = [PlainPet(), CustomPet(), PlainPet(), CustomPet()]
        let json = String(decoding: try ModelEncoder().encode(pets), as: UTF8.self)
        #expect(json == #"["plain","custom","plain","custom"]"#)
    }
}

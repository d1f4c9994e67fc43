import Foundation
import Testing
@testable import ModelKitCore

struct BridgeOrder: Codable, Equatable {
    var id: UInt64
    var note: String?
    var total: Double
    var items: [Item]
    var placed: Date
    var signature: Data
    struct Item: Codable, Equatable { var sku: String; var quantity: Int8 }
}

/// Writes containers out of order: the streaming writer must hand over to the tree route.
private struct OutOfOrder: Encodable {
    enum Keys: String, CodingKey { case a, b, c }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var nested = container.nestedUnkeyedContainer(forKey: .a)
        try container.encode(2, forKey: .b)
        try nested.encode(1)
        var object = container.nestedContainer(keyedBy: Keys.self, forKey: .c)
        try object.encode("x", forKey: .a)
    }
}

private struct Sub: Encodable {
    enum Keys: String, CodingKey { case own }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .own)
        try ["inherited": 2].encode(to: container.superEncoder())
    }
}

/// A hand-written schema that opts in to Codable with one line.
struct CodableBook: Model, Equatable {
    var name = ""
    var pages = 0
    var desc: String?
    var cache: [String: Int] = [:]
    static let schema = Schema(CodableBook.self) {
        Field("name", \.name, key: "n")
        Field("pages", \.pages, key: "p")
        Field("desc", \.desc, key: "ext.desc")
        Field("cache", \.cache, options: .notMapped)
    }
}
extension CodableBook: SchemaCodable {}

private struct CodableShelf: Codable, Equatable {
    var label: String
    var books: [CodableBook]
}

struct CodableEncodingTests {
    let order = BridgeOrder(id: .max, note: nil, total: 12.5, items: [.init(sku: "a/b", quantity: -3)],
                      placed: Date(timeIntervalSince1970: 1_377_773_018.25), signature: Data([1, 2, 3]))

    @Test func matchesFoundationWithDefaults() throws {
        let ours: [UInt8] = try ModelEncoder().encode(order)
        // JSONEncoder's defaults: dates as seconds since 2001, `/` escaped.
        #expect(String(decoding: ours, as: UTF8.self)
            == #"{"id":18446744073709551615,"total":12.5,"items":[{"sku":"a\/b","quantity":-3}],"placed":399465818.25,"signature":"AQID"}"#)
        #expect(try sameJSON(ours, JSONEncoder().encode(order)))
        #expect(try ModelDecoder().decode(BridgeOrder.self, from: ours) == order)
        #expect(try JSONDecoder().decode(BridgeOrder.self, from: Data(ours)) == order)
    }

    @Test func optionsApply() throws {
        let sorted = try ModelEncoder(options: EncodingOptions(sortedKeys: true, escapeSlashes: true, dates: .secondsSince1970)).encode(order)
        #expect(String(decoding: sorted, as: UTF8.self)
            == #"{"id":18446744073709551615,"items":[{"quantity":-3,"sku":"a\/b"}],"placed":1377773018.25,"signature":"AQID","total":12.5}"#)
        let pretty = String(decoding: try ModelEncoder(options: .prettyPrinted).encode(order.items[0]), as: UTF8.self)
        #expect(pretty == "{\n  \"sku\" : \"a\\/b\",\n  \"quantity\" : -3\n}")
    }

    @Test func nonFiniteFloatsAreInvalidValues() throws {
        struct Reading: Encodable { var value: Double }
        do {
            _ = try ModelEncoder().encode(Reading(value: .nan))
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["value"])
            #expect((context.underlyingError as? ModelEncodingError)?.path == "$.value")
        }
        let lenient = ModelEncoder(options: EncodingOptions(nonFiniteFloats: .null))
        #expect(String(decoding: try lenient.encode(Reading(value: .infinity)), as: UTF8.self) == #"{"value":null}"#)
    }

    @Test func outOfOrderContainersAndSuperEncoderFallBackToTheTree() throws {
        #expect(try sameJSON(ModelEncoder().encode(OutOfOrder()), JSONEncoder().encode(OutOfOrder())))
        #expect(try sameJSON(ModelEncoder().encode(Sub()), JSONEncoder().encode(Sub())))
        let sub = try ModelDecoder().decode(JSONValue.self, from: ModelEncoder().encode(Sub()))
        #expect(sub == ["own": 1, "super": ["inherited": 2]])
    }

    @Test func withEncodedBytesHandsTheBufferOver() throws {
        let count = try ModelEncoder().withEncodedBytes(order.items) { $0.count }
        #expect(count == #"[{"sku":"a\/b","quantity":-3}]"#.utf8.count)
        // A model takes the schema path.
        let book = CodableBook(name: "N", pages: 3, desc: "d")
        let text = try ModelEncoder().withEncodedBytes(book) { String(decoding: $0, as: UTF8.self) }
        #expect(text == #"{"n":"N","p":3,"ext":{"desc":"d"}}"#)
        // A model that is not Encodable shares the API.
        let user = User(id: 1, name: "u")
        #expect(try ModelEncoder().withEncodedBytes(user) { Array($0) } == user.jsonBytes())
    }

    @Test func handWrittenSchemaIsOneWireFormat() throws {
        let shelf = CodableShelf(label: "top", books: [CodableBook(name: "A", pages: 1, desc: "x", cache: ["k": 1]), CodableBook(name: "B")])
        let expected = #"{"label":"top","books":[{"n":"A","p":1,"ext":{"desc":"x"}},{"n":"B","p":0}]}"#
        let ours = try ModelEncoder().encode(shelf)
        #expect(String(decoding: ours, as: UTF8.self) == expected)
        // Foundation sees the schema's keys and key paths, and .notMapped left out.
        let foundation = try JSONEncoder().encode(shelf)
        #expect(try sameJSON(ours, foundation))
        var decoded = shelf
        decoded.books[0].cache = [:]
        #expect(try JSONDecoder().decode(CodableShelf.self, from: Data(expected.utf8)) == decoded)
        #expect(try ModelDecoder().decode(CodableShelf.self, from: expected) == decoded)
        #expect(try ModelDecoder().decode(CodableBook.self, from: #"{"n":"A","p":1,"ext":{"desc":"x"}}"#) == decoded.books[0])
    }

    @Test func modelErrorsInsideTheBridgeAreRebased() throws {
        let json = #"{"label":"top","books":[{"n":"A"},{"n":"B","p":"many"}]}"#
        do {
            _ = try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(CodableShelf.self, from: json)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["books", "Index 1"])
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.path == "$.books[1].p")
            #expect(located.byteOffset == (Array(json.utf8).firstIndex(of: UInt8(ascii: "m")) ?? 0) - 1)
        }
    }

    @Test func jsonValueIsCodable() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": ["c": 1]]
        let foundation = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: foundation) == value)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == value)
    }
}

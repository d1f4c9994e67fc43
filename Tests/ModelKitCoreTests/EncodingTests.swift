import Foundation
import Testing
@testable import ModelKitCore

/// Every field type, for property-style round trips.
struct AllTypes: Model, Equatable {
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var bool = false
    var float: Float = 0
    var double = 0.0
    var decimal: Decimal = 0
    var string = ""
    var date = Date(timeIntervalSince1970: 0)
    var url: URL?
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var data = Data()
    var kind = Kind.book
    var level: Level?
    var any: JSONValue = .null
    var optional: String?
    var list: [Int] = []
    var set: Set<String> = []
    var map: [String: Double] = [:]
    var nested: Book?
    var nestedList: [Book] = []
    var extA = 0
    var extB = ""

    static let schema = Schema(AllTypes.self) {
        Field("int", \.int); Field("int8", \.int8); Field("int16", \.int16); Field("int32", \.int32); Field("int64", \.int64)
        Field("uint", \.uint); Field("uint8", \.uint8); Field("uint16", \.uint16); Field("uint32", \.uint32); Field("uint64", \.uint64)
        Field("bool", \.bool); Field("float", \.float); Field("double", \.double); Field("decimal", \.decimal)
        Field("string", \.string); Field("date", \.date); Field("url", \.url); Field("uuid", \.uuid); Field("data", \.data)
        Field("kind", \.kind); Field("level", \.level); Field("any", \.any); Field("optional", \.optional)
        Field("list", \.list); Field("set", \.set); Field("map", \.map); Field("nested", \.nested); Field("nestedList", \.nestedList)
        Field("extA", \.extA, key: "ext.a"); Field("extB", \.extB, key: "ext.b")
    }

    static func random(_ g: inout SplitMix64) -> AllTypes {
        func text(_ g: inout SplitMix64) -> String {
            let pieces = ["a", "é", "中", "😀", "\"", "\\", "\n", "\u{01}", "/", " ", "\u{1F}", "z", "\u{7F}"]
            return (0..<Int(g.next() % 12)).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined()
        }
        var m = AllTypes()
        m.int = Int(bitPattern: UInt(g.next()))
        m.int8 = Int8(truncatingIfNeeded: g.next())
        m.int16 = Int16(truncatingIfNeeded: g.next())
        m.int32 = Int32(truncatingIfNeeded: g.next())
        m.int64 = Int64(bitPattern: g.next())
        m.uint = UInt(g.next())
        m.uint8 = UInt8(truncatingIfNeeded: g.next())
        m.uint16 = UInt16(truncatingIfNeeded: g.next())
        m.uint32 = UInt32(truncatingIfNeeded: g.next())
        m.uint64 = g.next()
        m.bool = g.next() % 2 == 0
        m.float = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()))
        if !m.float.isFinite { m.float = 1.5 }
        m.double = Double(bitPattern: g.next())
        if !m.double.isFinite { m.double = -0.25 }
        m.decimal = Decimal(Int64(bitPattern: g.next()) % 1_000_000_000) / 1000
        m.string = text(&g)
        m.date = Date(timeIntervalSince1970: Double(Int64(g.next() % 4_000_000_000_000)) / 1000)
        m.url = g.next() % 2 == 0 ? URL(string: "https://example.com/\(g.next() % 1000)?q=1") : nil
        m.uuid = UUID()
        m.data = Data((0..<Int(g.next() % 20)).map { _ in UInt8(truncatingIfNeeded: g.next()) })
        m.kind = g.next() % 2 == 0 ? .book : .film
        m.level = g.next() % 3 == 0 ? nil : .high
        m.any = ["n": .number(JSONNumber(text: "123456789012345678901234567890.5e-3")!), "s": .string(text(&g)), "l": [true, nil]]
        m.optional = g.next() % 2 == 0 ? nil : text(&g)
        m.list = (0..<Int(g.next() % 5)).map { _ in Int(truncatingIfNeeded: g.next()) }
        m.set = Set((0..<Int(g.next() % 4)).map { _ in text(&g) })
        m.map = Dictionary(uniqueKeysWithValues: (0..<Int(g.next() % 4)).map { i in ("k\(i)" + text(&g), Double(Int64(bitPattern: g.next()) % 10_000) / 7) })
        m.nested = g.next() % 2 == 0 ? Book(name: text(&g), pages: Int(g.next() % 1000), desc: "d", bookID: "x") : nil
        m.nestedList = (0..<Int(g.next() % 3)).map { _ in Book(name: text(&g), pages: 1, desc: nil, bookID: nil) }
        m.extA = Int(g.next() % 100)
        m.extB = text(&g)
        return m
    }
}

@Suite struct EncodingTests {
    /// A model of its own, so no other test's encodes move its size hint.
    private struct Message: Model {
        var text = ""
        static let schema = Schema(Message.self) { Field("text", \.text) }
    }

    /// The size hint is the type's last model: one holding a megabyte string, then an array of
    /// 100,000 small ones, reserved 137 GB and killed the process.
    @Test func oneLargeModelDoesNotMakeALaterArrayReserveItsSizePerElement() throws {
        _ = try Message(text: String(repeating: "x", count: 1 << 20)).jsonBytes()
        let bytes = try ModelEncoder().encode([Message](repeating: Message(text: "hi"), count: 100_000))
        #expect(bytes.count == 1 + 100_000 * #"{"text":"hi"}"#.utf8.count + 99_999 + 1)
    }

    @Test func randomRoundTripsThroughEncodeAndDecode() throws {
        var g = SplitMix64(seed: 2024)
        for _ in 0..<300 {
            let model = AllTypes.random(&g)
            let bytes = try model.jsonBytes()
            // Foundation reads everything we write.
            #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil)
            var back = try AllTypes(json: bytes)
            // Dates keep microseconds; compare at that precision.
            #expect(abs(back.date.timeIntervalSince1970 - model.date.timeIntervalSince1970) < 1e-6)
            back.date = model.date
            #expect(back == model)
            // Pretty output reads back to the same model.
            var pretty = try AllTypes(json: try model.jsonBytes(options: .prettyPrinted))
            pretty.date = model.date
            #expect(pretty == model)
        }
    }

    @Test func yyModelMappingInReverse() throws {
        let book = Book(name: "Harry", pages: 256, desc: "magic", bookID: "42", cache: ["x": 1])
        let value = try book.jsonValue()
        #expect(value == ["n": "Harry", "p": 256, "ext": ["desc": "magic"], "id": "42"])
        #expect(value["cache"] == nil)
        // Key-path fields share one nested object.
        let all = try AllTypes().jsonValue()
        #expect(all["ext"] == ["a": 0, "b": ""])
        // Several fields on one key: one member, from the first field.
        let shared = try SharedKeys(json: #"{"name":"n"}"#).jsonValue()
        #expect(shared["name"] == "n")
    }

    @Test func exactNumbers() throws {
        let value: JSONValue = [.number(JSONNumber(UInt64.max)), .number(JSONNumber(Int64.min)), .number(JSONNumber(text: "0.1000000000000000000000000001")!)]
        let text = String(decoding: try ModelEncoder().encode(value), as: UTF8.self)
        #expect(text == "[18446744073709551615,-9223372036854775808,0.1000000000000000000000000001]")
        let scalars = try Scalars(json: #"{"uint64":18446744073709551615,"int":-9223372036854775808}"#)
        let back = try Scalars(json: scalars.jsonBytes())
        #expect(back.uint64 == .max)
        #expect(back.int == .min)
    }

    @Test func escapingOfEveryControlCharacterAndNonBMPText() throws {
        var text = ""
        for c in 0..<0x20 { text.unicodeScalars.append(UnicodeScalar(c)!) }
        text += "\"\\/ 😀 𝄞 中"
        let bytes = try ModelEncoder().encode(text)
        #expect(!bytes.contains { $0 < 0x20 })
        #expect(try ModelDecoder().decode(String.self, from: bytes) == text)
        #expect(String(decoding: try ModelEncoder().encode("\u{01}\n"), as: UTF8.self) == #""\u0001\n""#)
        let slashes = try ModelEncoder(options: EncodingOptions(escapeSlashes: true)).encode("a/b")
        #expect(String(decoding: slashes, as: UTF8.self) == #""a\/b""#)
    }

    /// The writer checks eight bytes at a time and the tail as one overlapping word: an escape at
    /// every position of every length up to three words, among ASCII and multi-byte text, must
    /// come out escaped (and only it), exactly as a byte-by-byte writer would.
    @Test func escapesAtEveryPositionOfWordAndTail() throws {
        for slashes in [false, true] {
            let encoder = ModelEncoder(options: EncodingOptions(escapeSlashes: slashes))
            for length in 0...24 {
                for position in 0..<max(length, 1) {
                    for special in ["\"", "\\", "\n", "\u{1F}", "/", "é", "\u{7F}"] {
                        var characters = (0..<length).map { $0 % 3 == 0 ? "a" : ($0 % 3 == 1 ? "Z" : "0") }
                        // A second escape elsewhere: in the same word, another word, or the tail.
                        if length > 1 { characters[(position * 5 + 3) % length] = "\\" }
                        if length > 0 { characters[position] = special }
                        let text = characters.joined()
                        let bytes = try encoder.encode(text)
                        #expect(try ModelDecoder().decode(String.self, from: bytes) == text)
                        var expected = "\""
                        for scalar in text.unicodeScalars {
                            switch scalar {
                            case "\"": expected += "\\\""
                            case "\\": expected += "\\\\"
                            case "\n": expected += "\\n"
                            case "\u{1F}": expected += "\\u001f"
                            case "/" where slashes: expected += "\\/"
                            default: expected.unicodeScalars.append(scalar)
                            }
                        }
                        expected += "\""
                        #expect(String(decoding: bytes, as: UTF8.self) == expected, "length \(length), \(special) at \(position)")
                    }
                }
            }
        }
    }

    @Test func nonFiniteFloatsPolicy() throws {
        var m = Scalars()
        m.double = .infinity
        let error = try #require(throws: ModelEncodingError.self) { try m.jsonBytes() }
        #expect(error.path == "$.double")
        let nulls = try m.jsonValue(options: EncodingOptions(nonFiniteFloats: .null))
        #expect(nulls["double"] == .null)
        let strings = try m.jsonValue(options: EncodingOptions(nonFiniteFloats: .string(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")))
        #expect(strings["double"] == "+Inf")
    }

    @Test func nilPolicyAndSortedKeys() throws {
        let book = Book(name: "b", pages: 1, desc: nil, bookID: nil)
        #expect(try book.jsonString() == #"{"n":"b","p":1}"#)
        #expect(try book.jsonString(options: EncodingOptions(nils: .null)) == #"{"n":"b","p":1,"ext":{"desc":null},"id":null}"#)
        #expect(try book.jsonString(options: EncodingOptions(sortedKeys: true)) == #"{"n":"b","p":1}"#)
        let full = Book(name: "b", pages: 1, desc: "d", bookID: "i")
        #expect(try full.jsonString(options: EncodingOptions(sortedKeys: true)) == #"{"ext":{"desc":"d"},"id":"i","n":"b","p":1}"#)
        let dict: [String: Int] = ["b": 1, "a": 2, "é": 3, "Z": 4]
        #expect(String(decoding: try ModelEncoder(options: EncodingOptions(sortedKeys: true)).encode(dict), as: UTF8.self) == #"{"Z":4,"a":2,"b":1,"é":3}"#)
    }

    @Test func prettyLayout() throws {
        let book = Book(name: "b", pages: 1, desc: "d", bookID: nil)
        let expected = """
        {
          "n": "b",
          "p": 1,
          "ext": {
            "desc": "d"
          }
        }
        """
        #expect(try book.jsonString(options: .prettyPrinted) == expected)
        // Models keep ModelKit's layout; other types take JSONEncoder's (an empty container on two lines).
        #expect(String(decoding: try ModelEncoder(options: .prettyPrinted).encode([Book]()), as: UTF8.self) == "[]")
        #expect(String(decoding: try ModelEncoder(options: .prettyPrinted).encode([Int]()), as: UTF8.self) == "[\n\n]")
    }

    @Test func datesAreReadBackByAutomatic() throws {
        struct When: Model {
            var at = Date(timeIntervalSince1970: 0)
            static let schema = Schema(When.self) { Field("at", \.at) }
        }
        let date = Date(timeIntervalSince1970: 1377773018.25)
        let text = String(decoding: try ModelEncoder(options: EncodingOptions(dates: .iso8601)).encode(When(at: date)), as: UTF8.self)
        #expect(text == #"{"at":"2013-08-29T10:43:38.25Z"}"#)
        #expect(try ModelDecoder(options: DecodingOptions(dates: .automatic)).decode(When.self, from: text).at == date)
        let millis = try ModelEncoder(options: EncodingOptions(dates: .millisecondsSince1970)).encode(When(at: date.addingTimeInterval(0.0004)))
        #expect(String(decoding: millis, as: UTF8.self) == #"{"at":1377773018250}"#)  // models round to whole milliseconds
    }

    @Test func topLevelContainersAndPostprocessing() throws {
        let books = [Book(name: "a", pages: 1), Book(name: "b", pages: 2)]
        #expect(String(decoding: try ModelEncoder().encode(books), as: UTF8.self) == #"[{"n":"a","p":1},{"n":"b","p":2}]"#)
        let stamped = try Stamped(title: "x").jsonValue()
        #expect(stamped == ["title": "x", "version": 2])
    }
}

/// Adds a field on the way out (YYModel's post-processing case).
struct Stamped: PostprocessingModel {
    var title = ""
    static let schema = Schema(Stamped.self) { Field("title", \.title) }
    func didEncode(_ object: inout JSONValue) throws {
        object["version"] = 2
    }
}

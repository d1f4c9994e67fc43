import Foundation
import Testing
@testable import ModelKitCore

enum Kind: String, ModelValue { case book, film }
enum Level: Int, ModelValue { case low = 1, high = 2 }

/// A user type that converts through JSONValue.
struct HexColor: ModelValue, Equatable {
    var rgb: UInt32
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> HexColor {
        guard case .string(let text) = json, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
            throw ModelValueError("expected a color like #ff8800")
        }
        return HexColor(rgb: value)
    }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string("#" + String(rgb, radix: 16)) }
}

struct Cents: Equatable { var value: Int }

struct Everything: Model {
    var date = Date(timeIntervalSince1970: 0)
    var dates: [Date] = []
    var url: URL?
    var uuid: UUID?
    var data = Data()
    var kind = Kind.book
    var level: Level?
    var color: HexColor?
    var price = Cents(value: 0)
    var any: JSONValue = .null

    static let schema = Schema(Everything.self) {
        Field("date", \.date)
        Field("dates", \.dates)
        Field("url", \.url)
        Field("uuid", \.uuid)
        Field("data", \.data)
        Field("kind", \.kind)
        Field("level", \.level)
        Field("color", \.color)
        Field("price", \.price, transform: ValueTransform<Cents, Double>(
            decode: { dollars in
                guard dollars >= 0 else { throw ModelValueError("negative price") }
                return Cents(value: Int((dollars * 100).rounded()))
            },
            encode: { Double($0.value) / 100 }))
        Field("any", \.any)
    }
}

@Suite struct ValueTypesTests {
    @Test func automaticDatesAcceptEveryListedForm() throws {
        let json = """
        {"dates":["2013-08-29","2013-08-29 10:43:38","2013-08-29T10:43:38","2013-08-29T10:43:38Z",
                  "2013-08-29T18:43:38.250+08:00","Thu Aug 29 10:43:38 +0000 2013",1377773018,1377773018.25]}
        """
        let dates = try Everything(json: json).dates.map(\.timeIntervalSince1970)
        #expect(dates == [1377734400, 1377773018, 1377773018, 1377773018, 1377773018.25, 1377773018, 1377773018, 1377773018.25])
    }

    @Test func dateStrategies() throws {
        let millis = DecodingOptions(dates: .millisecondsSince1970)
        #expect(try Everything(json: #"{"date":1500}"#, options: millis).date.timeIntervalSince1970 == 1.5)
        let iso = DecodingOptions(dates: .iso8601)
        #expect(throws: ModelDecodingError.self) { try Everything(json: #"{"date":"2013-08-29"}"#, options: iso) }
        let custom = DecodingOptions(dates: .custom { value in
            guard case .string(let text) = value, let days = Double(text.dropLast()) else { throw ModelValueError("bad") }
            return Date(timeIntervalSince1970: days * 86400)
        })
        #expect(try Everything(json: #"{"date":"2d"}"#, options: custom).date.timeIntervalSince1970 == 172800)
        let error = try #require(throws: ModelDecodingError.self) { try Everything(json: #"{"date":"yesterday"}"#) }
        #expect(error.path == "$.date")
    }

    @Test func urlUUIDAndData() throws {
        let e = try Everything(json: #"{"url":"https://example.com/a?b=c","uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","data":"aGVsbG8="}"#)
        #expect(e.url?.host == "example.com")
        #expect(e.uuid?.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(e.data == Data("hello".utf8))
        #expect(try Everything(json: #"{"url":""}"#).url == nil)
        #expect(throws: ModelDecodingError.self) { try Everything(json: #"{"uuid":"nope"}"#) }
        #expect(throws: ModelDecodingError.self) { try Everything(json: #"{"data":"***"}"#) }
    }

    @Test func enumsByRawValue() throws {
        let e = try Everything(json: #"{"kind":"film","level":2}"#)
        #expect(e.kind == .film)
        #expect(e.level == .high)
        let error = try #require(throws: ModelDecodingError.self) { try Everything(json: #"{"kind":"song"}"#) }
        #expect(error.path == "$.kind")
        #expect(error.description.contains("Kind"))
    }

    @Test func customValuesAndTransforms() throws {
        let e = try Everything(json: ##"{"color":"#ff8800","price":12.34}"##)
        #expect(e.color == HexColor(rgb: 0xFF8800))
        #expect(e.price == Cents(value: 1234))
        let bad = try #require(throws: ModelDecodingError.self) { try Everything(json: #"{"color":"red"}"#) }
        #expect(bad.path == "$.color")
        #expect(bad.description.contains("expected a color"))
        let negative = try #require(throws: ModelDecodingError.self) { try Everything(json: #"{"price":-1}"#) }
        #expect(negative.path == "$.price")
        #expect(negative.description.contains("negative price"))
    }

    @Test func jsonValueKeepsEverythingExactly() throws {
        let e = try Everything(json: #"{"any":{"big":18446744073709551616,"dec":0.1000000000000000000001,"list":[true,null,"s"],"z":1,"a":2}}"#)
        guard case .object(let object) = e.any else { Issue.record("expected an object"); return }
        #expect(object.keys == ["big", "dec", "list", "z", "a"])
        #expect(e.any["big"] == .number(JSONNumber(text: "18446744073709551616")!))
        #expect(e.any["dec"]?.numberValue?.text == "0.1000000000000000000001")
    }
}

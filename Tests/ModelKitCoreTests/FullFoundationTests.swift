import Foundation
import Testing
@testable import ModelKitCore

// What needs all of Foundation (FoundationInternationalization, ICU): the `DateFormatter` date
// strategies and the `NSCoder` bridge. On Linux they exist only with the package trait
// `FullFoundation`; CI runs these in `scripts/test.sh --core --release --full-foundation`.
#if FullFoundation || !canImport(FoundationEssentials)

extension Session: NSCoding {
    func encode(with coder: NSCoder) { ModelCoding.encode(self, with: coder) }
    convenience init?(coder: NSCoder) {
        self.init()
        guard ModelCoding.decode(into: self, from: coder) else { return nil }
    }
}

struct FormattedDay: Model, Equatable {
    var day = Date(timeIntervalSince1970: 0)
    static let schema = Schema(FormattedDay.self) { Field("day", \.day) }
}

@Suite struct FullFoundationTests {
    static func dayFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy"
        return formatter
    }

    @Test func nsCodingBridge() throws {
        let session = Session()
        session.user = "ann"
        session.expires = Date(timeIntervalSince1970: 1_700_000_000.5)
        session.secret = "s"
        let data = try NSKeyedArchiver.archivedData(withRootObject: session, requiringSecureCoding: false)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let back = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? Session
        #expect(back?.user == "ann")
        #expect(back?.expires == session.expires)
        #expect(back?.secret == nil)
    }

    @Test func formattedDatesDecodeAndEncode() throws {
        let formatter = Self.dayFormatter()
        let model = try FormattedDay(json: #"{"day":"29.08.2013"}"#, options: DecodingOptions(dates: .formatted(formatter)))
        #expect(model.day == Date(timeIntervalSince1970: 1_377_734_400))
        let encoder = ModelEncoder(options: EncodingOptions(dates: .formatted(formatter)))
        #expect(String(decoding: try encoder.encode(model), as: UTF8.self) == #"{"day":"29.08.2013"}"#)
        #expect(throws: ModelDecodingError.self) {
            try FormattedDay(json: #"{"day":"2013-08-29"}"#, options: DecodingOptions(dates: .formatted(formatter)))
        }
    }

    /// `JSONDecoder`'s and `JSONEncoder`'s `.formatted` (on Linux a `.custom` that runs the
    /// formatter) through the Foundation-named properties, both ways.
    @Test func formattedStrategiesMapToFoundationsNames() throws {
        let formatter = Self.dayFormatter()
        let json = Array(#"{"day":"29.08.2013"}"#.utf8)
        let day = Date(timeIntervalSince1970: 1_377_734_400)
        let named = ModelDecoder()
        named.dateDecodingStrategy = .formatted(formatter)
        #expect(try named.decode(FormattedDay.self, from: json).day == day)
        let mapped = ModelDecoder()
        mapped.dateDecodingStrategy = ModelDecoder(options: DecodingOptions(dates: .formatted(formatter))).dateDecodingStrategy
        #expect(try mapped.decode(FormattedDay.self, from: json).day == day)

        var model = FormattedDay()
        model.day = day
        let encoder = ModelEncoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        #expect(try encoder.encode(model) == json)
        let back = ModelEncoder()
        back.dateEncodingStrategy = ModelEncoder(options: EncodingOptions(dates: .formatted(formatter))).dateEncodingStrategy
        #expect(try back.encode(model) == json)
    }

    @Test func formattedDatesDescribeTheirFormatInJSONSchema() {
        let options = JSONSchemaOptions(encoding: EncodingOptions(dates: .formatted(Self.dayFormatter())))
        #expect(FormattedDay.jsonSchema(options: options)["properties"]?["day"] == ["type": "string", "description": "a date formatted as dd.MM.yyyy"])
    }
}

#endif

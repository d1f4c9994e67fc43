import Foundation
import Testing
import ModelKitCore // not @testable: this file sees only what users see

// What a user module declares with nothing but the public API: its own ModelValue, enums with
// raw values, a model holding them (nested, optional, in containers), and a model class.

private struct Temperature: ModelValue, Equatable {
    var kelvin: Double
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Temperature {
        guard case .string(let text) = json, text.hasSuffix("K"), let value = Double(text.dropLast()) else {
            throw ModelValueError("expected a temperature like 273.15K")
        }
        return Temperature(kelvin: value)
    }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string("\(kelvin)K") }
}

private enum Mood: String, ModelValue { case calm, storm }
private enum Priority: UInt8, ModelValue { case low = 1, high = 9 }

private struct Reading: Model, Equatable {
    var temperature = Temperature(kelvin: 0)
    var history: [Temperature] = []
    var byCity: [String: Temperature?] = [:]
    var mood = Mood.calm
    var priority: Priority?
    var count: Int16 = 0

    static let schema = Schema(Reading.self) {
        Field("temperature", \.temperature)
        Field("history", \.history)
        Field("byCity", \.byCity)
        Field("mood", \.mood)
        Field("priority", \.priority)
        Field("count", \.count)
    }
}

private final class Station: Model {
    var name = ""
    var readings: [Reading] = []
    var backup: Station?
    static let schema = Schema(Station.self) {
        Field("name", \.name)
        Field("readings", \.readings)
        Field("backup", \.backup)
    }
}

/// A user's own integer type beyond 64 bits: converted through its JSON form (a string here),
/// never through the standard integers' 64-bit path.
extension Int128: ModelValue {
    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Int128 {
        guard case .string(let text) = json, let value = Int128(text) else { throw ModelValueError("expected a decimal string") }
        return value
    }
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string(String(self)) }
}

private struct Ledger: Model {
    var total: Int128 = 0
    static let schema = Schema(Ledger.self) { Field("total", \.total) }
}

@Suite struct PublicSurfaceTests {
    @Test func userIntegerTypeKeepsItsOwnConversion() throws {
        let ledger = try Ledger(json: #"{"total":"170141183460469231731687303715884105727"}"#)
        #expect(ledger.total == .max)
        #expect(try ledger.jsonString() == #"{"total":"170141183460469231731687303715884105727"}"#)
        #expect(try Archive.decode(Ledger.self, from: Archive.encode(ledger)).total == .max)
    }

    @Test func userValueTypesDecodeAndEncodeThroughThePublicAPIOnly() throws {
        let json = #"{"temperature":"280.5K","history":["1.0K","2.5K"],"byCity":{"Oslo":"270.0K","Nowhere":null},"mood":"storm","priority":9,"count":-7}"#
        let reading = try Reading(json: json)
        #expect(reading.temperature == Temperature(kelvin: 280.5))
        #expect(reading.history == [Temperature(kelvin: 1), Temperature(kelvin: 2.5)])
        let byCity: [String: Temperature?] = ["Oslo": Temperature(kelvin: 270), "Nowhere": nil]
        #expect(reading.byCity == byCity)
        #expect(reading.mood == .storm)
        #expect(reading.priority == .high)
        #expect(reading.count == -7)
        let again = try Reading(json: try reading.jsonBytes())
        #expect(again == reading)
        #expect(reading.modelIsEqual(again))
    }

    @Test func userValueErrorsAreLocated() throws {
        let error = try #require(throws: ModelDecodingError.self) {
            try Reading(json: #"{"history":["1.0K","hot"]}"#)
        }
        #expect(error.path == "$.history[1]")
        let enumError = try #require(throws: ModelDecodingError.self) {
            try Reading(json: #"{"priority":3}"#)
        }
        #expect(enumError.path == "$.priority")
    }

    @Test func modelCopySharesNoModelInstanceAcrossModules() throws {
        let station = try Station(json: #"{"name":"a","backup":{"name":"b"},"readings":[{"mood":"storm"}]}"#)
        let copy = station.modelCopy()
        #expect(copy !== station)
        #expect(copy.backup !== station.backup)
        #expect(copy.backup?.name == "b")
        #expect(copy.readings.first?.mood == .storm)
        #expect(try Archive.decode(Station.self, from: Archive.encode(station)).modelIsEqual(station))
    }
}

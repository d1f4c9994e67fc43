import Foundation
import Testing
@testable import ModelKitCore

/// Dates are accepted in years 0 to 9999, the range every writer can print: outside it, a
/// located error when reading and a thrown error when writing, never a trap or an inf/nan date.
@Suite struct DateRangeTests {
    // 1e300, "1e999" and year-10000 timestamps into Date fields: a located error, no crash,
    // no inf/nan date; every accepted date can be encoded again.
    @Test func jsonDatesOutOfRangeAreLocatedErrors() throws {
        let inputs = [
            #"{"when": 1e300}"#, #"{"when": -1e300}"#, #"{"when": "1e999"}"#, #"{"when": 1e999}"#,
            #"{"when": 253402300800}"#, #"{"when": "10000-01-01T00:00:00Z"}"#, #"{"when": -62167219201}"#,
        ]
        for input in inputs {
            let error = try #require(throws: ModelDecodingError.self, "\(input)") { try DateHolder(json: input) }
            #expect(error.path == "$.when", "\(input)")
            #expect(error.byteOffset == 9, "\(input)")
        }
        for strategy in [DateDecodingStrategy.secondsSince1970, .millisecondsSince1970] {
            let options = DecodingOptions(dates: strategy)
            for input in [#"{"when": 1e300}"#, #"{"when": "1e300"}"#, #"{"when": 1e20}"#] {
                #expect(throws: ModelDecodingError.self, "\(input)") { try DateHolder(json: input, options: options) }
            }
        }
        // The edges of the range are accepted and round-trip.
        for seconds in [253_402_300_799.0, -62_167_219_200.0] {
            let holder = try DateHolder(json: #"{"when": \#(Int(seconds))}"#)
            #expect(holder.when.timeIntervalSince1970 == seconds)
            #expect(try DateHolder(json: holder.jsonBytes()).when == holder.when)
            #expect(try Archive.decode(DateHolder.self, from: Archive.encode(holder)).when == holder.when)
        }
    }

    // Encoding a Date the range excludes must throw, not trap (Int(1e300) trapped).
    @Test func encodingAnOutOfRangeDateThrows() {
        for seconds in [1e300, -1e300, Double.infinity, Double.nan] {
            let holder = DateHolder(when: Date(timeIntervalSince1970: seconds))
            #expect(throws: (any Error).self, "\(seconds)") { try holder.jsonBytes() }
        }
    }
}

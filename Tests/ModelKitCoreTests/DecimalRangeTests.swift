import Foundation
import Testing
@testable import ModelKitCore

// Decimal over its whole range (about ±3.4e165 down to 1e-128), on both paths, as JSONDecoder.
private struct Price: Codable, Equatable {
    var amount: Decimal
}

struct DecimalRangeTests {
    @Test func decimalOverItsWholeRange() throws {
        for text in ["1e127", "123456789e120", "-1e127", "1e-128", "12345678901234567890123456789012345678901234567890", "0.1", "-0"] {
            let expected = try JSONDecoder().decode(Price.self, from: Data("{\"amount\":\(text)}".utf8))
            #expect(try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Price.self, from: "{\"amount\":\(text)}") == expected, "\(text)")
            #expect(try ModelDecoder().decode([Decimal].self, from: "[\(text)]") == [expected.amount], "\(text)")
        }
    }

    @Test func decimalOutOfRangeFailsLikeJSONDecoder() {
        for text in ["1e128", "100e200", "1e-130", "-1e150"] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Price.self, from: Data("{\"amount\":\(text)}".utf8)) }
            #expect(throws: DecodingError.self) { try ModelDecoder().decode(Price.self, from: "{\"amount\":\(text)}") }
            // A standard value takes the Codable door: DecodingError, as JSONDecoder; the model door's ModelDecodingError.
            #expect(throws: DecodingError.self) { try ModelDecoder().decode(Decimal.self, from: text) }
            #expect(throws: ModelDecodingError.self) { try [Decimal](json: "[\(text)]") }
        }
    }
}

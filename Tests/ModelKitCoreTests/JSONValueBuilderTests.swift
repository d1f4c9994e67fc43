import Foundation
import Testing
@testable import ModelKitCore

/// `jsonValue()` builds the value from the schema tables without writing and parsing text: it
/// must be exactly what the writer writes (same members, same order, same number text).
@Suite struct JSONValueBuilderTests {
    static let optionSets: [EncodingOptions] = [
        EncodingOptions(),
        EncodingOptions(sortedKeys: true),
        EncodingOptions(nils: .null),
        EncodingOptions(sortedKeys: true, nils: .null, dates: .secondsSince1970),
        EncodingOptions(dates: .millisecondsSince1970),
    ]

    @Test func builtValuesEqualWhatTheWriterWrites() throws {
        var g = SplitMix64(seed: 77)
        for _ in 0..<150 {
            let model = AllTypes.random(&g)
            for options in Self.optionSets {
                let written = try model.jsonBytes(options: options)
                let built = try model.jsonValue(options: options)
                #expect(built == (try ModelDecoder().decode(JSONValue.self, from: written)))
                // Same text, member order and number spelling included.
                #expect(try ModelEncoder(options: options).encode(built) == written)
            }
        }
    }

    @Test func postprocessingSeesTheBuiltObjectAndNestedModelsToo() throws {
        let stamped = try Stamped(title: "x").jsonValue()
        #expect(stamped == ["title": "x", "version": 2])
        let list = try ModelEncoder().encode([Stamped(title: "a"), Stamped(title: "b")])
        #expect(String(decoding: list, as: UTF8.self) == #"[{"title":"a","version":2},{"title":"b","version":2}]"#)
    }

    @Test func errorsAreTheWritersLocatedOnes() throws {
        var model = AllTypes()
        model.nestedList = [Book(name: "a", pages: 1)]
        model.double = .infinity
        let error = try #require(throws: ModelEncodingError.self) { try model.jsonValue() }
        #expect(error.path == "$.double")
        let nulls = try model.jsonValue(options: EncodingOptions(nonFiniteFloats: .null))
        #expect(nulls["double"] == .null)
        model.double = 0
        model.date = Date(timeIntervalSince1970: 1e13)
        let dateError = try #require(throws: ModelEncodingError.self) { try model.jsonValue() }
        #expect(dateError.path == "$.date")
    }
}

import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35, `PreprocessingModel` on the tape: the rewrite recorded as a tape of its own and
// read by a side reader, its failures placed where the object closes (as on the push engine).

private struct TPPPet: PreprocessingModel, ValidatingModel {
    var name = ""
    var age = 0
    var tags: [String] = []
    var owner: TPPOwner?
    static let schema = Schema(TPPPet.self) {
        Field("name", \.name, options: .required)
        Field("age", \.age)
        Field("tags", \.tags)
        Field("owner", \.owner)
    }
    /// `nm` is renamed `name`; `{"drop": true}` drops the pet; `{"flat": x}` becomes `x`.
    static func willDecode(_ object: JSONValue) -> JSONValue? {
        guard case .object(var members) = object else { return object }
        if members["drop"] == .bool(true) { return nil }
        if let flat = members["flat"] { return flat }
        if let nm = members["nm"] {
            members["name"] = nm
            members["nm"] = nil
        }
        return .object(members)
    }
    mutating func didDecode() throws {
        if age < 0 { throw ModelValueError("age must not be negative") }
    }
}

private struct TPPOwner: Model {
    var id = 0
    static let schema = Schema(TPPOwner.self) { Field("id", \.id, options: .required) }
}

private struct TPPHouse: Model {
    var pet: TPPPet?
    var pets: [TPPPet] = []
    var count = 0
    static let schema = Schema(TPPHouse.self) {
        Field("pet", \.pet)
        Field("pets", \.pets)
        Field("count", \.count)
    }
}

@Suite struct TapePreprocessedTests {
    private static let options: [DecodingOptions] = [
        DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(mismatch: .skip),
        DecodingOptions(conversion: .strict, mismatch: .skip), DecodingOptions(unknownKeys: .fail),
    ]
    private static let documents = [
        #"{"pet":{"nm":"rex","age":3,"tags":["a"],"owner":{"id":1}},"count":2}"#,
        #"{"pets":[{"name":"a"},{"nm":"b","drop":true},{"nm":"c","age":"old"}]}"#,
        "{\"pet\": {\"nm\": \"rex\",\n \"age\": -1}}",
        #"{"pet":{"nm":"rex","owner":{}}}"#,
        #"{"pet":{"age":1}}"#,
        #"{"pet":{"flat":[1,2]}}"#,
        #"{"pet":{"flat":{"nm":"x","tags":[1,"y"]}},"count":"n"}"#,
        #"{"pet":{"nm":"a","tags":{"x":1}},"pets":[{"name":"b","owner":{"id":"z"}}]}"#,
        #"{"pet":[1],"pets":[null,{"nm":"q"}]}"#,
    ]

    @Test func preprocessedModelsMatchThePushEngine() throws {
        for json in Self.documents {
            for options in Self.options { try expectSameOutcomes(TPPHouse.self, json, options: options) }
        }
        for json in [#"{"nm":"root","age":2}"#, #"{"flat":3}"#, #"{"drop":true}"#, #"{"nm":"x","age":"y"}"#] {
            for options in Self.options { try expectSameOutcomes(TPPPet.self, json, options: options) }
        }
        // Where no failure is inside a rewrite, the places are the push engine's too.
        try expectSamePaths(TPPHouse.self, Self.documents[0])
        try expectSameReports(TPPHouse.self, #"{"pet":{"nm":"a","tags":{"x":1}},"count":"c"}"#)
    }

    /// A failure inside a rewrite is placed where the original object closes, its path the
    /// object's followed by the path inside the rewrite; a rewrite that is not an object, at
    /// the object's own path (the push engine said `$`).
    @Test func failuresInsideARewriteArePlacedWhereTheObjectCloses() throws {
        let strict = DecodingOptions(conversion: .strict)
        for (json, options, path, line, column) in [
            (#"{"pets":[{"name":"a"},{"nm":"b","drop":true},{"nm":"c","age":"old"}]}"#, strict, "$.pets[2].age", 1, 67),
            ("{\"pet\": {\"nm\": \"rex\",\n \"age\": -1}}", DecodingOptions(), "$.pet", 2, 11),
            (#"{"pet":{"flat":[1,2]}}"#, DecodingOptions(), "$.pet", 1, 21),
            (#"{"pet":{"flat":{"nm":"x","tags":[1,"y"]}},"count":"n"}"#, DecodingOptions(unknownKeys: .fail), "$.pet.nm", 1, 41),
            (#"{"pet":{"nm":"rex","owner":{}}}"#, DecodingOptions(), "$.pet.owner", 1, 30),
        ] {
            let error = try #require(throws: ModelDecodingError.self) {
                _ = try DecodePaths.tape(TPPHouse.self, from: Array(json.utf8), options: options)
            }
            #expect(error.path == path && error.line == line && error.column == column, "\(json): \(error)")
        }
        let (_, skipped) = try ModelDecoder(options: DecodingOptions(conversion: .strict, mismatch: .skip))
            .decodeWithReport(TPPHouse.self, from: Array(#"{"pets":[{"nm":"c","age":"old"},{"nm":"d","tags":[1]}],"count":"x"}"#.utf8))
        #expect(skipped.map(\.path) == ["$.pets[0].age", "$.pets[1].tags[0]", "$.count"])
        #expect(skipped.map(\.column) == [31, 53, 64])
    }

    @Test func updatesOfPreprocessedModelsMatchThePushEngine() throws {
        let base = #"{"pet":{"nm":"rex","age":3,"owner":{"id":1}},"count":2}"#
        for json in [#"{"pet":{"age":4}}"#, #"{"pet":{"nm":"max","owner":{}}}"#, #"{"pet":{"drop":true}}"#, #"{"pet":{"age":-2}}"#] {
            try expectSameUpdates({ try TPPHouse(json: base) }, json)
        }
    }

    @Test func preprocessedModelsTakeTheTape() throws {
        let json = Array(#"{"pet":{"nm":"rex"},"pets":[{"nm":"a"}]}"#.utf8)
        let house = try DecodePaths.tape(TPPHouse.self, from: json)
        #expect(house.pet?.name == "rex" && house.pets.map(\.name) == ["a"])
    }
}

import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35, decodes from a built `JSONValue` on the tape: the value's tape recorded
// (`Tape(recording:)`) and read as a document's; compared with the push engine's replay.

private struct TJItem: Model {
    var id = 0
    var name = ""
    var tags: [String] = []
    static let schema = Schema(TJItem.self) {
        Field("id", \.id, options: .required)
        Field("name", \.name, key: "info.name")
        Field("tags", \.tags)
    }
}

@Suite struct TapeJSONValueTests {
    private func expectSame<T: ModelValue>(_ type: T.Type, _ json: String, options: DecodingOptions,
                                           function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try ModelDecoder().decode(JSONValue.self, from: Array((json).utf8))
        let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
        func outcome(_ result: Result<T, any Error>) -> String {
            switch result {
            case .success(let decoded): return (try? PushEngineOracle.describe(json: encoder.encode(decoded) as [UInt8])) ?? "unencodable"
            case .failure(let error): return PushEngineOracle.describe(error: error)
            }
        }
        let taped = Result { try TapeSchemaReader.decode(T.self, recordedFrom: value, options: options) }
        PushEngineOracle.expect(PushEngineOracle.key(function, "built", T.self, Array(json.utf8), options), taped: outcome(taped),
                                sourceLocation: sourceLocation)
    }

    @Test func decodesFromAJSONValueMatchThePushEngine() throws {
        for json in [
            #"{"id":1,"info":{"name":"a"},"tags":["x"]}"#,
            #"{"id":"one"}"#,
            #"{"info":{"name":"a"}}"#,
            #"{"id":1,"tags":[1,{"a":2}]}"#,
            #"[1]"#,
            #"null"#,
        ] {
            for options in [DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(mismatch: .skip),
                            DecodingOptions(unknownKeys: .fail)] {
                try expectSame(TJItem.self, json, options: options)
            }
        }
        try expectSame([TJItem].self, #"[{"id":1},{"id":"x"},{"id":3,"tags":["t"]}]"#, options: DecodingOptions())
        try expectSame(TShape.self, #"{"radius":2,"type":"circle"}"#, options: DecodingOptions())
        try expectSame(TEvent.self, #"{"kind":"opened","data":{"id":"x"}}"#, options: DecodingOptions(conversion: .strict))
    }

    @Test func decodesFromAJSONValueTakeTheTape() throws {
        let value = try ModelDecoder().decode(JSONValue.self, from: Array((#"{"id":1,"info":{"name":"a"}}"#).utf8))
        let item = try TapeSchemaReader.decode(TJItem.self, recordedFrom: value, options: DecodingOptions())
        #expect(item.id == 1 && item.name == "a")
        #expect(try ModelDecoder().decode(TJItem.self, from: value).name == "a")
    }
}

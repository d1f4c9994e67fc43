import Foundation
import Testing
@testable import ModelKitCore

/// `JSONPath`, the one formatter of error paths: the same place reads the same whether the
/// schema engine, the Codable bridge or another decoder's `DecodingError` reports it.
@Suite struct JSONPathTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String, intValue: Int? = nil) { stringValue = string; self.intValue = intValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init("Index \(intValue)", intValue: intValue) }
    }

    enum NumberedKeys: Int, CodingKey { case id = 1, name = 2 }

    @Test func elementKeysAreIndices() {
        #expect(JSONPath.of([Key("a"), Key("Index 3", intValue: 3), Key("b")]) == "$.a[3].b")
        // Decoders that spell an element's key as its bare number.
        #expect(JSONPath.of([Key("a"), Key("3", intValue: 3)]) == "$.a[3]")
        #expect(JSONPath.of([IndexCodingKey(0)]) == "$[0]")
        #expect(JSONPath.of([]) == "$")
    }

    /// An `Int`-backed `CodingKeys` enum has an `intValue` too: its keys are still members.
    @Test func intBackedKeysAreMembers() {
        #expect(JSONPath.of([NumberedKeys.name]) == "$.name")
    }

    @Test func keysThatAreNoIdentifiersAreQuoted() {
        #expect(JSONPath.of([Key("a b"), Key("x.y")]) == #"$["a b"]["x.y"]"#)
        #expect(JSONPath.of([Key("")]) == #"$[""]"#)
        let long = String(repeating: "k", count: 100)
        #expect(JSONPath.of([Key(long)]) == #"$[""# + String(repeating: "k", count: 64) + #""… (100 bytes)]"#)
    }

    /// A `DecodingError` from another decoder and the bridge's own error agree on the path.
    @Test func foreignAndBridgePathsAgree() throws {
        struct Inner: Decodable { let n: Int }
        struct Outer: Decodable {
            let items: [String: [Inner]]
        }
        let json = Data(#"{"items":{"a b":[{"n":1},{"n":"x"}]}}"#.utf8)
        let foreign = try #require(throwsError { try JSONDecoder().decode(Outer.self, from: json) })
        let bridged = try #require(throwsError { try ModelDecoder().decode(Outer.self, from: json) })
        let foreignPath = try #require(ModelDecodingError(decodeFailure: foreign)).path
        let bridgedPath = try #require(ModelDecodingError(decodeFailure: bridged)).path
        #expect(bridgedPath == #"$.items["a b"][1].n"#)
        #expect(foreignPath == bridgedPath)
    }

    private func throwsError(_ body: () throws -> Any) -> (any Error)? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}

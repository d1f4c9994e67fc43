import Foundation
import Testing
@testable import ModelKitCore

// DecodingOptions.duplicateKeys on both paths: the Codable bridge against JSONDecoder (which keeps
// the first value), and the schema path.

private struct Grant: Codable, Equatable {
    var role: String
    var level: Int
}

/// Not a ModelValue: the bridge decodes it, and its dictionary through `Dictionary.init(from:)`.
private struct Table: Codable, Equatable {
    var cells: [String: Int]
}

private struct Member: Model, Equatable {
    var role = ""
    var tags: [Int] = []
    var city = ""
    static let schema = Schema(Member.self) {
        Field("role", \.role)
        Field("tags", \.tags)
        Field("city", \.city, key: "address.city")
    }
}

private class BaseRecord: Decodable {
    var kind: String
    enum CodingKeys: String, CodingKey { case kind }
    required init(from decoder: any Decoder) throws { kind = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .kind) }
}

private final class SubRecord: BaseRecord {
    var version: Int
    enum SubKeys: String, CodingKey { case version }
    required init(from decoder: any Decoder) throws {
        version = try decoder.container(keyedBy: SubKeys.self).decode(Int.self, forKey: .version)
        try super.init(from: decoder)
    }
}

struct DuplicateKeyPolicyTests {
    let repeated = #"{"role":"user","level":1,"role":"admin"}"#

    @Test func bridgeKeepsTheFirstValueLikeJSONDecoder() throws {
        let expected = try JSONDecoder().decode(Grant.self, from: Data(repeated.utf8))
        #expect(expected.role == "user")
        #expect(try ModelDecoder().decode(Grant.self, from: repeated) == expected)
        // The same in an object large enough to be checked by sorting, repeat far from the first.
        var members = (0..<40).map { "\"k\($0)\":\($0)" }
        members.insert(#""k7":-1"#, at: 35)
        let big = "{" + members.joined(separator: ",") + "}"
        let foundation = try JSONDecoder().decode(Table.self, from: Data("{\"cells\":\(big)}".utf8))
        #expect(foundation.cells["k7"] == 7)
        #expect(try ModelDecoder().decode(Table.self, from: "{\"cells\":\(big)}") == foundation)
        // The schema path's dictionaries follow the same policy.
        #expect(try ModelDecoder().decode([String: Int].self, from: big) == foundation.cells)
    }

    @Test func bridgeUseLastAndReject() throws {
        let last = ModelDecoder(options: DecodingOptions(duplicateKeys: .useLast))
        #expect(try last.decode(Grant.self, from: repeated).role == "admin")
        let rejecting = ModelDecoder(options: DecodingOptions(duplicateKeys: .reject))
        do {
            _ = try rejecting.decode([String: Grant].self, from: #"{"a":{"role":"x","level":1},"b":"# + repeated + "}")
            Issue.record("a repeated key was accepted")
        } catch DecodingError.dataCorrupted(let context) {
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.reason == .duplicateKey("role"))
            #expect(located.path == "$.b.role")
            #expect(located.column == 58)
            #expect(context.codingPath.map(\.stringValue) == ["b", "role"])
        }
        do {
            _ = try rejecting.decode(Grant.self, from: repeated)
            Issue.record("a repeated key was accepted")
        } catch DecodingError.dataCorrupted(let context) {
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.reason == .duplicateKey("role"))
            #expect(located.byteOffset == 25)
            #expect(context.codingPath.map(\.stringValue) == ["role"])
        }
    }

    /// The repeat check compares short signatures of the keys (length and their first and last
    /// bytes) before their bytes: keys alike in all of that are still different keys, and a key
    /// written again is still found, whatever its length.
    @Test func keysAlikeAtBothEndsAreDifferentAndRepeatsOfAnyLengthAreFound() throws {
        let rejecting = ModelDecoder(options: DecodingOptions(duplicateKeys: .reject))
        let alike = ["followers_url", "following_url", "abcdefgh1ijklmnop", "abcdefgh2ijklmnop", "ab_x_yz", "ab_y_yz", "a", "b"]
        let object = "{" + alike.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let cells = try rejecting.decode(Table.self, from: "{\"cells\":\(object)}").cells
        #expect(cells == Dictionary(uniqueKeysWithValues: alike.enumerated().map { ($0.element, $0.offset) }))
        for key in alike {
            let repeated = "{\"cells\":" + object.dropLast() + ",\"\(key)\":99}}"
            #expect(throws: DecodingError.self, "\(key) written twice") { try rejecting.decode(Table.self, from: repeated) }
            #expect(try ModelDecoder().decode(Table.self, from: repeated).cells[key] == alike.firstIndex(of: key))
        }
    }

    @Test func serverOptionsRejectRepeatedKeys() {
        #expect(DecodingOptions.server.duplicateKeys == .reject)
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .server).decode(Grant.self, from: repeated) }
        #expect(throws: ModelDecodingError.self) { try ModelDecoder(options: .server).decode(Member.self, from: repeated) }
    }

    @Test func aClassHierarchyReadingOneObjectTwiceIsNoRepeat() throws {
        let json = #"{"kind":"sub","version":2}"#
        let value = try ModelDecoder(options: DecodingOptions(duplicateKeys: .reject)).decode(SubRecord.self, from: json)
        #expect(value.kind == "sub" && value.version == 2)
    }

    @Test func schemaPathFollowsThePolicy() throws {
        let json = #"{"role":"user","tags":[1],"address":{"city":"Oslo","city":"Rome"},"tags":[2,3],"role":"admin"}"#
        let first = try Member(json: json)
        #expect(first == Member(role: "user", tags: [1], city: "Oslo"))
        let last = try Member(json: json, options: DecodingOptions(duplicateKeys: .useLast))
        #expect(last == Member(role: "admin", tags: [2, 3], city: "Rome"))
        do {
            _ = try Member(json: json, options: DecodingOptions(duplicateKeys: .reject))
            Issue.record("a repeated key was accepted")
        } catch let error as ModelDecodingError {
            #expect(error.reason == .duplicateKey("city"))
            #expect(error.path == "$.address.city")
            #expect(error.description.contains("appears twice"))
        }
        // Unmapped keys never reach a field: repeating them changes nothing.
        #expect(try Member(json: #"{"x":1,"x":2,"role":"r"}"#, options: DecodingOptions(duplicateKeys: .reject)).role == "r")
    }

    @Test func aLongRepeatedKeyIsQuotedShort() {
        let key = String(repeating: "k", count: 10_000)
        do {
            _ = try [String: Int](json: "{\"\(key)\":1,\"\(key)\":2}", options: DecodingOptions(duplicateKeys: .reject))
            Issue.record("a repeated key was accepted")
        } catch let error as ModelDecodingError {
            #expect(error.reason == .duplicateKey(String(repeating: "k", count: 40) + "… (10000 bytes)"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// Keys spelled with an accent, for the canonical-equivalence tests.
private struct Café: Codable, Equatable {
    var café: Int
}

private struct CaféModel: Model, Equatable {
    var café = 0
    var other = 0
    static let schema = Schema(CaféModel.self) {
        Field("café", \.café)
        Field("other", \.other)
    }
}

private struct Kelvin: Codable, Equatable {
    var K: Int
}

/// A non-ASCII coding key (U+212A KELVIN SIGN) that an ASCII key (`K`) spells canonically.
private struct KelvinSign: Codable, Equatable {
    var kelvin: Int
    var name: String?
    enum CodingKeys: String, CodingKey { case kelvin = "\u{212A}", name }
}

private struct KelvinSignModel: Model, Equatable {
    var kelvin = 0
    static let schema = Schema(KelvinSignModel.self) { Field("\u{212A}", \.kelvin) }
}

extension DuplicateKeyPolicyTests {
    /// `JSONDecoder` compares keys as `String`s (canonical equivalence); the bridge compared
    /// bytes, so a decomposed spelling was missed. Raw bytes and `\u` escapes, both paths.
    @Test func canonicallyEquivalentKeysAreFoundLikeJSONDecoder() throws {
        let spellings = [#"{"cafe\u0301":1,"other":2}"#, "{\"cafe\u{301}\":1,\"other\":2}", #"{"caf\u00e9":1,"other":2}"#, "{\"café\":1,\"other\":2}"]
        for json in spellings {
            let foundation = try JSONDecoder().decode(Café.self, from: Data(json.utf8))
            #expect(try ModelDecoder().decode(Café.self, from: json) == foundation, "\(json)")
            #expect(try ModelDecoder().decode(CaféModel.self, from: json).café == 1, "\(json)")
        }
        // An ASCII coding key found under a non-ASCII spelling (U+212A KELVIN SIGN is `K`).
        let kelvin = #"{"\u212A":3}"#
        #expect(try ModelDecoder().decode(Kelvin.self, from: kelvin) == JSONDecoder().decode(Kelvin.self, from: Data(kelvin.utf8)))
        // A key absent in every spelling is still missing.
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Café.self, from: #"{"cafe":1}"#) }
    }

    /// The reverse: a non-ASCII coding key found under an ASCII key, in a document whose keys are
    /// all ASCII — plain, or with non-ASCII text in its values (where the bridge skips the
    /// `String` comparison of keys on every other miss).
    @Test func nonASCIICodingKeysAreFoundUnderTheirASCIISpellingLikeJSONDecoder() throws {
        for json in [#"{"K":3}"#, #"{"K":3,"name":"é"}"#, #"{"name":"\u00e9","K":3}"#, #"{"K":3,"n\u0061me":"x"}"#] {
            let foundation = try JSONDecoder().decode(KelvinSign.self, from: Data(json.utf8))
            #expect(foundation.kelvin == 3, "\(json)")
            #expect(try ModelDecoder().decode(KelvinSign.self, from: json) == foundation, "\(json)")
            #expect(try KelvinSignModel(json: json).kelvin == 3, "\(json)")
        }
    }

    /// `.reject` refuses what a `String`-keyed reader sees as one key twice: `{"café":1,"cafe\u0301":2}`
    /// (the parser differential it exists to stop), on the bridge and on the schema path.
    @Test func rejectRefusesCanonicallyEquivalentKeys() throws {
        let decoder = ModelDecoder(options: .server)
        for json in [#"{"café":1,"cafe\u0301":2}"#, "{\"cafe\u{301}\":1,\"caf\u{e9}\":2}", #"{"other":0,"\u212A":1,"K":2}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try decoder.decode(Café.self, from: json) }
            #expect(throws: DecodingError.self, "\(json)") { try decoder.decode(Table.self, from: #"{"cells":\#(json)}"#) }
            #expect(throws: ModelDecodingError.self, "\(json)") { try [String: Int](json: Array(json.utf8), options: .server) }
        }
        #expect(throws: ModelDecodingError.self) { try decoder.decode(CaféModel.self, from: #"{"café":1,"cafe\u0301":2}"#) }
        #expect(throws: ModelDecodingError.self) { try decoder.decode(CaféModel.self, from: "{\"cafe\u{301}\":1,\"café\":2}") }
        // The default policy keeps the first, as `JSONDecoder` does.
        let json = #"{"café":1,"cafe\u0301":2}"#
        #expect(try ModelDecoder().decode(Café.self, from: json) == JSONDecoder().decode(Café.self, from: Data(json.utf8)))
        #expect(try ModelDecoder().decode(CaféModel.self, from: json).café == 1)
        // Distinct non-ASCII keys are no repeat.
        #expect(try decoder.decode([String: Int].self, from: #"{"café":1,"cafè":2,"caf":3}"#).count == 3)
    }
}

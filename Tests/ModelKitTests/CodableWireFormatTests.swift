import Foundation
import ModelKit
@testable import ModelKitCore
import Testing

// @Model types are Codable through their schema: one wire format for every coder.

@Model
struct WIssue {
    var title = ""
    @Key("author_login") var authorLogin = ""
    @Key("meta.created") var createdAt = Date(timeIntervalSince1970: 0)
    @Ignore var draft = ""
    var labels: [String] = []
}

/// Declares its own conformance: the macro leaves Codable to the compiler.
@Model
struct WOwnCodable: Codable {
    var authorLogin = ""
}

@Model
class WAnimal {
    var name = ""
}

@Model
final class WDog: WAnimal {
    @Key("good_boy") var goodBoy = true
}

/// A Codable envelope around models (the server shape: a DTO holding models).
struct WEnvelope: Codable, Equatable {
    var page: Int
    var issues: [WIssue]
}

extension WIssue: Equatable {
    static func == (a: WIssue, b: WIssue) -> Bool {
        a.title == b.title && a.authorLogin == b.authorLogin && a.createdAt == b.createdAt && a.draft == b.draft && a.labels == b.labels
    }
}

struct CodableWireFormatTests {
    let issue = WIssue(title: "Crash", authorLogin: "octocat", createdAt: Date(timeIntervalSince1970: 1_377_773_018), draft: "secret", labels: ["bug"])
    let wire = #"{"title":"Crash","author_login":"octocat","meta":{"created":"2013-08-29T10:43:38Z"},"labels":["bug"]}"#

    @Test func foundationWritesTheSchemaWireFormat() throws {
        let foundation = try JSONEncoder().encode(issue)
        let ours = try issue.jsonBytes()
        #expect(String(decoding: ours, as: UTF8.self) == wire)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == ModelDecoder().decode(JSONValue.self, from: ours))
        // Through the generic Encodable entry point too: the schema path.
        #expect(try ModelEncoder().encode(issue) == ours)
    }

    @Test func foundationReadsTheSchemaWireFormat() throws {
        var expected = issue
        expected.draft = ""
        #expect(try JSONDecoder().decode(WIssue.self, from: Data(wire.utf8)) == expected)
        #expect(try ModelDecoder().decode(WIssue.self, from: wire) == expected)
        #expect(try WIssue(json: wire) == expected)
    }

    @Test func modelsInsideCodableTypes() throws {
        var expected = issue
        expected.draft = ""
        let envelope = WEnvelope(page: 2, issues: [expected, expected])
        let text = #"{"page":2,"issues":[\#(wire),\#(wire)]}"#
        #expect(try ModelDecoder().decode(WEnvelope.self, from: text) == envelope)
        #expect(try JSONDecoder().decode(WEnvelope.self, from: Data(text.utf8)) == envelope)
        #expect(String(decoding: try ModelEncoder().encode(envelope), as: UTF8.self) == text)
        #expect(try ModelDecoder().decode(JSONValue.self, from: JSONEncoder().encode(envelope)) == ModelDecoder().decode(JSONValue.self, from: text))
    }

    @Test func ownConformanceIsKept() throws {
        // The compiler's synthesized Codable: property names as keys, not the schema's.
        let text = String(decoding: try JSONEncoder().encode(WOwnCodable(authorLogin: "x")), as: UTF8.self)
        #expect(text == #"{"authorLogin":"x"}"#)
        #expect(!(WOwnCodable.self is any SchemaCodable.Type))
    }

    @Test func classHierarchyDecodesThroughTheSubclassSchema() throws {
        let json = #"{"name":"Rex","good_boy":false}"#
        let dog = try JSONDecoder().decode(WDog.self, from: Data(json.utf8))
        #expect(dog.name == "Rex")
        #expect(dog.goodBoy == false)
        let bridged = try ModelDecoder().decode([WDog].self, from: "[\(json)]")
        #expect(bridged.first?.goodBoy == false)
        let animal = try JSONDecoder().decode(WAnimal.self, from: Data(json.utf8))
        #expect(animal.name == "Rex")
        #expect(try ModelDecoder().decode(JSONValue.self, from: JSONEncoder().encode(dog)) == ModelDecoder().decode(JSONValue.self, from: json))
    }
}

import Foundation
import Testing
@testable import ModelKitCore

/// `SchemaTypeLookup`: the one answer to "is this type a schema type?" that the Codable bridge
/// and the server integrations ask, and the coders' memo in front of it.
@Suite struct SchemaTypeLookupTests {
    private struct Plain: Codable { var a = 0 }
    private final class PlainClass: Codable {}
    private struct Plain1: Codable {}
    private struct Plain2: Codable {}
    private struct Plain3: Codable {}
    private struct Plain4: Codable {}
    private struct Plain5: Codable {}

    @Test func modelsAreNeverPlainAndPlainTypesAlways() {
        // Asked twice: the second answer comes from the slots the first one filled.
        for _ in 0..<2 {
            #expect(!SchemaTypeLookup.isPlain(Book.self))
            #expect(!SchemaTypeLookup.isPlain(JSONValue.self))
            #expect(!SchemaTypeLookup.isPlain(Int.self))
            #expect(SchemaTypeLookup.isPlain(Plain.self))
            #expect(SchemaTypeLookup.isPlain(PlainClass.self))
            #expect(SchemaTypeLookup.isPlain([Plain].self))
        }
    }

    @Test func entryTellsWhetherAModelIsWrittenInPlace() throws {
        let book = try #require(SchemaTypeLookup.entry(for: Book.self))
        #expect(ObjectIdentifier(book.valueType) == ObjectIdentifier(Book.self))
        #expect(book.valueModel.map(ObjectIdentifier.init) == ObjectIdentifier(Book.self))
        #expect(SchemaTypeLookup.entry(for: Plain.self) == nil)
        #expect(SchemaTypeLookup.modelValueType(Plain.self) == nil)
        #expect(SchemaTypeLookup.modelValueType(Int.self).map(ObjectIdentifier.init) == ObjectIdentifier(Int.self))
    }

    @Test func recentRemembersEveryTypeOfADocumentNotOnlyTheLastTwo() {
        var recent = SchemaTypeLookup.Recent()
        let types: [Any.Type] = [Plain.self, Plain1.self, Plain2.self, Plain3.self, Plain4.self]
        for type in types {
            #expect(!recent.contains(type))
            recent.remember(type)
        }
        for type in types { #expect(recent.contains(type)) }
        #expect(!recent.contains(Plain5.self))
        #expect(!recent.contains(Book.self))
    }

    @Test func recentStaysBoundedForALongLivedCoder() {
        var recent = SchemaTypeLookup.Recent()
        // Forty distinct types: the memo keeps the newest two and at most 32 before them.
        let types = (0..<40).map(Self.distinctType)
        for type in types where !recent.contains(type) { recent.remember(type) }
        #expect(recent.contains(types[39]))
        #expect(recent.contains(types[38]))
        #expect(recent.contains(types[0]))
        #expect(!recent.contains(types[37]))
    }

    /// A distinct metatype per index: nested generic arrays (`[Plain]`, `[[Plain]]`, …).
    private static func distinctType(_ depth: Int) -> Any.Type {
        func wrap<T>(_ type: T.Type, _ remaining: Int) -> Any.Type {
            remaining == 0 ? type : wrap([T].self, remaining - 1)
        }
        return wrap(Plain.self, depth)
    }
}

import Testing
@testable import ModelKitCore

private struct PrivateItem: Model {
    var id = 0
    static let schema = Schema(PrivateItem.self) { Field("id", \.id) }
}

/// Optimized builds describe a private type as `(PrivateItem in _49C4…)`: error messages and the
/// type names archives carry said so in release builds only (found by the tape tests' oracle,
/// whose keys and messages were recorded in a debug build).
@Suite struct ReadableTypeNameTests {
    @Test func privateDiscriminatorsAreDropped() {
        #expect(readableTypeName(described: "(Item in _49C4505CB7878C1A13CD56B46DB5FDBC)") == "Item")
        #expect(readableTypeName(described: "Array<(Item in _49C4505CB7878C1A13CD56B46DB5FDBC)>") == "Array<Item>")
        #expect(readableTypeName(described: "Dictionary<String, (A in _1F)>") == "Dictionary<String, A>")
        #expect(readableTypeName(described: "Outer.(Inner in _0A).Leaf") == "Outer.Inner.Leaf")
    }

    @Test func everythingElseIsKept() {
        for name in ["Item", "(Int, String)", "(Item in _xyz)", "(in _AB)", "Optional<(Item in _)>", "(a in _AB"] {
            #expect(readableTypeName(described: name) == name)
        }
    }

    /// What messages and archives use, in any build.
    @Test func modelsNameThemselvesWithoutTheDiscriminator() throws {
        #expect(PrivateItem.modelTypeName == "PrivateItem")
        #expect(PrivateItem.schema.typeName == "PrivateItem")
        #expect([PrivateItem].modelTypeName == "[PrivateItem]")
        let error = try #require(throws: ModelDecodingError.self) { try PrivateItem(json: #"{"id":"x"}"#, options: .init(conversion: .strict)) }
        #expect(error.description.contains("expected Int"))
        let mismatch = try #require(throws: ModelDecodingError.self) { try PrivateItem(json: "[1]") }
        #expect(mismatch.description.hasSuffix("expected PrivateItem, found array"), "\(mismatch)")
    }
}

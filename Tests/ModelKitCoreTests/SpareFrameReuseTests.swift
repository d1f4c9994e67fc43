import Foundation
import Testing
@testable import ModelKitCore

// A pooled engine keeps the finished frames of its last document for the next one (a server
// decodes the same request type over and over). Nothing of one document may reach the next:
// not its options, not its key mode, not its values, not its objects.

private struct Leaf: Model, Equatable {
    var authorLogin = ""
    var count = 0
    static let schema = Schema(Leaf.self) {
        Field("authorLogin", \.authorLogin, key: "author_login", options: .required)
        Field("count", \.count, key: "count")
    }
}

private struct Branch: Model, Equatable {
    var leaf = Leaf()
    var leaves: [Leaf] = []
    static let schema = Schema(Branch.self) {
        Field("leaf", \.leaf, key: "leaf")
        Field("leaves", \.leaves, key: "leaves")
    }
}

private final class ParkedNode: Model, @unchecked Sendable {
    var name = ""
    required init() {}
    static let schema = Schema(ParkedNode.self) { Field("name", \.name) }
}

private struct ParkedHolder: Model {
    var node = ParkedNode()
    static let schema = Schema(ParkedHolder.self) { Field("node", \.node) }
}

@Suite struct SpareFrameReuseTests {
    private let withUnknownKey = #"{"leaf":{"author_login":"a","zzz":1},"leaves":[{"author_login":"b","zzz":2}]}"#

    @Test func eachDecodeFollowsItsOwnUnknownKeyPolicy() throws {
        let strict = ModelDecoder(options: DecodingOptions(unknownKeys: .fail))
        for _ in 0..<20 {
            let lenient = try Branch(json: withUnknownKey)
            #expect(lenient.leaf.authorLogin == "a")
            #expect(lenient.leaves.map(\.authorLogin) == ["b"])
            #expect(throws: ModelDecodingError.self) { try strict.decode(Branch.self, from: withUnknownKey) }
            // And the other way round: a strict decode just before must not make this one strict.
            #expect(try Branch(json: withUnknownKey).leaf.authorLogin == "a")
        }
    }

    @Test func archivesAndJSONDocumentsEachUseTheirOwnKeys() throws {
        var branch = Branch()
        branch.leaf = Leaf(authorLogin: "x", count: 1)
        branch.leaves = [Leaf(authorLogin: "y", count: 2)]
        let archived = try Archive.encode(branch)
        let json = #"{"leaf":{"author_login":"x","count":1,"authorLogin":"no"},"leaves":[{"author_login":"y","count":2}]}"#
        for _ in 0..<20 {
            #expect(try Archive.decode(Branch.self, from: archived) == branch)
            #expect(try Branch(json: json) == branch)
        }
    }

    @Test func aReusedFrameStartsFromTheModelsDefaults() throws {
        for _ in 0..<20 {
            let full = try Branch(json: #"{"leaf":{"author_login":"a","count":7},"leaves":[{"author_login":"b","count":8}]}"#)
            #expect(full.leaf.count == 7)
            let sparse = try Branch(json: #"{"leaf":{"author_login":"c"},"leaves":[{"author_login":"d"}]}"#)
            #expect(sparse == Branch(leaf: Leaf(authorLogin: "c", count: 0), leaves: [Leaf(authorLogin: "d", count: 0)]))
            // Required keys are checked again in every document.
            #expect(throws: ModelDecodingError.self) { try Branch(json: #"{"leaf":{"count":1}}"#) }
        }
    }

    @Test func aParkedEngineKeepsNoDecodedObjectAlive() throws {
        weak var decoded: ParkedNode?
        do {
            let holder = try ParkedHolder(json: #"{"node":{"name":"n"}}"#)
            #expect(holder.node.name == "n")
            decoded = holder.node
        }
        #expect(decoded == nil)
    }
}

import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35, `update(json:)` on the tape: the members present set over the existing model,
// nested models merged, everything else replaced; compared with the push engine.

private struct TUChild: ValidatingModel {
    var name = ""
    var size = 0
    var grand: TUChild2?
    static let schema = Schema(TUChild.self) {
        Field("name", \.name, options: .required)
        Field("size", \.size)
        Field("grand", \.grand)
    }
    mutating func didDecode() throws {
        if size < 0 { throw ModelValueError("size must not be negative") }
    }
}

private struct TUChild2: Model {
    var a = 0
    var b = 0
    static let schema = Schema(TUChild2.self) {
        Field("a", \.a, options: .required)
        Field("b", \.b)
    }
}

private final class TUNode: Model, @unchecked Sendable {
    var label = ""
    var child = TUChild()
    var next: TUNode?
    required init() {}
    static let schema = Schema(TUNode.self) {
        Field("label", \.label)
        Field("child", \.child)
        Field("next", \.next)
    }
}

private struct TUDoc: Model {
    var id = 0
    var child = TUChild()
    var optional: TUChild?
    var list: [TUChild] = []
    var map: [String: TUChild2] = [:]
    var deepA = 0
    var shape: TShape = .unknown
    var alias = TUChild2()
    var same1 = TUChild2()
    var same2 = TUChild2()
    var node = TUNode()
    static let schema = Schema(TUDoc.self) {
        Field("id", \.id, options: .required)
        Field("child", \.child)
        Field("optional", \.optional)
        Field("list", \.list)
        Field("map", \.map)
        Field("deepA", \.deepA, key: "deep.a")
        Field("shape", \.shape)
        Field("alias", \.alias, keys: ["alias", "otherAlias"])
        Field("same1", \.same1, key: "same")
        Field("same2", \.same2, key: "same")
        Field("node", \.node)
    }
}

@Suite struct TapeUpdateTests {
    private static let base = #"""
    {"id":1,"child":{"name":"c","size":2,"grand":{"a":1,"b":2}},"optional":{"name":"o","size":3},
     "list":[{"name":"l"}],"map":{"m":{"a":5,"b":6}},"deep":{"a":7},"shape":{"type":"circle","radius":1},
     "alias":{"a":8,"b":9},"same":{"a":10,"b":11},"node":{"label":"n","child":{"name":"nc","size":4},"next":{"label":"x"}}}
    """#

    private func existing() throws -> TUDoc { try TUDoc(json: Self.base) }

    @Test func updatesMatchThePushEngine() throws {
        for json in [
            #"{"child":{"size":5}}"#,
            #"{"child":{"grand":{"b":20}},"optional":{"size":9}}"#,
            #"{"optional":null}"#,
            #"{"list":[{"size":1},{"name":"x","grand":{"b":1}}]}"#,
            #"{"map":{"n":{"b":1}}}"#,
            #"{"deep":{"a":70},"alias":{"b":90},"otherAlias":{"a":80}}"#,
            #"{"same":{"b":110}}"#,
            #"{"shape":{"type":"sq","side":3}}"#,
            #"{"node":{"child":{"size":40},"next":{"child":{"size":1}}}}"#,
            #"{"child":{"size":"big"},"id":2}"#,
            #"{"child":7}"#,
            #"{"id":null}"#,
            #"{}"#,
            #"[1]"#,
            #"null"#,
        ] {
            try expectSameUpdates(existing, json)
            try expectSameUpdates(existing, json, options: DecodingOptions(conversion: .strict, mismatch: .skip))
            try expectSameUpdates(existing, json, options: DecodingOptions(unknownKeys: .fail, duplicateKeys: .reject))
        }
        // An optional model that is nil is decoded afresh: its required fields are checked.
        try expectSameUpdates({ TUDoc() }, #"{"optional":{"size":1}}"#)
        try expectSameUpdates({ TUDoc() }, #"{"optional":{"name":"n"}}"#)
    }

    /// A merged model that its checks reject is placed at its own path, as in a decode; the
    /// push engine placed it at the root (`$`) when merging.
    @Test func aRejectedMergedModelIsPlacedAtItsPath() throws {
        let bytes = Array(#"{"child":{"size":-1}}"#.utf8)
        let error = try #require(throws: ModelDecodingError.self) {
            _ = try bytes.withUnsafeBytes { try DecodeRun.update(existing(), from: $0, options: DecodingOptions()) }
        }
        #expect(error.path == "$.child" && error.column == 20)
        try expectSameUpdates(existing, #"{"child":{"size":-1}}"#, options: DecodingOptions(mismatch: .skip))
    }

    @Test func updateTakesTheTape() throws {
        let bytes = Array(#"{"child":{"size":5},"node":{"label":"m"}}"#.utf8)
        let before = try existing()
        let node = before.node
        let doc = try bytes.withUnsafeBytes { try DecodeRun.update(before, from: $0, options: DecodingOptions()) }
        #expect(doc.child.name == "c" && doc.child.size == 5 && doc.child.grand?.b == 2)
        // A class instance is merged in place.
        #expect(doc.node === node && node.label == "m" && node.child.name == "nc")
        var value = try existing()
        try value.update(json: bytes)
        #expect(value.child.size == 5 && value.optional?.name == "o")
    }
}

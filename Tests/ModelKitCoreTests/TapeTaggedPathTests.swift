import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35, tagged unions on the tape: the tag looked up in the object's range (first or last,
// nothing buffered), the case's payload read where it is. Compared with the push engine.

/// A payload with a field on the tag's own key: the tag never sets it (the push engine never
/// hands the tag to the payload).
private struct TTTyped: Model {
    var type = ""
    var n = 0
    static let schema = Schema(TTTyped.self) {
        Field("type", \.type)
        Field("n", \.n)
    }
}

private struct TTPathPayload: Model {
    var inner = 0
    var first = ""
    static let schema = Schema(TTPathPayload.self) {
        Field("inner", \.inner, key: "a.b")
        Field("first", \.first, key: "list[0]")
    }
}

private enum TTKinds: TaggedModel {
    case typed(TTTyped), path(TTPathPayload), bare
    static let taggedUnion = TaggedUnion(TTKinds.self, tag: "type") {
        TaggedCase("typed", TTTyped.self, embed: { .typed($0) }, extract: { if case .typed(let t) = $0 { t } else { nil } })
        TaggedCase("path", TTPathPayload.self, embed: { .path($0) }, extract: { if case .path(let p) = $0 { p } else { nil } })
        TaggedCase("bare", value: { .bare }, matches: { if case .bare = $0 { true } else { false } })
    }
}

private struct TTHolder: Model {
    var strict: TStrictShape?
    var kinds: [TTKinds] = []
    var nested: [String: [TEvent]] = [:]
    static let schema = Schema(TTHolder.self) {
        Field("strict", \.strict)
        Field("kinds", \.kinds)
        Field("nested", \.nested)
    }
}

@Suite struct TapeTaggedPathTests {
    private static let optionSets: [DecodingOptions] = [
        DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(mismatch: .skip),
        DecodingOptions(duplicateKeys: .useLast), DecodingOptions(conversion: .strict, mismatch: .skip),
    ]
    /// The key policies' failures at the tagged object's own level are placed as a model's are
    /// (see `keyFailuresAreNamedAsAModelsAre`): compared where the payload fails first.
    private static let keyPolicies = [DecodingOptions(duplicateKeys: .reject), DecodingOptions(unknownKeys: .fail)]

    private func expectBothPaths<M: Model>(_ type: M.Type, _ documents: [String], options: [DecodingOptions] = optionSets,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for json in documents {
            for options in options {
                try expectSamePaths(M.self, json, options: options, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func internallyTaggedValuesMatchThePushEngine() throws {
        try expectBothPaths(TDrawing.self, [
            #"{"main":{"type":"circle","radius":2},"shapes":[{"type":"sq","side":3,"label":"x"},{"type":"unknown"}]}"#,
            #"{"main":{"radius":2,"type":"circle"},"shapes":[{"side":3,"type":"sq","label":"x"}]}"#,
            #"{"main":{"extra":{"a":[1,{"b":2}]},"side":4,"list":[1,2],"type":"sq","label":"y"}}"#,
            #"{"main":{"type":"hexagon","sides":6}}"#,
            #"{"main":{"type":"circle","radius":1,"type":"sq"}}"#,
            #"{"main":{"type":"sq","type":"circle","side":1}}"#,
            #"{"main":{"type":"unknown","x":1,"type":"sq"}}"#,
            #"{"main":{"type":3,"radius":2},"name":"n"}"#,
            #"{"main":{"type":{"a":1},"radius":2},"name":"n"}"#,
            #"{"main":{"radius":2}}"#,
            #"{"main":{"type":"circle","radius":"big"}}"#,
            #"{"main":{"type":"circle"}}"#,
            #"{"main":{"type":"circle","radius":1,"other":2}}"#,
            #"{"main":[1],"shapes":[null,3,{"type":"circle","radius":1}]}"#,
            #"{"main":null}"#,
        ])
        try expectBothPaths(TTHolder.self, [
            #"{"strict":{"type":"triangle","radius":1}}"#,
            "{\"strict\": {\"radius\": 1,\n  \"type\": \"triangle\"}}",
            #"{"kinds":[{"type":"typed","n":1},{"n":2,"type":"typed"},{"type":"bare","n":3},{"type":"path","a":{"b":5},"list":["f"]}]}"#,
            #"{"kinds":[{"type":"typed","n":1,"type":"bare"},{"type":"bare","type":"typed"}]}"#,
            #"{"kinds":[{"type":"path","a":{"b":"x"},"type":"typed"}]}"#,
        ])
    }

    @Test func adjacentlyTaggedValuesMatchThePushEngine() throws {
        try expectBothPaths(TDrawing.self, [
            #"{"event":{"kind":"opened","data":{"id":1,"title":"t"}}}"#,
            #"{"event":{"data":{"id":1,"title":"t"},"kind":"closed"}}"#,
            #"{"event":{"kind":"ping"}}"#,
            #"{"event":{"other":[1],"kind":"ping","data":{"x":1}}}"#,
            #"{"event":{"kind":"merged","data":{}}}"#,
            #"{"event":{"data":{"id":1}}}"#,
            #"{"event":{"kind":"opened"}}"#,
            #"{"event":{"kind":"opened","data":{"id":"x"}}}"#,
            #"{"event":{"kind":"opened","data":{"id":1},"kind":"closed","data":{"id":2}}}"#,
            #"{"event":{"kind":"opened","data":7}}"#,
            #"{"event":{"kind":"opened","data":null}}"#,
            #"{"event":{"kind":5,"data":{"id":1}}}"#,
        ])
        try expectBothPaths(TTHolder.self, [#"{"nested":{"a":[{"kind":"ping"},{"data":{"id":2},"kind":"opened"}],"b":[]}}"#])
    }

    @Test func externallyTaggedValuesMatchThePushEngine() throws {
        try expectBothPaths(TDrawing.self, [
            #"{"byName":{"a":{"circle":{"radius":2}},"b":{"none":{}},"c":{"none":7}}}"#,
            #"{"byName":{"a":{"triangle":{}}}}"#,
            #"{"byName":{"a":{"circle":{"radius":2},"square":{}}}}"#,
            #"{"byName":{"a":{"circle":{"radius":"x"},"square":{}}}}"#,
            #"{"byName":{"a":{}}}"#,
            #"{"byName":{"a":{"square":[1]}}}"#,
            #"{"byName":{"a":{"square":{"side":[1]}}}}"#,
            #"{"byName":{"a":[]}}"#,
        ])
    }

    @Test func keyPoliciesMatchThePushEngineInsidePayloads() throws {
        try expectBothPaths(TDrawing.self, [
            #"{"main":{"type":"circle","radius":1,"other":2}}"#,
            #"{"main":{"type":"sq","side":1},"shapes":[{"type":"circle","radius":1,"radius":2}]}"#,
            #"{"event":{"kind":"opened","data":{"id":1,"id":2,"x":3}}}"#,
            #"{"byName":{"a":{"square":{"side":1,"side":2,"q":1}}}}"#,
        ], options: Self.keyPolicies)
    }

    /// A repeated tag or content key, or an unknown key beside them, is named in the path as a
    /// model's repeated or unknown key is (`$.main.type`); the push engine's tagged frames named
    /// only the object (`$.main`). Line and column are the same.
    @Test func keyFailuresAreNamedAsAModelsAre() throws {
        let reject = DecodingOptions(duplicateKeys: .reject), strictKeys = DecodingOptions(unknownKeys: .fail)
        for (json, options, path, column) in [
            (#"{"main":{"type":"circle","radius":1,"type":"sq"}}"#, reject, "$.main.type", 37),
            (#"{"main":{"type":"unknown","x":1,"type":"sq"}}"#, reject, "$.main.type", 33),
            (#"{"event":{"kind":"opened","data":{"id":1},"kind":"closed"}}"#, reject, "$.event.kind", 43),
            (#"{"event":{"other":[1],"kind":"ping"}}"#, strictKeys, "$.event.other", 11),
        ] {
            let error = try #require(throws: ModelDecodingError.self) {
                _ = try DecodePaths.tape(TDrawing.self, from: Array(json.utf8), options: options)
            }
            #expect(error.path == path && error.line == 1 && error.column == column, "\(json): \(error)")
            // The push engine failed for the same reason at the same column (its path named the object).
            PushEngineOracle.expect(PushEngineOracle.key(#function, "column", TDrawing.self, Array(json.utf8), options),
                                    taped: "\(error.reasonDescription) @\(error.column)", sourceLocation: #_sourceLocation)
        }
    }

    /// Tagged unions no longer send their holders to the push engine, whatever the tag's place.
    @Test func taggedValuesTakeTheTape() throws {
        for json in [#"{"main":{"radius":2,"type":"circle"},"event":{"data":{"id":1},"kind":"opened"}}"#,
                     #"{"byName":{"a":{"circle":{"radius":2}}}}"#] {
            _ = try DecodePaths.tape(TDrawing.self, from: Array(json.utf8))
        }
    }

    /// A member before the tag (or content before it) is placed where it is; the push engine,
    /// which kept it until the tag came and replayed it then, placed it where the replay ran.
    @Test func aValueBeforeTheTagIsPlacedWhereItIs() throws {
        let strict = DecodingOptions(conversion: .strict)
        for (json, options, path, line, column) in [
            ("{\"main\": {\"radius\": \"big\",\n \"type\": \"circle\"}}", strict, "$.main.radius", 1, 21),
            (#"{"main":{"extra":{"a":[1]},"side":4,"type":"sq"}}"#, DecodingOptions(unknownKeys: .fail), "$.main.extra", 1, 10),
            (#"{"event":{"data":{"id":"x"},"kind":"opened","zzz":1}}"#, strict, "$.event.data.id", 1, 24),
        ] {
            let error = try #require(throws: ModelDecodingError.self) {
                _ = try DecodePaths.tape(TDrawing.self, from: Array(json.utf8), options: options)
            }
            #expect(error.path == path && error.line == line && error.column == column, "\(json): \(error)")
        }
    }
}

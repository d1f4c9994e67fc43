import Foundation
import Testing
@testable import ModelKitCore

struct SharedKeys: Model {
    var a = ""
    var b = ""
    var ext: JSONValue?
    var extC: Int?
    var deep: String?
    var camelCaseName = 0
    var htmlURL = ""

    static let schema = Schema(SharedKeys.self, keys: .snakeCase) {
        Field("a", \.a, key: "name")
        Field("b", \.b, key: "name")             // two fields on one key: both get the value
        Field("ext", \.ext)                      // a field that is also the head of a key path
        Field("extC", \.extC, key: "ext.c")
        Field("deep", \.deep, key: "x.y.z")
        Field("camelCaseName", \.camelCaseName)  // snake_case by the schema's strategy
        Field("htmlURL", \.htmlURL)
    }
}

struct OddKeys: Model {
    var dotted = 0
    var leading = 0
    var doubled = 0
    static let schema = Schema(OddKeys.self) {
        Field("dotted", \.dotted, key: "a.b")
        Field("leading", \.leading, key: ".ext")
        Field("doubled", \.doubled, key: "a..b")
    }
}

@Suite struct KeyMappingTests {
    @Test func severalFieldsOnOneKeyEachGetTheValue() throws {
        let m = try SharedKeys(json: #"{"name":"n"}"#)
        #expect(m.a == "n")
        #expect(m.b == "n")
    }

    @Test func fieldAndKeyPathHeadBothGetTheirValueInOnePass() throws {
        let m = try SharedKeys(json: #"{"ext":{"c":3,"d":[1,2]},"x":{"y":{"z":"deep"}}}"#)
        #expect(m.extC == 3)
        #expect(m.ext == ["c": 3, "d": [1, 2]])
        #expect(m.deep == "deep")
    }

    @Test func keyPathHeadWithAScalarIsIgnored() throws {
        let m = try SharedKeys(json: #"{"x":5}"#)
        #expect(m.deep == nil)
    }

    @Test func snakeCaseStrategyIsAppliedOnceToFieldsWithoutKeys() throws {
        #expect(SharedKeys.schema.keyTable.keyTexts.contains("camel_case_name"))
        #expect(SharedKeys.schema.keyTable.keyTexts.contains("html_url"))
        let m = try SharedKeys(json: #"{"camel_case_name":4,"html_url":"u"}"#)
        #expect(m.camelCaseName == 4)
        #expect(m.htmlURL == "u")
        #expect(KeyNamingStrategy.snakeCase.key(for: "bookID") == "book_id")
        #expect(KeyNamingStrategy.snakeCase.key(for: "URLPath") == "url_path")
    }

    @Test func keysWithEmptyPartsArePlainKeys() throws {
        let m = try OddKeys(json: #"{"a":{"b":1},".ext":2,"a..b":3}"#)
        #expect(m.dotted == 1)
        #expect(m.leading == 2)
        #expect(m.doubled == 3)
    }

    @Test func unknownKeysFailWhenAsked() throws {
        let options = DecodingOptions(unknownKeys: .fail)
        let error = try #require(throws: ModelDecodingError.self) {
            try Book(json: #"{"n":"x","extra":{"a":1}}"#, options: options)
        }
        #expect(error.reason == .unknownKey("extra"))
        #expect(error.path == "$.extra")
        #expect(try Book(json: #"{"n":"x","extra":1}"#).name == "x")
    }

    @Test func repeatedKeyFirstValueWinsUnlessLastIsAsked() throws {
        #expect(try Book(json: #"{"n":"first","n":"second"}"#).name == "first")
        #expect(try Book(json: #"{"n":"first","n":"second"}"#, options: DecodingOptions(duplicateKeys: .useLast)).name == "second")
    }

    @Test func keyLookupIsByExactBytes() throws {
        #expect(try Book(json: #"{"N":"x"}"#).name == "")
        #expect(try Book(json: #"{"n\u0000":"x"}"#).name == "")
        #expect(try Book(json: #"{"\u006e":"escaped key"}"#).name == "escaped key")
    }

    @Test func sharedKeysInARecursiveModelDecodeEachLevelOnce() throws {
        // Two fields on key "k": replaying the value per field doubled the work per level
        // (2^30 decodes here). One decode per level, stored into both fields.
        let depth = 30
        let before = sharedKeyNodeDecodes.value
        let node = try SharedKeyNode(json: SharedKeyNode.nested(depth))
        let decodes = sharedKeyNodeDecodes.value - before
        #expect(decodes <= 4 * (depth + 1))  // other tests may decode this type concurrently
        var level = node
        for _ in 0..<depth {
            #expect(level.left == level.right)
            level = try #require(level.left.first)
        }
        #expect(level.tag == 1)
    }

    @Test func sharedKeysStillRespectPerFieldMismatches() throws {
        struct Mixed: Model {
            var asText = ""
            var asNumber = 0
            var asList: [Int] = []
            static let schema = Schema(Mixed.self) {
                Field("asText", \.asText, key: "v")
                Field("asNumber", \.asNumber, key: "v")
                Field("asList", \.asList, key: "v")
            }
        }
        let (value, skipped) = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decodeWithReport(Mixed.self, from: Array(#"{"v":[1,2]}"#.utf8))
        #expect(value.asList == [1, 2])
        #expect(skipped.count == 2)
        #expect(skipped.allSatisfy { $0.path == "$.v" })
    }
}

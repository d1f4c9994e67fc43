import Foundation
import Testing
@testable import ModelKitCore

/// One field of any type, so every row can check the error's path (`$.v`).
struct HostileBox<Value: ModelValue>: Model {
    var v: Value?
    static var schema: Schema {
        Schema.cached(for: HostileBox<Value>.self) { Schema(HostileBox<Value>.self) { Field("v", \.v) } }
    }
}

/// A model that nests through itself, for deep nesting through model frames.
struct HostileNode: Model {
    var kids: [HostileNode] = []
    var next: JSONValue?
    static let schema = Schema(HostileNode.self) {
        Field("kids", \.kids)
        Field("next", \.next)
    }
}

/// The README's "Hostile input and limits" table, one test per row, at sizes the default test
/// run can afford; `HostileInputStressTests` (MODELKIT_STRESS=1, `scripts/stress.sh`) repeats the
/// gigabyte-scale rows. Each row: a located `ModelDecodingError`, or the exact value — never a
/// crash, hang or silently different value.
@Suite struct HostileInputTests {
    static let depth = 200_000

    func expectError(_ valueType: any ModelValue.Type, _ bytes: [UInt8], options: DecodingOptions = DecodingOptions(),
                     sourceLocation: SourceLocation = #_sourceLocation) -> ModelDecodingError? {
        func decode<T: ModelValue>(_ target: T.Type) throws -> Any { try ModelDecoder(options: options).decode(target, from: bytes) }
        do {
            let value = try decode(valueType)
            Issue.record("decoded \(valueType) instead of failing: \(String(describing: value).prefix(200))", sourceLocation: sourceLocation)
            return nil
        } catch let error as ModelDecodingError {
            #expect(error.line >= 1 && error.column >= 1 && error.byteOffset >= 0 && error.byteOffset <= bytes.count,
                    "not located: \(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("threw \(Swift.type(of: error)), not ModelDecodingError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    // MARK: nesting

    @Test(arguments: ["[", #"{"a":"#, #"{"kids":["#])
    func deepNestingIsALimitErrorAtTheLimit(opener: String) throws {
        let bytes = Array(String(repeating: opener, count: Self.depth).utf8)
        for type in [JSONValue.self, HostileNode.self] as [any ModelValue.Type] {
            let error = try #require(expectError(type, bytes))
            #expect(error.reason == .limitExceeded(.maxDepth, limit: 512), "\(type)")
            // Deeper than 512 is detected at the 513th opening bracket, not at the end of input.
            #expect(error.byteOffset < 513 * opener.utf8.count, "\(type)")
        }
    }

    @Test func deepNestingClosedAndInsideAnArchiveOfAModelStaysBounded() throws {
        let closed = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        let error = try #require(expectError(HostileBox<JSONValue>.self, Array(#"{"v":\#(closed)}"#.utf8)))
        #expect(error.reason == .limitExceeded(.maxDepth, limit: 512))
        #expect(error.path.hasPrefix("$.v[0][0]"))
    }

    // MARK: huge numbers

    static let millionDigits = "9" + String(repeating: "8", count: 999_999)

    @Test func aMillionDigitNumberIntoEveryNumericTypeIsALocatedError() throws {
        let bytes = Array(#"{"v":\#(Self.millionDigits)}"#.utf8)
        let types: [any ModelValue.Type] = [
            HostileBox<Int>.self, HostileBox<Int8>.self, HostileBox<Int16>.self, HostileBox<Int32>.self, HostileBox<Int64>.self,
            HostileBox<UInt>.self, HostileBox<UInt8>.self, HostileBox<UInt16>.self, HostileBox<UInt32>.self,
            HostileBox<UInt64>.self, HostileBox<Float>.self, HostileBox<Double>.self, HostileBox<Decimal>.self,
        ]
        // Strict mode refuses earlier (any out-of-range text); a shorter number keeps the run quick.
        let shorter = Array(#"{"v":\#(Self.millionDigits.prefix(10_000))}"#.utf8)
        for type in types {
            for (conversion, input) in [(DecodingOptions.Conversion.lenient, bytes), (.strict, shorter)] {
                let error = try #require(expectError(type, input, options: DecodingOptions(conversion: conversion)), "\(type)")
                #expect(error.path == "$.v", "\(type)")
                #expect(error.byteOffset == 5, "\(type) \(error)")
            }
        }
    }

    @Test func aMillionDigitNumberIntoJSONValueKeepsItsExactText() throws {
        let fraction = "0." + String(repeating: "0", count: 999_999) + "1"
        for text in [Self.millionDigits, "-" + Self.millionDigits, fraction, "1e" + Self.millionDigits] {
            let value = try ModelDecoder().decode(JSONValue.self, from: "[\(text)]")
            guard case .array(let items) = value, case .number(let number) = items.first else {
                Issue.record("not a number array"); continue
            }
            #expect(String(decoding: try ModelEncoder().encode(JSONValue.number(number)), as: UTF8.self) == text)
        }
    }

    // MARK: many keys

    /// 10⁶ in the README's table; the default run uses a fifth (debug builds are slow), the stress
    /// suite 10⁷.
    static let keyCount = 200_000

    @Test func manyDistinctKeys() throws {
        var text = "{"
        text.reserveCapacity(Self.keyCount * 14)
        for index in 0..<Self.keyCount { text += "\"k\(index)\":\(index)," }
        text += #""v":7}"#
        let bytes = Array(text.utf8)
        // A model ignores them in linear time and keeps its field.
        #expect(try HostileBox<Int>(json: bytes).v == 7)
        // JSONValue keeps every one of them.
        let value = try ModelDecoder().decode(JSONValue.self, from: bytes)
        #expect(value["k\(Self.keyCount - 1)"] == JSONValue(Self.keyCount - 1))
        #expect(value["v"] == 7)
        // With unknownKeys: .fail the first one is the error.
        let error = try #require(expectError(HostileBox<Int>.self, bytes, options: DecodingOptions(unknownKeys: .fail)))
        #expect(error.reason == .unknownKey("k0"))
        #expect(error.byteOffset == 1)
    }

    @Test func manyDuplicateKeys() throws {
        var text = "{"
        text.reserveCapacity(Self.keyCount * 14)
        for index in 0..<Self.keyCount { text += "\"v\":\(index)," }
        text += #""v":-1}"#
        let bytes = Array(text.utf8)
        // The first occurrence wins by default, as in JSONDecoder; `.useLast` takes the last.
        #expect(try HostileBox<Int>(json: bytes).v == 0)
        #expect(try HostileBox<Int>(json: bytes, options: DecodingOptions(duplicateKeys: .useLast)).v == -1)
        #expect(try ModelDecoder().decode(JSONValue.self, from: bytes)["v"] == -1)
    }

    // MARK: strings

    static let invalidUTF8: [(String, [UInt8])] = [
        ("stray continuation", [0x80]), ("truncated", [0xE4, 0xB8]), ("overlong", [0xC0, 0xAF]),
        ("encoded surrogate", [0xED, 0xA0, 0x80]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]), ("0xFF", [0xFF]),
    ]

    @Test func invalidUTF8InKeysAndValuesIsASyntaxErrorAtTheByte() throws {
        for (name, bad) in Self.invalidUTF8 {
            let inValue = Array(#"{"v":"ab"#.utf8) + bad + Array(#"cd"}"#.utf8)
            let inKey = Array(#"{"a"#.utf8) + bad + Array(#"b":"x","v":"y"}"#.utf8)
            for bytes in [inValue, inKey] {
                for type in [HostileBox<String>.self, JSONValue.self] as [any ModelValue.Type] {
                    let error = try #require(expectError(type, bytes), "\(name)")
                    guard case .syntax = error.reason else { Issue.record("\(name): \(error)"); continue }
                    #expect(error.byteOffset <= bytes.firstIndex(of: bad[0])!, "\(name): \(error)")
                }
            }
        }
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\udbff\udbff"#, #"\ud800x"#, #"\udfff\ud800"#])
    func loneSurrogateEscapesAreASyntaxError(escape: String) throws {
        for text in [#"{"v":"a\#(escape)b"}"#, #"{"a\#(escape)":"x","v":"y"}"#] {
            let bytes = Array(text.utf8)
            for type in [HostileBox<String>.self, JSONValue.self] as [any ModelValue.Type] {
                let error = try #require(expectError(type, bytes), "\(text)")
                guard case .syntax = error.reason else { Issue.record("\(text): \(error)"); continue }
            }
        }
    }

    @Test func rawNULIsASyntaxErrorAndEscapedNULIsKeptExactly() throws {
        for bytes in [Array(#"{"v":"a"#.utf8) + [0] + Array(#"b"}"#.utf8), [0] + Array(#"{"v":"a"}"#.utf8),
                      Array(#"{"v":"a"}"#.utf8) + [0], Array(#"{"a"#.utf8) + [0] + Array(#"":1}"#.utf8)] {
            let error = try #require(expectError(HostileBox<String>.self, bytes))
            guard case .syntax = error.reason else { Issue.record("\(error)"); continue }
            #expect(error.byteOffset == bytes.firstIndex(of: 0), "\(error)")
        }
        // `\u0000` is valid JSON: the string holds a NUL, neither cut there nor dropped.
        #expect(try HostileBox<String>(json: #"{"v":"a\u0000b"}"#).v == "a\u{0}b")
        #expect(try ModelDecoder().decode(JSONValue.self, from: #"{"k\u0000":"\u0000"}"#) == ["k\u{0}": "\u{0}"])
    }

    @Test func aLongStringStopsAtMaxStringBytesWholeAndStreamed() throws {
        var limits = DecodingLimits()
        limits.maxStringBytes = 1024
        let options = DecodingOptions(limits: limits)
        let bytes = Array(#"{"v":""#.utf8) + [UInt8](repeating: 0x61, count: 4 << 20) + Array(#""}"#.utf8)
        let error = try #require(expectError(HostileBox<String>.self, bytes, options: options))
        #expect(error.reason == .limitExceeded(.maxStringBytes, limit: 1024))
        #expect(error.path == "$.v")
    }
}

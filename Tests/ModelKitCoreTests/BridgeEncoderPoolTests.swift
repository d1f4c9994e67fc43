import Foundation
import Testing
@testable import ModelKitCore

/// The Codable bridge's encoders are parked after an encode and serve the next one, unless
/// something made during the encode still reaches them: a kept container, super encoder or
/// visitor must never write into another encode's output.
@Suite(.serialized) struct BridgeEncoderPoolTests {
    private typealias Key = TestCodingKey
    private typealias Custom = ClosureEncodable

    private final class Kept: @unchecked Sendable {
        // @unchecked: the suite is serialized; each test sets and reads it on one thread.
        var container: KeyedEncodingContainer<Key>?
        var unkeyed: (any UnkeyedEncodingContainer)?
        var encoder: (any Encoder)?
        var visitor: ModelEngine.Visitor?
    }

    /// A value of a user's own that keeps the visitor it is handed.
    private struct VisitorKeeper: ModelValue, Encodable {
        nonisolated(unsafe) static var kept: Kept?
        static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> VisitorKeeper { VisitorKeeper() }
        func encodeModelValue(options: EncodingOptions) throws -> JSONValue { "kept" }
        func presentModelValue(to visitor: ModelEngine.Visitor) throws {
            Self.kept?.visitor = visitor
            try "kept".presentModelValue(to: visitor)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("kept")
        }
    }

    private struct Holder: Encodable {
        var before = 1
        var keeper = VisitorKeeper()
        var after = 2
    }

    /// Encodes with `encoder` a value that writes `b`, then calls `meddle`, then writes `c`.
    private func encodeMeddled(_ encoder: ModelEncoder, _ meddle: @escaping @Sendable () throws -> Void) throws -> String {
        let value = Custom { coder in
            var container = coder.container(keyedBy: Key.self)
            try container.encode(2, forKey: Key("b"))
            try meddle()
            try container.encode(3, forKey: Key("c"))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aKeptKeyedContainerNeverWritesIntoALaterEncode() throws {
        let kept = Kept()
        let encoder = ModelEncoder()
        _ = try encoder.encode(Custom { coder in
            var container = coder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key("a"))
            kept.container = container
        })
        for _ in 0..<3 {
            let text = try encodeMeddled(encoder) {
                var container = kept.container!
                try container.encode(99, forKey: Key("z"))
                var nested = container.nestedUnkeyedContainer(forKey: Key("y"))
                try nested.encode("x")
            }
            #expect(text == #"{"b":2,"c":3}"#)
        }
    }

    @Test func aKeptUnkeyedContainerOrEncoderNeverWritesIntoALaterEncode() throws {
        let kept = Kept()
        let encoder = ModelEncoder()
        _ = try encoder.encode(Custom { coder in
            var container = coder.unkeyedContainer()
            try container.encode(1)
            kept.unkeyed = container
            kept.encoder = coder
        })
        for _ in 0..<3 {
            let text = try encodeMeddled(encoder) {
                var unkeyed = kept.unkeyed!
                try unkeyed.encode(99)
                var single = kept.encoder!.singleValueContainer()
                try single.encode("z")
            }
            #expect(text == #"{"b":2,"c":3}"#)
        }
    }

    @Test func aKeptVisitorNeverWritesIntoALaterEncode() throws {
        let kept = Kept()
        VisitorKeeper.kept = kept
        defer { VisitorKeeper.kept = nil }
        let encoder = ModelEncoder()
        #expect(String(decoding: try encoder.encode(Holder()), as: UTF8.self) == #"{"before":1,"keeper":"kept","after":2}"#)
        VisitorKeeper.kept = nil
        for _ in 0..<3 {
            let text = try encodeMeddled(encoder) {
                let visitor = kept.visitor!
                try "through the kept visitor".presentModelValue(to: visitor)
                try [7, 8].presentModelValue(to: visitor)
            }
            #expect(text == #"{"b":2,"c":3}"#)
        }
    }

    @Test func aParkedEncoderStartsClean() throws {
        let encoder = ModelEncoder()
        // An encode that fails half way, one that moves to the tree, one with a repeated key:
        // whatever state they leave, the next encode of the same encoder starts from nothing.
        _ = try? encoder.encode(Custom { coder in
            var container = coder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key("a"))
            try container.encode(Double.nan, forKey: Key("bad"))
        })
        _ = try encoder.encode(Custom { coder in
            var container = coder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key("a"))
            try container.encode(2, forKey: Key("a"))
            _ = container.superEncoder()
        })
        for _ in 0..<3 {
            #expect(try encodeMeddled(encoder) {} == #"{"b":2,"c":3}"#)
            #expect(String(decoding: try encoder.encode([1, 2]), as: UTF8.self) == "[1,2]")
        }
    }

    @Test func encodersWithOtherSettingsDoNotShareParkedEncoders() throws {
        let plain = ModelEncoder()
        let snake = ModelEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.outputFormatting = .withoutEscapingSlashes
        let foundationSnake = JSONEncoder()
        foundationSnake.keyEncodingStrategy = .convertToSnakeCase
        foundationSnake.outputFormatting = .withoutEscapingSlashes
        struct Value: Encodable { var someURL = "a/b" }
        let expectedPlain = try plain.encode(Value()), expectedSnake = try foundationSnake.encode(Value())
        #expect(String(decoding: expectedSnake, as: UTF8.self) == #"{"some_url":"a/b"}"#)
        for _ in 0..<3 {
            #expect(try plain.encode(Value()) == expectedPlain)
            #expect(try snake.encode(Value()) == [UInt8](expectedSnake))
        }
    }
}

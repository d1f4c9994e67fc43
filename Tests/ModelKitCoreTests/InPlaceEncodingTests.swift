import Foundation
import Testing
@_spi(ServerIntegration) @testable import ModelKitCore

/// The server integrations' entry points: JSON written into memory the caller lends (a
/// framework's response buffer), and request bodies decoded with the type's kind looked up once.
@Suite(.serialized) struct InPlaceEncodingTests {
    private let status = Status(id: 7, text: "hello \"world\"", user: User(id: 1, name: "octocat", email: nil, tags: ["a", "b"]))

    /// Encodes into `room` bytes of lent memory: what landed there, what spilled, and the result.
    private func encodeInPlace<T: Encodable>(_ value: T, room: Int, encoder: ModelEncoder = ModelEncoder()) throws -> (inPlace: [UInt8], spilled: [UInt8]?, count: Int) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 1)
        defer { memory.deallocate() }
        var spilled: [UInt8]?
        let count = try encoder.encode(value, into: memory) { spilled = Array($0) }
        return (Array(memory.prefix(count)), spilled, count)
    }

    @Test func aModelThatFitsIsWrittenInPlaceExactlyAsJSONBytes() throws {
        let expected = try status.jsonBytes()
        let result = try encodeInPlace(BridgedStatus(status), room: expected.count + 64)
        #expect(result.spilled == nil)
        #expect(result.count == expected.count)
        #expect(result.inPlace == expected)
    }

    @Test func aModelThatFitsStaysInPlaceAfterALargerEncodeOfItsType() throws {
        // The writer reserves what the type needed last time; in lent memory that hint must not
        // push a JSON that fits out into a spill.
        _ = try ModelEncoder(options: .prettyPrinted).encode(BridgedStatus(status))
        let expected = try status.jsonBytes()
        let result = try encodeInPlace(BridgedStatus(status), room: expected.count)
        #expect(result.spilled == nil)
        #expect(result.inPlace == expected)
    }

    @Test func aModelLargerThanTheRoomSpillsWhole() throws {
        let expected = try status.jsonBytes()
        for room in [0, 1, 16, expected.count - 1] {
            let result = try encodeInPlace(BridgedStatus(status), room: room)
            #expect(result.count == 0)
            #expect(result.spilled == expected, "room \(room)")
        }
    }

    @Test func optionsApplyInPlace() throws {
        let encoder = ModelEncoder(options: EncodingOptions(prettyPrinted: true, sortedKeys: true))
        let expected: [UInt8] = try encoder.encode(status)
        let result = try encodeInPlace(BridgedStatus(status), room: 4096, encoder: encoder)
        #expect(result.inPlace == expected)
    }

    @Test func aPlainCodableValueGoesThroughTheBridge() throws {
        let order = Draft(name: "bug", quantity: 2)
        let expected: [UInt8] = try ModelEncoder().encode(order)
        let fits = try encodeInPlace(order, room: expected.count)
        #expect(fits.inPlace == expected)
        #expect(fits.spilled == nil)
        let spills = try encodeInPlace(order, room: expected.count - 1)
        #expect(spills.count == 0)
        #expect(spills.spilled == expected)
    }

    @Test func expectedByteCountCoversTheLastEncode() throws {
        let encoder = ModelEncoder()
        let size = try encoder.encode(status).count
        _ = try encodeInPlace(BridgedStatus(status), room: 4096, encoder: encoder)
        #expect(encoder.expectedByteCount > size)
    }

    @Test func expectedByteCountKeepsRoomForALargeResponseAmongSmallOnes() throws {
        let encoder = ModelEncoder()
        var large = status
        large.text = String(repeating: "x", count: 3_000)
        _ = try encodeInPlace(BridgedStatus(large), room: 8192, encoder: encoder)
        _ = try encodeInPlace(Draft(name: "a", quantity: 1), room: 8192, encoder: encoder)
        // A small response just after the large one must not shrink the room below the large
        // one (only its gradual decay may). The suite is serialized: it alone encodes in place.
        #expect(encoder.expectedByteCount > 2_000)
    }

    @Test func bodyDecodeTakesTheSchemaPathForModels() throws {
        let json = Array(try status.jsonBytes())
        let decoded = try json.withUnsafeBytes { try ModelDecoder().decodeBody(BridgedStatus.self, from: $0) }
        #expect(decoded.status == status)
        // Twice: the second call answers from the per-type lookup.
        let again = try json.withUnsafeBytes { try ModelDecoder().decodeBody(BridgedStatus.self, from: $0) }
        #expect(again.status == status)
    }

    @Test func bodyDecodeErrorsAreTheSchemaPathsOwn() throws {
        let json = Array(#"{"id":1,"text":"hi","user":"octocat"}"#.utf8)
        let error = try #require(throws: ModelDecodingError.self) {
            try json.withUnsafeBytes { try ModelDecoder(options: .server).decodeBody(BridgedStatus.self, from: $0) }
        }
        #expect(error.path == "$.user")
    }

    @Test func bodyDecodeOfAPlainCodableTypeIsTheBridge() throws {
        let json = Array(#"{"name":"bug","quantity":2}"#.utf8)
        let decoded = try json.withUnsafeBytes { try ModelDecoder().decodeBody(Draft.self, from: $0) }
        #expect(decoded == Draft(name: "bug", quantity: 2))
        let bad = Array(#"{"name":"bug","quantity":300}"#.utf8)
        let error = try #require(throws: DecodingError.self) {
            try bad.withUnsafeBytes { try ModelDecoder().decodeBody(Draft.self, from: $0) }
        }
        #expect(ModelDecodingError(decodeFailure: error)?.path == "$.quantity")
    }

    /// Per-call `userInfo` (Vapor's `ContentDecoder` overload) reaches the type's `Decoder` over the
    /// decoder's own, for that decode only: the shared decoder is unchanged.
    @Test func bodyDecodeWithUserInfoIsForThatDecodeOnly() throws {
        let decoder = ModelDecoder()
        decoder.userInfo = [Seen.first: "decoder", Seen.second: "decoder"]
        let json = Array("[1]".utf8)
        let seen = try json.withUnsafeBytes { try decoder.decodeBody(Seen.self, from: $0, userInfo: [Seen.first: "call"]) }
        #expect(seen.values == ["call", "decoder", "call"])
        let plain = try json.withUnsafeBytes { try decoder.decodeBody(Seen.self, from: $0) }
        #expect(plain.values == ["decoder", "decoder", "decoder"])
        #expect(decoder.userInfo[Seen.first] as? String == "decoder")
        // Schema models take the schema path with the same options.
        let bridged = Array(try status.jsonBytes())
        let decoded = try bridged.withUnsafeBytes { try decoder.decodeBody(BridgedStatus.self, from: $0, userInfo: [Seen.first: "call"]) }
        #expect(decoded.status == status)
    }
}

/// What `userInfo` its decoder, and a nested container's element decoder, saw.
private struct Seen: Decodable {
    static let first = CodingUserInfoKey(rawValue: "first")!
    static let second = CodingUserInfoKey(rawValue: "second")!
    var values: [String?]

    private struct Element: Decodable {
        var value: String?
        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer().decode(Int.self)
            value = decoder.userInfo[Seen.first] as? String
        }
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let element = try container.decode(Element.self)
        values = [decoder.userInfo[Self.first] as? String, decoder.userInfo[Self.second] as? String, element.value]
    }
}

private struct Draft: Codable, Equatable {
    var name: String
    var quantity: Int8
}

/// `Status` made Codable through its schema, the way the server integrations meet models.
private struct BridgedStatus: Model, SchemaCodable, Equatable {
    var status = Status()
    init() {}
    init(_ status: Status) { self.status = status }
    static let schema = Schema(BridgedStatus.self) {
        Field("id", \.status.id)
        Field("text", \.status.text)
        Field("user", \.status.user)
        Field("retweeted", \.status.retweeted)
    }
}

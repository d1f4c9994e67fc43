import Foundation
import Testing
@testable import ModelKitCore

/// The Codable bridge's keyed container finds a key by comparing its UTF-8 bytes with the
/// document's, a word at a time: keys that differ in any single byte, at any length, are
/// different keys.
@Suite struct BridgeKeyLookupTests {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the member named `wanted` (set through `userInfo`) from an object.
    private struct Lookup: Decodable {
        static let wanted = CodingUserInfoKey(rawValue: "wanted")!
        let value: Int?
        init(from decoder: any Decoder) throws {
            let name = decoder.userInfo[Self.wanted] as! String
            value = try decoder.container(keyedBy: AnyKey.self).decodeIfPresent(Int.self, forKey: AnyKey(stringValue: name))
        }
    }

    @Test func keysDifferingInOneByteAreDifferentAtEveryLength() throws {
        for length in 1...24 {
            let key = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            // Every one-byte variant of the key, then the key itself, then a longer and a shorter one.
            var members: [(String, Int)] = []
            for position in 0..<length {
                var bytes = Array(key.utf8)
                bytes[position] ^= 0x01
                members.append((String(decoding: bytes, as: UTF8.self), position))
            }
            members.append((key, 1000))
            members.append((key + "x", 2000))
            if length > 1 { members.append((String(key.dropLast()), 3000)) }
            let json = "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            for (name, expected) in members {
                let decoder = ModelDecoder()
                decoder.userInfo[Lookup.wanted] = name
                #expect(try decoder.decode(Lookup.self, from: json).value == expected, "\(name) in \(json)")
            }
            let decoder = ModelDecoder()
            decoder.userInfo[Lookup.wanted] = key + "yz"
            #expect(try decoder.decode(Lookup.self, from: json).value == nil)
        }
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// Super decoders are objects of their own, as JSONDecoder's are: a type may hand them to other
// threads during its init(from:), and may make one per element of a large document.

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct Inner: Decodable, Equatable {
    var flag: Bool
    var count: Int
}

/// Moves a non-Sendable value to another thread; the test joins the threads before it checks.
private final class Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

private final class Readers: @unchecked Sendable {
    let group = DispatchGroup()
    let wrong = Lock(0)
}

/// Makes super decoders and reads them on other threads while its own decode goes on.
private struct Spawner: Decodable {
    static let readers = Readers()
    static let expected = Inner(flag: true, count: 42)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for _ in 0..<8 {
            let handoff = Handoff(try container.superDecoder(forKey: AnyKey("inner")))
            Self.readers.group.enter()
            DispatchQueue.global().async {
                for _ in 0..<20 where (try? Inner(from: handoff.value)) != Self.expected {
                    Self.readers.wrong.withLock { $0 += 1 }
                }
                Self.readers.group.leave()
            }
        }
    }
}

private class Animal: Decodable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws { name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name) }
}

/// The ordinary subclass pattern, plus one failing `try?` per element inside the super decoder.
private final class Dog: Animal {
    var age: Int?
    enum DogKeys: String, CodingKey { case age, parent }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DogKeys.self)
        age = try? container.decode(Int.self, forKey: .age)
        try super.init(from: container.superDecoder(forKey: .parent))
        _ = try? container.superDecoder(forKey: .parent).container(keyedBy: DogKeys.self).decode(Int.self, forKey: .age)
    }
}

struct CodableSuperDecoderTests {
    @Test func superDecodersReadOnOtherThreadsKeepTheirDocument() throws {
        let json = #"{"inner":{"flag":true,"count":42},"pad":"\#(String(repeating: "x", count: 64))"}"#
        for _ in 0..<20 {
            _ = try ModelDecoder().decode(Spawner.self, from: Array(json.utf8))
            // Other documents through the pooled engines while the readers still run.
            for other in 0..<20 {
                let inner = try ModelDecoder().decode(Inner.self, from: Array(#"{"flag":false,"count":\#(other)}"#.utf8))
                #expect(inner.count == other)
            }
        }
        Spawner.readers.group.wait()
        #expect(Spawner.readers.wrong.withLock { $0 } == 0)
    }

    @Test func errorsInSuperDecodersAreLocatedInOnePass() throws {
        let element = #"{"age":"old","parent":{"name":"rex"}}"#
        let json = "[" + Array(repeating: element, count: 2_000).joined(separator: ",\n") + "]"
        let indexed = Lock(0)
        let dogs = try LineIndex.$bytesIndexed.withValue(indexed) {
            try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode([Dog].self, from: json)
        }
        #expect(dogs.count == 2_000 && dogs.allSatisfy { $0.name == "rex" && $0.age == nil })
        // 4,000 located errors, one index of the document (a scan per error would be 4,000 × size/2).
        #expect(indexed.withLock { $0 } == json.utf8.count)
    }

    @Test func superDecoderErrorsHaveFoundationsPathAndAPosition() throws {
        let json = "[\n" + #"{"age":1,"parent":{"nom":"rex"}}"# + "]"
        do {
            _ = try ModelDecoder().decode([Dog].self, from: json)
            Issue.record("a missing key was accepted")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "name")
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.line == 2 && located.column == 19)
            do {
                _ = try JSONDecoder().decode([Dog].self, from: Data(json.utf8))
            } catch DecodingError.keyNotFound(_, let foundation) {
                #expect(context.codingPath.map(\.stringValue) == foundation.codingPath.map(\.stringValue))
            }
        }
    }
}

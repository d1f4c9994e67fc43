import Foundation
import Testing
@testable import ModelKitCore

/// `Decoder`s and containers may outlive the `decode` call that made them: a type can keep one to
/// read from later (lazy wrappers do). `JSONDecoder` allows it, so the bridge must too: a kept
/// decoder reads the document it was made for, not the caller's buffer as it is now, and not a
/// pooled engine another decode is using.
private struct KeepsDecoder: Decodable {
    let decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
}

private struct KeepsContainers: Decodable {
    let keyed: KeyedDecodingContainer<AnyKey>
    var unkeyed: any UnkeyedDecodingContainer
    let superDecoder: any Decoder

    init(from decoder: any Decoder) throws {
        keyed = try decoder.container(keyedBy: AnyKey.self)
        unkeyed = try keyed.nestedUnkeyedContainer(forKey: AnyKey("tags"))
        superDecoder = try keyed.superDecoder(forKey: AnyKey("inner"))
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Keeps a weak reference to its decoder (the test reads it on the same thread, right after).
private final class WeakDecoderBox: @unchecked Sendable { weak var decoder: AnyObject? }

private struct WeakSpy: Decodable {
    static let box = WeakDecoderBox()
    var name: String
    init(from decoder: any Decoder) throws {
        Self.box.decoder = decoder as AnyObject
        name = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey("name"))
    }
}

private struct Person: Decodable, Equatable {
    var name: String
    var id: Int
    var tags: [String]
}

private struct Inner: Decodable, Equatable {
    var flag: Bool
    var note: String
}

private struct Scored: Model, Equatable {
    var score = 0.0
    var label = ""
    static let schema = Schema(Scored.self) { Field("score", \.score); Field("label", \.label) }
}

extension Scored: SchemaCodable {}

/// Containers of nested values kept past their `init(from:)`: `JSONDecoder` gives each the coding
/// path of its value for good, whatever the decoder reads afterwards.
private struct KeepsNestedContainers: Decodable {
    struct Keyed: Decodable {
        let container: KeyedDecodingContainer<AnyKey>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: AnyKey.self) }
    }
    struct Unkeyed: Decodable {
        let container: any UnkeyedDecodingContainer
        init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
    }
    struct Single: Decodable {
        let container: any SingleValueDecodingContainer
        init(from decoder: any Decoder) throws { container = try decoder.singleValueContainer() }
    }
    var people: [Keyed]
    var tags: [Unkeyed]
    var flags: [Single]
}

private let nestedDocument = #"{"people":[{"id":1},{"id":[2]}],"tags":[["x"],["y",{"z":[3]}]],"flags":[true,{"no":1}]}"#

/// `people/Index 1/id`: a coding path as text both decoders spell the same way.
private func spelled(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: "/") }

/// The coding path of a `DecodingError`.
private func errorPath(_ body: () throws -> Void) -> String? {
    do { try body() } catch let error as DecodingError {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return spelled(context.codingPath)
        @unknown default: return nil
        }
    } catch {}
    return nil
}

private let document = #"{"name":"octo\"cat","id":7,"tags":["a","b\u00e9"],"inner":{"flag":true,"note":"n"},"scored":{"score":2.5,"label":"x"}}"#

struct CodableLifetimeTests {
    /// Overwrites the caller's buffer in place (it is uniquely referenced, so the storage the
    /// decode read is the storage overwritten) and runs other decodes, which take pooled engines.
    private func disturb(_ bytes: inout [UInt8]) throws {
        for index in bytes.indices { bytes[index] = UInt8(ascii: " ") }
        for _ in 0..<4 {
            let other = try ModelDecoder().decode(Person.self, from: #"{"name":"other","id":1,"tags":[]}"#)
            #expect(other.name == "other")
        }
    }

    @Test func aDecoderKeptPastTheDecodeReadsItsOwnDocument() throws {
        var bytes = Array(document.utf8)
        let kept = try ModelDecoder().decode(KeepsDecoder.self, from: bytes)
        try disturb(&bytes)
        #expect(try Person(from: kept.decoder) == Person(name: "octo\"cat", id: 7, tags: ["a", "bé"]))
        let container = try kept.decoder.container(keyedBy: AnyKey.self)
        #expect(Set(container.allKeys.map(\.stringValue)) == ["name", "id", "tags", "inner", "scored"])
        // A model inside takes the schema path, replayed from the tape.
        #expect(try container.decode(Scored.self, forKey: AnyKey("scored")) == Scored(score: 2.5, label: "x"))
        // Errors are still located in the kept document.
        #expect(throws: DecodingError.self) { try container.decode(Int.self, forKey: AnyKey("name")) }
    }

    @Test func containersAndSuperDecodersKeptPastTheDecodeReadTheirOwnDocument() throws {
        var bytes = Array(document.utf8)
        var kept = try ModelDecoder().decode(KeepsContainers.self, from: bytes)
        try disturb(&bytes)
        #expect(try kept.keyed.decode(String.self, forKey: AnyKey("name")) == "octo\"cat")
        #expect(try kept.unkeyed.decode(String.self) == "a")
        #expect(try kept.unkeyed.decode(String.self) == "bé")
        #expect(try Inner(from: kept.superDecoder) == Inner(flag: true, note: "n"))
    }

    @Test func aKeptDecoderFromDataOutlivesTheData() throws {
        // `Data` bridged from a String: the temporary storage is gone after the call.
        let kept = try ModelDecoder().decode(KeepsDecoder.self, from: Data(document.utf8))
        var bytes = Array(document.utf8)
        try disturb(&bytes)
        #expect(try Person(from: kept.decoder).tags == ["a", "bé"])
    }

    @Test func aDecodeWhoseDecodersAllEndedCopiesNothing() throws {
        let copies = Lock(0)
        try Tape.$inputCopies.withValue(copies) {
            let person = try ModelDecoder().decode(Person.self, from: Array(document.utf8))
            #expect(person.name == "octo\"cat")
            struct Holder: Decodable { var scored: Scored; var inner: Inner }
            _ = try ModelDecoder().decode(Holder.self, from: Array(document.utf8))
            #expect(throws: DecodingError.self) { try ModelDecoder().decode([Int].self, from: Array("[1,\"x\"]".utf8)) }
            #expect(copies.withLock { $0 } == 0)
            _ = try ModelDecoder().decode(KeepsDecoder.self, from: Array(document.utf8))
            _ = try ModelDecoder().decode(KeepsContainers.self, from: Array(document.utf8))
            #expect(copies.withLock { $0 } == 2)
        }
    }

    /// A pooled engine parks its tape for the next document: nothing of the previous one may
    /// steer a decode. Here a key search resumed where the last document's ended would start on
    /// the string "x" inside `b` and take it for the key.
    @Test func nothingOfThePreviousDocumentSteersTheNext() throws {
        struct Inner: Decodable { var x: Int }
        struct Outer: Decodable { var a: Inner }
        for _ in 0..<50 {
            #expect(try ModelDecoder().decode(Outer.self, from: #"{"a":{"x":1}}"#).a.x == 1)
            #expect(try ModelDecoder().decode(Outer.self, from: #"{"a":{"b":["x"],"x":2}}"#).a.x == 2)
        }
    }

    /// Options belong to one decode: a nested model must not be decoded with the unknown-keys
    /// policy of the document decoded before it on the same pooled engine.
    @Test func eachDecodeUsesItsOwnOptionsForNestedModels() throws {
        struct Wrapper: Decodable { var scored: Scored }
        let strict = ModelDecoder(options: DecodingOptions(unknownKeys: .fail))
        let withUnknownKey = #"{"scored":{"score":1,"label":"l","zzz":2}}"#
        for _ in 0..<20 {
            _ = try ModelDecoder().decode(Wrapper.self, from: #"{"scored":{"score":1,"label":"l"}}"#)
            #expect(throws: DecodingError.self) { try strict.decode(Wrapper.self, from: withUnknownKey) }
            _ = try strict.decode(Wrapper.self, from: #"{"scored":{"score":1,"label":"l"}}"#)
            #expect(try ModelDecoder().decode(Wrapper.self, from: withUnknownKey).scored.score == 1)
        }
    }

    /// A weak reference to the decoder does not keep it, as with `JSONDecoder`: once the decode
    /// returns it is gone, never a decoder serving the next document.
    @Test func aWeaklyHeldDecoderEndsWithItsDecode() throws {
        for _ in 0..<5 {
            #expect(try ModelDecoder().decode(WeakSpy.self, from: document).name == "octo\"cat")
            #expect(WeakSpy.box.decoder == nil)
        }
    }

    /// A container of a nested value, kept after its `init(from:)` returned, names its own value
    /// in `codingPath` and in its errors, as with `JSONDecoder`; it used to take the path of
    /// wherever the shared decoder was by then (`[]` after the decode).
    @Test func keptNestedContainersKeepTheirCodingPaths() throws {
        struct Point: Decodable { var z: Bool }
        let bytes = Array(nestedDocument.utf8)
        let ours = try ModelDecoder().decode(KeepsNestedContainers.self, from: bytes)
        let foundation = try JSONDecoder().decode(KeepsNestedContainers.self, from: Data(bytes))
        for (kept, name) in [(ours, "ModelKit"), (foundation, "Foundation")] {
            #expect(spelled(kept.people[1].container.codingPath) == "people/Index 1", "\(name)")
            #expect(errorPath { _ = try kept.people[1].container.decode(Int.self, forKey: AnyKey("id")) } == "people/Index 1/id", "\(name)")
            var unkeyed = kept.tags[1].container
            #expect(spelled(unkeyed.codingPath) == "tags/Index 1", "\(name)")
            #expect(try unkeyed.decode(String.self) == "y", "\(name)")
            var again = unkeyed
            #expect(errorPath { _ = try unkeyed.decode(Int.self) } == "tags/Index 1/Index 1", "\(name)")
            // A value decoded through a kept container is located under it too.
            #expect(errorPath { _ = try again.decode(Point.self) } == "tags/Index 1/Index 1/z", "\(name)")
        }
        // `JSONDecoder`'s single-value container is its decoder, which reads the top-level value
        // once the decode is over; the bridge's keeps its own value and path.
        #expect(try ours.flags[0].container.decode(Bool.self))
        #expect(errorPath { _ = try ours.flags[1].container.decode(Bool.self) } == "flags/Index 1")
    }

    /// A kept decoder needs the tape and the conversions, not the parser that built the tape:
    /// yajl's buffers are freed with the decode, whatever the type keeps.
    @Test func aKeptDecoderHoldsNoParser() throws {
        let kept = try ModelDecoder().decode(KeepsDecoder.self, from: Array(document.utf8))
        let decoder = try #require(kept.decoder as? BridgeDecoder)
        #expect(!(decoder.conversions is TapeSchemaReader))
        #expect(try Person(from: kept.decoder).tags == ["a", "bé"])
        #expect(throws: DecodingError.self) { try kept.decoder.container(keyedBy: AnyKey.self).decode(Int.self, forKey: AnyKey("name")) }
    }

    @Test func keptDecodersOnManyThreadsStayIndependent() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let json = #"{"name":"n\#(task)","id":\#(task),"tags":["\#(task)"]}"#
                    var bytes = Array(json.utf8)
                    let kept = try ModelDecoder().decode(KeepsDecoder.self, from: bytes)
                    try disturb(&bytes)
                    #expect(try Person(from: kept.decoder) == Person(name: "n\(task)", id: task, tags: ["\(task)"]))
                }
            }
            try await group.waitForAll()
        }
    }
}

extension CodableLifetimeTests {
    /// A pretty-printed document is read from a compacted copy whose storage is parked for the next
    /// compaction when the copy is done (`CompactionBuffers`): a decoder kept past the decode still
    /// reads its copy, while other pretty-printed documents of the same size are decoded.
    @Test func aKeptDecoderOfAPrettyDocumentKeepsItsCompactedCopy() throws {
        func pretty(_ name: String) -> [UInt8] {
            let tags = (0..<300).map { "\n        \"\(name)\($0)\"" }.joined(separator: ",")
            return Array("{\n    \"name\": \"\(name)\",\n    \"id\": 7,\n    \"tags\": [\(tags)\n    ]\n}".utf8)
        }
        let first = pretty("first")
        #expect(first.withUnsafeBytes { CompactedInput.ifWorthwhile($0) } != nil)  // the copy is made
        let kept = try ModelDecoder().decode(KeepsDecoder.self, from: first)
        for other in ["other", "again", "third"] {
            let person = try ModelDecoder().decode(Person.self, from: pretty(other))
            #expect(person.name == other && person.tags.count == 300)
        }
        let person = try Person(from: kept.decoder)
        #expect(person.name == "first" && person.tags.first == "first0" && person.tags.last == "first299")
    }
}

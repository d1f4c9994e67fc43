import Foundation
import Testing
@testable import ModelKitCore

/// A generic model: its schema is built on first use, per concrete type, through `Schema.cached`.
struct ConcurrencyBox<Value: ModelValue & Equatable & Sendable>: Model, Equatable, Sendable {
    var value: Value?
    var label = ""
    static var schema: Schema {
        Schema.cached(for: ConcurrencyBox<Value>.self) {
            Schema(ConcurrencyBox<Value>.self) {
                Field("value", \.value)
                Field("label", \.label)
            }
        }
    }
}

/// 16 tasks at once over shared decoders, schemas, caches and the engine pool. Each task checks
/// its own results, so a race shows as a wrong value here and as a report under
/// `scripts/test.sh --tsan --filter Concurrency`.
@Suite struct ConcurrencyTests {
    static let taskCount = 16
    static let rounds = 40

    static func book(_ task: Int, _ round: Int) -> Book {
        Book(name: "book \(task)-\(round) ü", pages: task * 1000 + round, desc: round.isMultiple(of: 2) ? "d\(round)" : nil,
             bookID: "id\(task)")
    }

    static func status(_ task: Int, _ round: Int) -> Status {
        var status = Status(id: Int64(task * 1000 + round), text: "t\(round)")
        status.user = User(id: Int64(task), name: "u\(task)", email: nil, tags: (0..<(round % 4)).map { "tag\($0)" })
        status.retweeted = [Status(id: -1, text: "inner \(task)")]
        return status
    }

    @Test func decodeEncodeAndArchiveTheSameAndDifferentTypesAtOnce() async throws {
        let decoder = ModelDecoder()
        let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var checked = 0
                    for round in 0..<Self.rounds {
                        // Half the tasks work on Book, half on Status (a different schema), all share the decoder.
                        if task.isMultiple(of: 2) {
                            let book = Self.book(task, round)
                            let json = try encoder.encode(book)
                            #expect(try decoder.decode(Book.self, from: json) == book)
                            #expect(try Archive.decode(Book.self, from: Archive.encode(book)) == book)
                            #expect(try Book(json: book.jsonString()).modelIsEqual(book))
                        } else {
                            let status = Self.status(task, round)
                            let json = try status.jsonBytes()
                            #expect(try decoder.decode(Status.self, from: json) == status)
                            #expect(try Archive.decode(Status.self, from: Archive.encode(status)) == status)
                            #expect(try [Status](json: "[\(String(decoding: json, as: UTF8.self))]") == [status])
                            #expect(status.modelDescription.contains("t\(round)"))
                        }
                        checked += 1
                    }
                    return checked
                }
            }
            var total = 0
            for try await checked in group { total += checked }
            #expect(total == Self.taskCount * Self.rounds)
        }
    }

    @Test func genericSchemasBuiltForTheFirstTimeConcurrently() async throws {
        // 16 concrete types none of which any other test uses: every schema is built here, and
        // every task asks for all of them in a different order.
        let builders: [@Sendable (Int) throws -> Bool] = [
            { try Self.roundTrip(ConcurrencyBox<Int>(value: $0, label: "a")) },
            { try Self.roundTrip(ConcurrencyBox<Int8>(value: Int8($0 % 100), label: "b")) },
            { try Self.roundTrip(ConcurrencyBox<Int16>(value: Int16($0), label: "c")) },
            { try Self.roundTrip(ConcurrencyBox<Int32>(value: Int32($0), label: "d")) },
            { try Self.roundTrip(ConcurrencyBox<Int64>(value: Int64($0), label: "e")) },
            { try Self.roundTrip(ConcurrencyBox<UInt>(value: UInt($0), label: "f")) },
            { try Self.roundTrip(ConcurrencyBox<UInt8>(value: UInt8($0 % 200), label: "g")) },
            { try Self.roundTrip(ConcurrencyBox<UInt16>(value: UInt16($0), label: "h")) },
            { try Self.roundTrip(ConcurrencyBox<UInt32>(value: UInt32($0), label: "i")) },
            { try Self.roundTrip(ConcurrencyBox<UInt64>(value: UInt64($0), label: "j")) },
            { try Self.roundTrip(ConcurrencyBox<Double>(value: Double($0) + 0.5, label: "k")) },
            { try Self.roundTrip(ConcurrencyBox<String>(value: "s\($0)", label: "l")) },
            { try Self.roundTrip(ConcurrencyBox<[Int]>(value: [$0, $0 + 1], label: "m")) },
            { try Self.roundTrip(ConcurrencyBox<[String: Int]>(value: ["k": $0], label: "n")) },
            { try Self.roundTrip(ConcurrencyBox<Set<Int>>(value: [$0], label: "o")) },
            { try Self.roundTrip(ConcurrencyBox<ConcurrencyBox<String>>(value: ConcurrencyBox<String>(value: "\($0)"), label: "p")) },
        ]
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var passed = 0
                    for step in 0..<builders.count {
                        let index = (task + step * 5) % builders.count
                        if try builders[index](task * 100 + step) { passed += 1 }
                    }
                    return passed
                }
            }
            var total = 0
            for try await passed in group { total += passed }
            #expect(total == Self.taskCount * builders.count)
        }
        #expect(ConcurrencyBox<Int>.schema.fieldNames == ["value", "label"])
    }

    static func roundTrip<Value>(_ box: ConcurrencyBox<Value>) throws -> Bool {
        let decoded = try ConcurrencyBox<Value>(json: box.jsonBytes())
        let restored = try Archive.decode(ConcurrencyBox<Value>.self, from: Archive.encode(box))
        return decoded == box && restored == box
    }

    @Test func enginePoolUnderContentionWithFailuresInterleaved() async throws {
        // More tasks than the pool parks (16), each alternating valid documents with failures of
        // every kind; a failure must never leave a pooled engine that changes a later result.
        let failures: [String] = [#"[]"2]][6"#, #"{"n": "#, #"{"p": "x"}"#, #"{"n":"a"} tail"#, "[", #"{"p": 1e999}"#]
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<(Self.taskCount * 2) {
                group.addTask {
                    var good = 0
                    for round in 0..<Self.rounds * 2 {
                        let expected = Book(name: "n\(task)", pages: round, desc: nil, bookID: nil)
                        let book = try Book(json: #"{"n":"n\#(task)","p":\#(round)}"#)
                        #expect(book == expected)
                        if book == expected { good += 1 }
                        let bad = failures[(task + round) % failures.count]
                        #expect(throws: ModelDecodingError.self) { try Book(json: bad) }
                        let values = try ModelDecoder().decode(JSONValue.self, from: "[\(round), {\"t\": \(task)}]")
                        #expect(values == [JSONValue(round), ["t": JSONValue(task)]])
                    }
                    return good
                }
            }
            var total = 0
            for try await good in group { total += good }
            #expect(total == Self.taskCount * 2 * Self.rounds * 2)
        }
    }

    @Test func streamsInParallelEachKeepItsOwnState() async throws {
        try await withThrowingTaskGroup(of: [Book].self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    let lines = (0..<Self.rounds).map { #"{"n":"s\#(task)","p":\#($0)}"# }.joined(separator: "\n")
                    let stream = ModelStreamDecoder<Book>()
                    var books: [Book] = []
                    var bytes = Array(lines.utf8)[...]
                    while !bytes.isEmpty {
                        let size = min(bytes.count, 1 + task)
                        books += try stream.feed(bytes.prefix(size))
                        bytes = bytes.dropFirst(size)
                    }
                    books += try stream.finish()
                    #expect(books.map(\.pages) == Array(0..<Self.rounds))
                    #expect(books.allSatisfy { $0.name == "s\(task)" })
                    return books
                }
            }
            var count = 0
            for try await books in group { count += books.count }
            #expect(count == Self.taskCount * Self.rounds)
        }
    }
}

import Foundation
import Testing
@testable import ModelKitCore

/// Byte chunks delivered asynchronously, counting how many were pulled.
final class ChunkSource: AsyncSequence, @unchecked Sendable {
    typealias Element = ArraySlice<UInt8>
    let bytes: [UInt8]
    let chunkSize: Int
    var pulled = 0

    init(_ text: String, chunkSize: Int) {
        bytes = Array(text.utf8)
        self.chunkSize = chunkSize
    }

    struct Iterator: AsyncIteratorProtocol {
        let source: ChunkSource
        var offset = 0
        mutating func next() async -> ArraySlice<UInt8>? {
            guard offset < source.bytes.count else { return nil }
            defer { offset += source.chunkSize }
            source.pulled += 1
            return source.bytes[offset..<Swift.min(offset + source.chunkSize, source.bytes.count)]
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }
}

/// Models delivered asynchronously.
struct ModelSource<M: Model>: AsyncSequence {
    let models: [M]
    struct Iterator: AsyncIteratorProtocol {
        var rest: ArraySlice<M>
        mutating func next() async -> M? { rest.popFirst() }
    }
    func makeAsyncIterator() -> Iterator { Iterator(rest: models[...]) }
}

@Suite struct AsyncStreamingTests {
    static let jsonLines = (1...20).map { #"{"n":"book \#($0)","p":\#($0)}"# }.joined(separator: "\n")

    func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var out: [S.Element] = []
        for try await element in sequence { out.append(element) }
        return out
    }

    @Test(arguments: [1, 3, 17, 4096])
    func jsonLinesInChunksOfAnySize(chunkSize: Int) async throws {
        let books = try await collect(ChunkSource(Self.jsonLines, chunkSize: chunkSize).decodeModels(Book.self))
        #expect(books.map(\.pages) == Array(1...20))
        #expect(books.last?.name == "book 20")
    }

    @Test func topLevelArray() async throws {
        let books = try await collect(ChunkSource(#"[{"n":"a"},{"n":"b"}]"#, chunkSize: 4).decodeModels(Book.self))
        #expect(books.map(\.name) == ["a", "b"])
    }

    @Test func modelsAreHandedOutBeforeTheInputEnds() async throws {
        // One model per line, one line per chunk: the first model is ready after the first pull.
        let lines = (1...5).map { #"{"p":\#($0)}"# + "\n" }.joined()
        let source = ChunkSource(lines, chunkSize: 8)
        var iterator = source.decodeModels(Book.self).makeAsyncIterator()
        #expect(try await iterator.next()?.pages == 1)
        #expect(source.pulled == 1)
        #expect(try await iterator.next()?.pages == 2)
        #expect(source.pulled == 2)
    }

    @Test func errorIsLocatedInTheWholeStreamAndEndsTheSequence() async throws {
        let text = #"{"p":1}"# + "\n" + #"{"p":2}"# + "\n" + #"{"n":"c","p":"x"}"# + "\n" + #"{"p":4}"#
        var iterator = ChunkSource(text, chunkSize: 5).decodeModels(Book.self, options: .server).makeAsyncIterator()
        #expect(try await iterator.next()?.pages == 1)
        #expect(try await iterator.next()?.pages == 2)
        let error = try await #require(throws: ModelDecodingError.self) { _ = try await iterator.next() }
        #expect(error.line == 3)
        #expect(error.path.hasSuffix(".p"))
        #expect(try await iterator.next() == nil)
    }

    @Test func truncatedInputIsAnError() async throws {
        await #expect(throws: ModelDecodingError.self) {
            _ = try await collect(ChunkSource(#"{"n":"a"}"# + "\n" + #"{"n":"#, chunkSize: 3).decodeModels(Book.self))
        }
    }

    @Test(arguments: [ModelStreamFormat.jsonLines, .array])
    func encodedStreamDecodesBackToTheSameModels(format: ModelStreamFormat) async throws {
        let books = (1...4).map { index in
            var book = Book()
            book.name = "b\(index)"
            book.pages = index
            return book
        }
        let bytes = try await collect(ModelSource(models: books).encodedAsJSON(format: format)).flatMap { $0 }
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case .jsonLines:
            #expect(text.split(separator: "\n").count == 4)
            #expect(text.hasSuffix("}\n"))
        case .array:
            #expect(try [Book](json: bytes) == books)
        }
        let stream = ModelStreamDecoder<Book>()
        #expect(try stream.feed(bytes) + stream.finish() == books)
    }

    @Test func emptyArrayStreamIsBrackets() async throws {
        var writer = ModelStreamEncoder<Book>(format: .array)
        #expect(writer.finish() == Array("[]".utf8))
        #expect(writer.finish().isEmpty)
        let none = try await collect(ModelSource<Book>(models: []).encodedAsJSON(format: .jsonLines))
        #expect(none.isEmpty)
    }
}

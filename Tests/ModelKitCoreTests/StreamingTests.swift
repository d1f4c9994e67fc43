import Foundation
import Testing
@testable import ModelKitCore

@Suite struct StreamingTests {
    static let jsonLines = """
    {"n":"a","p":1}
    {"n":"b\\u00e9","p":2,"ext":{"desc":"😀 \\ud83d\\ude00"}}

    {"n":"c","p":3}
    """

    func decodeAll<M: Model>(_ type: M.Type, _ bytes: [UInt8], chunk: Int) throws -> [M] {
        let stream = ModelStreamDecoder<M>()
        var out: [M] = []
        var i = 0
        while i < bytes.count {
            out += try stream.feed(bytes[i..<min(i + chunk, bytes.count)])
            i += chunk
        }
        return out + (try stream.finish())
    }

    @Test func chunkedInputOfAnySizeGivesTheSameModels() throws {
        let bytes = Array(Self.jsonLines.utf8)
        let whole = try decodeAll(Book.self, bytes, chunk: bytes.count)
        #expect(whole.map(\.name) == ["a", "bé", "c"])
        #expect(whole[1].desc == "😀 😀")
        for chunk in [1, 2, 3, 5, 7, 16] {
            #expect(try decodeAll(Book.self, bytes, chunk: chunk) == whole, "chunk size \(chunk)")
        }
    }

    @Test func topLevelArrayHandsOutEachElementAsSoonAsComplete() throws {
        let stream = ModelStreamDecoder<Book>()
        #expect(try stream.feed(Array(#"[{"n":"a"},"#.utf8)).map(\.name) == ["a"])
        #expect(try stream.feed(Array(#"{"n":"b"#.utf8)).isEmpty)
        #expect(try stream.feed(Array(#""}"#.utf8)).map(\.name) == ["b"])
        #expect(try stream.feed(Array("]".utf8)).isEmpty)
        #expect(try stream.finish().isEmpty)
    }

    /// A stream is one position in one input: every reference to it (it is a class) feeds that
    /// input, and an error seen through one is the error of all.
    @Test func everyReferenceFeedsTheSameStream() throws {
        let stream = ModelStreamDecoder<Book>()
        let other = stream
        #expect(try stream.feed(Array(#"[{"n":"a"},{"n":"#.utf8)).map(\.name) == ["a"])
        #expect(try other.feed(Array(#""b"}]"#.utf8)).map(\.name) == ["b"])
        #expect(try stream.finish().isEmpty)
        #expect(throws: ModelDecodingError.self) { try other.feed(Array("[]".utf8)) }
    }

    @Test func byteByByteMatchesWholeOnTheSameDocument() throws {
        let doc = Array(#"[{"id":1,"text":"x","user":{"id":2,"name":"n","tags":["a","b"]}},{"id":3,"retweeted":[{"id":4}]}]"#.utf8)
        let whole = try [Status](json: doc)
        let streamed = try decodeAll(Status.self, doc, chunk: 1)
        #expect(streamed == whole)
    }

    @Test func errorsCarryStreamPositions() throws {
        let bytes = Array("{\"n\":\"a\"}\n{\"n\":\"b\",\"p\":\"x\"}\n".utf8)
        let stream = ModelStreamDecoder<Book>()
        var got: [Book] = []
        var caught: ModelDecodingError?
        do {
            for byte in bytes { got += try stream.feed([byte]) }
            got += try stream.finish()
        } catch let error as ModelDecodingError {
            caught = error
        }
        #expect(got.map(\.name) == ["a"])
        let error = try #require(caught)
        #expect(error.path == "$[1].p")
        #expect(error.line == 2)
        #expect(error.column == 14)
        #expect(error.byteOffset == 23)
        // A failed stream stays failed.
        #expect(throws: ModelDecodingError.self) { try stream.feed(Array("{}".utf8)) }
    }

    @Test func truncatedStreamFailsAtFinish() throws {
        let stream = ModelStreamDecoder<Book>()
        _ = try stream.feed(Array(#"{"n":"a"#.utf8))
        #expect(throws: ModelDecodingError.self) { try stream.finish() }
    }

    @Test func dataAfterTheTopLevelArrayIsAnError() throws {
        let stream = ModelStreamDecoder<Book>()
        #expect(throws: ModelDecodingError.self) {
            _ = try stream.feed(Array(#"[{"n":"a"}] {"n":"b"}"#.utf8))
            _ = try stream.finish()
        }
    }

    @Test func hugeStringInTinyChunksIsLinear() throws {
        // 4 MB string in 64-byte chunks: yajl alone would rescan the partial string every chunk
        // (quadratic, minutes); the stream decoder holds strings back until they are whole.
        let payload = String(repeating: "abcdefgh", count: 512 * 1024)
        let bytes = Array("{\"n\":\"\(payload)\"}".utf8)
        let books = try decodeAll(Book.self, bytes, chunk: 64)
        #expect(books.count == 1)
        #expect(books[0].name.utf8.count == payload.utf8.count)
    }

    @Test func modelsAreHandedOverWithTheirBuffer() throws {
        let stream = ModelStreamDecoder<Book>()
        let many = "[" + Array(repeating: #"{"n":"a"}"#, count: 10_000).joined(separator: ",")
        #expect(try stream.feed(Array(many.utf8)).count == 10_000)
        // Nothing kept between calls: each later feed would allocate a buffer that large.
        #expect(stream.readyCapacity == 0)
        #expect(try stream.feed(Array(#","#.utf8)).isEmpty)
        #expect(stream.readyCapacity == 0)
        #expect(try stream.feed(Array(#"{"n":"b"}]"#.utf8)).map(\.name) == ["b"])
        #expect(try stream.finish().isEmpty)
    }

    @Test func aLongNumberRunBeforeAStringInTinyChunksIsLinear() throws {
        // 200,000 digits right before a 400,000-byte string, in 4-byte chunks: the run is held back
        // with the string, and was looked for again per chunk (10^10 byte tests, a hang).
        let bytes = Array(("[" + String(repeating: "1", count: 200_000) + "\"" + String(repeating: "x", count: 400_000) + "\"]").utf8)
        let error = try #require(throws: ModelDecodingError.self) { _ = try decodeAll(Book.self, bytes, chunk: 4) }
        guard case .syntax = error.reason else { Issue.record("\(error)"); return }
    }

    @Test func invalidBytesInAStreamArePositioned() throws {
        let stream = ModelStreamDecoder<Book>()
        _ = try stream.feed(Array(#"{"n":"a"}"#.utf8))
        let error = try #require(throws: ModelDecodingError.self) {
            _ = try stream.feed([0x0A, 0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D])
        }
        #expect(error.byteOffset == 16)
        #expect(error.line == 2)
    }
}

extension StreamingTests {
    /// A number that ends a stream is lexed only at `finish()`: it was reported at its end
    /// (offset 15), where a whole-document decode reports its start.
    @Test func aNumberEndingAStreamIsReportedAtItsStart() throws {
        let text = #"{"p":1} {"p":2} 300"#
        let stream = ModelStreamDecoder<Book>()
        #expect(try stream.feed(Array(text.utf8)).count == 2)
        let streamed = try #require(throws: ModelDecodingError.self) { try stream.finish() }
        let whole = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(Book.self, from: Array((String(repeating: " ", count: 16) + "300").utf8)) }
        #expect(whole.byteOffset == 16 && whole.column == 17)
        #expect(streamed.byteOffset == whole.byteOffset && streamed.column == whole.column && streamed.line == whole.line, "\(streamed) vs \(whole)")
    }

    /// A byte order mark before `null`: column 1 in a stream, column 2 as a whole document.
    @Test func aByteOrderMarkCountsTheSameInAStream() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("null".utf8)
        let whole = try #require(throws: ModelDecodingError.self) { try ModelDecoder(options: .server).decode(Book.self, from: bytes) }
        for chunk in [1, 2, 7] {
            let stream = ModelStreamDecoder<Book>(options: .server)
            var streamed: ModelDecodingError?
            do {
                var start = 0
                while start < bytes.count {
                    _ = try stream.feed(Array(bytes[start..<min(start + chunk, bytes.count)]))
                    start += chunk
                }
                _ = try stream.finish()
            } catch let error as ModelDecodingError { streamed = error }
            #expect(streamed?.column == whole.column && streamed?.byteOffset == whole.byteOffset, "chunks of \(chunk): \(String(describing: streamed)) vs \(whole)")
        }
    }
}

/// Models decoded from an asynchronous sequence of byte chunks (a request body, a file read in
/// pieces, a socket): a top-level array of models or JSON Lines, each model handed out as soon as
/// it is complete. Memory stays bounded by one model plus one chunk, whatever the input's size.
///
/// ```swift
/// for try await book in chunks.decodeModels(Book.self, options: .server) { print(book.name) }
/// ```
///
/// Errors are located ``ModelDecodingError``s (path like `$[12].name`, line and column in the
/// whole stream), or whatever the chunk sequence throws. After an error the sequence ends.
public struct AsyncModelSequence<Chunks: AsyncSequence, M: ModelValue>: AsyncSequence where Chunks.Element: Collection<UInt8> {
    public typealias Element = M

    private let chunks: Chunks
    private let options: DecodingOptions

    /// Models decoded from `chunks` with `options` (the limits bound each record).
    public init(_ chunks: Chunks, of type: M.Type = M.self, options: DecodingOptions = DecodingOptions()) {
        self.chunks = chunks
        self.options = options
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), stream: ModelStreamDecoder<M>(options: options))
    }

    /// Pulls chunks only when the models of the previous one are used up.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: Chunks.AsyncIterator
        private let stream: ModelStreamDecoder<M>
        /// The models the last chunk completed, not handed out yet.
        private var ready: [M] = []
        private var readyIndex = 0
        private var isDone = false

        init(chunks: Chunks.AsyncIterator, stream: ModelStreamDecoder<M>) {
            self.chunks = chunks
            self.stream = stream
        }

        public mutating func next() async throws -> M? {
            while true {
                if readyIndex < ready.count {
                    defer { readyIndex += 1 }
                    return ready[readyIndex]
                }
                if isDone { return nil }
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                do {
                    if let chunk = try await chunks.next() {
                        ready = try stream.feed(chunk)
                    } else {
                        isDone = true
                        ready = try stream.finish()
                    }
                } catch {
                    isDone = true
                    throw error
                }
            }
        }
    }
}

extension AsyncSequence where Element: Collection<UInt8> {
    /// The models in these byte chunks (JSON Lines or a top-level array), as they complete.
    public func decodeModels<M: ModelValue>(_ type: M.Type, options: DecodingOptions = DecodingOptions()) -> AsyncModelSequence<Self, M> {
        AsyncModelSequence(self, of: type, options: options)
    }
}

/// How a stream of models is laid out.
public enum ModelStreamFormat: Sendable, Equatable {
    /// One model per line, each line ending in `\n` (`application/jsonl`).
    case jsonLines
    /// One JSON array: `[`, the models separated by `,`, `]`.
    case array
}

/// Writes models one at a time as JSON Lines or as one top-level array, so a response or file of
/// any length is produced with memory bounded by one model.
///
/// ```swift
/// var writer = ModelStreamEncoder<Book>(format: .array)
/// for book in books { send(try writer.encode(book)) }
/// send(writer.finish())
/// ```
// Over `ModelValue`: a stream of tagged enums is written the same way as one of models.
public struct ModelStreamEncoder<M: ModelValue> {
    /// How the models are laid out.
    public typealias Format = ModelStreamFormat

    /// The layout of the output.
    public let format: Format
    /// The options each model is written with (pretty printing makes JSON Lines multi-line:
    /// still a valid whitespace-separated JSON stream, no longer one model per line).
    public let options: EncodingOptions
    private var count = 0
    private var isFinished = false

    /// A writer of `format` (JSON Lines by default).
    public init(format: Format = .jsonLines, options: EncodingOptions = EncodingOptions()) {
        self.format = format
        self.options = options
    }

    /// The bytes that add `model` to the output: the model with its separator (and, for the first
    /// model of an array, the opening bracket).
    public mutating func encode(_ model: M) throws -> [UInt8] {
        precondition(!isFinished, "ModelStreamEncoder.encode(_:) after finish()")
        let writer = JSONWriter(options: options)
        try model._visit(writer)
        writer.recordSizeHint()
        let json = writer.bytes
        defer { count += 1 }
        switch format {
        case .jsonLines:
            return json + [UInt8(ascii: "\n")]
        case .array:
            return [UInt8(ascii: count == 0 ? "[" : ",")] + json
        }
    }

    /// The bytes that end the output: `]` (or `[]` when no model was written) for an array,
    /// nothing for JSON Lines.
    public mutating func finish() -> [UInt8] {
        guard !isFinished else { return [] }
        isFinished = true
        switch format {
        case .jsonLines: return []
        case .array: return count == 0 ? Array("[]".utf8) : [UInt8(ascii: "]")]
        }
    }
}

/// The JSON bytes of models arriving asynchronously, one element per model (the last element
/// also closes an array). Made by ``_Concurrency/AsyncSequence/encodedAsJSON(format:options:)``.
public struct AsyncModelEncodingSequence<Models: AsyncSequence>: AsyncSequence where Models.Element: ModelValue {
    public typealias Element = [UInt8]

    private let models: Models
    private let format: ModelStreamFormat
    private let options: EncodingOptions

    init(models: Models, format: ModelStreamFormat, options: EncodingOptions) {
        self.models = models
        self.format = format
        self.options = options
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(models: models.makeAsyncIterator(), encoder: ModelStreamEncoder(format: format, options: options))
    }

    /// Encodes the next model when asked: nothing is buffered ahead.
    public struct Iterator: AsyncIteratorProtocol {
        private var models: Models.AsyncIterator
        private var encoder: ModelStreamEncoder<Models.Element>
        private var isDone = false

        init(models: Models.AsyncIterator, encoder: ModelStreamEncoder<Models.Element>) {
            self.models = models
            self.encoder = encoder
        }

        public mutating func next() async throws -> [UInt8]? {
            guard !isDone else { return nil }
            do {
                if let model = try await models.next() {
                    return try encoder.encode(model)
                }
            } catch {
                isDone = true
                throw error
            }
            isDone = true
            let tail = encoder.finish()
            return tail.isEmpty ? nil : tail
        }
    }
}

extension AsyncSequence where Element: ModelValue {
    /// These models as JSON Lines or one JSON array, one chunk of bytes per model.
    public func encodedAsJSON(format: ModelStreamFormat = .jsonLines, options: EncodingOptions = EncodingOptions()) -> AsyncModelEncodingSequence<Self> {
        AsyncModelEncodingSequence(models: self, format: format, options: options)
    }
}

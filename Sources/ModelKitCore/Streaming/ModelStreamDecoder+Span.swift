// `ModelStreamDecoder.feed` over spans: each chunk is read in place, like a byte collection's.

extension ModelStreamDecoder {
    /// Consumes the next chunk, a `RawSpan` read in place, and returns the models it completed.
    public func feed(_ chunk: RawSpan) throws -> [M] {
        try chunk.withUnsafeBytes { try feedBytes($0) }
    }

    /// Consumes the next chunk, a `Span<UInt8>` read in place, and returns the models it completed.
    public func feed(_ chunk: Span<UInt8>) throws -> [M] {
        try chunk.withUnsafeBytes { try feedBytes($0) }
    }

    /// Consumes the next chunk, a `UTF8Span` read in place, and returns the models it completed.
    /// (A chunk's UTF-8 is checked as any chunk's: a sequence may be cut between chunks.)
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    public func feed(_ chunk: UTF8Span) throws -> [M] {
        try chunk.span.withUnsafeBytes { try feedBytes($0) }
    }
}

extension DecodingOptions {
    /// Options for untrusted input, such as a server's request bodies: strict conversion, unknown
    /// keys ignored, dates as `.automatic`, bounded sizes (``DecodingLimits/server``), and a
    /// repeated key rejected (a parser in front of the server may have kept the other value).
    ///
    /// Lenient conversion (the library default, YYModel's table) would turn `"user":"octocat"`
    /// into an empty user and `"title":null` into a kept default; under `.server` both are a
    /// located ``ModelDecodingError``, which the server integrations answer with a 400.
    ///
    /// ```swift
    /// let decoder = ModelDecoder(options: .server)
    /// ```
    public static var server: DecodingOptions {
        DecodingOptions(conversion: .strict, mismatch: .fail, unknownKeys: .ignore, dates: .automatic, limits: .server, duplicateKeys: .reject)
    }
}

extension DecodingLimits {
    /// Bounds for request bodies: 8 MiB of input, 1 MiB per string or key, nesting 64 deep,
    /// 1,000,000 elements (about 64 MB decoded; see ``maxElements``).
    ///
    /// 8 MiB is four times Hummingbird's default upload limit and far above any JSON API payload;
    /// 1 MiB strings still admit inline base64 attachments of a few hundred KB; real API documents
    /// nest fewer than 20 levels, and 64 keeps the parser's work per byte small on hostile input;
    /// 8 MiB of small objects (`{"id":1,"v":2}`) count about 550,000 elements.
    /// In a stream (``ModelStreamDecoder``) the limits bound each record.
    public static var server: DecodingLimits {
        DecodingLimits(maxDepth: 64, maxInputBytes: 8 << 20, maxStringBytes: 1 << 20, maxElements: 1_000_000)
    }
}

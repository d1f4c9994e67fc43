/// How models become JSON text.
public struct EncodingOptions: Sendable {
    /// Two-space indentation, one member per line, `": "` after keys.
    public var prettyPrinted: Bool
    /// Object keys in byte order (stable output for diffs and signatures).
    public var sortedKeys: Bool

    public init(prettyPrinted: Bool = false, sortedKeys: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
    }

    /// Readable output: ``prettyPrinted`` set.
    public static let prettyPrinted = EncodingOptions(prettyPrinted: true)
}

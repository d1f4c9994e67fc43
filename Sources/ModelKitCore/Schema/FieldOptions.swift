/// Per-field behaviour flags.
public struct FieldOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    /// Options from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Never read from or written to JSON (still archived and described).
    public static let notMapped = FieldOptions(rawValue: 1 << 0)
    /// Left out of archives.
    public static let notArchived = FieldOptions(rawValue: 1 << 1)
    /// Hidden from `modelDescription` (passwords, tokens).
    public static let notDescribed = FieldOptions(rawValue: 1 << 2)
    /// Decoding fails with `.missingKey` when none of the field's keys is present.
    public static let required = FieldOptions(rawValue: 1 << 3)
}

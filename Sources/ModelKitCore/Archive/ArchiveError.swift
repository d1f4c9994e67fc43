/// Why an archive could not be written or read.
public enum ArchiveError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The bytes end before the archive does.
    case truncated
    /// The integrity check failed: the archive was corrupted (or edited) after it was written.
    case checksumMismatch
    /// These bytes are not a ModelKit archive.
    case notAnArchive(String)
    /// The archive holds another model type (`found`: its name, at most 40 bytes of it).
    case wrongModelType(expected: String, found: String)
    /// Written by a newer ModelKit, with a format this version cannot read.
    case newerFormatVersion(Int)
    /// A field could not be read back (for example its type changed): the decoding error, with the field's path.
    case invalidContent(ModelDecodingError)
    /// A file operation failed.
    case fileError(path: String, message: String)

    public var description: String {
        switch self {
        case .truncated: return "archive is truncated"
        case .checksumMismatch: return "archive is corrupted (checksum mismatch)"
        case .notAnArchive(let why): return "not a ModelKit archive: \(why)"
        case .wrongModelType(let expected, let found): return "archive holds a \(found), not a \(expected)"
        case .newerFormatVersion(let version): return "archive format \(version) is newer than this ModelKit reads (\(Archive.formatVersion))"
        case .invalidContent(let error): return "archive content does not fit the model: \(error)"
        case .fileError(let path, let message): return "\(path): \(message)"
        }
    }
}

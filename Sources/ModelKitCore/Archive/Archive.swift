#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc // strerror
#endif

/// Persists models as CBOR (RFC 8949), through the same schema tables as JSON.
///
/// ```swift
/// let archived: [UInt8] = try Archive.encode(book)
/// let restored = try Archive.decode(Book.self, from: archived)
/// try Archive.write(book, to: fileURL)            // atomic and durable
/// let fromDisk = try Archive.read(Book.self, from: fileURL)
/// ```
///
/// ## Format (version 1)
///
/// A CBOR self-described item (tag 55799) holding a 5-element array:
///
/// 1. the text `"ModelKit"`;
/// 2. the format version (unsigned integer, `1`);
/// 3. the model's type name (text, e.g. `"Book"`);
/// 4. the payload: the model as a map keyed by **field name** (not JSON key) — every field
///    except `.notArchived` ones; nested models as maps; arrays and sets as arrays; `[String: V]`
///    as maps; `nil` as `null`; integers as CBOR integers (exact to `UInt64.max`/`Int64.min`);
///    `Double` as float64 and `Float` as float32 (bit-exact); `Decimal` as its decimal text;
///    `JSONValue` numbers as integers or tag 4 decimal fractions (bignum mantissas when long);
///    `Date` as tag 1 with float64 seconds since 1970 (sub-microsecond for present-day dates);
///    `Data` as byte strings; `URL`/`UUID`/enums as their string or raw value;
/// 5. CRC-32C (Castagnoli) of every byte before this element, as an unsigned integer.
///
/// Reading is keyed by name, so a field added later gets its default and a removed field is
/// ignored. A field whose type changed is converted with the lenient JSON rules (number ↔
/// string, …) and otherwise fails with ``ArchiveError/invalidContent(_:)`` naming the field.
public enum Archive {
    /// The format version written (and the newest one read).
    public static let formatVersion = 1
    static let magic = "ModelKit"

    /// The archive bytes of `model`. Throws a ``ModelEncodingError`` for a value nested deeper
    /// than ``decode(_:from:)`` reads (512 levels, `DecodingLimits`' default `maxDepth`), rather
    /// than write an archive that could not be read back.
    public static func encode<M: Model>(_ model: M) throws -> [UInt8] {
        let schema = type(of: model).schema
        let layout = schema.archiveLayout
        let writer = CBORWriter(capacity: max(256, layout.lastArchiveSize.value + 16))
        writer.head(6, 55799)
        writer.head(4, 5)
        writer.text(magic)
        writer.head(0, UInt64(formatVersion))
        writer.text(schema.typeName)
        try model._visit(writer)
        let checksum = CRC32C.checksum(writer.written)
        writer.head(0, UInt64(checksum))
        layout.lastArchiveSize.record(writer.written.count)
        return writer.bytes
    }

    /// Reads a model of exactly `type` back (the archive must hold a `type`).
    public static func decode<M: Model, Bytes: Collection<UInt8>>(_ type: M.Type, from bytes: Bytes) throws -> M {
        try withJSONBytes(bytes) { try decode(type, $0, into: nil) }
    }

    /// Reads an archive into an existing instance (the NSCoding bridge uses this for `init?(coder:)`).
    static func decode<M: Model>(_ type: M.Type, _ bytes: UnsafeRawBufferPointer, into existing: M?) throws -> M {
        var reader = CBORReader(bytes)
        let payloadStart: Int
        let payloadEnd: Int
        do {
            guard try reader.byte() == 0xD9, try reader.byte() == 0xD9, try reader.byte() == 0xF7 else {
                throw ArchiveError.notAnArchive("no CBOR self-describe tag")
            }
            guard try reader.byte() == 0x85 else { throw ArchiveError.notAnArchive("unexpected header") }
            guard try reader.text() == magic else { throw ArchiveError.notAnArchive("missing the \"ModelKit\" marker") }
            let version = try reader.unsigned()
            let name = try reader.text()
            payloadStart = reader.offset
            try reader.skipItem()
            payloadEnd = reader.offset
            let stored = try reader.unsigned()
            guard reader.offset == bytes.count else { throw ArchiveError.notAnArchive("unexpected bytes after the archive") }
            let computed = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<payloadEnd]))
            guard stored == UInt64(computed) else { throw ArchiveError.checksumMismatch }
            guard version <= UInt64(formatVersion) else { throw ArchiveError.newerFormatVersion(Int(clamping: version)) }
            let expected = (existing.map { Swift.type(of: $0) } ?? type).schema.typeName
            guard name == expected else { throw ArchiveError.wrongModelType(expected: expected, found: ModelDecodingError.quoted(name)) }
        } catch CBORReader.Failure.truncated {
            throw ArchiveError.truncated
        } catch CBORReader.Failure.malformed(let why) {
            throw ArchiveError.notAnArchive(why)
        }
        return try decodePayload(type, UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<payloadEnd]), into: existing)
    }

    /// Writes `model` to `url` atomically and durably: a temporary file in the same directory,
    /// written and `fsync`ed, renamed over `url`, then the directory `fsync`ed. A crash at any
    /// point leaves the old file or the new one, never a torn one; no temporary file stays behind.
    public static func write<M: Model>(_ model: M, to url: URL) throws {
        try AtomicFile.write(try encode(model), to: url)
    }

    /// Reads the model archived at `url`.
    public static func read<M: Model>(_ type: M.Type, from url: URL) throws -> M {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ArchiveError.fileError(path: url.path, message: fileErrorMessage(error))
        }
        return try decode(type, from: data)
    }
}

/// A file error in a person's words. FoundationEssentials has no `localizedDescription`: the
/// system's message for the underlying POSIX error (`No such file or directory`).
private func fileErrorMessage(_ error: any Error) -> String {
    #if canImport(FoundationEssentials)
    let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError)
    if let posix { return String(cString: strerror(posix.code.rawValue)) }
    return "\(error)"
    #else
    return (error as NSError).localizedDescription
    #endif
}

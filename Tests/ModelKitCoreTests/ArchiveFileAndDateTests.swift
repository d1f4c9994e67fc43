import Foundation
import Testing
@testable import ModelKitCore

/// What `Archive.write` does to modes, links and leftovers; dates that cannot be written.
@Suite struct ArchiveFileAndDateTests {
    func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func mode(_ path: String) throws -> Int {
        try ((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue).map { $0 & 0o7777 } ?? -1
    }

    @Test func rewritingKeepsTheFilesModeAndANewFileHonoursTheUmask() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.archive")
        try Archive.write(ArchivedBook(name: "a"), to: secret)
        #expect(try mode(secret.path) == 0o666 & ~currentUmask())
        chmod(secret.path, 0o600)
        try Archive.write(ArchivedBook(name: "b"), to: secret)
        #expect(try mode(secret.path) == 0o600)
        #expect(try Archive.read(ArchivedBook.self, from: secret).name == "b")
    }

    @Test func writingThroughASymlinkReplacesItsTarget() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.appendingPathComponent("real.archive")
        let link = directory.appendingPathComponent("link.archive")
        try Archive.write(ArchivedBook(name: "old"), to: real)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.archive")
        try Archive.write(ArchivedBook(name: "new"), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.archive")
        #expect(try Archive.read(ArchivedBook.self, from: real).name == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.archive", "real.archive"])
    }

    @Test func staleTemporariesOfTheTargetAreRemovedByTheNextWrite() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state.archive")
        // What a writer killed before its rename leaves behind, an hour ago and just now.
        let stale = directory.appendingPathComponent(".state.archive.tmp-AbC123").path
        let fresh = directory.appendingPathComponent(".state.archive.tmp-XyZ789").path
        let other = directory.appendingPathComponent(".other.archive.tmp-AbC123").path
        for path in [stale, fresh, other] { _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])) }
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        for path in [stale, other] { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: path) }
        try Archive.write(ArchivedBook(name: "x"), to: file)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == [".other.archive.tmp-AbC123", ".state.archive.tmp-XyZ789", "state.archive"])
    }

    func currentUmask() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    // MARK: dates

    @Test func datesOutsideYearsZeroTo9999AreRefusedWithTheirPath() throws {
        let encoder = ModelEncoder()
        for seconds in [-62_167_219_201.0, 253_402_300_800, 1e300, -1e300] {
            let error = try #require(throws: ModelEncodingError.self) { try encoder.encode(DateHolder(when: Date(timeIntervalSince1970: seconds))) }
            #expect(error.path == "$.when")
        }
        // Both ends of the range are written and read back.
        for seconds in [-62_167_219_200.0, 253_402_300_799.5] {
            let holder = DateHolder(when: Date(timeIntervalSince1970: seconds))
            let bytes = try encoder.encode(holder)
            #expect(try DateHolder(json: bytes) == holder, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // As a JSONValue too: the decoder refuses such dates (DateRangeTests), so no form would read back.
        let far = Date(timeIntervalSince1970: 1e12)
        #expect(throws: ModelEncodingError.self) { try far.encodeModelValue(options: EncodingOptions()) }
    }
}

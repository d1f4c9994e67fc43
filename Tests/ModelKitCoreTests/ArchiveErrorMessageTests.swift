import Foundation
import Testing
@testable import ModelKitCore

/// Archive errors quote at most a short prefix of what the archive holds: a crafted archive must
/// not turn into a huge error message (or a huge 400 body on a server that reports it).
@Suite struct ArchiveErrorMessageTests {
    /// An archive of `book` whose header names the type `name` instead (checksum recomputed).
    private func archive(of book: Book, namingType name: String) throws -> [UInt8] {
        let real = try Archive.encode(book)
        // Header: tag 55799 (3 bytes), array of 5 (1), "ModelKit" (9), version (1), then the type name.
        var offset = 3 + 1 + 9 + 1
        let head = real[offset]
        #expect(head >> 5 == 3)
        let realNameLength = Int(head & 31) < 24 ? Int(head & 31) : Int(real[offset + 1])
        offset += (Int(head & 31) < 24 ? 1 : 2) + realNameLength
        var bytes = Array(real[0..<(3 + 1 + 9 + 1)])
        let utf8 = Array(name.utf8)
        bytes.append(0x7A)
        withUnsafeBytes(of: UInt32(utf8.count).bigEndian) { bytes.append(contentsOf: $0) }
        bytes += utf8
        // The payload and the checksum follow the name; the checksum covers everything before it.
        let payloadLength = try real.withUnsafeBytes { raw -> Int in
            var reader = CBORReader(UnsafeRawBufferPointer(rebasing: raw[offset...]))
            try reader.skipItem()
            return reader.offset
        }
        bytes += real[offset..<(offset + payloadLength)]
        let crc = bytes.withUnsafeBytes { CRC32C.checksum($0) }
        bytes.append(0x1A)
        withUnsafeBytes(of: crc.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func aWrongTypeNameIsQuotedShortly() throws {
        let book = Book()
        let longName = String(repeating: "X", count: 100_000)
        let error = try #require(throws: ArchiveError.self) { try Archive.decode(Book.self, from: try archive(of: book, namingType: longName)) }
        guard case .wrongModelType(_, let found) = error else { Issue.record("\(error)"); return }
        #expect(found.hasSuffix("(100000 bytes)"), "\(found.prefix(60))")
        #expect(error.description.utf8.count < 200)
        // A short foreign name is named whole.
        let short = try #require(throws: ArchiveError.self) { try Archive.decode(Book.self, from: try archive(of: book, namingType: "Other")) }
        #expect(short.description.contains("Other"))
    }
}

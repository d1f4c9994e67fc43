import Foundation
import Testing
@testable import ModelKitCore

// What the archive reader bounds in hostile archives: nesting, tag chains, bignum sizes, dates
// out of range. Each is a located `ArchiveError`, before any work proportional to the bomb.

private struct Holder: Model, Equatable {
    var any: JSONValue = .null
    var when = Date(timeIntervalSince1970: 0)
    static let schema = Schema(Holder.self) {
        Field("any", \.any)
        Field("when", \.when)
    }
}

/// Builds an archive of `Holder` whose `any` field holds `payload` (raw CBOR), with a valid
/// checksum unless `corruptChecksum`.
private func archive(anyField payload: [UInt8], corruptChecksum: Bool = false) -> [UInt8] {
    archive(member: "any", payload, corruptChecksum: corruptChecksum)
}

private func archive(member: String, _ payload: [UInt8], corruptChecksum: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = [0xD9, 0xD9, 0xF7, 0x85]
    func text(_ s: String) {
        let utf8 = Array(s.utf8)
        precondition(utf8.count < 24)
        bytes.append(0x60 | UInt8(utf8.count))
        bytes += utf8
    }
    text("ModelKit")
    bytes.append(0x01)
    text("Holder")
    bytes.append(0xA1)  // map of one member
    text(member)
    bytes += payload
    var crc = UInt64(bytes.withUnsafeBytes { CRC32C.checksum($0) })
    if corruptChecksum { crc ^= 1 }
    bytes.append(0x1B)
    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: crc >> UInt64(shift))) }
    return bytes
}

/// `levels` nested one-element arrays around a 0 (1 byte per level).
private func nestedArrays(_ levels: Int) -> [UInt8] {
    [UInt8](repeating: 0x81, count: levels) + [0x00]
}

/// A chain of `count` tags (tag 6 + 16 = 0xD6, an unassigned tag) around a 0.
private func tagChain(_ count: Int) -> [UInt8] {
    [UInt8](repeating: 0xD6, count: count) + [0x00]
}

/// A bignum (tag 2) with a `size`-byte magnitude.
private func bignum(_ size: Int) -> [UInt8] {
    var bytes: [UInt8] = [0xC2, 0x5A]
    for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: size >> shift)) }
    return bytes + [UInt8](repeating: 0xFF, count: size)
}

private func expectArchiveError(_ bytes: [UInt8], _ comment: Comment) {
    #expect(throws: ArchiveError.self, comment) { try Archive.decode(Holder.self, from: bytes) }
}

@Suite struct ArchiveLimitsTests {
    @Test func theHelpersBuildValidArchives() throws {
        #expect(try Archive.decode(Holder.self, from: archive(anyField: nestedArrays(3))).any == [[[0]]])
        #expect(try Archive.decode(Holder.self, from: archive(anyField: tagChain(3))).any == 0)
        #expect(try Archive.decode(Holder.self, from: archive(anyField: bignum(9))).any == JSONValue.number(JSONNumber(uncheckedText: "4722366482869645213695")))
    }

    // A million nested arrays recursed once per level (skipping to find the checksum, then
    // feeding): a stack overflow before any check. Depth is bounded like JSON's maxDepth.
    @Test func deepNestingIsBoundedBeforeTheChecksum() {
        for levels in [600, 1_000_000] {
            expectArchiveError(archive(anyField: nestedArrays(levels)), "\(levels) levels")
            expectArchiveError(archive(anyField: nestedArrays(levels), corruptChecksum: true), "\(levels) levels, bad CRC")
        }
        for count in [10_000, 1_000_000] {
            expectArchiveError(archive(anyField: tagChain(count)), "\(count) tags")
            expectArchiveError(archive(anyField: tagChain(count), corruptChecksum: true), "\(count) tags, bad CRC")
        }
        // Within the bound still decodes.
        #expect(throws: Never.self) { try Archive.decode(Holder.self, from: archive(anyField: nestedArrays(400))) }
    }

    // A 100 KB bignum took quadratic time to turn into decimal text: sizes are bounded.
    /// A recursive model, as deep as one likes.
    private final class Chain: Model, @unchecked Sendable {
        var next: Chain?
        required init() {}
        static let schema = Schema(Chain.self) { Field("next", \.next) }
    }

    /// `levels` nodes, each the `link` of the one before; and how many a chain holds.
    private func chain<Node: Model & AnyObject>(_ levels: Int, _ link: ReferenceWritableKeyPath<Node, Node?>) -> Node {
        let head = Node()
        var tail = head
        for _ in 1..<levels {
            let next = Node()
            tail[keyPath: link] = next
            tail = next
        }
        return head
    }

    private func length<Node: AnyObject>(of head: Node?, _ link: KeyPath<Node, Node?>) -> Int {
        var levels = 0
        var node = head
        while let current = node { levels += 1; node = current[keyPath: link] }
        return levels
    }

    /// An archive is written only if it can be read back: one nested deeper than `decode`
    /// reads (its default `maxDepth`) was written and could never be read ("nesting deeper
    /// than maxDepth (512)").
    @Test func archivesAreWrittenNoDeeperThanTheyAreRead() throws {
        let limit = DecodingLimits().maxDepth
        let readable = try Archive.encode(chain(limit, \Chain.next))
        #expect(length(of: try Archive.decode(Chain.self, from: readable), \.next) == limit)
        let error = try #require(throws: ModelEncodingError.self) { try Archive.encode(chain(limit + 1, \Chain.next)) }
        #expect(error.message.contains("could not be read back"))
    }

    /// Polymorphic models nest within `maxBufferedNesting` when read: no deeper when written.
    @Test func polymorphicArchivesAreWrittenNoDeeperThanTheyAreRead() throws {
        let bound = DecodingLimits.maxBufferedNesting
        let read = try Archive.decode(ReplayPolyNode.self, from: Archive.encode(chain(bound, \ReplayPolyNode.child)))
        #expect(length(of: read, \.child) == bound)
        #expect(throws: ModelEncodingError.self) { try Archive.encode(chain(bound + 1, \ReplayPolyNode.child)) }
    }

    @Test func hugeBignumsAreRejected() {
        expectArchiveError(archive(anyField: bignum(100_000)), "100 KB bignum")
        expectArchiveError(archive(anyField: bignum(100_000), corruptChecksum: true), "100 KB bignum, bad CRC")
    }

    // A tag-1 date of 1e300 seconds, or infinity, made a Date no writer can print.
    @Test func archivedDatesOutOfRangeAreRejected() throws {
        for seconds in [1e300, -1e300, Double.infinity, Double.nan, 253_402_300_800.0] {
            // Tag 1 around a float64, as the writer stores dates.
            var date: [UInt8] = [0xC1, 0xFB]
            for i in 0..<8 { date.append(UInt8(truncatingIfNeeded: seconds.bitPattern >> UInt64(56 - 8 * i))) }
            let bytes = archive(member: "when", date)
            let error = try #require(throws: ArchiveError.self, "\(seconds)") { try Archive.decode(Holder.self, from: bytes) }
            guard case .invalidContent(let inner) = error else {
                Issue.record("\(seconds): \(error)")
                continue
            }
            #expect(inner.path == "$.when", "\(seconds)")
        }
    }


    @Test func bignumsConvertExactlyAndOverlongOnesAreRefused() throws {
        // 2^64 and 2^128 - 1 through the archive reader, then back through the writer.
        let cases: [([UInt8], String)] = [
            ([1, 0, 0, 0, 0, 0, 0, 0, 0], "18446744073709551616"),
            ([UInt8](repeating: 0xFF, count: 16), "340282366920938463463374607431768211455"),
        ]
        for (magnitude, digits) in cases {
            let holder = try Archive.decode(AnyHolder.self, from: archiveHoldingBignum(magnitude))
            #expect(holder.any == .number(JSONNumber(text: digits)!))
            #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
            #expect(BigNumberConversion.bigEndianBytes(ofDecimalDigits: digits) == magnitude)
        }
        let long = String(repeating: "9", count: BigNumberConversion.maxDigits)
        let holder = AnyHolder(any: .number(JSONNumber(text: long)!))
        #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
        // A 100 KB bignum took 29 s to read: now refused at once.
        let error = try #require(throws: ArchiveError.self) {
            try Archive.decode(AnyHolder.self, from: archiveHoldingBignum([UInt8](repeating: 0xAB, count: 100_000)))
        }
        #expect(error.description.contains("bignum"))
        let million = AnyHolder(any: .number(JSONNumber(text: "1" + String(repeating: "7", count: 1_000_000))!))
        #expect(throws: ModelEncodingError.self) { try Archive.encode(million) }
    }
}

extension ArchiveLimitsTests {
    /// A CBOR text string holding `C0 AF` (an overlong `/`) with a correct checksum was read as
    /// `"\u{FFFD}\u{FFFD}"`; RFC 8949 §3.1 says text strings are UTF-8, and the JSON path rejects
    /// the same bytes. As a value and as a map key, each is an archive error naming the byte.
    @Test func invalidUTF8InTextStringsIsRejected() throws {
        let invalid: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x61, 0xE2, 0x82], [0x80]]
        for bad in invalid {
            let text = [0x60 | UInt8(bad.count)] + bad
            for payload in [text, [0xA1] + text + [0x00]] {
                do {
                    let decoded = try Archive.decode(Holder.self, from: archive(anyField: payload))
                    Issue.record("\(bad) read as \(decoded.any)")
                } catch let error as ArchiveError {
                    guard case .notAnArchive(let why) = error else { Issue.record("\(error)"); continue }
                    #expect(why.hasPrefix("invalid UTF-8 in a text string at byte "), "\(why)")
                }
            }
        }
        // Well-formed text of every length still reads.
        #expect(try Archive.decode(Holder.self, from: archive(anyField: [0x69] + Array("é€😀".utf8))).any == "é€😀")
        #expect(try Archive.decode(Holder.self, from: archive(anyField: [0xA1, 0x62, 0xC3, 0xA9, 0x01])).any == ["é": 1])
    }
}

import Foundation
import Testing
@testable import ModelKitCore

struct ArchivedBook: Model, Equatable {
    var name = ""
    var pages = 0
    var token: String?
    var cache: [String: Int] = [:]
    static let schema = Schema(ArchivedBook.self) {
        Field("name", \.name, key: "n")
        Field("pages", \.pages, key: "p")
        Field("token", \.token, options: .notArchived)
        Field("cache", \.cache, options: .notMapped)   // not in JSON, but archived
    }
}

/// A model that is an `NSObject`; its `NSCoding` conformance (through ``ModelCoding``) is in
/// FullFoundationTests.swift, as `NSCoder` needs all of Foundation.
final class Session: NSObject, Model, @unchecked Sendable {
    var user = ""
    var expires = Date(timeIntervalSince1970: 0)
    var secret: String?
    required override init() {}
    static let schema = Schema(Session.self) {
        Field("user", \.user)
        Field("expires", \.expires)
        Field("secret", \.secret, options: .notArchived)
    }
}

@Suite struct ArchiveTests {
    @Test func everyFieldTypeRoundTrips() throws {
        var g = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let model = AllTypes.random(&g)
            let bytes = try Archive.encode(model)
            var back = try Archive.decode(AllTypes.self, from: bytes)
            #expect(abs(back.date.timeIntervalSince1970 - model.date.timeIntervalSince1970) < 1e-6)
            back.date = model.date
            #expect(back == model)
        }
    }

    @Test func notArchivedFieldsStayOutAndNotMappedOnesGoIn() throws {
        let book = ArchivedBook(name: "n", pages: 3, token: "secret", cache: ["a": 1])
        let bytes = try Archive.encode(book)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("secret"))
        let back = try Archive.decode(ArchivedBook.self, from: bytes)
        #expect(back == ArchivedBook(name: "n", pages: 3, token: nil, cache: ["a": 1]))
    }

    @Test func classHierarchiesKeepSuperclassFields() throws {
        let user = LocalUser()
        user.name = "base"
        user.localName = "local"
        let back = try Archive.decode(LocalUser.self, from: Archive.encode(user))
        #expect(back.name == "base")
        #expect(back.localName == "local")
        #expect(throws: ArchiveError.self) { try Archive.decode(BaseUser.self, from: Archive.encode(user)) }
    }

    @Test func exactNumbers() throws {
        var s = Scalars()
        s.uint64 = .max
        s.int = .min
        s.decimal = Decimal(string: "12345678901234567890.123456789")!
        s.double = 0.1
        s.float = 1.1
        let back = try Archive.decode(Scalars.self, from: Archive.encode(s))
        #expect(back == s)
        var e = Everything()
        e.any = [.number(JSONNumber(text: "123456789012345678901234567890.5e-3")!), .number(JSONNumber(text: "-18446744073709551617")!), 1.5, "x"]
        let anyBack = try Archive.decode(Everything.self, from: Archive.encode(e)).any
        #expect(anyBack == e.any)
    }

    @Test func schemaEvolutionBothWays() throws {
        // Version 2 read as version 1: added field ignored, removed field at its default, String → Int converted.
        let v2 = ArchivedBookV2Alias(name: "new", subtitle: "s", pages: "7")
        let back = try Archive.decode(ArchivedBookV2Alias.OldShape.self, from: Archive.encode(v2))
        #expect(back.name == "new")
        #expect(back.pages == 7)
        #expect(back.token == nil)
        // Version 1 read as version 2: the added field keeps its default, Int → String converted.
        let forward = try Archive.decode(ArchivedBookV2Alias.self, from: Archive.encode(ArchivedBookV2Alias.OldShape(name: "o", pages: 4)))
        #expect(forward.subtitle == "default")
        #expect(forward.pages == "4")
        let bad = ArchivedBookV2Alias(name: "x", subtitle: "", pages: "not a number")
        let error = try #require(throws: ArchiveError.self) { try Archive.decode(ArchivedBookV2Alias.OldShape.self, from: Archive.encode(bad)) }
        guard case .invalidContent(let inner) = error else { Issue.record("expected invalidContent, got \(error)"); return }
        #expect(inner.path == "$.pages")
    }

    @Test func truncationAtEveryLengthAndEverySingleBitFlipAreDetected() throws {
        let bytes = try Archive.encode(Everything())
        for length in 0..<bytes.count {
            #expect(throws: ArchiveError.self) { try Archive.decode(Everything.self, from: bytes[0..<length]) }
        }
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= 1 << bit
                #expect(throws: ArchiveError.self, "byte \(index) bit \(bit)") { try Archive.decode(Everything.self, from: flipped) }
            }
        }
        #expect(throws: ArchiveError.self) { try Archive.decode(Everything.self, from: Array("{}".utf8)) }
    }

    @Test func atomicWritesLeaveOldOrNewAndNoTemporaryFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("book.archive")
        for i in 0..<50 {
            try Archive.write(ArchivedBook(name: "v\(i)", pages: i), to: file)
            #expect(try Archive.read(ArchivedBook.self, from: file).pages == i)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.archive"])
        // A failed write (missing directory) reports the path and leaves nothing behind.
        let missing = directory.appendingPathComponent("missing/book.archive")
        let error = try #require(throws: ArchiveError.self) { try Archive.write(ArchivedBook(), to: missing) }
        #expect(error.description.contains("missing"))
        #expect(throws: ArchiveError.self) { try Archive.read(ArchivedBook.self, from: directory.appendingPathComponent("nope")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.archive"])
    }

    @Test func killedWritersNeverLeaveATornFile() throws {
        // A child process rewrites the file in a loop and is killed at random moments: the
        // file must always read back as one complete archive.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state.archive")
        try Archive.write(ArchivedBook(name: "initial", pages: 0), to: file)
        for round in 0..<5 {
            let pid = fork()
            if pid == 0 {
                var i = 0
                while true {
                    try? Archive.write(ArchivedBook(name: String(repeating: "x", count: 1000 + i % 5000), pages: i), to: file)
                    i += 1
                }
            }
            usleep(useconds_t(2000 + round * 3000))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let book = try Archive.read(ArchivedBook.self, from: file)
            #expect(book.name == "initial" || book.name.hasPrefix("x"))
        }
    }

    @Test(.enabled(if: ArchiveTests.python3WithCBOR2(), "python3 with cbor2 not available (scripts/test.sh installs it)"))
    func otherLanguagesReadAndWriteIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-py-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("ours.cbor")
        try Archive.write(ArchivedBook(name: "from swift", pages: 42), to: ours)
        let theirs = directory.appendingPathComponent("theirs.cbor")
        let script = """
        import cbor2, sys, struct
        item = cbor2.loads(open(sys.argv[1], 'rb').read())
        # cbor2 unwraps the self-describe tag (55799) itself.
        magic, version, name, payload, crc = getattr(item, 'value', item)
        assert (magic, version, name) == ('ModelKit', 1, 'ArchivedBook'), (magic, version, name)
        assert payload['name'] == 'from swift' and payload['pages'] == 42, payload
        body = cbor2.dumps(['ModelKit', 1, 'ArchivedBook', {'name': 'from python', 'pages': 7, 'cache': {'k': 1}}])
        head = b'\\xd9\\xd9\\xf7' + b'\\x85' + body[1:]
        def crc32c(data):
            crc = 0xFFFFFFFF
            for b in data:
                crc ^= b
                for _ in range(8):
                    crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
            return crc ^ 0xFFFFFFFF
        open(sys.argv[2], 'wb').write(head + cbor2.dumps(crc32c(head)))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, ours.path, theirs.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let book = try Archive.read(ArchivedBook.self, from: theirs)
        #expect(book.name == "from python")
        #expect(book.pages == 7)
        #expect(book.cache == ["k": 1])
    }

    static func python3WithCBOR2() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import cbor2"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Two shapes sharing one type name, for schema evolution: `OldShape` is version 1.
struct ArchivedBookV2Alias: Model {
    var name = ""
    var subtitle = "default"
    var pages = ""
    static let schema = Schema(ArchivedBookV2Alias.self) {
        Field("name", \.name)
        Field("subtitle", \.subtitle)
        Field("pages", \.pages)
    }

    struct OldShape: Model {
        var name = ""
        var pages = 0
        var token: String?
        static let schema = Schema(OldShape.self, typeName: "ArchivedBookV2Alias") {
            Field("name", \.name)
            Field("pages", \.pages)
            Field("token", \.token)
        }
    }
}

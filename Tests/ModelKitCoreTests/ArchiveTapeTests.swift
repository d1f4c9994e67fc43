import Foundation
import Testing
@testable import ModelKitCore

// Archives read on the tape (CBORTapeRecorder + the schema reader). Until the push engine was
// taken off archives (issue 35) these compared both paths over the same archives: equal values,
// equal errors, but for two differences kept below as properties (TAPE-MIGRATION.md, archives).
// Now the tape alone: generated models round-trip; their archives mutated (a valid checksum
// recomputed, so the payload's reading is what is tested), read as models whose fields changed
// type and merged into instances, give a value that round-trips or an `ArchiveError`, the same
// on every read; nesting past `maxDepth` fails where the push engine failed.

/// AllTypes' field names with other types: every value goes through a lenient conversion or fails.
private struct AllTypesRetyped: Model {
    var int: String?
    var int8 = ""
    var uint64: Double = 0
    var bool = ""
    var float: Int = 0
    var double: Float = 0
    var decimal: Double?
    var string: Int?
    var date: String?
    var url: Data?
    var uuid: Data?
    var data: String?
    var kind: Int?
    var level: String = ""
    var any: String?
    var optional: [String]?
    var list: [String] = []
    var set: [Int]?
    var map: [String: String] = [:]
    var nested: JSONValue = .null
    var nestedList: [JSONValue] = []
    var extA: Bool?
    static let schema = Schema(AllTypesRetyped.self, typeName: "AllTypes") {
        Field("int", \.int); Field("int8", \.int8); Field("uint64", \.uint64); Field("bool", \.bool)
        Field("float", \.float); Field("double", \.double); Field("decimal", \.decimal); Field("string", \.string)
        Field("date", \.date); Field("url", \.url); Field("uuid", \.uuid); Field("data", \.data); Field("kind", \.kind)
        Field("level", \.level); Field("any", \.any); Field("optional", \.optional); Field("list", \.list); Field("set", \.set)
        Field("map", \.map); Field("nested", \.nested); Field("nestedList", \.nestedList); Field("extA", \.extA)
    }
}

/// Polymorphic values inside an archive (the class is chosen from members keyed by field name).
private struct UsersHolder: Model {
    var user: BaseUser?
    var users: [BaseUser] = []
    static let schema = Schema(UsersHolder.self) {
        Field("user", \.user)
        Field("users", \.users)
    }
}

/// Hooks inside an archive: a rewrite, a check once decoded, a required field (not checked by
/// name), a preprocessing model nested in itself.
private struct HooksHolder: Model {
    var renamed = Renamed()
    var validated: Validated?
    var required = RequiredFields()
    var nodes: [PrepNode] = []
    static let schema = Schema(HooksHolder.self) {
        Field("renamed", \.renamed)
        Field("validated", \.validated)
        Field("required", \.required)
        Field("nodes", \.nodes)
    }
}

/// An archive split at its payload, to rebuild it with another payload and a valid checksum.
struct ArchiveParts {
    var header: [UInt8]
    var payload: [UInt8]

    init(_ archive: [UInt8]) throws {
        let (start, end) = try archive.withUnsafeBytes { raw -> (Int, Int) in
            var reader = CBORReader(raw)
            reader.offset = 4
            _ = try reader.text()
            _ = try reader.unsigned()
            _ = try reader.text()
            let start = reader.offset
            try reader.skipItem()
            return (start, reader.offset)
        }
        header = Array(archive[0..<start])
        payload = Array(archive[start..<end])
    }

    /// The archive of `payload` under this header, its checksum recomputed.
    func archive(payload: [UInt8]) -> [UInt8] {
        var bytes = header + payload
        let crc = bytes.withUnsafeBytes { CRC32C.checksum($0) }
        bytes.append(0x1A)
        withUnsafeBytes(of: crc.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// What one path made of an archive: the model and its archive (the writer is exact for every
/// value kind, floats to the bit), or the error's description and its `ArchiveError`.
enum ArchiveOutcome: Equatable, CustomStringConvertible {
    case value(any Model, [UInt8])
    case failure(String, ArchiveError?)

    static func of<M: Model>(_ body: () throws -> M) -> ArchiveOutcome {
        do {
            let model = try body()
            return .value(model, try Archive.encode(model))
        } catch {
            return .failure(String(describing: error), error as? ArchiveError)
        }
    }

    /// Equal archives; or, for an `Equatable` model, equal models (a `Set` is written in its
    /// iteration order, which depends on how it was built).
    static func == (a: ArchiveOutcome, b: ArchiveOutcome) -> Bool {
        switch (a, b) {
        case let (.value(x, xBytes), .value(y, yBytes)):
            if xBytes == yBytes { return true }
            guard let x = x as? any Equatable else { return false }
            return isEqual(x, y)
        case let (.failure(x, xError), .failure(y, yError)): return x == y && xError == yError
        default: return false
        }
    }

    private static func isEqual<T: Equatable>(_ x: T, _ y: Any) -> Bool { (y as? T).map { $0 == x } ?? false }

    var description: String {
        switch self {
        case .value(let model, _): return "value \(model)"
        case .failure(let text, _): return "failure \(text)"
        }
    }
}

/// `payload` changed once at random: a byte set, a bit flipped, a byte inserted or removed.
func mutated(_ payload: [UInt8], _ g: inout SplitMix64) -> [UInt8] {
    var bytes = payload
    guard !bytes.isEmpty else { return [UInt8(truncatingIfNeeded: g.next())] }
    let at = Int(g.next() % UInt64(bytes.count))
    switch g.next() % 4 {
    case 0: bytes[at] = UInt8(truncatingIfNeeded: g.next())
    case 1: bytes[at] ^= 1 << UInt8(g.next() % 8)
    case 2: bytes.insert(UInt8(truncatingIfNeeded: g.next()), at: at)
    default: bytes.remove(at: at)
    }
    return bytes
}

/// Decodes `bytes` as `M` (merged into a fresh `existing()`, when given).
private func decode<M: Model>(_ type: M.Type, _ bytes: [UInt8], into existing: (() -> M)? = nil) -> ArchiveOutcome {
    ArchiveOutcome.of { try bytes.withUnsafeBytes { try Archive.decode(M.self, $0, into: existing?()) } }
}

@Suite struct ArchiveTapeTests {
    /// What every archive's reading must be: an `ArchiveError` or a value whose archive reads
    /// back as the same value; the same when read again (nothing of a decode stays in the next);
    /// and merged into a new instance, what a fresh read gives (`init?(coder:)` and `decode`
    /// agree wherever the model's defaults are its starting point).
    @discardableResult
    private func expectSound<M: Model>(_ type: M.Type, _ bytes: [UInt8], merges: Bool = true, _ comment: Comment) -> ArchiveOutcome {
        let outcome = decode(M.self, bytes)
        switch outcome {
        case .value(_, let archive):
            #expect(decode(M.self, archive) == outcome, comment)
        case .failure(let text, let error):
            #expect(error != nil, "\(comment): \(text)")
        }
        #expect(decode(M.self, bytes) == outcome, comment)
        if merges { #expect(decode(M.self, bytes, into: { M() }) == outcome, comment) }
        return outcome
    }

    @Test func generatedModelsRoundTripAndMutatedArchivesReadSoundly() throws {
        var g = SplitMix64(seed: 35)
        var values = 0, failures = 0
        for round in 0..<150 {
            let model = AllTypes.random(&g)
            let archive = try Archive.encode(model)
            guard case .value(let back as AllTypes, _) = expectSound(AllTypes.self, archive, "round \(round)") else {
                Issue.record("round \(round): a valid archive failed")
                continue
            }
            #expect(back == model, "round \(round)")
            #expect(back.float.bitPattern == model.float.bitPattern && back.double.bitPattern == model.double.bitPattern, "round \(round)")
            expectSound(AllTypesRetyped.self, archive, "round \(round), retyped")
            let parts = try ArchiveParts(archive)
            var payload = parts.payload
            for step in 0..<20 {
                payload = step % 5 == 0 ? mutated(parts.payload, &g) : mutated(payload, &g)
                let bytes = parts.archive(payload: payload)
                switch expectSound(AllTypes.self, bytes, "round \(round) step \(step)") {
                case .value: values += 1
                case .failure: failures += 1
                }
                expectSound(AllTypesRetyped.self, bytes, "round \(round) step \(step), retyped")
            }
        }
        // The mutations reach both outcomes, so both are tested.
        #expect(values > 100)
        #expect(failures > 100)
    }

    @Test func otherModelsReadSoundly() throws {
        var g = SplitMix64(seed: 36)
        var everything = Everything()
        everything.dates = [Date(timeIntervalSince1970: 1.25), Date(timeIntervalSince1970: -3)]
        everything.data = Data([0, 1, 2, 0xFF])
        everything.color = HexColor(rgb: 0xFF8800)
        everything.price = Cents(value: 1234)
        everything.any = ["a": [1, 2.5, "x", nil, true], "b": .number(JSONNumber(text: "-18446744073709551617")!)]
        var scalars = Scalars()
        scalars.uint64 = .max
        scalars.int = .min
        scalars.float = 1.1
        scalars.decimal = Decimal(string: "12345678901234567890.123456789")!
        let local = LocalUser()
        local.name = "n"
        local.localName = "l"
        let holder = UsersHolder(user: local, users: [local, BaseUser()])
        let hooks = HooksHolder(renamed: Renamed(title: "t"), validated: Validated(id: 3, email: "e"), required: RequiredFields(id: 1, name: "n"),
                                nodes: [PrepNode(payload: "p", kids: [PrepNode(payload: "q", kids: [])])])
        let archives = [
            try Archive.encode(everything), try Archive.encode(scalars), try Archive.encode(holder),
            try Archive.encode(ArchivedBook(name: "Dune", pages: 412, token: "t", cache: ["a": 1])), try Archive.encode(hooks),
        ]
        // Each reads back as written.
        #expect(try Archive.decode(Scalars.self, from: archives[1]) == scalars)
        for (i, archive) in archives.enumerated() {
            #expect(try ArchiveParts(archive).archive(payload: ArchiveParts(archive).payload) == archive, "\(i): the checksum is rebuilt as written")
            let parts = try ArchiveParts(archive)
            for step in 0..<300 {
                let bytes = step == 0 ? archive : parts.archive(payload: mutated(step % 2 == 0 ? parts.payload : mutated(parts.payload, &g), &g))
                switch i {
                case 0: expectSound(Everything.self, bytes, "everything \(step)")
                case 1: expectSound(Scalars.self, bytes, "scalars \(step)")
                case 2: expectSound(UsersHolder.self, bytes, "users \(step)")
                case 3: expectSound(ArchivedBook.self, bytes, "book \(step)")
                default: expectSound(HooksHolder.self, bytes, "hooks \(step)")
                }
            }
        }
    }

    /// `init?(coder:)`'s read: into the instance given (a class keeps its identity), every
    /// archived field set, a `.notArchived` one left as it was, a field the archive lacks too.
    @Test func anArchiveMergesIntoAnExistingClassInstance() throws {
        let written = Session()
        written.user = "ada"
        written.expires = Date(timeIntervalSince1970: 1_700_000_000.25)
        written.secret = "not written"
        let bytes = try Archive.encode(written)
        let existing = Session()
        existing.secret = "kept"
        let read = try bytes.withUnsafeBytes { try Archive.decode(Session.self, $0, into: existing) }
        #expect(read === existing)
        #expect(existing.user == "ada")
        #expect(existing.expires == written.expires)
        #expect(existing.secret == "kept")
        // A payload without `user` leaves it; a misfit names the field.
        let parts = try ArchiveParts(bytes)
        let onlyExpires: [UInt8] = [0xA1, 0x67] + Array("expires".utf8) + [0xC1, 0x01]
        let again = Session()
        again.user = "before"
        _ = try parts.archive(payload: onlyExpires).withUnsafeBytes { try Archive.decode(Session.self, $0, into: again) }
        #expect(again.user == "before")
        #expect(again.expires == Date(timeIntervalSince1970: 1))
        let misfit: [UInt8] = [0xA1, 0x64] + Array("user".utf8) + [0x82, 0x01, 0x02]
        let error = try #require(throws: ArchiveError.self) {
            try parts.archive(payload: misfit).withUnsafeBytes { try Archive.decode(Session.self, $0, into: Session()) }
        }
        guard case .invalidContent(let inner) = error else { Issue.record("\(error)"); return }
        #expect(inner.path == "$.user")
    }

    /// Nesting past `maxDepth` (512 levels, the payload's map one of them) fails where the push
    /// engine failed: inside a value read, at the container too deep; inside a value no field
    /// reads (an unknown key, a model's field given an array), naming the value skipped; after
    /// a misfit before it, the misfit; before a malformation after it, the depth (the recording
    /// ends at the container too deep, as the push engine's reading did).
    @Test func deepPayloadsFailWhereThePushEngineFailed() throws {
        let parts = try ArchiveParts(try Archive.encode(AllTypes()))
        let misfit: [UInt8] = [0x63] + Array("int".utf8) + [0x61, 0x78]  // "int": "x"
        // "z": simple value 0, which `skipItem` steps over and the recorder refuses.
        let malformed: [UInt8] = [0x61, 0x7A, 0xE0]
        for levels in [510, 511, 512, 600, 1_100] {
            let tooDeep = 1 + levels > 512
            let nested = [UInt8](repeating: 0x81, count: levels) + [0x00]
            for key in ["any", "unknown", "nested", "list", "string"] {
                let member = [0x60 | UInt8(key.utf8.count)] + Array(key.utf8) + nested
                let alone = decode(AllTypes.self, parts.archive(payload: [0xA1] + member))
                let afterMisfit = decode(AllTypes.self, parts.archive(payload: [0xA2] + misfit + member))
                let beforeMalformed = decode(AllTypes.self, parts.archive(payload: [0xA2] + member + malformed))
                let comment: Comment = "\(levels) levels under \(key)"
                guard case .failure(_, .invalidContent(let first)?) = afterMisfit else { Issue.record("\(comment): \(afterMisfit)"); continue }
                #expect(first.path == "$.int", comment)
                switch key {
                case "list", "string":
                    // Misfits at the outer array, before any depth.
                    guard case .failure(_, .invalidContent(let e)?) = alone else { Issue.record("\(comment): \(alone)"); continue }
                    #expect(e.path == (key == "list" ? "$.list[0]" : "$.string"), comment)
                    // Too deep, the recording ends before the malformation: the misfit, as before.
                    if tooDeep {
                        #expect(beforeMalformed == alone, comment)
                        continue
                    }
                    // The one difference from the push engine, which reported this misfit before
                    // reading further: the tape records the payload whole first, so a malformation
                    // anywhere in it is the failure.
                    guard case .failure(_, .notAnArchive(let why)?) = beforeMalformed else { Issue.record("\(comment): \(beforeMalformed)"); continue }
                    #expect(why.contains("simple value 0"), comment)
                default:
                    guard tooDeep else {
                        if case .failure(_, let error) = alone { Issue.record("\(comment): \(String(describing: error))") }
                        guard case .failure(_, .notAnArchive(let why)?) = beforeMalformed else { Issue.record("\(comment): \(beforeMalformed)"); continue }
                        #expect(why.contains("simple value 0"), comment)
                        continue
                    }
                    guard case .failure(_, .invalidContent(let e)?) = alone else { Issue.record("\(comment): \(alone)"); continue }
                    #expect(e.reason == .limitExceeded(.maxDepth, limit: 512), comment)
                    // `any` reads every level: the path names the container too deep.
                    #expect(e.path == (key == "any" ? "$.any" + String(repeating: "[0]", count: 511) : "$.\(key)"), comment)
                    #expect(beforeMalformed == alone, comment)
                    #expect(decode(AllTypes.self, parts.archive(payload: [0xA1] + member), into: { AllTypes() }) == alone, comment)
                }
            }
        }
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// Archives read on the tape (CBORTapeRecorder + the schema reader) against the push engine
// (CBORReader.feed): the same values, or the same errors, over generated models, their archives
// mutated (a valid checksum recomputed, so the payload's reading is what is compared), read as
// models whose fields changed type, and merged into existing instances.

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

/// Decodes `bytes` as `M` on one path (into a fresh copy of `existing`, when given).
private func decode<M: Model>(_ type: M.Type, _ bytes: [UInt8], into existing: (() -> M)? = nil, onTape: Bool) -> ArchiveOutcome {
    ArchiveOutcome.of { try bytes.withUnsafeBytes { try Archive.decode(M.self, $0, into: existing?(), onTape: onTape) } }
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

@Suite final class ArchiveTapeDifferentialTests {
    /// Archives the push engine reported a misfit in and the tape a malformation after it.
    private var malformedFirst = 0
    /// Failures of a model's check the tape placed at the model rather than at its parent.
    private var morePrecisePaths = 0

    private func expectSame<M: Model>(_ type: M.Type, _ bytes: [UInt8], into existing: (() -> M)? = nil, exactly: Bool = false,
                                      _ comment: Comment) -> ArchiveOutcome {
        let engine = decode(M.self, bytes, into: existing, onTape: false)
        let tape = decode(M.self, bytes, into: existing, onTape: true)
        // The one known difference: the push engine read the payload as it went, so a field that
        // did not fit was reported before CBOR malformed further on; the tape records the whole
        // payload first, so the malformation is reported.
        if !exactly, case .failure(_, .notAnArchive(let why)?) = tape, case .failure(_, .invalidContent?) = engine, why != "the payload is not a model" {
            malformedFirst += 1
            return tape
        }
        // The other: a model's check (`didDecode`) rejected it, which the push engine placed at its
        // parent's path (`$`) and the tape places at the model's (`$.validated`).
        if case .failure(_, .invalidContent(let e)?) = engine, case .failure(_, .invalidContent(let t)?) = tape,
           e.reason == t.reason, "\(e.reason)".contains(" rejected: "), t.path.hasPrefix(e.path), t.path != e.path {
            morePrecisePaths += 1
            return tape
        }
        #expect(engine == tape, comment)
        return tape
    }

    @Test func generatedModelsAndMutatedArchivesReadAlike() throws {
        var g = SplitMix64(seed: 35)
        var values = 0, failures = 0
        for round in 0..<150 {
            let model = AllTypes.random(&g)
            let archive = try Archive.encode(model)
            guard case .value = expectSame(AllTypes.self, archive, "round \(round)") else {
                Issue.record("round \(round): a valid archive failed")
                continue
            }
            _ = expectSame(AllTypesRetyped.self, archive, "round \(round), retyped")
            let parts = try ArchiveParts(archive)
            var payload = parts.payload
            for step in 0..<20 {
                payload = step % 5 == 0 ? mutated(parts.payload, &g) : mutated(payload, &g)
                let bytes = parts.archive(payload: payload)
                switch expectSame(AllTypes.self, bytes, "round \(round) step \(step)") {
                case .value: values += 1
                case .failure: failures += 1
                }
                _ = expectSame(AllTypesRetyped.self, bytes, "round \(round) step \(step), retyped")
                _ = expectSame(AllTypes.self, bytes, into: { model }, "round \(round) step \(step), merged")
            }
        }
        // The mutations reach both outcomes, so both are compared.
        #expect(values > 100)
        #expect(failures > 100)
    }

    @Test func otherModelsReadAlike() throws {
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
        for (i, archive) in (archives + [archives[4]]).enumerated() {
            let parts = try ArchiveParts(archive)
            for step in 0..<300 {
                let bytes = step == 0 ? archive : parts.archive(payload: mutated(step % 2 == 0 ? parts.payload : mutated(parts.payload, &g), &g))
                switch i {
                case 0: _ = expectSame(Everything.self, bytes, "everything \(step)")
                case 1: _ = expectSame(Scalars.self, bytes, into: { scalars }, "scalars \(step)")
                case 2: _ = expectSame(UsersHolder.self, bytes, "users \(step)")
                case 4: _ = expectSame(HooksHolder.self, bytes, into: { hooks }, "hooks \(step)")
                case 5: _ = expectSame(HooksHolder.self, bytes, "hooks \(step)")
                default: _ = expectSame(ArchivedBook.self, bytes, "book \(step)")
                }
            }
        }
    }

    /// Nesting past `maxDepth` in a field read and in one no field reads, tags between levels.
    @Test func deepPayloadsFailAlike() throws {
        let parts = try ArchiveParts(try Archive.encode(AllTypes()))
        for levels in [511, 512, 513, 600, 1_100] {
            let arrays = [UInt8](repeating: 0x81, count: levels) + [0x00]
            let tagged = [UInt8]((0..<levels).flatMap { _ in [0xC6, 0x81] }) + [0x00]
            for nested in [arrays, tagged] {
                for key in ["any", "unknown", "list", "string", "nested", "map"] {
                    let member = [0x60 | UInt8(key.utf8.count)] + Array(key.utf8) + nested
                    // Alone; after a misfit (a text for `int`); before a malformation (a reserved simple value).
                    let misfit: [UInt8] = [0x63] + Array("int".utf8) + [0x61, 0x78]
                    let malformed: [UInt8] = [0x61, 0x7A, 0xFC]
                    for payload in [[0xA1] + member, [0xA2] + misfit + member, [0xA2] + member + malformed] {
                        _ = expectSame(AllTypes.self, parts.archive(payload: payload), exactly: nested == arrays, "\(levels) levels under \(key)")
                        _ = expectSame(AllTypes.self, parts.archive(payload: payload), into: { AllTypes() }, exactly: nested == arrays, "\(levels) levels under \(key), merged")
                    }
                }
            }
        }
    }
}

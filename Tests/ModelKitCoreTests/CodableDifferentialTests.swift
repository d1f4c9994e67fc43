import Foundation
import Testing
@testable import ModelKitCore

/// The Codable bridge against Foundation's `JSONDecoder` (the oracle, same process): random
/// documents over a family of types (CodableDifferentialTypes.swift), valid and mutated
/// (CodableDifferentialSupport.swift), decoded by both with ISO 8601 dates and strict conversion
/// (`.lenient` accepts more on purpose). Equal values, or the same `DecodingError` case and
/// coding path. Known differences (`Oracle.Known`) are recorded as known issues: one pinned test
/// each below, and in the random tests for documents that may show them.
@Suite struct CodableDifferentialTests {
    /// A key-value wrapper, so a scalar is read by a keyed container (the bridge's path; a
    /// top-level scalar or array takes the schema path).
    struct H<T: Decodable>: Decodable { var v: T }

    /// Decodes `count` documents for `T` from `seed` with both decoders and records what differs:
    /// a finding a known difference explains as one known issue per difference, any other as a failure.
    static func check<T: DifferentialSubject>(_ type: T.Type, seed: UInt64, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var writer = Oracle.DocumentWriter(random: Oracle.SeededGenerator(seed: seed))
        let foundation = Oracle.foundationDecoder(), model = Oracle.modelDecoder()
        var known: [Oracle.Known: [Oracle.Finding]] = [:]
        var unexplained: [Oracle.Finding] = []
        for _ in 0..<count {
            let (bytes, mutation, flags) = writer.document(T.shape)
            guard let finding = Oracle.compare(T.self, bytes, mutation: mutation, flags: flags, foundation: foundation, model: model) else { continue }
            if let reason = finding.explanations.min(by: { $0.rawValue < $1.rawValue }) { known[reason, default: []].append(finding) } else { unexplained.append(finding) }
        }
        for (reason, findings) in known.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            withKnownIssue(reason.reason, isIntermittent: true) {
                Issue.record("\(findings.count) of \(count) documents, e.g. \(findings.min { $0.document.count < $1.document.count }!)", sourceLocation: sourceLocation)
            }
        }
        for finding in unexplained.sorted(by: { $0.document.count < $1.document.count }).prefix(10) {
            Issue.record("\(finding)", sourceLocation: sourceLocation)
        }
        if unexplained.count > 10 { Issue.record("\(unexplained.count - 10) more unexplained differences", sourceLocation: sourceLocation) }
    }

    /// Both decoders give the same outcome for `json`.
    static func same<T: Decodable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        same(T.self, Array(json.utf8), sourceLocation: sourceLocation)
    }

    static func same<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        if let finding = Oracle.compare(T.self, bytes) { Issue.record("\(finding)", sourceLocation: sourceLocation) }
    }

    // MARK: Random documents (about 9,000 in all)

    @Test func integers() {
        Self.check(Int.self, seed: 1, count: 300)
        Self.check(Int8.self, seed: 2, count: 300)
        Self.check(UInt64.self, seed: 3, count: 300)
        Self.check(Oracle.Ints.self, seed: 4, count: 600)
    }

    @Test func floatingPointAndDecimal() {
        Self.check(Double.self, seed: 5, count: 300)
        Self.check(Float.self, seed: 6, count: 300)
        Self.check(Decimal.self, seed: 7, count: 300)
        Self.check(Oracle.Reals.self, seed: 8, count: 600)
    }

    @Test func stringsBoolsDataAndDates() {
        Self.check(String.self, seed: 9, count: 300)
        Self.check(Bool.self, seed: 10, count: 100)
        Self.check(Date.self, seed: 11, count: 300)
        Self.check(Data.self, seed: 12, count: 300)
        Self.check(Oracle.Texts.self, seed: 13, count: 600)
    }

    @Test func optionalsAndEnums() {
        Self.check([Int?].self, seed: 14, count: 300)
        Self.check(Oracle.Optionals.self, seed: 15, count: 600)
        Self.check(Oracle.Enums.self, seed: 16, count: 600)
    }

    @Test func arraysAndDictionaries() {
        Self.check([String: Oracle.Inner].self, seed: 17, count: 300)
        Self.check(Oracle.IntKeyed<Bool>.self, seed: 18, count: 300)
        Self.check(Oracle.Collections.self, seed: 19, count: 600)
    }

    /// Arrays of standard scalars skip `Array.init(from:)` in the bridge (BridgeDecoder.decodeStandard).
    @Test func scalarArrays() {
        Self.check(Oracle.ScalarArrays.self, seed: 41, count: 800)
        Self.same(H<[String]>.self, #"{"v":["a",1]}"#)
        Self.same(H<[Int]>.self, #"{"v":[1,null]}"#)
        Self.same(H<[Double]>.self, #"{"v":{"a":1}}"#)
        Self.same(H<[Bool]>.self, #"{"v":null}"#)
        Self.same(H<[Int64]>.self, #"{"v":[1,2,"3"]}"#)
        Self.same(H<[[String]]>.self, #"{"v":[["a"],["b",false]]}"#)
        Self.same(H<[String]?>.self, #"{"v":null}"#)
    }

    @Test func handWrittenNestedContainers() {
        Self.check(Oracle.Containers.self, seed: 20, count: 800)
    }

    @Test func classesWithSuper() {
        Self.check(Oracle.Derived.self, seed: 21, count: 500)
        Self.check(Oracle.Layered.self, seed: 22, count: 500)
    }

    @Test func everythingTogether() {
        Self.check(Oracle.Everything.self, seed: 23, count: 400)
    }

    // MARK: Agreements worth keeping

    @Test func repeatedKeysKeepTheFirstValue() {
        Self.same(H<Int>.self, #"{"v":1,"v":2}"#)
        Self.same(H<Int>.self, #"{"v":"x","v":1}"#)
        Self.same(H<H<Int>>.self, #"{"v":{"v":1},"v":{"v":2}}"#)
    }

    @Test func edgesBothDecoders() {
        Self.same(H<Double>.self, #"{"v":1.7976931348623157e308}"#)
        Self.same(H<Double>.self, #"{"v":5e-324}"#)
        Self.same(H<Double>.self, #"{"v":-0.0}"#)
        Self.same(H<Float>.self, #"{"v":3.4028235e38}"#)
        Self.same(H<Float>.self, #"{"v":1e-45}"#)
        Self.same(H<Int64>.self, #"{"v":-9223372036854775808}"#)
        Self.same(H<UInt64>.self, #"{"v":18446744073709551615}"#)
        Self.same(H<Int>.self, #"{"v":1e2}"#)
        Self.same(H<Decimal>.self, #"{"v":1e119}"#)
        Self.same(H<Decimal>.self, #"{"v":1e-128}"#)
        Self.same(H<Decimal>.self, #"{"v":12345678901234567890123456789012345678901}"#)
        Self.same(H<String>.self, #"{"v":"\ud83d\ude00\u0000\/"}"#)
        Self.same(H<String>.self, #"{"v":"\ud800"}"#)
        Self.same(H<Oracle.Level>.self, #"{"v":1.0}"#)
        Self.same(H<Int>.self, "\u{FEFF}{\"v\":1}")
    }
}

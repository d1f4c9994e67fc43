import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35's oracle for the tape: a decode on the tape must give what the push engine gave —
// the same values, and the same errors at the same places. The push engine is deleted; what it
// answered for every comparison below was recorded from it (1,996 comparisons, before it went)
// in `Fixtures/push-engine-outcomes.tsv` (one line per comparison: key, tab, outcome), and the
// tape is checked against that. A comparison added since has no recorded outcome and fails:
// state what it must give in the test itself instead.

enum PushEngineOracle {
    /// The recorded outcomes, by key.
    static let recorded: [String: String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/push-engine-outcomes.tsv")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var outcomes: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            outcomes[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return outcomes
    }()

    /// One comparison's key: the test, the comparison kind, the type, the input and the options
    /// (their fields, not a dictionary's unordered description).
    static func key(_ function: String, _ kind: String, _ type: Any.Type, _ json: [UInt8], _ options: DecodingOptions) -> String {
        let fields = "\(options.conversion)|\(options.mismatch)|\(options.unknownKeys)|\(options.duplicateKeys)|\(options.limits)"
        return "\(function)|\(kind)|\(readableTypeName(type))|\(hash(json))|\(hash(Array(fields.utf8)))"
    }

    /// FNV-1a, 64 bits, in hex: short keys for long inputs.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(value, radix: 16)
    }

    /// A value's outcome: its JSON with sorted keys (hashed when long).
    static func describe(json: [UInt8]) -> String {
        json.count <= 160 ? "value " + String(decoding: json, as: UTF8.self) : "value #\(hash(json)) (\(json.count) bytes)"
    }

    /// An error's outcome: the whole located error.
    static func describe(error: any Error) -> String {
        guard let error = error as? ModelDecodingError else { return "other \(error)" }
        return "error \(error.reasonDescription) at \(error.path) \(error.line):\(error.column) +\(error.byteOffset)"
    }

    /// Checks `taped` against the push engine's recorded outcome for `key`. `reasonsOnly`:
    /// errors are compared by reason alone.
    static func expect(_ key: String, taped: String, reasonsOnly: Bool = false, sourceLocation: SourceLocation) {
        guard let expected = recorded[key] else {
            Issue.record("no recorded push-engine outcome for \(key)", sourceLocation: sourceLocation)
            return
        }
        let taped = taped.replacingOccurrences(of: "\n", with: "\\n")
        if reasonsOnly, taped.hasPrefix("error "), expected.hasPrefix("error ") {
            #expect(reason(of: taped) == reason(of: expected), "push \(expected), tape \(taped)", sourceLocation: sourceLocation)
        } else {
            #expect(taped == expected, "push \(expected), tape \(taped)", sourceLocation: sourceLocation)
        }
    }

    private static func reason(of outcome: String) -> Substring {
        outcome[..<(outcome.range(of: " at $")?.lowerBound ?? outcome.endIndex)]
    }
}

extension ModelDecodingError {
    /// The reason as the error's description words it (path and place left out).
    var reasonDescription: String {
        ModelDecodingError(reason: reason, path: "", line: 0, column: 0, byteOffset: 0).description.dropFirst(2).description
    }
}

private func outcome<M: Model>(_ result: Result<M, any Error>) -> String {
    switch result {
    case .success(let value):
        return (try? PushEngineOracle.describe(json: value.jsonBytes(options: .init(sortedKeys: true)))) ?? "unencodable"
    case .failure(let error):
        return PushEngineOracle.describe(error: error)
    }
}

/// The push engine's outcome: equal values (compared as JSON), or equal errors.
func expectSamePaths<M: Model>(_ type: M.Type, _ json: String, options: DecodingOptions = DecodingOptions(),
                               function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    PushEngineOracle.expect(PushEngineOracle.key(function, "decode", M.self, bytes, options),
                            taped: outcome(Result { try DecodePaths.tape(M.self, from: bytes, options: options) }),
                            sourceLocation: sourceLocation)
}

/// The same values, and failures for the same reasons; their places are checked by the caller,
/// where the push engine placed a failure inside a replayed object wherever its tokenizer was.
func expectSameOutcomes<M: Model>(_ type: M.Type, _ json: String, options: DecodingOptions,
                                  function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    PushEngineOracle.expect(PushEngineOracle.key(function, "decode", M.self, bytes, options),
                            taped: outcome(Result { try DecodePaths.tape(M.self, from: bytes, options: options) }),
                            reasonsOnly: true, sourceLocation: sourceLocation)
}

/// The push engine's report (`decodeWithReport`): the value, and every skipped failure
/// with its path and position, in the same order.
func expectSameReports<T: ModelValue>(_ type: T.Type, _ json: String, options: DecodingOptions = DecodingOptions(mismatch: .skip),
                                      function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    func report(_ result: Result<(T, [ModelDecodingError]), any Error>) -> String {
        switch result {
        case .success(let (value, skipped)):
            let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
            let json = (try? PushEngineOracle.describe(json: encoder.encode(value) as [UInt8])) ?? "unencodable"
            return ([json] + skipped.map { PushEngineOracle.describe(error: $0) }).joined(separator: "; ")
        case .failure(let error):
            return PushEngineOracle.describe(error: error)
        }
    }
    let taped = Result { () throws -> (T, [ModelDecodingError]) in
        let reported = try bytes.withUnsafeBytes { try DecodeRun.decodeReporting(T.self, from: $0, options: options) }
        return (reported.value, reported.skipped)
    }
    PushEngineOracle.expect(PushEngineOracle.key(function, "report", T.self, bytes, options), taped: report(taped),
                            sourceLocation: sourceLocation)
}

/// The push engine's `update(json:)`: `make` gives the existing value (a class instance is
/// merged in place).
func expectSameUpdates<M: Model>(_ make: () throws -> M, _ json: String, options: DecodingOptions = DecodingOptions(),
                                 function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    func updated(_ result: Result<M, any Error>) -> String {
        switch result {
        case .success(let value):
            let text = (try? value.jsonString(options: .init(sortedKeys: true))) ?? "unencodable"
            return "\(type(of: value)) " + PushEngineOracle.describe(json: Array(text.utf8))
        case .failure(let error):
            return PushEngineOracle.describe(error: error)
        }
    }
    let taped = Result { try bytes.withUnsafeBytes { try DecodeRun.update(try make(), from: $0, options: options) } }
    PushEngineOracle.expect(PushEngineOracle.key(function, "update", M.self, bytes, options), taped: updated(taped),
                            sourceLocation: sourceLocation)
}

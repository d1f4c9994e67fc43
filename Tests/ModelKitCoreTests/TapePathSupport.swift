import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Issue 35's oracle for the tape: a decode on the push engine and on the tape must give the
// same values and the same errors at the same places.

/// The same outcome on both paths: equal values (compared as JSON), or equal errors.
func expectSamePaths<M: Model>(_ type: M.Type, _ json: String, options: DecodingOptions = DecodingOptions(),
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    let pushed = Result { try DecodePaths.push(M.self, from: bytes, options: options) }
    let taped = Result { try DecodePaths.tape(M.self, from: bytes, options: options) }
    switch (pushed, taped) {
    case (.success(let a), .success(let b)):
        #expect(try a.jsonBytes(options: .init(sortedKeys: true)) == b.jsonBytes(options: .init(sortedKeys: true)),
                "\(json)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a as? ModelDecodingError == b as? ModelDecodingError, "\(json): push \(a), tape \(b)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(json): push \(pushed), tape \(taped)", sourceLocation: sourceLocation)
    }
}

/// The same values, and failures for the same reasons; their places are checked by the caller,
/// where the push engine placed a failure inside a replayed object wherever its tokenizer was.
func expectSameOutcomes<M: Model>(_ type: M.Type, _ json: String, options: DecodingOptions,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    let pushed = Result { try DecodePaths.push(M.self, from: bytes, options: options) }
    let taped = Result { try DecodePaths.tape(M.self, from: bytes, options: options) }
    switch (pushed, taped) {
    case (.success(let a), .success(let b)):
        #expect(try a.jsonBytes(options: .init(sortedKeys: true)) == b.jsonBytes(options: .init(sortedKeys: true)),
                "\(json)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect((a as? ModelDecodingError)?.reason == (b as? ModelDecodingError)?.reason, "\(json): push \(a), tape \(b)",
                sourceLocation: sourceLocation)
    default:
        Issue.record("\(json): push \(pushed), tape \(taped)", sourceLocation: sourceLocation)
    }
}

/// The same report on both paths (`decodeWithReport`): the value, and every skipped failure
/// with its path and position, in the same order.
func expectSameReports<T: ModelValue>(_ type: T.Type, _ json: String, options: DecodingOptions = DecodingOptions(mismatch: .skip),
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    let pushed = Result { () throws -> (T, [ModelDecodingError]) in
        var skipped: [ModelDecodingError] = []
        let value = try bytes.withUnsafeBytes { input in
            let box = ResultBox<T>()
            return try DecodeRun.run(.decoding(into: box), box, input, options: options, report: &skipped)
        }
        return (value, skipped)
    }
    let taped = Result { try bytes.withUnsafeBytes { try TapeSchemaReader.decodeReporting(T.self, from: $0, options: options) } }
    switch (pushed, taped) {
    case (.success(let a), .success(let b)):
        let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
        #expect(try encoder.encode(a.0) as [UInt8] == encoder.encode(b.value) as [UInt8], "\(json)", sourceLocation: sourceLocation)
        #expect(a.1 == b.skipped, "\(json): push \(a.1), tape \(b.skipped)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a as? ModelDecodingError == b as? ModelDecodingError, "\(json): push \(a), tape \(b)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(json): push \(pushed), tape \(taped)", sourceLocation: sourceLocation)
    }
}

/// The same `update(json:)` on both paths: `make` gives each path its own existing value (a
/// class instance is merged in place).
func expectSameUpdates<M: Model>(_ make: () throws -> M, _ json: String, options: DecodingOptions = DecodingOptions(),
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(json.utf8)
    let (first, second) = (try make(), try make())
    let pushed = Result { try bytes.withUnsafeBytes { input in
        let box = ResultBox<M>(existing: first)
        return try DecodeRun.run(.decodingExactly(into: box), box, input, options: options, merging: true)
    } }
    let taped = Result { try bytes.withUnsafeBytes { try TapeSchemaReader.update(second, from: $0, options: options) } }
    switch (pushed, taped) {
    case (.success(let a), .success(let b)):
        #expect(type(of: a) == type(of: b), "\(json)", sourceLocation: sourceLocation)
        let (x, y) = (try a.jsonString(options: .init(sortedKeys: true)), try b.jsonString(options: .init(sortedKeys: true)))
        #expect(x == y, "\(json): push \(x), tape \(y)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a as? ModelDecodingError == b as? ModelDecodingError, "\(json): push \(a), tape \(b)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(json): push \(pushed), tape \(taped)", sourceLocation: sourceLocation)
    }
}

import Foundation
import Testing
@testable import ModelKitCore

/// Besides its own bytes, a model is read from two sources: a built `JSONValue` (its tape
/// recorded, `Tape(recording:)`) and its range of the Codable bridge's tape. For the same
/// bytes, both must give the values and failures (reason and path) of a parse of those bytes.
private struct ReplayedPart: Model, Equatable {
    var name = ""
    var size = 0
    var tags: [String] = []
    var inner: ReplayedInner?
    var raw: JSONValue?
    static let schema = Schema(ReplayedPart.self) {
        Field("name", \.name)
        Field("size", \.size)
        Field("tags", \.tags)
        Field("inner", \.inner)
        Field("raw", \.raw)
    }
}

extension ReplayedPart: SchemaCodable {}

private struct ReplayedInner: Model, Equatable {
    var flag = false
    static let schema = Schema(ReplayedInner.self) { Field("flag", \.flag) }
}

private struct ReplayedHolder: Decodable {
    var part: ReplayedPart
}

@Suite struct NestedValueSourceTests {
    /// The part three ways: parsed, replayed from a built value, replayed from the tape.
    private func threeWays(_ part: String, _ options: DecodingOptions) -> [Result<ReplayedPart, ModelDecodingError>] {
        let decoder = ModelDecoder(options: options)
        let parsed = Result { try decoder.decode(ReplayedPart.self, from: part) }
        let built = Result { try decoder.decode(ReplayedPart.self, from: try ModelDecoder().decode(JSONValue.self, from: part)) }
        let taped = Result { try decoder.decode(ReplayedHolder.self, from: #"{"part":"# + part + "}").part }
        return [parsed, built, taped].map { result in
            result.mapError { error in
                if let located = error as? ModelDecodingError { return located }
                // The bridge's error: the located one underneath, its path made relative to the part.
                let context: DecodingError.Context? = switch error as? DecodingError {
                case .typeMismatch(_, let c), .dataCorrupted(let c), .keyNotFound(_, let c), .valueNotFound(_, let c): c
                default: nil
                }
                guard var located = context?.underlyingError as? ModelDecodingError else {
                    return ModelDecodingError(reason: .invalid("\(error)"), path: "?", line: 0, column: 0, byteOffset: 0)
                }
                located.path = "$" + located.path.dropFirst("$.part".count)
                return located
            }
        }
    }

    @Test func bothSourcesReadTheValuesOfAParse() throws {
        let part = #"{"name":"a\"b","skip":{"x":[1,{"y":null}]},"size":"12","tags":["t",""],"inner":{"flag":true},"raw":{"k":[true,null,1.5,"s"]}}"#
        // Lenient set explicitly: the Codable door's own default is strict (JSONDecoder's).
        let results = threeWays(part, DecodingOptions(conversion: .lenient))
        let parsed = try results[0].get()
        #expect(parsed.raw == JSONValue.object(["k": [true, nil, 1.5, "s"]]))
        for result in results.dropFirst() { #expect(try result.get() == parsed) }
    }

    @Test(arguments: [
        (#"{"name":"x","size":[1]}"#, DecodingOptions()),
        (#"{"name":"x","inner":{"flag":"maybe"}}"#, DecodingOptions()),
        (#"{"tags":["a",{"b":1}]}"#, DecodingOptions()),
        (#"{"other":{"deep":[1,2]},"size":1}"#, DecodingOptions(unknownKeys: .fail)),
        (#"{"size":"12"}"#, DecodingOptions(conversion: .strict)),
        (#"{"inner":{"flag":true,"extra":[{}]}}"#, DecodingOptions(unknownKeys: .fail)),
    ])
    func bothSourcesFailLikeAParse(part: String, options: DecodingOptions) throws {
        let results = threeWays(part, options)
        guard case .failure(let parsed) = results[0] else { Issue.record("no failure for \(part)"); return }
        for result in results.dropFirst() {
            guard case .failure(let replayed) = result else { Issue.record("a replay accepted \(part)"); continue }
            #expect(replayed.reason == parsed.reason)
            #expect(replayed.path == parsed.path)
        }
    }

    /// Under `mismatch: .skip`, a container whose consumer skips it is closed at once by either
    /// source: the same fields are left untouched as in a parse.
    @Test func skippedContainersAreLeftAsInAParse() throws {
        let part = #"{"name":{"not":["a","string"]},"size":[1,[2]],"tags":["t"]}"#
        let results = threeWays(part, DecodingOptions(mismatch: .skip))
        let parsed = try results[0].get()
        #expect(parsed == ReplayedPart(tags: ["t"]))
        for result in results.dropFirst() { #expect(try result.get() == parsed) }
    }
}

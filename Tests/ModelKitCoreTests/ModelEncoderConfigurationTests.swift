import Foundation
import Synchronization
import Testing
@testable import ModelKitCore

private struct Stamp: Codable {
    var myURLValue = 1
    var helloWorld = "a/b"
    var when = Date(timeIntervalSince1970: 1_000_000_000)
    var blob = Data([1, 2, 3])
    var ratio = Double.infinity
    var names = ["someKey": 1]
}

private final class Seen: Sendable {
    let names = Mutex<[String]>([])
    func withLock<R>(_ body: (inout [String]) -> R) -> R { names.withLock { body(&$0) } }
}

private struct UserInfoProbe: Encodable {
    static let key = CodingUserInfoKey(rawValue: "probe")!
    let seen: Seen
    enum Keys: String, CodingKey { case inner }
    struct Inner: Encodable {
        let seen: Seen
        func encode(to encoder: any Encoder) throws {
            seen.withLock { $0.append(encoder.userInfo[UserInfoProbe.key] as? String ?? "none") }
            var container = encoder.singleValueContainer()
            try container.encode(1)
        }
    }
    func encode(to encoder: any Encoder) throws {
        seen.withLock { $0.append(encoder.userInfo[Self.key] as? String ?? "none") }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Inner(seen: seen), forKey: .inner)
        try Inner(seen: seen).encode(to: container.superEncoder())
    }
}

/// Both encoders configured the same way by `configure`, sorted keys: the same bytes.
private func sameAsFoundation(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation,
                              _ configure: (ModelEncoder, JSONEncoder) -> Void) throws {
    let ours = ModelEncoder()
    let theirs = JSONEncoder()
    ours.outputFormatting = [.sortedKeys]
    theirs.outputFormatting = [.sortedKeys]
    // The one default that differs: ModelKit writes ISO 8601 dates, JSONEncoder .deferredToDate.
    ours.dateEncodingStrategy = .secondsSince1970
    theirs.dateEncodingStrategy = .secondsSince1970
    configure(ours, theirs)
    let a = String(decoding: try ours.encode(value), as: UTF8.self)
    let b = String(decoding: try theirs.encode(value), as: UTF8.self)
    #expect(a == b, sourceLocation: sourceLocation)
}

struct ModelEncoderConfigurationTests {
    @Test func aSharedReferenceConfiguredLikeJSONEncoder() throws {
        let encoder = ModelEncoder()
        let same = encoder
        same.outputFormatting = [.sortedKeys]
        #expect(encoder.options.sortedKeys && encoder.options.escapeSlashes && !encoder.options.prettyPrinted)
        encoder.options.prettyPrinted = true
        #expect(same.outputFormatting == [.sortedKeys, .prettyPrinted])
        // JSONEncoder's default: `/` escaped (models write it as is unless escapeSlashes is set).
        #expect(ModelEncoder().outputFormatting == [])
        encoder.options = EncodingOptions(nonFiniteFloats: .string(positiveInfinity: "+", negativeInfinity: "-", nan: "?"))
        guard case .convertToString(let positive, _, _) = encoder.nonConformingFloatEncodingStrategy else {
            Issue.record("not mapped")
            return
        }
        #expect(positive == "+")
    }

    @Test func strategiesGiveJSONEncodersOutput() throws {
        let value = Stamp()
        let floats = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try sameAsFoundation(value) { $0.nonConformingFloatEncodingStrategy = floats; $1.nonConformingFloatEncodingStrategy = floats }
        for dates in [JSONEncoder.DateEncodingStrategy.secondsSince1970, .millisecondsSince1970, .iso8601, .deferredToDate,
                      .custom { date, encoder in
                          var container = encoder.unkeyedContainer()
                          try container.encode(date.timeIntervalSince1970)
                          try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
                      }] {
            try sameAsFoundation(value) {
                for (dates, floats) in [(dates, floats)] {
                    $0.dateEncodingStrategy = dates; $1.dateEncodingStrategy = dates
                    $0.nonConformingFloatEncodingStrategy = floats; $1.nonConformingFloatEncodingStrategy = floats
                }
            }
        }
        for data in [JSONEncoder.DataEncodingStrategy.base64, .deferredToData, .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        }] {
            try sameAsFoundation(value) {
                $0.dataEncodingStrategy = data; $1.dataEncodingStrategy = data
                $0.nonConformingFloatEncodingStrategy = floats; $1.nonConformingFloatEncodingStrategy = floats
            }
        }
        for keys in [JSONEncoder.KeyEncodingStrategy.convertToSnakeCase, .custom { path in
            TextCodingKey("\(path.count)_" + path.last!.stringValue.uppercased())
        }] {
            try sameAsFoundation(value) {
                $0.keyEncodingStrategy = keys; $1.keyEncodingStrategy = keys
                $0.nonConformingFloatEncodingStrategy = floats; $1.nonConformingFloatEncodingStrategy = floats
            }
        }
        #expect(SnakeCase.convert("myHTMLParser2Value") == "my_html_parser2_value")
    }

    @Test func theSchemaPathHonoursFoundationDateAndDataStrategies() throws {
        let encoder = ModelEncoder()
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.dataEncodingStrategy = .deferredToData
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        #expect(String(decoding: try encoder.encode([date]), as: UTF8.self) == "[12.5]")
        #expect(String(decoding: try encoder.encode([Data([7, 8])]), as: UTF8.self) == "[[7,8]]")
        if case .deferredToDate = encoder.dateEncodingStrategy {} else { Issue.record("strategy not kept") }
    }

    @Test func userInfoReachesEveryEncoder() throws {
        let encoder = ModelEncoder()
        encoder.userInfo = [UserInfoProbe.key: "here"]
        let seen = Seen()
        _ = try encoder.encode(UserInfoProbe(seen: seen))
        #expect(seen.withLock { $0 } == ["here", "here", "here"])
    }

    @Test func configuredAndUsedFromSeveralTasks() async throws {
        let encoder = ModelEncoder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        if i % 2 == 0 { encoder.outputFormatting = i % 4 == 0 ? [.sortedKeys] : [] }
                        let text = String(decoding: try encoder.encode(["b": 1, "a": 2]), as: UTF8.self)
                        #expect(text == #"{"a":2,"b":1}"# || text == #"{"b":1,"a":2}"#)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

import Foundation
import Testing
@testable import ModelKitCore

// ModelDecoder configured with JSONDecoder's own property names: each setting is checked against
// JSONDecoder itself, configured the same way, on the same bytes.

private struct Account: Codable, Equatable {
    var userId: Int
    var firstName: String
    var _private: Bool?
    var profile: Profile

    struct Profile: Codable, Equatable {
        var avatarUrl: String
    }
}

private struct StampedBlob: Codable, Equatable {
    var at: Date
    var blob: Data
}

private struct Floats: Codable, Equatable {
    var a: Double
    var b: Float
    var c: Double

    static func == (l: Floats, r: Floats) -> Bool {
        l.a == r.a && l.b == r.b && (l.c == r.c || (l.c.isNaN && r.c.isNaN))
    }
}

/// Reads `userInfo` in its own init and in a nested one.
private struct InfoReader: Decodable, Equatable {
    static let key = CodingUserInfoKey(rawValue: "tenant")!
    var tenant: String?
    var child: Child

    struct Child: Decodable, Equatable {
        var tenant: String?
        init(from decoder: any Decoder) throws { tenant = decoder.userInfo[InfoReader.key] as? String }
    }

    enum CodingKeys: String, CodingKey { case child }

    init(from decoder: any Decoder) throws {
        tenant = decoder.userInfo[Self.key] as? String
        let container = try decoder.container(keyedBy: CodingKeys.self)
        child = try container.decode(Child.self, forKey: .child)
        // A super decoder carries it too.
        let viaSuper = try container.superDecoder(forKey: .child)
        #expect(viaSuper.userInfo[Self.key] as? String == tenant)
    }
}

private class Person: Decodable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
}

private final class Employee: Person {
    var company = ""
    enum EmployeeKeys: String, CodingKey { case company }
    required init(from decoder: any Decoder) throws {
        company = try decoder.container(keyedBy: EmployeeKeys.self).decode(String.self, forKey: .company)
        try super.init(from: decoder)
    }
}

struct ModelDecoderConfigurationTests {
    @Test func configuresInPlaceLikeJSONDecoder() throws {
        let json = Data(#"{"user_id":7,"first_name":"Ada","_private":true,"profile":{"avatar_url":"x"}}"#.utf8)
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode(Account.self, from: json)
        #expect(try decoder.decode(Account.self, from: json) == expected)
        #expect(expected.userId == 7 && expected.profile.avatarUrl == "x")
    }

    @Test func snakeCaseConversionMatchesFoundation() throws {
        for key in ["user_id", "_leading", "trailing__", "__both__", "a__b", "single", "URL_path", "already_camelCase", "_", "", "x_y_z"] {
            let json = Data("{\"\(key)\":1}".utf8)
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            let decoder = ModelDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let expected = try foundation.decode([String: Int].self, from: json)
            #expect(try decoder.decode([String: Int].self, from: json) == expected, "key \(key)")
        }
    }

    @Test func customKeyStrategyGetsTheCodingPath() throws {
        let json = Data(#"{"USER_ID":7,"FIRST_NAME":"Ada","PROFILE":{"AVATAR_URL":"x"}}"#.utf8)
        let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
            let last = path.last!.stringValue
            return TestKey(JSONDecoderTestSupport.camel(last.lowercased()) + (path.count > 1 ? "" : ""))
        }
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = strategy
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = strategy
        #expect(try decoder.decode(Account.self, from: json) == foundation.decode(Account.self, from: json))
    }

    @Test func keyNotFoundUnderConversionHasFoundationsPath() throws {
        let json = Data(#"{"user_id":7,"first_name":"Ada","profile":{"avatar":"x"}}"#.utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let paths = [foundation as Any, decoder as Any].map { coder -> [String] in
            do {
                if let f = coder as? JSONDecoder { _ = try f.decode(Account.self, from: json) } else { _ = try (coder as! ModelDecoder).decode(Account.self, from: json) }
            } catch DecodingError.keyNotFound(let key, let context) {
                return context.codingPath.map(\.stringValue) + [key.stringValue]
            } catch {}
            return []
        }
        #expect(paths[0] == ["profile", "avatarUrl"])
        #expect(paths[1] == paths[0])
    }

    @Test func userInfoReachesEveryDecoder() throws {
        let decoder = ModelDecoder()
        decoder.userInfo = [InfoReader.key: "acme"]
        let value = try decoder.decode(InfoReader.self, from: #"{"child":{}}"#)
        #expect(value.tenant == "acme")
        #expect(value.child.tenant == "acme")
        #expect(ModelDecoder().options.codable.userInfo.isEmpty)
    }

    @Test(arguments: [
        (JSONDecoder.DateDecodingStrategy.deferredToDate, #"{"at":123456.5,"blob":"AQID"}"#),
        (.secondsSince1970, #"{"at":1700000000.25,"blob":"AQID"}"#),
        (.millisecondsSince1970, #"{"at":1700000000250,"blob":"AQID"}"#),
        (.iso8601, #"{"at":"2024-02-29T12:30:00Z","blob":"AQID"}"#),
        (.custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 60) }, #"{"at":3,"blob":"AQID"}"#),
    ])
    func dateStrategiesMatchFoundation(strategy: JSONDecoder.DateDecodingStrategy, json: String) throws {
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = strategy
        let decoder = ModelDecoder()
        decoder.dateDecodingStrategy = strategy
        let expected = try foundation.decode(StampedBlob.self, from: Data(json.utf8))
        #expect(try decoder.decode(StampedBlob.self, from: json) == expected)
    }

    @Test func dateStrategyIsTheOptionsDates() throws {
        let decoder = ModelDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard case .secondsSince1970 = decoder.options.dates else { Issue.record("options.dates not set"); return }
        decoder.options.dates = .deferredToDate
        guard case .deferredToDate = decoder.dateDecodingStrategy else { Issue.record("strategy not read from options"); return }
        // ModelKit's own `.automatic` reads back as a custom strategy that applies it.
        decoder.options.dates = .automatic
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = decoder.dateDecodingStrategy
        let date = try foundation.decode(Date.self, from: Data(#""2024-01-02 03:04:05""#.utf8))
        #expect(date == Date(timeIntervalSince1970: 1_704_164_645))
    }

    @Test func customDateStrategyAppliesToSchemaFields() throws {
        struct Event: Model {
            var at = Date(timeIntervalSince1970: 0)
            static let schema = Schema(Event.self) { Field("at", \.at) }
        }
        let decoder = ModelDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 2) }
        #expect(try decoder.decode(Event.self, from: #"{"at":21}"#).at == Date(timeIntervalSince1970: 42))
    }

    @Test(arguments: [
        (JSONDecoder.DataDecodingStrategy.base64, #"{"at":1,"blob":"AQID"}"#),
        (.deferredToData, #"{"at":1,"blob":[1,2,3]}"#),
        (.custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }, #"{"at":1,"blob":"abc"}"#),
    ])
    func dataStrategiesMatchFoundation(strategy: JSONDecoder.DataDecodingStrategy, json: String) throws {
        let foundation = JSONDecoder()
        foundation.dataDecodingStrategy = strategy
        let decoder = ModelDecoder()
        decoder.dataDecodingStrategy = strategy
        decoder.dateDecodingStrategy = .deferredToDate
        let expected = try foundation.decode(StampedBlob.self, from: Data(json.utf8))
        #expect(try decoder.decode(StampedBlob.self, from: json) == expected)
    }

    @Test func nonConformingFloatsMatchFoundation() throws {
        let strategy = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let json = #"{"a":"+inf","b":"-inf","c":"nan"}"#
        let foundation = JSONDecoder()
        foundation.nonConformingFloatDecodingStrategy = strategy
        let decoder = ModelDecoder(options: DecodingOptions(conversion: .strict))
        decoder.nonConformingFloatDecodingStrategy = strategy
        let expected = try foundation.decode(Floats.self, from: Data(json.utf8))
        #expect(try decoder.decode(Floats.self, from: json) == expected)
        #expect(expected.a == .infinity && expected.b == -.infinity && expected.c.isNaN)
        // Without the strategy both refuse the strings.
        #expect(throws: DecodingError.self) { try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Floats.self, from: json) }
    }

    @Test func json5FailsLoudly() {
        let decoder = ModelDecoder()
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = true
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1]") }
        #expect(throws: DecodingError.self) { try decoder.decode(Account.self, from: "{}") }
        decoder.allowsJSON5 = false
        decoder.assumesTopLevelDictionary = false
        #expect((try? decoder.decode([Int].self, from: "[1]")) == [1])
    }

    @Test func subclassMetatypeDecodesTheSubclass() throws {
        let type: Person.Type = Employee.self
        let json = #"{"name":"Ada","company":"ACME"}"#
        let value = try ModelDecoder().decode(type, from: json)
        let expected = try JSONDecoder().decode(type, from: Data(json.utf8))
        #expect(Swift.type(of: expected) == Employee.self)
        #expect(Swift.type(of: value) == Employee.self)
        #expect((value as? Employee)?.company == "ACME")
    }

    @Test func oneDecoderConfiguredAndUsedFromManyTasks() async throws {
        let decoder = ModelDecoder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask {
                    if i.isMultiple(of: 2) { decoder.userInfo = [InfoReader.key: "t\(i)"] }
                    for _ in 0..<50 { _ = try decoder.decode([Int].self, from: "[1,2,3]") }
                }
            }
            try await group.waitForAll()
        }
        #expect(decoder.userInfo.count == 1)
    }
}

private struct TestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private enum JSONDecoderTestSupport {
    /// `user_id` → `userId`, for the custom strategy test.
    static func camel(_ text: String) -> String {
        let words = text.split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.capitalized }.joined()
    }
}

import Foundation
@testable import ModelKitCore

/// A model with every kind of check, declared by hand (CheckDecodingTests, CheckJSONSchemaTests).
struct CheckedUser: Model, SchemaCodable, Equatable {
    enum Level: String, Sendable { case one, two, three }

    var age = 20
    var ratio = 0.5
    var username = "ada"
    var nickname: String?
    var tags: [String] = ["a"]
    var scores: Set<Int> = []
    var labels: [String: Int] = ["x": 1]
    var role = "member"
    var level: Level = .one
    var even = 0
    var weight: Int?
    var plain = 0

    static let schema = Schema(CheckedUser.self) {
        Field("age", \.age, checks: [.range(13...150)])
        Field("ratio", \.ratio, checks: [.greaterThan(0), .lessThan(1)])
        Field("username", \.username, checks: [.length(3...8), .pattern("^[a-z0-9_]+$")])
        Field("nickname", \.nickname, checks: [.length(...4)])
        Field("tags", \.tags, checks: [.count(1...3)])
        Field("scores", \.scores, checks: [.count(...2)])
        Field("labels", \.labels, checks: [.count(1...)])
        Field("role", \.role, checks: [.oneOf(["admin", "member"])])
        Field("level", \.level, checks: [.oneOf([.one, .two])])
        Field("even", \.even, checks: [.custom("even", schema: ["multipleOf": 2]) { $0 % 2 == 0 }])
        Field("weight", \.weight, checks: [.range(1..<500)])
        Field("plain", \.plain)
    }
}

/// A checked model inside another, for paths and positions.
struct CheckedEnvelope: Model, SchemaCodable, Equatable {
    var user = CheckedUser()
    static let schema = Schema(CheckedEnvelope.self) { Field("user", \.user) }
}

/// The Codable door: a plain Codable type holding a checked model.
struct CheckedCodableEnvelope: Codable, Equatable {
    var user: CheckedUser
}

/// One value of one field, at or around a bound of its checks, and whether ModelKit takes it.
struct CheckBoundaryCase: Sendable {
    var field: String
    var json: String
    var accepted: Bool

    /// The document holding only this field.
    var document: String { "{\"\(field)\": \(json)}" }

    /// Every check of ``CheckedUser`` at its bounds and one step either side.
    static let all: [CheckBoundaryCase] = [
        .init(field: "age", json: "12", accepted: false), .init(field: "age", json: "13", accepted: true),
        .init(field: "age", json: "150", accepted: true), .init(field: "age", json: "151", accepted: false),
        .init(field: "ratio", json: "0", accepted: false), .init(field: "ratio", json: "5e-324", accepted: true),
        .init(field: "ratio", json: "0.9999999999999999", accepted: true), .init(field: "ratio", json: "1", accepted: false),
        .init(field: "ratio", json: "-0.5", accepted: false),
        .init(field: "username", json: "\"ab\"", accepted: false), .init(field: "username", json: "\"abc\"", accepted: true),
        .init(field: "username", json: "\"abcdefgh\"", accepted: true), .init(field: "username", json: "\"abcdefghi\"", accepted: false),
        .init(field: "username", json: "\"ABC\"", accepted: false), .init(field: "username", json: "\"a-bc\"", accepted: false),
        .init(field: "nickname", json: "null", accepted: true), .init(field: "nickname", json: "\"abcd\"", accepted: true),
        .init(field: "nickname", json: "\"abcde\"", accepted: false),
        // Characters as JSON counts them: "é" written as e + U+0301 is two.
        .init(field: "nickname", json: "\"e\\u0301e\\u0301\"", accepted: true),
        .init(field: "nickname", json: "\"e\\u0301e\\u0301e\"", accepted: false),
        .init(field: "tags", json: "[]", accepted: false), .init(field: "tags", json: "[\"a\"]", accepted: true),
        .init(field: "tags", json: "[\"a\",\"b\",\"c\"]", accepted: true), .init(field: "tags", json: "[\"a\",\"b\",\"c\",\"d\"]", accepted: false),
        .init(field: "scores", json: "[]", accepted: true), .init(field: "scores", json: "[1,2]", accepted: true),
        .init(field: "scores", json: "[1,2,3]", accepted: false),
        .init(field: "labels", json: "{}", accepted: false), .init(field: "labels", json: "{\"a\":1}", accepted: true),
        .init(field: "role", json: "\"admin\"", accepted: true), .init(field: "role", json: "\"member\"", accepted: true),
        .init(field: "role", json: "\"guest\"", accepted: false),
        .init(field: "level", json: "\"two\"", accepted: true), .init(field: "level", json: "\"three\"", accepted: false),
        .init(field: "even", json: "4", accepted: true), .init(field: "even", json: "7", accepted: false),
        .init(field: "weight", json: "null", accepted: true), .init(field: "weight", json: "0", accepted: false),
        .init(field: "weight", json: "1", accepted: true), .init(field: "weight", json: "499", accepted: true),
        .init(field: "weight", json: "500", accepted: false),
    ]
}

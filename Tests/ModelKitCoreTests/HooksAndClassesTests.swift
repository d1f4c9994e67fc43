import Foundation
import Testing
@testable import ModelKitCore

// YYModel's custom-class test: base, local and remote users chosen by the payload.
class BaseUser: PolymorphicModel, @unchecked Sendable {
    var name = ""
    required init() {}
    class var schema: Schema { baseUserSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        if object["localName"] != nil { return LocalUser.self }
        if object["remoteName"] != nil { return RemoteUser.self }
        return nil
    }
}
private let baseUserSchema = Schema(BaseUser.self) { Field("name", \.name) }

final class LocalUser: BaseUser, @unchecked Sendable {
    var localName = ""
    override class var schema: Schema { localUserSchema }
}
private let localUserSchema = Schema(LocalUser.self, inheriting: baseUserSchema) { Field("localName", \.localName) }

final class RemoteUser: BaseUser, @unchecked Sendable {
    var remoteName = ""
    override class var schema: Schema { remoteUserSchema }
}
private let remoteUserSchema = Schema(RemoteUser.self, inheriting: baseUserSchema) { Field("remoteName", \.remoteName) }

struct UserHolder: Model {
    var user: BaseUser?
    var users: [BaseUser] = []
    var byName: [String: BaseUser] = [:]
    static let schema = Schema(UserHolder.self) {
        Field("user", \.user)
        Field("users", \.users)
        Field("byName", \.byName)
    }
}

/// Renames a legacy key before decoding.
struct Renamed: PreprocessingModel {
    var title = ""
    static let schema = Schema(Renamed.self) { Field("title", \.title) }
    static func willDecode(_ object: JSONValue) -> JSONValue? {
        var object = object
        if object["drop"] != nil { return nil }
        if let legacy = object["name"] {
            object["title"] = legacy
            object["name"] = nil
        }
        return object
    }
}

struct Validated: ValidatingModel {
    var id = 0
    var email: String?
    static let schema = Schema(Validated.self) {
        Field("id", \.id)
        Field("email", \.email)
    }
    mutating func didDecode() throws {
        guard email != nil else { throw ModelValueError("email is missing") }
    }
}

struct RequiredFields: Model {
    var id = 0
    var name = ""
    static let schema = Schema(RequiredFields.self) {
        Field("id", \.id, keys: ["id", "ID"], options: .required)
        Field("name", \.name)
    }
}

@Suite struct HooksAndClassesTests {
    @Test func polymorphicAtTopLevelNestedAndInContainers() throws {
        let local = try ModelDecoder().decode(BaseUser.self, from: #"{"name":"a","localName":"l"}"#)
        #expect(local is LocalUser)
        #expect((local as? LocalUser)?.localName == "l")
        #expect(local.name == "a")
        // init(json:) always builds exactly Self.
        #expect(type(of: try BaseUser(json: #"{"name":"a","localName":"l"}"#)) == BaseUser.self)

        let holder = try UserHolder(json: """
        {"user":{"remoteName":"r","name":"x"},
         "users":[{"name":"b"},{"localName":"l"},null,{"remoteName":"r"}],
         "byName":{"a":{"localName":"q"},"b":{"name":"plain"}}}
        """)
        #expect((holder.user as? RemoteUser)?.remoteName == "r")
        #expect(holder.users.map { String(describing: type(of: $0)) } == ["BaseUser", "LocalUser", "RemoteUser"])
        #expect(holder.byName["a"] is LocalUser)
        #expect(type(of: holder.byName["b"]!) == BaseUser.self)
        let top = try [BaseUser](json: #"[{"localName":"x"},{"name":"y"}]"#)
        #expect(top.first is LocalUser)
    }

    @Test func subclassDecodesItsSuperclassFields() throws {
        #expect(LocalUser.schema.fieldNames == ["name", "localName"])
        let user = try LocalUser(json: #"{"name":"n","localName":"l"}"#)
        #expect(user.name == "n")
        #expect(user.localName == "l")
    }

    @Test func classUpdateWorksOnALetReference() throws {
        let user = try LocalUser(json: #"{"name":"n","localName":"l"}"#)
        try user.update(json: #"{"localName":"changed"}"#)
        #expect(user.name == "n")
        #expect(user.localName == "changed")
    }

    @Test func preprocessingRenamesOrDrops() throws {
        #expect(try Renamed(json: #"{"name":"legacy"}"#).title == "legacy")
        let list = try [Renamed](json: #"[{"title":"a"},{"drop":true},{"name":"b"}]"#)
        #expect(list.map(\.title) == ["a", "b"])
    }

    @Test func validationRejectsWithPathOrDropsUnderSkip() throws {
        let json = #"[{"id":1,"email":"a@b"},{"id":2}]"#
        let error = try #require(throws: ModelDecodingError.self) { try [Validated](json: json) }
        #expect(error.path == "$[1]")
        #expect(error.description.contains("email is missing"))
        let (kept, skipped) = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decodeWithReport([Validated].self, from: Array(json.utf8))
        #expect(kept.map(\.id) == [1])
        #expect(skipped.map(\.path) == ["$[1]"])
    }

    @Test func requiredKeysAreCheckedAcrossAlternatives() throws {
        #expect(try RequiredFields(json: #"{"ID":3}"#).id == 3)
        let error = try #require(throws: ModelDecodingError.self) { try [RequiredFields](json: "[{\"id\":1},\n {\"name\":\"x\"}]") }
        #expect(error.reason == .missingKey("id"))
        #expect(error.path == "$[1]")
        #expect(error.line == 2)
    }
}

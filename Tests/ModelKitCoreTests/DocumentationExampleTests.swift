import Foundation
import Testing
import ModelKitCore

// The examples of the DocC articles (Sources/ModelKitCore/ModelKitCore.docc), compiled and run.

private struct DocUser: Model {
    var id = 0
    var login = ""
    var avatarURL: URL?
    var createdAt = Date()

    static let schema = Schema(DocUser.self, keys: .snakeCase) {
        Field("id", \.id)
        Field("login", \.login)
        Field("avatarURL", \.avatarURL)
        Field("createdAt", \.createdAt)
    }
}

private class DocAnimal: Model {
    var name = ""
    required init() {}
    class var schema: Schema { docAnimalSchema }
}
private let docAnimalSchema = Schema(DocAnimal.self) { Field("name", \.name) }

private final class DocDog: DocAnimal {
    var breed = ""
    override class var schema: Schema { docDogSchema }
}
private let docDogSchema = Schema(DocDog.self, inheriting: DocAnimal.schema) { Field("breed", \.breed) }

@Suite struct DocumentationExampleTests {
    @Test func gettingStarted() throws {
        let json = #"{"id":1,"login":"octo","avatar_url":"https://example.com/a.png","created_at":"2013-08-29T10:43:38Z"}"#
        var user = try DocUser(json: json)
        try user.update(json: #"{"login":"octocat"}"#)
        #expect(user.login == "octocat")
        #expect(user.avatarURL?.absoluteString == "https://example.com/a.png")
        #expect(try user.jsonString() == #"{"id":1,"login":"octocat","avatar_url":"https://example.com/a.png","created_at":"2013-08-29T10:43:38Z"}"#)
    }

    @Test func subclassSchemaListsSuperclassFieldsFirst() throws {
        let dog = try DocDog(json: #"{"breed":"collie","name":"Lassie"}"#)
        #expect(dog.name == "Lassie" && dog.breed == "collie")
        #expect(DocDog.schema.fieldNames == ["name", "breed"])
    }
}

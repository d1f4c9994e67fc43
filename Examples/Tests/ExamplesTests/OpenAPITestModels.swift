import Foundation
import ModelKitCore

// Models for the ModelKitOpenAPI tests: every standard value type, key paths, alternative keys,
// descriptions, recursion, and polymorphic classes with and without a discriminator.

enum OpenAPIGenre: String, ModelValue, CaseIterable { case fiction, poetry }

struct OpenAPIAuthor: Model, Equatable {
    var name = ""
    var born: Date?
    static let schema = Schema(OpenAPIAuthor.self) {
        Field("name", \.name, options: .required)
        Field("born", \.born)
    }
}

/// Every standard field value type, with a key path, alternative keys and a description.
struct OpenAPIKitchen: Model {
    var int8: Int8 = 0; var int64: Int64 = 0; var uint64: UInt64 = 0; var uint: UInt = 0
    var double = 0.0; var decimal: Decimal = 0; var bool = false; var string = ""
    var date = Date(timeIntervalSince1970: 0)
    var url = URL(string: "https://example.com")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var data = Data()
    var any: JSONValue = .null
    var maybeInt: Int?
    var maybeAuthor: OpenAPIAuthor?
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var genre = OpenAPIGenre.fiction
    var authors: [OpenAPIAuthor] = []
    var summary = ""
    var isbn = ""

    static let schema = Schema(OpenAPIKitchen.self) {
        Field("int8", \.int8); Field("int64", \.int64); Field("uint64", \.uint64); Field("uint", \.uint)
        Field("double", \.double); Field("decimal", \.decimal); Field("bool", \.bool); Field("string", \.string)
        Field("date", \.date); Field("url", \.url); Field("uuid", \.uuid); Field("data", \.data); Field("any", \.any)
        Field("maybeInt", \.maybeInt); Field("maybeAuthor", \.maybeAuthor)
        Field("tags", \.tags); Field("scores", \.scores); Field("genre", \.genre); Field("authors", \.authors)
        Field("summary", \.summary, key: "meta.summary", description: "One line about the book")
        Field("isbn", \.isbn, keys: ["isbn", "ISBN"], options: .required)
    }
}

/// Recursive through an array and an optional.
struct OpenAPITree: Model {
    var label = ""
    var children: [OpenAPITree] = []
    var parent: OpenAPITreeLink?
    static let schema = Schema(OpenAPITree.self) {
        Field("label", \.label); Field("children", \.children); Field("parent", \.parent)
    }
}

/// Mutually recursive with ``OpenAPITree``.
struct OpenAPITreeLink: Model {
    var trees: [OpenAPITree] = []
    static let schema = Schema(OpenAPITreeLink.self) { Field("trees", \.trees, options: .required) }
}

/// A polymorphic base told apart by `kind` (a oneOf with a discriminator).
class OpenAPIAnimal: PolymorphicModel, @unchecked Sendable {
    var kind = "animal"
    var name = ""
    required init() {}
    class var schema: Schema { openAPIAnimalSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        object["kind"]?.stringValue == "dog" ? OpenAPIDog.self : nil
    }
    static var modelVariants: ModelVariants {
        ModelVariants(discriminator: "kind", ["animal": OpenAPIAnimal.self, "dog": OpenAPIDog.self])
    }
}
private let openAPIAnimalSchema = Schema(OpenAPIAnimal.self) { Field("kind", \.kind); Field("name", \.name) }

final class OpenAPIDog: OpenAPIAnimal, @unchecked Sendable {
    var breed = ""
    required init() { super.init(); kind = "dog" }
    override class var schema: Schema { openAPIDogSchema }
}
private let openAPIDogSchema = Schema(OpenAPIDog.self, inheriting: openAPIAnimalSchema) { Field("breed", \.breed) }

struct OpenAPIZoo: Model {
    var animals: [OpenAPIAnimal] = []
    var star: OpenAPIAnimal?
    static let schema = Schema(OpenAPIZoo.self) { Field("animals", \.animals); Field("star", \.star) }
}

/// Two models whose schemas have one type name: they cannot both be components.
enum OpenAPIClash {
    struct First: Model {
        var a = 0
        static let schema = Schema(First.self, typeName: "Twin") { Field("a", \.a) }
    }
    struct Second: Model {
        var b = ""
        static let schema = Schema(Second.self, typeName: "Twin") { Field("b", \.b) }
    }
    struct Both: Model {
        var first = First()
        var second = Second()
        static let schema = Schema(Both.self) { Field("first", \.first); Field("second", \.second) }
    }
}

/// A value type of one's own describing itself with `schema` (a boolean schema, a `$comment`…).
protocol OpenAPICustomSchema: ModelValue {
    static var schemaJSON: JSONValue { get }
}

extension OpenAPICustomSchema {
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        throw ModelValueError("not decoded in these tests")
    }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .null }
    static func jsonSchema(in context: JSONSchemaContext) -> JSONValue { schemaJSON }
}

struct OpenAPIAnything: OpenAPICustomSchema { static let schemaJSON: JSONValue = true }
struct OpenAPINothing: OpenAPICustomSchema { static let schemaJSON: JSONValue = false }
struct OpenAPICommented: OpenAPICustomSchema { static let schemaJSON: JSONValue = ["type": "string", "$comment": "hex digits"] }
/// Two types in one schema: OpenAPIKit keeps only the first.
struct OpenAPIStringOrNumber: OpenAPICustomSchema { static let schemaJSON: JSONValue = ["type": ["string", "number"]] }

struct OpenAPICustomValues: Model {
    var anything = OpenAPIAnything()
    var nothing: OpenAPINothing?
    var commented = OpenAPICommented()
    static let schema = Schema(OpenAPICustomValues.self) {
        Field("anything", \.anything); Field("nothing", \.nothing); Field("commented", \.commented)
    }
}

struct OpenAPIUnholdable: Model {
    var value = OpenAPIStringOrNumber()
    static let schema = Schema(OpenAPIUnholdable.self) { Field("value", \.value) }
}

/// Every kind of check, on plain and optional fields (ModelKitOpenAPITests.checksConvertWhole).
struct OpenAPIChecked: Model {
    var age = 20
    var ratio = 0.5
    var username = "ada"
    var nickname: String?
    var tags: [String] = ["a"]
    var labels: [String: Int] = ["x": 1]
    var genre = OpenAPIGenre.fiction
    var maybeGenre: OpenAPIGenre?
    var role = "member"
    var even = 0
    var weight: Int?
    static let schema = Schema(OpenAPIChecked.self) {
        Field("age", \.age, checks: [.range(13...150)])
        Field("ratio", \.ratio, checks: [.greaterThan(0), .lessThan(1)])
        Field("username", \.username, checks: [.length(3...8), .pattern("^[a-z0-9_]+$")])
        Field("nickname", \.nickname, checks: [.length(...4)])
        Field("tags", \.tags, checks: [.count(1...3)])
        Field("labels", \.labels, checks: [.count(1...)])
        Field("genre", \.genre, checks: [.oneOf([.fiction])])
        Field("maybeGenre", \.maybeGenre, checks: [.oneOf([.poetry])])
        Field("role", \.role, checks: [.oneOf(["admin", "member"])])
        Field("even", \.even, checks: [.custom("even", schema: ["multipleOf": 2]) { $0 % 2 == 0 }])
        Field("weight", \.weight, checks: [.range(1..<500)])
    }
}
